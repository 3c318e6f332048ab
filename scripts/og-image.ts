/**
 * Draws the social-sharing image public/og-image.png (1200×630) with sharp from an SVG built from
 * src/content/seo.ts. Run `npx tsx scripts/og-image.ts` after changing its texts; the PNG is
 * committed, so builds need no fonts.
 */
import sharp from 'sharp';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { shareImage } from '../src/content/seo';
import { addressLine, business } from '../src/content/business';
import { escapeHtml } from '../supabase/functions/_shared/escape-html';

const { width, height } = shareImage;
const font = "font-family=\"'Liberation Sans', 'DejaVu Sans', Arial, sans-serif\"";

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b1220"/>
      <stop offset="1" stop-color="#0c2a43"/>
    </linearGradient>
    <radialGradient id="shine" cx="0.85" cy="0.2" r="0.6">
      <stop offset="0" stop-color="#38bdf8" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#38bdf8" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect width="${width}" height="${height}" fill="url(#shine)"/>
  <g transform="translate(96 150) scale(4.2)">
    <path d="M16 2C16 2 6 13.5 6 20a10 10 0 0 0 20 0C26 13.5 16 2 16 2Z" fill="#38bdf8"/>
    <path d="M11.5 19.5a4.5 4.5 0 0 0 4.5 4.5" stroke="#e0f2fe" stroke-width="2.2" stroke-linecap="round" fill="none"/>
  </g>
  <text x="260" y="262" ${font} font-size="112" font-weight="700" fill="#f8fafc">${escapeHtml(shareImage.heading)}</text>
  <text x="100" y="400" ${font} font-size="56" font-weight="700" fill="#e0f2fe">${escapeHtml(shareImage.subheading)}</text>
  <text x="100" y="470" ${font} font-size="34" fill="#94a3b8">${escapeHtml(shareImage.footer)}</text>
  <rect x="100" y="520" width="1000" height="2" fill="#1e3a5f"/>
  <text x="100" y="575" ${font} font-size="30" fill="#cbd5e1">${escapeHtml(`${addressLine} · ${business.phone.display}`)}</text>
</svg>`;

const out = join(process.cwd(), 'public', 'og-image.png');
const png = await sharp(Buffer.from(svg))
  .png({ compressionLevel: 9, palette: true, quality: 90 })
  .toBuffer();
await writeFile(out, png);
const meta = await sharp(png).metadata();
console.log(`og-image: wrote ${out} (${meta.width}x${meta.height}, ${png.length} bytes)`);
