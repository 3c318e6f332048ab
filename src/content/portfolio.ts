/** Copy of /vores-arbejde (portfolio): hero, gallery, videos, process and closing call-to-action. */
import type { ContentImage } from './packages';
import type { ProcessStepContent } from './process';
import type { PageSeo } from './seo';
import * as pictures from '~/generated/image-manifest';

/**
 * The picture (for a before/after pair: the car after the work); its alt text says what the
 * picture shows, nothing more (also the lightbox title).
 */
export interface PortfolioImage extends ContentImage {
  /**
   * Set only when the item really is a before/after pair of one car: the picture before the work.
   * The "Før og efter" badge and labels appear only for such items (README, "Images").
   */
  before?: ContentImage;
  /** One of our placeholder drawings, not a photo of a real job (the gallery's heading says so). */
  drawing?: true;
}

/**
 * The current pictures are our placeholder drawings (scripts/images/make-placeholders.ts): nine
 * motifs, so several repeat. The alt texts say they are drawings and what they show; when the
 * owner's photos arrive, replace the files and these texts (README, "Images").
 */
const distinct: readonly PortfolioImage[] = [
  { drawing: true, ...pictures.gallery01, alt: 'Tegning af en petroleumsblå bil set fra siden' },
  { drawing: true, ...pictures.gallery02, alt: 'Tegning af en blank sølvfarvet fælg på et dæk' },
  { drawing: true, ...pictures.gallery03, alt: 'Tegning af vanddråber, der perler på blå lak' },
  {
    drawing: true,
    ...pictures.gallery04,
    alt: 'Tegning af en poleringsmaskine på lak, mat med ridser til venstre og blank til højre',
  },
  { drawing: true, ...pictures.gallery05, alt: 'Tegning af en sølvgrå bil dækket af skum' },
  { drawing: true, ...pictures.gallery06, alt: 'Tegning af et rat' },
  { drawing: true, ...pictures.gallery07, alt: 'Tegning af en sølvgrå bil i et oplyst værksted' },
  { drawing: true, ...pictures.gallery08, alt: 'Tegning af afdækningstape og papir på turkis lak' },
  {
    drawing: true,
    ...pictures.gallery09,
    alt: 'Tegning af lak med sod og brandskade til venstre og renset lak til højre',
  },
  { drawing: true, ...pictures.gallery10, alt: 'Tegning af en turkis bil set fra siden' },
  { drawing: true, ...pictures.gallery11, alt: 'Tegning af en sølvfarvet fælg med brede eger' },
  { drawing: true, ...pictures.gallery12, alt: 'Tegning af vanddråber, der perler på sølvgrå lak' },
  {
    drawing: true,
    ...pictures.gallery13,
    alt: 'Tegning af en poleringsmaskine på grå lak, ridset til venstre og blank til højre',
  },
  { drawing: true, ...pictures.gallery14, alt: 'Tegning af en mørk bil dækket af skum' },
  { drawing: true, ...pictures.gallery15, alt: 'Tegning af et rat set forfra' },
  { drawing: true, ...pictures.gallery16, alt: 'Tegning af en bil under værkstedets lamper' },
  {
    drawing: true,
    ...pictures.gallery17,
    alt: 'Tegning af afdækningstape og papir på sølvgrå lak',
  },
  {
    drawing: true,
    ...pictures.gallery18,
    alt: 'Tegning af brandskadet lak, hvor højre halvdel er renset',
  },
  { drawing: true, ...pictures.gallery19, alt: 'Tegning af en mørkegrå bil set fra siden' },
  { drawing: true, ...pictures.gallery20, alt: 'Tegning af en fælg med ti tynde eger' },
  { drawing: true, ...pictures.gallery21, alt: 'Tegning af vanddråber, der perler på turkis lak' },
  {
    drawing: true,
    ...pictures.gallery22,
    alt: 'Tegning af en poleringsmaskine på turkis lak, ridset til venstre og blank til højre',
  },
  { drawing: true, ...pictures.gallery23, alt: 'Tegning af en blå bil dækket af skum' },
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

export const portfolioSeo: PageSeo = {
  title: 'Vores arbejde – Glanspunkt Kolding',
  description: 'Se billeder og videoer af vores polering, nano-coating, fælgbehandling og bilvask.',
};
