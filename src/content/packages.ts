import { Droplets, Gem, ShieldCheck, Sparkles, SprayCan, Sun, type LucideIcon } from 'lucide-react';
import type { ImageName } from '~/generated/image-manifest';

/**
 * The six packages of spec section 9. Each `title` equals the service name seeded in the database
 * (public.services.name), so the booking form can preselect the package a visitor picked.
 * Prices in whole DKK, durations in minutes (displayed with formatPrice / formatDuration).
 */
export type PackageCategory = 'vask' | 'polering';

/** A named picture (the image pipeline generates variants for these names). */
export interface ContentImage {
  name: ImageName;
  alt: string;
}

export interface ServicePackage {
  title: string;
  category: PackageCategory;
  description: string;
  features: readonly string[];
  price: number;
  durationMinutes: number;
  image: ContentImage;
  icon: LucideIcon;
  /** E.g. 'Mest populær'. */
  highlight?: string;
  /** Optional discount label shown on the card. */
  discount?: string;
}

export const MOST_POPULAR = 'Mest populær';

export const washPackages: readonly ServicePackage[] = [
  {
    title: 'Sølvpakken',
    category: 'vask',
    description: 'En hurtig og grundig udvendig vask, der giver bilen et friskt og rent udseende.',
    features: [
      'Håndvask udvendigt',
      'Rengøring af fælge og dæk',
      'Vinduespudsning ind- og udvendigt',
    ],
    price: 199,
    durationMinutes: 30,
    image: {
      name: 'pkg-wash-silver',
      alt: 'Sølvfarvet bil bliver håndvasket udvendigt med skum og vaskehandske',
    },
    icon: Droplets,
  },
  {
    title: 'Guldpakken',
    category: 'vask',
    description: 'Komplet vask ude og inde, så bilen både ser og dufter frisk ud.',
    features: [
      'Komplet udvendig og indvendig vask',
      'Støvsugning af kabinen',
      'Duftfriskning',
      'Vinduespudsning ind- og udvendigt',
    ],
    price: 399,
    durationMinutes: 120,
    image: {
      name: 'pkg-wash-gold',
      alt: 'Kabinen i en bil bliver støvsuget og rengjort indvendigt',
    },
    icon: Sparkles,
  },
  {
    title: 'Premiumpakken',
    category: 'vask',
    description: 'Vores mest grundige vask: bilen bliver rengjort i hver en krog, ude som inde.',
    features: [
      'Udvendig håndvask',
      'Rengøring af fælge og dæk',
      'Indvendig støvsugning',
      'Rens af sæder, gulv og måtter',
      'Desinfektion af overflader',
      'Rengøring af bagagerum',
    ],
    price: 799,
    durationMinutes: 180,
    image: {
      name: 'pkg-wash-premium',
      alt: 'Skinnende ren bil med rengjorte sæder og måtter efter en premiumvask',
    },
    icon: Gem,
    highlight: MOST_POPULAR,
  },
];

export const polishPackages: readonly ServicePackage[] = [
  {
    title: 'Sølvpakken polering',
    category: 'polering',
    description: 'Flertrinspolering, der fjerner mindre ridser og giver lakken en dyb glans.',
    features: [
      'Flertrinspolering af lakken',
      'Fjernelse af mindre ridser',
      'Dyb glans',
      'Vinduespudsning',
    ],
    price: 1800,
    durationMinutes: 480,
    image: {
      name: 'pkg-polish-silver',
      alt: 'Poleringsmaskine arbejder på en bils motorhjelm',
    },
    icon: Sun,
  },
  {
    title: 'Guldpakken polering',
    category: 'polering',
    description: 'Alt fra Sølvpakken polering plus dybderens af lakken og voksbeskyttelse.',
    features: [
      'Alt fra Sølvpakken polering',
      'Dybderens og polering af lakken',
      'Voksbeskyttelse',
      'Opfriskning af plast og krom',
    ],
    price: 2400,
    durationMinutes: 840,
    image: {
      name: 'pkg-polish-gold',
      alt: 'Nypoleret lak med voksbeskyttelse, der spejler værkstedets lys',
    },
    icon: SprayCan,
  },
  {
    title: 'Premiumpakken polering',
    category: 'polering',
    description:
      'Alt fra Guldpakken polering plus ekstra polering og nano-keramisk forsegling, der beskytter i årevis.',
    features: [
      'Alt fra Guldpakken polering',
      'Ekstra flertrinspolering',
      'Nano-keramisk forsegling',
      'Dybderens og polering af fælge og dæk',
    ],
    price: 3600,
    durationMinutes: 1080,
    image: {
      name: 'pkg-polish-premium',
      alt: 'Vand perler af på en bil med nano-keramisk forsegling',
    },
    icon: ShieldCheck,
  },
];

export const allPackages: readonly ServicePackage[] = [...washPackages, ...polishPackages];

/** The package with this title (throws on a typo, so content mistakes fail at build time). */
export function packageByTitle(title: string): ServicePackage {
  const found = allPackages.find((pkg) => pkg.title === title);
  if (!found) throw new Error(`Unknown package: ${title}`);
  return found;
}

/** Card texts shared by the home and services pages. */
export const packageText = {
  priceLabel: 'Pris',
  durationLabel: 'Varighed',
  featuresLabel: (title: string) => `Indhold i ${title}`,
  choosePackage: 'Vælg pakke',
  bookService: 'Book service',
};
