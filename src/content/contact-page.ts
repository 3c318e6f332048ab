/** Copy of /contact around the booking form: hero, ways to reach us, info cards, reasons, social. */
import {
  CalendarClock,
  CalendarDays,
  Clock,
  Mail,
  MapPin,
  MessageSquareText,
  Phone,
  Receipt,
  ThumbsUp,
  Truck,
  type LucideIcon,
} from 'lucide-react';
import { business, mailtoHref, telHref } from './business';
import type { PageSeo } from './seo';
import { openingHoursSentence, type SiteData } from '~/lib/site-data';

export interface ContactWay {
  id: 'phone' | 'email' | 'form';
  icon: LucideIcon;
  title: string;
  /** A text, or one made from the site data (opening hours from the database). */
  description: string | ((data: SiteData) => string);
  /** Visible text of the action link. */
  action: string;
  href: string;
}

export interface ContactReason {
  icon: LucideIcon;
  title: string;
  /** A text, or one made from the site data (opening hours from the database). */
  description: string | ((data: SiteData) => string);
}

export const contactContent = {
  hero: {
    badge: 'Kontakt',
    title: 'Kontakt os',
    lead: `Har du spørgsmål, eller vil du have et gratis tilbud? Ring, skriv eller book din tid direkte online. Vi svarer inden for ${business.replyWithinHours} timer på hverdage.`,
    book: 'Book online',
  },
  ways: {
    eyebrow: 'Skriv, ring eller book',
    title: 'Tre måder at kontakte os på',
    items: [
      {
        id: 'phone',
        icon: Phone,
        title: 'Ring til os',
        description: (data: SiteData) =>
          `Booking og spørgsmål: telefonen er åben ${openingHoursSentence(
            data.openingHours.filter((day) => business.phoneWeekdays.includes(day.weekday)),
          )}.`,
        action: business.phone.display,
        href: telHref(business.phone),
      },
      {
        id: 'email',
        icon: Mail,
        title: 'Send en e-mail',
        description: 'Skriv til os om din bil og dine ønsker, så vender vi tilbage med et tilbud.',
        action: business.email,
        href: mailtoHref,
      },
      {
        id: 'form',
        icon: CalendarDays,
        title: 'Book online',
        description:
          'Vælg service, dato og tid i bookingformularen. Din booking bekræftes med det samme.',
        action: 'Gå til bookingformularen',
        href: '#form',
      },
    ] satisfies readonly ContactWay[],
  },
  info: {
    eyebrow: 'Praktisk information',
    title: 'Her finder du os',
    address: {
      icon: MapPin,
      title: 'Adresse',
      note: 'Alt arbejde udføres i vores eget værksted.',
    },
    hours: {
      icon: Clock,
      title: 'Åbningstider',
    },
    area: {
      icon: Truck,
      title: 'Serviceområde',
      text: 'Vi har kunder fra hele Trekantområdet, blandt andet fra:',
      more: 'og omegn',
    },
  },
  reasons: {
    eyebrow: 'Derfor skal du kontakte os',
    title: 'Vi gør det nemt at komme i gang',
    items: [
      {
        icon: Receipt,
        title: 'Gratis tilbud',
        description: 'Du får et uforpligtende tilbud, før vi går i gang. Ingen skjulte gebyrer.',
      },
      {
        icon: MessageSquareText,
        title: 'Hurtigt svar',
        description: `Vi svarer inden for ${business.replyWithinHours} timer på hverdage.`,
      },
      {
        icon: ThumbsUp,
        title: 'Professionel rådgivning',
        description: 'Vi vurderer din bil og anbefaler den behandling, der giver mest for pengene.',
      },
      {
        icon: CalendarClock,
        title: 'Fleksible tider',
        description: (data: SiteData) =>
          `Åbent ${openingHoursSentence(data.openingHours)}, så det passer ind i din hverdag.`,
      },
    ] satisfies readonly ContactReason[],
  },
  social: {
    title: 'Følg med på Facebook',
    text: 'Se før- og efterbilleder, videoer og tilbud på vores Facebook-side.',
    label: 'Besøg vores Facebook-side',
    newTab: '(åbner i et nyt vindue)',
  },
  map: {
    eyebrow: 'Find vej',
    title: 'Værkstedet i Kolding',
  },
};

export const contactSeo: PageSeo = {
  title: 'Kontakt og booking – Glanspunkt Kolding',
  description: `Ring, skriv eller book din tid online. Vi svarer inden for ${business.replyWithinHours} timer på hverdage.`,
};
