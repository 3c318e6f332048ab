import { business } from './business';
import {
  Award,
  BadgeCheck,
  Calendar,
  HeartHandshake,
  Lightbulb,
  MapPin,
  ShieldCheck,
  Smile,
  Users,
} from 'lucide-react';
import type { Statistic } from './home';
import type { ContentImage } from './packages';
import type { IconPoint } from './sections';
import type { PageSeo } from './seo';
import * as pictures from '~/generated/image-manifest';

export interface TimelineEntry {
  year: string;
  title: string;
  description: string;
}

export const aboutContent = {
  hero: {
    badge: `Siden ${SITE_FOUNDED_MONTH}`,
    title: 'Om os',
    lead: 'Glanspunkt er en lokal bilplejevirksomhed i Kolding, drevet af passion for biler og for godt håndværk.',
    story: [
      `Virksomheden blev grundlagt i ${SITE_FOUNDED_MONTH} som en enkeltmandsvirksomhed med ét mål: at give bilejere i Kolding en professionel bilpleje med personlig service og ærlige priser.`,
      'Alt arbejde udføres i vores eget værksted på Virkelyst i Kolding. Her vasker, polerer og forsegler vi biler for både private og erhvervskunder – og vi tager også imod både, motorcykler og campingvogne.',
    ],
    contact: 'Kontakt os',
    image: {
      ...pictures.aboutWorkshop,
      alt: 'Vores lyse værksted i Kolding med en bil klar til behandling',
    } satisfies ContentImage,
  },
  timeline: {
    eyebrow: 'Vores historie',
    title: 'Fra idé til værksted',
    entries: [
      {
        year: SITE_FOUNDED_SHORT_MONTH,
        title: 'Virksomheden grundlægges',
        description: 'Glanspunkt starter som enkeltmandsvirksomhed i Kolding.',
      },
      {
        year: 'Sep 2024',
        title: 'De første kunder',
        description:
          'De første biler bliver vasket og poleret, og anbefalingerne begynder at sprede sig.',
      },
      {
        year: 'Okt 2024',
        title: 'Eget værksted',
        description:
          'Vi flytter ind i eget værksted på Virkelyst 7B med plads og udstyr til alle opgaver.',
      },
      {
        year: '2024-2025',
        title: 'Vækst i hele området',
        description:
          'Flere kunder og flere ydelser – og vi betjener nu også kunder fra Vejle og Fredericia.',
      },
    ] satisfies TimelineEntry[],
  },
  values: {
    eyebrow: 'Vores værdier',
    title: 'Det står vi for',
    items: [
      {
        icon: Award,
        title: 'Kvalitet',
        description: 'Grundigt håndværk og godkendte produkter – vi går ikke på kompromis.',
      },
      {
        icon: ShieldCheck,
        title: 'Pålidelighed',
        description: 'Vi holder aftaler og tider, og der er garanti på alle services.',
      },
      {
        icon: HeartHandshake,
        title: 'Kundefokus',
        description: 'Dine ønsker og din bil er i centrum, fra første snak til afhentning.',
      },
      {
        icon: Lightbulb,
        title: 'Innovation',
        description: 'Vi følger med i nye metoder og bruger moderne nano-teknologi.',
      },
      {
        icon: MapPin,
        title: 'Lokalt engagement',
        description: 'Vi er en del af Kolding og vil være byens foretrukne bilpleje.',
      },
    ] satisfies IconPoint[],
  },
  stats: {
    title: 'Glanspunkt i tal',
    items: [
      {
        icon: Users,
        number: '100+',
        label: 'Tilfredse kunder',
        description: 'Private bilejere og erhvervskunder',
      },
      {
        icon: Calendar,
        number: SITE_FOUNDED_AGE,
        label: 'Etableret',
        description: `Grundlagt i ${SITE_FOUNDED_MONTH}`,
      },
      {
        icon: Smile,
        number: '98 %',
        label: 'Kundetilfredshed',
        description: 'Kunderne kommer igen og anbefaler os',
      },
      {
        icon: BadgeCheck,
        number: '100 %',
        label: 'Godkendte produkter',
        description: 'pH-neutrale og sikre for alle biltyper',
      },
    ] satisfies Statistic[],
  },
  area: {
    eyebrow: 'Find os',
    title: 'Vores serviceområde',
    description:
      'Værkstedet ligger i Kolding, og vi har kunder fra hele Trekantområdet – også Vejle og Fredericia.',
    addressTitle: 'Adresse',
    hoursTitle: 'Åbningstider',
    areaTitle: 'Vi betjener',
  },
  faq: {
    eyebrow: 'FAQ',
    title: 'Ofte stillede spørgsmål',
    description: 'Find svar på det, vores kunder oftest spørger om.',
  },
  cta: {
    heading: 'Vil du høre mere?',
    text: `Ring til os, eller send en besked – vi svarer inden for ${business.replyWithinHours} timer.`,
  },
};

export const aboutSeo: PageSeo = {
  title: 'Om os – Glanspunkt Kolding',
  description: `Lokal bilpleje i Kolding siden ${SITE_FOUNDED_MONTH}. Mød virksomheden, vores værdier og få svar på ofte stillede spørgsmål.`,
};
