import {
  BadgeCheck,
  Bike,
  Caravan,
  CircleDot,
  HeartHandshake,
  MapPin,
  ShieldCheck,
  Ship,
  Truck,
  Warehouse,
  type LucideIcon,
} from 'lucide-react';
import { fromPricesSentence, type SiteData } from '~/lib/site-data';
import type { IconPoint } from './sections';
import type { PageSeo } from './seo';

export interface SpecialService {
  icon: LucideIcon;
  title: string;
  description: string;
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
  sizes: {
    eyebrow: 'Priser efter størrelse',
    title: 'Hvad koster det til din bil?',
    description:
      'Pakkernes priser ovenfor gælder en almindelig personbil. En større bil tager længere tid og koster derfor mere – her er prisen for hver størrelse. Du vælger bilens størrelse, når du booker, og ser prisen, før du vælger en tid.',
    caption: 'Pakkernes priser efter bilens størrelse, inkl. moms',
    packageColumn: 'Pakke',
    /** A size a package is not offered for online. */
    notOffered: 'Ring for pris',
    addonsTitle: 'Tilvalg',
    addonsDescription: 'Læg et eller flere tilvalg til pakken, når du booker.',
    fitsAll: 'Til alle pakker',
    fits: (names: readonly string[]) => `Til ${names.join(', ')}`,
    plus: '+',
  },
  special: {
    eyebrow: 'Specialopgaver',
    title: 'Både, motorcykler, campingvogne og mere',
    description:
      'Vi plejer også andet end biler. Specialopgaver prissættes og planlægges individuelt efter størrelse og behov.',
    priceNote: 'Prissættes individuelt',
    link: 'Få et uforpligtende tilbud',
    items: [
      {
        icon: Ship,
        title: 'Både',
        description: 'Vask, polering og beskyttelse af skrog og dæk.',
      },
      {
        icon: Bike,
        title: 'Motorcykler',
        description: 'Skånsom rengøring og polering af lak, krom og fælge.',
      },
      {
        icon: Caravan,
        title: 'Campingvogne og autocampere',
        description: 'Udvendig vask, polering og forsegling, også af store flader.',
      },
      {
        icon: Truck,
        title: 'Erhvervskøretøjer og andet',
        description: 'Varebiler, veteranbiler og andre køretøjer efter aftale.',
      },
    ] satisfies SpecialService[],
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
