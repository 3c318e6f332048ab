/**
 * GENERATED FILE, do not edit by hand. Regenerate with `npm run images` (scripts/images.ts) after
 * adding or replacing an original in assets/images/.
 */
// One module per image (./images/): content imports this index as a namespace
// (`import * as pictures`, then `pictures.gallery01`), so a page's bundle holds the entries of
// the pictures it shows and no others.
export interface ImageManifestEntry {
  /** The original's file name without extension, and the variants' name prefix. */
  name: string;
  /** Size of the original, after EXIF rotation. */
  width: number;
  height: number;
  /** Dominant colour, painted behind the image while it loads. */
  color: string;
  /** Content hash in the variant file names (/images/<name>-<width>.<hash>.<avif|webp>). */
  hash: string;
  /** Widths of the generated variants, ascending. */
  widths: readonly number[];
}

import aboutWorkshop from './images/about-workshop';
import gallery01 from './images/gallery-01';
import gallery02 from './images/gallery-02';
import gallery03 from './images/gallery-03';
import gallery04 from './images/gallery-04';
import gallery05 from './images/gallery-05';
import gallery06 from './images/gallery-06';
import gallery07 from './images/gallery-07';
import gallery08 from './images/gallery-08';
import gallery09 from './images/gallery-09';
import gallery10 from './images/gallery-10';
import gallery11 from './images/gallery-11';
import gallery12 from './images/gallery-12';
import gallery13 from './images/gallery-13';
import gallery14 from './images/gallery-14';
import gallery15 from './images/gallery-15';
import gallery16 from './images/gallery-16';
import gallery17 from './images/gallery-17';
import gallery18 from './images/gallery-18';
import gallery19 from './images/gallery-19';
import gallery20 from './images/gallery-20';
import gallery21 from './images/gallery-21';
import gallery22 from './images/gallery-22';
import gallery23 from './images/gallery-23';
import heroHome from './images/hero-home';
import mapPreview from './images/map-preview';
import pkgPolishGold from './images/pkg-polish-gold';
import pkgPolishPremium from './images/pkg-polish-premium';
import pkgPolishSilver from './images/pkg-polish-silver';
import pkgWashGold from './images/pkg-wash-gold';
import pkgWashPremium from './images/pkg-wash-premium';
import pkgWashSilver from './images/pkg-wash-silver';
import serviceNano from './images/service-nano';
import servicePolish from './images/service-polish';
import serviceWash from './images/service-wash';
import videoFirePreview from './images/video-fire-preview';
import videoPolishPreview from './images/video-polish-preview';
import workNano from './images/work-nano';
import workPolish from './images/work-polish';
import workPrep from './images/work-prep';
import workRims from './images/work-rims';

export {
  aboutWorkshop,
  gallery01,
  gallery02,
  gallery03,
  gallery04,
  gallery05,
  gallery06,
  gallery07,
  gallery08,
  gallery09,
  gallery10,
  gallery11,
  gallery12,
  gallery13,
  gallery14,
  gallery15,
  gallery16,
  gallery17,
  gallery18,
  gallery19,
  gallery20,
  gallery21,
  gallery22,
  gallery23,
  heroHome,
  mapPreview,
  pkgPolishGold,
  pkgPolishPremium,
  pkgPolishSilver,
  pkgWashGold,
  pkgWashPremium,
  pkgWashSilver,
  serviceNano,
  servicePolish,
  serviceWash,
  videoFirePreview,
  videoPolishPreview,
  workNano,
  workPolish,
  workPrep,
  workRims,
};

/** Every image by name (build scripts and tests; the browser takes the single exports). */
export const imageManifest = {
  'about-workshop': aboutWorkshop,
  'gallery-01': gallery01,
  'gallery-02': gallery02,
  'gallery-03': gallery03,
  'gallery-04': gallery04,
  'gallery-05': gallery05,
  'gallery-06': gallery06,
  'gallery-07': gallery07,
  'gallery-08': gallery08,
  'gallery-09': gallery09,
  'gallery-10': gallery10,
  'gallery-11': gallery11,
  'gallery-12': gallery12,
  'gallery-13': gallery13,
  'gallery-14': gallery14,
  'gallery-15': gallery15,
  'gallery-16': gallery16,
  'gallery-17': gallery17,
  'gallery-18': gallery18,
  'gallery-19': gallery19,
  'gallery-20': gallery20,
  'gallery-21': gallery21,
  'gallery-22': gallery22,
  'gallery-23': gallery23,
  'hero-home': heroHome,
  'map-preview': mapPreview,
  'pkg-polish-gold': pkgPolishGold,
  'pkg-polish-premium': pkgPolishPremium,
  'pkg-polish-silver': pkgPolishSilver,
  'pkg-wash-gold': pkgWashGold,
  'pkg-wash-premium': pkgWashPremium,
  'pkg-wash-silver': pkgWashSilver,
  'service-nano': serviceNano,
  'service-polish': servicePolish,
  'service-wash': serviceWash,
  'video-fire-preview': videoFirePreview,
  'video-polish-preview': videoPolishPreview,
  'work-nano': workNano,
  'work-polish': workPolish,
  'work-prep': workPrep,
  'work-rims': workRims,
} as const satisfies Record<string, ImageManifestEntry>;

export type ImageName = keyof typeof imageManifest;
