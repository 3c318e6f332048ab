import { Droplets, Gem, ShieldCheck, Sparkles, SprayCan, Sun, type LucideIcon } from 'lucide-react';
import type { ImageManifestEntry } from '~/generated/image-manifest';
import { formatDuration } from '~/lib/format';
import type { SiteData, SiteService } from '~/lib/site-data';
import * as pictures from '~/generated/image-manifest';

/**
 * Each card says a thing once: the description says who the package is for, the features list
 * what it holds (tests/pages/services.test.tsx fails when a description repeats a feature).
 *
 * The parts of a package card that are not business facts: description, features, picture, icon
 * and highlight, keyed by the stable slug of the package (public.services.slug). Name, price,
 * duration and whether a package is offered at all come from the services table
 * (src/lib/site-data.ts), so the owner changes them in the dashboard, never here.
 */

/** A picture of the image pipeline (an export of the manifest) with its alt text. */
export interface ContentImage extends ImageManifestEntry {
  alt: string;
}

export interface PackageContent {
  description: string;
  features: readonly string[];
  image: ContentImage;
  icon: LucideIcon;
  /** E.g. 'Mest populær'. */
  highlight?: string;
  /** Optional discount label shown on the card. */
  discount?: string;
}

/** A card as the pages render it: the facts from the database with the texts from here. */
export interface ServicePackage extends SiteService, Partial<PackageContent> {}

export const MOST_POPULAR = 'Mest populær';

export const packageContent: Readonly<Record<string, PackageContent>> = {
  'vask-soelv': {
    description: 'Den hurtige løsning, når bilen bare skal se pæn og frisk ud igen.',
    features: [
      'Håndvask udvendigt',
      'Rengøring af fælge og dæk',
      'Vinduespudsning ind- og udvendigt',
    ],
    image: {
      ...pictures.pkgWashSilver,
      alt: 'Sølvfarvet bil bliver håndvasket udvendigt med skum og vaskehandske',
    },
    icon: Droplets,
  },
  'vask-guld': {
    description: 'Når kabinen også trænger til en kærlig hånd, ikke kun lakken.',
    features: [
      'Komplet udvendig og indvendig vask',
      'Støvsugning af kabinen',
      'Duftfriskning',
      'Vinduespudsning ind- og udvendigt',
    ],
    image: {
      ...pictures.pkgWashGold,
      alt: 'Kabinen i en bil bliver støvsuget og rengjort indvendigt',
    },
    icon: Sparkles,
  },
  'vask-premium': {
    description: 'Vores mest grundige vask, til bilen der skal være ren i hver en krog.',
    features: [
      'Udvendig håndvask',
      'Rengøring af fælge og dæk',
      'Indvendig støvsugning',
      'Rens af sæder, gulv og måtter',
      'Desinfektion af overflader',
      'Rengøring af bagagerum',
    ],
    image: {
      ...pictures.pkgWashPremium,
      alt: 'Skinnende ren bil med rengjorte sæder og måtter efter en premiumvask',
    },
    icon: Gem,
    highlight: MOST_POPULAR,
  },
  'polering-soelv': {
    description: 'Til lak, der er blevet mat og har fået de første småridser.',
    features: [
      'Flertrinspolering af lakken',
      'Fjernelse af mindre ridser',
      'Dyb glans',
      'Vinduespudsning',
    ],
    image: {
      ...pictures.pkgPolishSilver,
      alt: 'Poleringsmaskine arbejder på en bils motorhjelm',
    },
    icon: Sun,
  },
  'polering-guld': {
    description: 'Når lakken også skal renses i dybden og beskyttes bagefter.',
    features: [
      'Alt fra Sølvpakken polering',
      'Dybderens og polering af lakken',
      'Voksbeskyttelse',
      'Opfriskning af plast og krom',
    ],
    image: {
      ...pictures.pkgPolishGold,
      alt: 'Nypoleret lak med voksbeskyttelse, der spejler værkstedets lys',
    },
    icon: SprayCan,
  },
  'polering-premium': {
    description: 'Vores grundigste polering, med en forsegling der beskytter lakken i årevis.',
    features: [
      'Alt fra Guldpakken polering',
      'Ekstra flertrinspolering',
      'Nano-keramisk forsegling',
      'Dybderens og polering af fælge og dæk',
    ],
    image: {
      ...pictures.pkgPolishPremium,
      alt: 'Vand perler af på en bil med nano-keramisk forsegling',
    },
    icon: ShieldCheck,
  },
};

/**
 * The offered packages of a category as cards, in the owner's order. A package the owner added in
 * the dashboard without texts here still gets a card with its facts (name, price, duration).
 */
export function packageCards(data: SiteData, category: SiteService['category']): ServicePackage[] {
  return data.services
    .filter((service) => service.category === category)
    .map((service) => ({ ...packageContent[service.slug], ...service }));
}

/** Card texts shared by the home and services pages. */
export const packageText = {
  priceLabel: 'Pris',
  /** Before the ordinary car's price of a package that costs more for a bigger car. */
  from: 'fra ',
  durationLabel: 'Varighed',
  /** '14 timer · ca. 2 arbejdsdage' (the form writes the same: src/lib/working-days.ts). */
  duration: (minutes: number, workingDays: number | null) =>
    workingDays
      ? `${formatDuration(minutes)} · ca. ${workingDays} arbejdsdage`
      : formatDuration(minutes),
  /** Once under each price list (prices to consumers include VAT). */
  vatNote: 'Alle priser er inkl. moms.',
  featuresLabel: (title: string) => `Indhold i ${title}`,
  choosePackage: 'Vælg pakke',
  bookService: 'Book service',
};
