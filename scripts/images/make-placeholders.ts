/**
 * One-off: renders our own placeholder artwork (scripts/images/artwork.ts) to JPEG originals in
 * assets/images/. Existing files are kept unless `--force` is given, so a real photo the owner has
 * dropped in is never overwritten. Run: `npx tsx scripts/images/make-placeholders.ts [--force]`,
 * then `npm run images`.
 */
import { mkdir, readdir } from 'node:fs/promises';
import { join, parse } from 'node:path';
import sharp from 'sharp';
import { artworkSvg, type Motif } from './artwork.ts';

const WIDE = { width: 1600, height: 900 };
const CARD = { width: 1600, height: 1200 };

const gallery: Motif[] = [
  'car',
  'rim',
  'droplets',
  'polish',
  'foam',
  'interior',
  'workshop',
  'prep',
  'fire',
];

export const placeholders: { name: string; motif: Motif; width: number; height: number }[] = [
  { name: 'hero-home', motif: 'car', ...WIDE },
  { name: 'service-wash', motif: 'foam', ...CARD },
  { name: 'service-polish', motif: 'polish', ...CARD },
  { name: 'service-nano', motif: 'droplets', ...CARD },
  { name: 'work-rims', motif: 'rim', ...CARD },
  { name: 'work-polish', motif: 'polish', ...CARD },
  { name: 'work-nano', motif: 'droplets', ...CARD },
  { name: 'work-prep', motif: 'prep', ...CARD },
  { name: 'pkg-wash-silver', motif: 'foam', ...CARD },
  { name: 'pkg-wash-gold', motif: 'interior', ...CARD },
  { name: 'pkg-wash-premium', motif: 'car', ...CARD },
  { name: 'pkg-polish-silver', motif: 'polish', ...CARD },
  { name: 'pkg-polish-gold', motif: 'droplets', ...CARD },
  { name: 'pkg-polish-premium', motif: 'rim', ...CARD },
  { name: 'about-workshop', motif: 'workshop', ...CARD },
  ...Array.from({ length: 23 }, (_, i) => ({
    name: `gallery-${String(i + 1).padStart(2, '0')}`,
    motif: gallery[i % gallery.length] as Motif,
    ...CARD,
  })),
  { name: 'map-preview', motif: 'map', ...WIDE },
  { name: 'video-polish-preview', motif: 'polish', ...WIDE },
  { name: 'video-fire-preview', motif: 'fire', ...WIDE },
];

async function main() {
  const dir = join(process.cwd(), 'assets', 'images');
  const force = process.argv.includes('--force');
  await mkdir(dir, { recursive: true });
  const existing = new Set((await readdir(dir)).map((f) => parse(f).name));
  for (const p of placeholders) {
    if (existing.has(p.name) && !force) continue;
    const svg = artworkSvg({ motif: p.motif, width: p.width, height: p.height, seed: p.name });
    await sharp(Buffer.from(svg))
      .jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: '4:4:4' })
      .toFile(join(dir, `${p.name}.jpg`));
    console.log(`made assets/images/${p.name}.jpg`);
  }
}

await main();
