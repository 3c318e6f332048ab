import { Bike, Caravan, Ship, Truck, type LucideIcon } from 'lucide-react';

export interface SpecialService {
  icon: LucideIcon;
  title: string;
  description: string;
}

/**
 * The /services section of the jobs besides cars (special-services.tsx, loaded after the page has
 * hydrated, with this copy).
 */
export const specialServicesContent = {
  eyebrow: 'Specialopgaver',
  title: 'Både, motorcykler, campingvogne og mere',
  description:
    'Vi plejer også andet end biler. Specialopgaver prissættes og planlægges individuelt efter størrelse og behov.',
  priceNote: 'Prissættes individuelt',
  link: 'Få et uforpligtende tilbud',
  /** The message form on /contact with the quote preselected (content/message-links.ts). */
  linkHref: '/contact?besked=tilbud#besked',
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
};
