import { business } from './business';
import {
  BadgeCheck,
  Calendar,
  Clock,
  HeartHandshake,
  MapPin,
  Star,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ContentImage } from './packages';
import type { IconPoint } from './sections';
import type { PageSeo } from './seo';
import * as pictures from '~/generated/image-manifest';

/** A statistic tile (spec: icon, number as text, label, description). */
export interface Statistic {
  icon: LucideIcon;
  number: string;
  label: string;
  description: string;
}

export interface WorkTeaserItem {
  title: string;
  image: ContentImage;
}

export const homeContent = {
  hero: {
    badge: 'Bilpleje i eget værksted i Kolding',
    title: 'Professionel bilpleje i Kolding',
    lead: 'Vask, polering, nano-keramisk coating og fælgbehandling – udført med omhu og garanti på alle services.',
    book: 'Book din tid i dag',
    image: {
      ...pictures.heroHome,
      alt: 'Nypoleret bil med blank lak i vores værksted i Kolding',
    } satisfies ContentImage,
  },
  statsLabel: 'Glanspunkt i tal',
  stats: [
    {
      icon: Calendar,
      number: SITE_FOUNDED_AGE,
      label: 'Etableret',
      description: `Bilpleje i Kolding siden ${SITE_FOUNDED_MONTH}`,
    },
    {
      icon: Users,
      number: '100+',
      label: 'Tilfredse kunder',
      description: 'Private bilejere og erhvervskunder',
    },
    {
      icon: Clock,
      number: `${business.replyWithinHours} timer`,
      label: 'Svartid',
      description: `Vi svarer på din henvendelse inden for ${business.replyWithinHours} timer`,
    },
    {
      icon: Star,
      number: '5 stjerner',
      label: 'Service',
      description: 'Personlig service fra start til slut',
    },
  ] satisfies Statistic[],
  services: {
    eyebrow: 'Vores ydelser',
    title: 'Det kan vi gøre for din bil',
    description:
      'Fra en hurtig udvendig vask til en komplet polering med nano-keramisk forsegling.',
    readMore: 'Læs mere',
    readMoreAbout: (title: string) => `om ${title.toLowerCase()}`,
  },
  packages: {
    eyebrow: 'Priser',
    title: 'Vælg din vaskepakke',
    description: 'Faste priser uden overraskelser. Se alle pakker, også polering, under Tjenester.',
    allServices: 'Se alle tjenester og priser',
  },
  work: {
    eyebrow: 'Vores arbejde',
    title: 'Resultater, der taler for sig selv',
    description: 'Et lille udvalg af det, vi har lavet for vores kunder.',
    link: 'Se mere af vores arbejde',
    items: [
      {
        title: 'Fælgbehandling',
        image: { ...pictures.workRims, alt: 'Fælg, der er renset og omlakeret, så den ser ny ud' },
      },
      {
        title: 'Polering',
        image: {
          ...pictures.workPolish,
          alt: 'Lak før og efter polering med tydelig forskel i glans',
        },
      },
      {
        title: 'Nano-coating',
        image: {
          ...pictures.workNano,
          alt: 'Nano-keramisk coating påføres lakken med en applikator',
        },
      },
      {
        title: 'Klargøring',
        image: { ...pictures.workPrep, alt: 'Bil bliver afdækket og klargjort før polering' },
      },
    ] satisfies WorkTeaserItem[],
  },
  whyUs: {
    eyebrow: 'Derfor Glanspunkt',
    title: 'Hvorfor vælge os?',
    description: 'Vi behandler din bil, som var den vores egen.',
  },
  cta: {
    heading: 'Klar til en skinnende bil?',
    text: `Ring til os eller send en besked, så finder vi en tid, der passer dig. Vi svarer inden for ${business.replyWithinHours} timer.`,
  },
};

/** Home page: three reasons (spec: quality-approved products, personal service, local commitment). */
export const homeWhyUs: readonly IconPoint[] = [
  {
    icon: BadgeCheck,
    title: 'Kvalitetsgodkendte produkter',
    description:
      'Vi bruger kun godkendte, pH-neutrale produkter, der er sikre for alle biltyper og skåner lakken.',
  },
  {
    icon: HeartHandshake,
    title: 'Personlig service',
    description:
      'Du taler direkte med den, der udfører arbejdet. Vi lytter til dine ønsker og holder, hvad vi lover.',
  },
  {
    icon: MapPin,
    title: 'Lokalt engagement',
    description:
      'Vi er en lokal virksomhed i Kolding og betjener kunder i hele området, også Vejle og Fredericia.',
  },
];

export const homeSeo: PageSeo = {
  title: 'Glanspunkt – bilpleje og detailing i Kolding',
  description:
    'Bilvask, polering, nano-keramisk coating og fælgbehandling i eget værksted i Kolding. Book din tid online.',
};
