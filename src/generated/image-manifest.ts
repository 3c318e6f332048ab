/**
 * GENERATED FILE, do not edit by hand. Regenerate with `npm run images` (scripts/images.ts) after
 * adding or replacing an original in assets/images/.
 */
export interface ImageManifestEntry {
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

export const imageManifest = {
  'about-workshop': {
    width: 1600,
    height: 1200,
    color: '#080818',
    hash: '344df80a',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-01': {
    width: 1600,
    height: 1200,
    color: '#080818',
    hash: '043cebe7',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-02': {
    width: 1600,
    height: 1200,
    color: '#081828',
    hash: 'f516058d',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-03': {
    width: 1600,
    height: 1200,
    color: '#082868',
    hash: '5b3c53b0',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-04': {
    width: 1600,
    height: 1200,
    color: '#182838',
    hash: '417ef766',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-05': {
    width: 1600,
    height: 1200,
    color: '#080818',
    hash: '4434e890',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-06': {
    width: 1600,
    height: 1200,
    color: '#081818',
    hash: 'ecf25e56',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-07': {
    width: 1600,
    height: 1200,
    color: '#080818',
    hash: 'ef6ba763',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-08': {
    width: 1600,
    height: 1200,
    color: '#086888',
    hash: '5538ecd1',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-09': {
    width: 1600,
    height: 1200,
    color: '#382828',
    hash: '21b1cfee',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-10': {
    width: 1600,
    height: 1200,
    color: '#080818',
    hash: 'cd00cce5',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-11': {
    width: 1600,
    height: 1200,
    color: '#080808',
    hash: '7ea1e2dc',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-12': {
    width: 1600,
    height: 1200,
    color: '#283848',
    hash: '16facd6c',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-13': {
    width: 1600,
    height: 1200,
    color: '#182838',
    hash: 'f4501bd4',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-14': {
    width: 1600,
    height: 1200,
    color: '#080818',
    hash: '9e0d6280',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-15': {
    width: 1600,
    height: 1200,
    color: '#081818',
    hash: 'd2454a49',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-16': {
    width: 1600,
    height: 1200,
    color: '#081828',
    hash: 'f8027d95',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-17': {
    width: 1600,
    height: 1200,
    color: '#283848',
    hash: '58b8b003',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-18': {
    width: 1600,
    height: 1200,
    color: '#382828',
    hash: '77736d35',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-19': {
    width: 1600,
    height: 1200,
    color: '#080818',
    hash: 'f045c7b6',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-20': {
    width: 1600,
    height: 1200,
    color: '#080808',
    hash: 'e814cd09',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-21': {
    width: 1600,
    height: 1200,
    color: '#083848',
    hash: '3ae53cba',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-22': {
    width: 1600,
    height: 1200,
    color: '#082848',
    hash: '18231490',
    widths: [480, 800, 1200, 1600],
  },
  'gallery-23': {
    width: 1600,
    height: 1200,
    color: '#080818',
    hash: '1e4b8c8d',
    widths: [480, 800, 1200, 1600],
  },
  'hero-home': {
    width: 1600,
    height: 900,
    color: '#080818',
    hash: '91644919',
    widths: [480, 800, 1200, 1600],
  },
  'map-preview': {
    width: 1600,
    height: 900,
    color: '#081828',
    hash: '79954fbc',
    widths: [480, 800, 1200, 1600],
  },
  'pkg-polish-gold': {
    width: 1600,
    height: 1200,
    color: '#083848',
    hash: '2215150d',
    widths: [480, 800, 1200, 1600],
  },
  'pkg-polish-premium': {
    width: 1600,
    height: 1200,
    color: '#080808',
    hash: 'e887861f',
    widths: [480, 800, 1200, 1600],
  },
  'pkg-polish-silver': {
    width: 1600,
    height: 1200,
    color: '#182838',
    hash: '9a0c6e21',
    widths: [480, 800, 1200, 1600],
  },
  'pkg-wash-gold': {
    width: 1600,
    height: 1200,
    color: '#081818',
    hash: 'd63a5e56',
    widths: [480, 800, 1200, 1600],
  },
  'pkg-wash-premium': {
    width: 1600,
    height: 1200,
    color: '#080818',
    hash: '710cf179',
    widths: [480, 800, 1200, 1600],
  },
  'pkg-wash-silver': {
    width: 1600,
    height: 1200,
    color: '#080818',
    hash: 'f23acf5e',
    widths: [480, 800, 1200, 1600],
  },
  'service-nano': {
    width: 1600,
    height: 1200,
    color: '#283848',
    hash: 'de23abde',
    widths: [480, 800, 1200, 1600],
  },
  'service-polish': {
    width: 1600,
    height: 1200,
    color: '#083848',
    hash: '267833a0',
    widths: [480, 800, 1200, 1600],
  },
  'service-wash': {
    width: 1600,
    height: 1200,
    color: '#080818',
    hash: 'ece90bdc',
    widths: [480, 800, 1200, 1600],
  },
  'video-fire-preview': {
    width: 1600,
    height: 900,
    color: '#383868',
    hash: '4583597d',
    widths: [480, 800, 1200, 1600],
  },
  'video-polish-preview': {
    width: 1600,
    height: 900,
    color: '#083848',
    hash: '8cd75773',
    widths: [480, 800, 1200, 1600],
  },
  'work-nano': {
    width: 1600,
    height: 1200,
    color: '#384858',
    hash: 'd33daa93',
    widths: [480, 800, 1200, 1600],
  },
  'work-polish': {
    width: 1600,
    height: 1200,
    color: '#082848',
    hash: '4eb445bb',
    widths: [480, 800, 1200, 1600],
  },
  'work-prep': {
    width: 1600,
    height: 1200,
    color: '#283848',
    hash: '33da9071',
    widths: [480, 800, 1200, 1600],
  },
  'work-rims': {
    width: 1600,
    height: 1200,
    color: '#080808',
    hash: 'c049f49e',
    widths: [480, 800, 1200, 1600],
  },
} as const satisfies Record<string, ImageManifestEntry>;

export type ImageName = keyof typeof imageManifest;
