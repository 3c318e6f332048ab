import {
  BadgeCheck,
  CircleDot,
  HeartHandshake,
  MapPin,
  ShieldCheck,
  Warehouse,
  type LucideIcon,
} from 'lucide-react';

/** A reason, value or feature with an icon (why-choose-us lists, values). */
export interface IconPoint {
  icon: LucideIcon;
  title: string;
  description: string;
}

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
