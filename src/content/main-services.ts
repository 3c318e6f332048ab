import { Droplets, ShieldCheck, Sparkles, type LucideIcon } from 'lucide-react';
import type { ContentImage } from './packages';
import * as pictures from '~/generated/image-manifest';

/** The three main services on the home page (spec: professional wash, polishing, nano-ceramic). */
export interface MainService {
  icon: LucideIcon;
  title: string;
  description: string;
  image: ContentImage;
  features: readonly string[];
}

export const mainServices: readonly MainService[] = [
  {
    icon: Droplets,
    title: 'Professionel vask',
    description: 'Med pH-neutrale produkter, der er sikre for alle biltyper – ude som inde.',
    image: { ...pictures.serviceWash, alt: 'Bil dækket af skum under en professionel håndvask' },
    features: ['Skånsom håndvask', 'Fælge, dæk og ruder', 'Indvendig rengøring'],
  },
  {
    icon: Sparkles,
    title: 'Polering',
    description: 'Mat og ridset lak får sin glans tilbage, poleret i flere trin med omhu.',
    image: { ...pictures.servicePolish, alt: 'Poleringsmaskine giver lakken på en bil ny glans' },
    features: ['Fjerner mindre ridser', 'Dyb og varig glans', 'Voksbeskyttelse'],
  },
  {
    icon: ShieldCheck,
    title: 'Nano-keramisk behandling',
    description:
      'En hård, gennemsigtig forsegling oven på lakken, der tåler vejr, vejsalt og vaskehaller.',
    image: {
      ...pictures.serviceNano,
      alt: 'Vanddråber perler af på en bil med nano-keramisk coating',
    },
    features: ['Beskytter i 2-3 år', 'Vand- og snavsafvisende', 'Nemmere at holde ren'],
  },
];
