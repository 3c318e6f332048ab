/** Copy of /vores-arbejde (portfolio): hero, gallery, videos, process and closing call-to-action. */
import type { ImageName } from '~/generated/image-manifest';
import type { ProcessStepContent } from './process';

export interface PortfolioImage {
  /** The picture (for a before/after pair: the car after the work). */
  name: ImageName;
  /** Says what the picture shows, nothing more (also the lightbox title). */
  alt: string;
  /**
   * Set only when the item really is a before/after pair of one car: the picture before the work.
   * The "Før og efter" badge and labels appear only for such items (README, "Images").
   */
  before?: { name: ImageName; alt: string };
  /** One of our placeholder drawings, not a photo of a real job (the gallery's heading says so). */
  drawing?: true;
}

/**
 * The current pictures are our placeholder drawings (scripts/images/make-placeholders.ts): nine
 * motifs, so several repeat. The alt texts say they are drawings and what they show; when the
 * owner's photos arrive, replace the files and these texts (README, "Images").
 */
const distinct: readonly PortfolioImage[] = [
  { drawing: true, name: 'gallery-01', alt: 'Tegning af en petroleumsblå bil set fra siden' },
  { drawing: true, name: 'gallery-02', alt: 'Tegning af en blank sølvfarvet fælg på et dæk' },
  { drawing: true, name: 'gallery-03', alt: 'Tegning af vanddråber, der perler på blå lak' },
  {
    drawing: true,
    name: 'gallery-04',
    alt: 'Tegning af en poleringsmaskine på lak, mat med ridser til venstre og blank til højre',
  },
  { drawing: true, name: 'gallery-05', alt: 'Tegning af en sølvgrå bil dækket af skum' },
  { drawing: true, name: 'gallery-06', alt: 'Tegning af et rat' },
  { drawing: true, name: 'gallery-07', alt: 'Tegning af en sølvgrå bil i et oplyst værksted' },
  { drawing: true, name: 'gallery-08', alt: 'Tegning af afdækningstape og papir på turkis lak' },
  {
    drawing: true,
    name: 'gallery-09',
    alt: 'Tegning af lak med sod og brandskade til venstre og renset lak til højre',
  },
  { drawing: true, name: 'gallery-10', alt: 'Tegning af en turkis bil set fra siden' },
  { drawing: true, name: 'gallery-11', alt: 'Tegning af en sølvfarvet fælg med brede eger' },
  { drawing: true, name: 'gallery-12', alt: 'Tegning af vanddråber, der perler på sølvgrå lak' },
  {
    drawing: true,
    name: 'gallery-13',
    alt: 'Tegning af en poleringsmaskine på grå lak, ridset til venstre og blank til højre',
  },
  { drawing: true, name: 'gallery-14', alt: 'Tegning af en mørk bil dækket af skum' },
  { drawing: true, name: 'gallery-15', alt: 'Tegning af et rat set forfra' },
  { drawing: true, name: 'gallery-16', alt: 'Tegning af en bil under værkstedets lamper' },
  { drawing: true, name: 'gallery-17', alt: 'Tegning af afdækningstape og papir på sølvgrå lak' },
  {
    drawing: true,
    name: 'gallery-18',
    alt: 'Tegning af brandskadet lak, hvor højre halvdel er renset',
  },
  { drawing: true, name: 'gallery-19', alt: 'Tegning af en mørkegrå bil set fra siden' },
  { drawing: true, name: 'gallery-20', alt: 'Tegning af en fælg med ti tynde eger' },
  { drawing: true, name: 'gallery-21', alt: 'Tegning af vanddråber, der perler på turkis lak' },
  {
    drawing: true,
    name: 'gallery-22',
    alt: 'Tegning af en poleringsmaskine på turkis lak, ridset til venstre og blank til højre',
  },
  { drawing: true, name: 'gallery-23', alt: 'Tegning af en blå bil dækket af skum' },
];

/**
 * 24 pictures; the spec's gallery shows one of them twice. Replace the files in assets/images/
 * (same names) with real photos and update the alt texts here.
 */
const images: readonly PortfolioImage[] = [...distinct, distinct[0]!];

/** True while the gallery shows only drawings: its heading must not call them results. */
export const allDrawings = (items: readonly PortfolioImage[]) =>
  items.length > 0 && items.every((item) => item.drawing);

/** The gallery's heading says what it shows: drawings until the owner's photos replace them. */
export function galleryHeading(items: readonly PortfolioImage[]) {
  return allDrawings(items)
    ? {
        title: 'Tegninger af vores arbejde',
        description:
          'Indtil vores egne billeder er klar, viser galleriet tegninger af det, vi laver. Klik på en tegning for at se den i fuld størrelse.',
      }
    : {
        title: 'Resultater vi er stolte af',
        description: 'Klik på et billede for at se det i fuld størrelse.',
      };
}

/** True when at least one gallery item is a real before/after pair. */
export const hasBeforeAfter = (items: readonly PortfolioImage[]) =>
  items.some((item) => item.before !== undefined);

export const portfolioContent = {
  hero: {
    /** 'Før og efter' only while the gallery holds a real before/after pair (see images). */
    badge: (items: readonly PortfolioImage[]) =>
      hasBeforeAfter(items) ? 'Før og efter' : 'Vask, polering, coating og fælge',
    title: 'Vores Arbejde',
    lead: 'Vi vasker, polerer, coater og istandsætter fælge på biler fra hele Trekantområdet. Alt arbejde udføres i vores eget værksted i Kolding.',
    book: 'Book din tid',
  },
  gallery: {
    eyebrow: 'Galleri',
    ...galleryHeading(images),
    /** The lightbox's counter (its description, announced when it changes). */
    position: (index: number, total: number) => `Billede ${index} af ${total}`,
    close: 'Luk billedet',
    previous: 'Forrige billede',
    next: 'Næste billede',
    /** Labels of the two halves of a before/after pair. */
    before: 'Før',
    after: 'Efter',
    images,
  },
  videos: {
    eyebrow: 'Video',
    title: 'Se os i aktion',
    description:
      'To korte videoer fra vores Facebook-side: professionel polering og polering efter en brandskade.',
  },
  process: {
    eyebrow: 'Sådan arbejder vi',
    title: 'Fra første henvendelse til færdig bil',
    description: 'Hver opgave følger de samme fire trin, så resultatet bliver ens højt hver gang.',
    steps: [
      {
        step: 1,
        title: 'Konsultation og vurdering',
        description:
          'Vi ser bilen igennem sammen med dig, vurderer lak, fælge og interiør og foreslår den rette behandling.',
      },
      {
        step: 2,
        title: 'Forberedelse',
        description:
          'Bilen vaskes og afdækkes, og lakken renses for asfalt, flyverust og andre aflejringer.',
      },
      {
        step: 3,
        title: 'Professionel udførelse',
        description:
          'Vi udfører arbejdet i vores eget værksted med godkendte, pH-neutrale produkter og det rette udstyr.',
      },
      {
        step: 4,
        title: 'Kvalitetskontrol',
        description:
          'Vi gennemgår resultatet i godt lys, før du henter bilen, og giver dig råd til at bevare det.',
      },
    ] satisfies readonly ProcessStepContent[],
  },
  cta: {
    heading: 'Skal din bil være den næste?',
    text: 'Ring til os eller send en besked, så giver vi dig et gratis tilbud på vask, polering eller coating.',
  },
};
