import {
  BadgeCheck,
  CircleDot,
  HeartHandshake,
  MapPin,
  ShieldCheck,
  Warehouse,
} from 'lucide-react';
import { formatPrice } from '~/lib/format';
import { priceSpan, type PackageCategory, type SiteData, type SiteService } from '~/lib/site-data';
import type { IconPoint } from './sections';
import type { PageSeo } from './seo';

/** 'Bilvask fra 199 kr. og polering fra 1.800 kr.' from the offered packages. */
function fromPricesSentence(services: readonly SiteService[]): string {
  const from = (category: PackageCategory) => {
    const span = priceSpan(services.filter((service) => service.category === category));
    return span ? formatPrice(span.min) : null;
  };
  const parts = [
    from('vask') && `bilvask fra ${from('vask')}`,
    from('polering') && `polering fra ${from('polering')}`,
  ].filter(Boolean) as string[];
  const text = parts.join(' og ');
  // a price ends in 'kr.': that full stop ends the sentence too ('… fra 1.800 kr.', not 'kr..')
  const end = text.endsWith('.') ? '' : '.';
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}${end}` : '';
}

export const servicesContent = {
  hero: {
    badge: 'Faste priser · garanti på alle services',
    title: 'Vores tjenester',
    lead: (data: SiteData) =>
      `${fromPricesSentence(data.services)} Alt udføres i vores eget værksted i Kolding med godkendte, pH-neutrale produkter.`.trim(),
    seePackages: 'Se pakker og priser',
    book: 'Book tid',
  },
  /** Accessible name of the section with id="services". */
  packagesLabel: 'Pakker og priser',
  wash: {
    title: 'Professionel Bilvask',
    description:
      'Fra en hurtig udvendig vask til en grundig rengøring af hele bilen, ude som inde.',
  },
  polish: {
    title: 'Polering af bil',
    description:
      'Flertrinspolering, der fjerner ridser og giver lakken dyb glans – med voks eller nano-keramisk forsegling.',
  },
  process: {
    eyebrow: 'Sådan arbejder vi',
    title: 'Fra første snak til færdig bil',
    description: 'Fire enkle trin, så du altid ved, hvad der sker med din bil.',
  },
  whyUs: {
    eyebrow: 'Derfor Glanspunkt',
    title: 'Hvorfor vælge os?',
    description: 'Seks grunde til, at kunder i Kolding og omegn vælger os.',
  },
  cta: {
    heading: 'Har du spørgsmål til vores pakker?',
    text: 'Ring til os, eller send en besked, så hjælper vi dig med at vælge den rigtige behandling.',
  },
};

/** Services page: six reasons. */
export const servicesWhyUs: readonly IconPoint[] = [
  {
    icon: BadgeCheck,
    title: 'Godkendte produkter',
    description: 'Kvalitetsgodkendte, pH-neutrale produkter, der er sikre for alle biltyper.',
  },
  {
    icon: Warehouse,
    title: 'Professionelt værksted',
    description: 'Alt arbejde udføres indendørs i vores eget værksted med det rette udstyr.',
  },
  {
    icon: HeartHandshake,
    title: 'Personlig service',
    description: 'Én fast kontaktperson fra første snak til afhentning af bilen.',
  },
  {
    icon: ShieldCheck,
    title: 'Specialist i nano-teknologi',
    description: 'Nano-keramisk coating, der beskytter lakken i 2-3 år.',
  },
  {
    icon: MapPin,
    title: 'Lokalkendskab',
    description: 'Vi kender vejene, vejret og saltet i Trekantområdet og plejer bilen derefter.',
  },
  {
    icon: CircleDot,
    title: 'Fælgspecialist',
    description: 'Dybderens, polering og omlakering af fælge, så hjulene igen ser nye ud.',
  },
];

export const servicesSeo: PageSeo = {
  title: 'Tjenester og priser – Glanspunkt Kolding',
  description: (data: SiteData) =>
    `${fromPricesSentence(data.services)} Se priser, indhold og varighed, og book online.`.trim(),
};
