/**
 * Original placeholder artwork (ours, no photos) in the site's style: deep blue, cyan glow, gloss.
 * Each motif is an SVG string built from a seeded random generator, so the same name always gives
 * the same picture. Rendered to JPEG originals by make-placeholders.ts; the owner replaces them
 * with real photos of the same name.
 */

export type Motif =
  | 'car'
  | 'rim'
  | 'droplets'
  | 'polish'
  | 'foam'
  | 'prep'
  | 'workshop'
  | 'map'
  | 'fire'
  | 'interior';

export interface ArtworkSpec {
  motif: Motif;
  width: number;
  height: number;
  seed: string;
}

/** mulberry32 seeded from a string hash. */
export function rng(seed: string) {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => Math.floor(min + next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Rng = ReturnType<typeof rng>;

const r1 = (n: number) => Math.round(n * 10) / 10;

/** Car paint colours: [light, mid, dark]. */
const paints = [
  ['#7dd3fc', '#0e7490', '#082f49'], // cyan
  ['#93c5fd', '#1d4ed8', '#0b1f4d'], // blue
  ['#e2e8f0', '#64748b', '#1e293b'], // silver
  ['#94a3b8', '#334155', '#0b1220'], // graphite
  ['#a5f3fc', '#0891b2', '#083344'], // teal
] as const;

function background(w: number, h: number, r: Rng, warm = false) {
  const gx = r1(r.range(0.2, 0.8) * w);
  const gy = r1(r.range(0.1, 0.5) * h);
  const glow = warm ? '#f97316' : r.pick(['#22d3ee', '#38bdf8', '#06b6d4']);
  return `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0b1a33"/>
      <stop offset="1" stop-color="#040914"/>
    </linearGradient>
    <radialGradient id="glow" cx="${gx}" cy="${gy}" r="${r1(w * 0.6)}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${glow}" stop-opacity="0.45"/>
      <stop offset="0.5" stop-color="${glow}" stop-opacity="0.08"/>
      <stop offset="1" stop-color="${glow}" stop-opacity="0"/>
    </radialGradient>
    <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${r1(w / 120)}"/></filter>
    <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${r1(w / 40)}"/></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <rect width="${w}" height="${h}" fill="url(#glow)"/>`;
}

function wheel(cx: number, cy: number, rad: number, spokes: number, id: string) {
  const rim = rad * 0.66;
  const parts: string[] = [
    `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rad)}" fill="#03060b"/>`,
    `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rim)}" fill="url(#${id})"/>`,
  ];
  for (let i = 0; i < spokes; i++) {
    const a = (i / spokes) * Math.PI * 2;
    const x = cx + Math.cos(a) * rim * 0.92;
    const y = cy + Math.sin(a) * rim * 0.92;
    parts.push(
      `<line x1="${r1(cx)}" y1="${r1(cy)}" x2="${r1(x)}" y2="${r1(y)}" stroke="#cbd5e1" stroke-opacity="0.85" stroke-width="${r1(rad * 0.09)}" stroke-linecap="round"/>`,
    );
  }
  parts.push(
    `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rim * 0.2)}" fill="#0f172a" stroke="#e2e8f0" stroke-width="${r1(rad * 0.03)}"/>`,
  );
  return parts.join('');
}

/** A side-view car silhouette in a 1000 x 360 box, placed at (x, y) with the given scale. */
function car(r: Rng, x: number, y: number, scale: number, id = 'c') {
  const [light, mid, dark] = r.pick(paints);
  const roof = r.range(70, 105);
  const tail = r.range(175, 215);
  const nose = r.range(175, 200);
  const spokes = r.pick([5, 6, 7, 10]);
  const body = `M40 290 L38 ${r1(tail + 40)} Q44 ${r1(tail)} 96 ${r1(tail - 8)} L245 ${r1(tail - 20)} Q330 ${r1(roof + 10)} 430 ${r1(roof)} L590 ${r1(roof - 2)} Q690 ${r1(roof + 6)} 765 ${r1(nose - 22)} L905 ${r1(nose)} Q962 ${r1(nose + 10)} 966 250 L968 290 Q970 305 950 305 L60 305 Q40 305 40 290 Z`;
  const glass = `M290 ${r1(tail - 26)} Q350 ${r1(roof + 24)} 432 ${r1(roof + 14)} L588 ${r1(roof + 12)} Q665 ${r1(roof + 18)} 722 ${r1(nose - 26)} Z`;
  const shine = `M90 ${r1(tail + 4)} Q480 ${r1(tail - 30)} 930 ${r1(nose + 18)}`;
  return `
  <defs>
    <linearGradient id="${id}body" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${light}"/>
      <stop offset="0.35" stop-color="${mid}"/>
      <stop offset="1" stop-color="${dark}"/>
    </linearGradient>
    <linearGradient id="${id}glass" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1e3a5f"/>
      <stop offset="0.5" stop-color="#0b1220"/>
      <stop offset="1" stop-color="#334155"/>
    </linearGradient>
    <linearGradient id="${id}shine" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#fff" stop-opacity="0"/>
      <stop offset="0.5" stop-color="#fff" stop-opacity="0.9"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </linearGradient>
    <radialGradient id="${id}rim" cx="0.4" cy="0.35" r="0.8">
      <stop offset="0" stop-color="#f8fafc"/>
      <stop offset="0.6" stop-color="#64748b"/>
      <stop offset="1" stop-color="#1e293b"/>
    </radialGradient>
  </defs>
  <g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(scale * 1000) / 1000})">
    <ellipse cx="503" cy="318" rx="520" ry="26" fill="#000" opacity="0.55" filter="url(#soft)"/>
    <path d="${body}" fill="url(#${id}body)"/>
    <path d="${glass}" fill="url(#${id}glass)" stroke="#94a3b8" stroke-opacity="0.35" stroke-width="3"/>
    <line x1="505" y1="${r1(roof + 12)}" x2="505" y2="${r1(tail - 24)}" stroke="${dark}" stroke-width="10"/>
    <path d="${shine}" fill="none" stroke="url(#${id}shine)" stroke-width="6" stroke-linecap="round"/>
    <path d="M960 232 L930 226" stroke="#e0f2fe" stroke-width="10" stroke-linecap="round"/>
    <path d="M44 ${r1(tail + 36)} L66 ${r1(tail + 32)}" stroke="#ef4444" stroke-width="10" stroke-linecap="round"/>
    ${wheel(225, 300, 72, spokes, `${id}rim`)}
    ${wheel(790, 300, 72, spokes, `${id}rim`)}
  </g>`;
}

function floorReflection(w: number, h: number, y: number) {
  return `<rect x="0" y="${r1(y)}" width="${w}" height="${r1(h - y)}" fill="#020617" opacity="0.55"/>
  <line x1="0" y1="${r1(y)}" x2="${w}" y2="${r1(y)}" stroke="#38bdf8" stroke-opacity="0.25" stroke-width="2"/>`;
}

function sparkles(w: number, h: number, r: Rng, n: number) {
  let out = '';
  for (let i = 0; i < n; i++) {
    const x = r1(r.range(0, w));
    const y = r1(r.range(0, h));
    const s = r1(r.range(4, 14));
    out += `<path d="M${x} ${r1(y - s)} L${r1(x + s * 0.22)} ${y} L${x} ${r1(y + s)} L${r1(x - s * 0.22)} ${y} Z M${r1(x - s)} ${y} L${x} ${r1(y - s * 0.22)} L${r1(x + s)} ${y} L${x} ${r1(y + s * 0.22)} Z" fill="#e0f2fe" opacity="${r1(r.range(0.3, 0.9))}"/>`;
  }
  return out;
}

function motifCar(w: number, h: number, r: Rng) {
  const scale = (w * r.range(0.72, 0.86)) / 1000;
  const x = (w - 1000 * scale) / 2 + r.range(-0.04, 0.04) * w;
  const y = h * 0.72 - 305 * scale;
  return (
    floorReflection(w, h, h * 0.72 + 12 * scale) + car(r, x, y, scale) + sparkles(w, h * 0.6, r, 6)
  );
}

function motifRim(w: number, h: number, r: Rng) {
  const cx = w * r.range(0.4, 0.6);
  const cy = h * r.range(0.45, 0.55);
  const R = Math.min(w, h) * r.range(0.42, 0.5);
  const spokes = r.pick([5, 6, 7, 9, 10]);
  const rim = R * 0.72;
  let spokesSvg = '';
  for (let i = 0; i < spokes; i++) {
    const a = (i / spokes) * Math.PI * 2 + r.range(0, 0.2);
    const da = r.range(0.09, 0.16);
    const p = (ang: number, rad: number) =>
      `${r1(cx + Math.cos(ang) * rad)} ${r1(cy + Math.sin(ang) * rad)}`;
    spokesSvg += `<path d="M${p(a - da * 1.6, rim * 0.24)} L${p(a - da, rim * 0.95)} L${p(a + da, rim * 0.95)} L${p(a + da * 1.6, rim * 0.24)} Z" fill="url(#spoke)" stroke="#0f172a" stroke-width="3"/>`;
  }
  let nuts = '';
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2 + Math.PI / 10;
    nuts += `<circle cx="${r1(cx + Math.cos(a) * rim * 0.15)}" cy="${r1(cy + Math.sin(a) * rim * 0.15)}" r="${r1(rim * 0.025)}" fill="#e2e8f0"/>`;
  }
  return `
  <defs>
    <radialGradient id="rimface" cx="0.35" cy="0.3" r="0.9">
      <stop offset="0" stop-color="#f1f5f9"/><stop offset="0.55" stop-color="#64748b"/><stop offset="1" stop-color="#0f172a"/>
    </radialGradient>
    <linearGradient id="spoke" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f8fafc"/><stop offset="0.5" stop-color="#94a3b8"/><stop offset="1" stop-color="#334155"/>
    </linearGradient>
    <radialGradient id="disc" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#1e293b"/><stop offset="0.8" stop-color="#475569"/><stop offset="1" stop-color="#0f172a"/>
    </radialGradient>
  </defs>
  <circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(R * 1.02)}" fill="#000" opacity="0.6" filter="url(#soft)"/>
  <circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(R)}" fill="#05080e"/>
  <circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(R * 0.9)}" fill="none" stroke="#111827" stroke-width="${r1(R * 0.05)}" stroke-dasharray="8 14"/>
  <circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rim)}" fill="url(#rimface)"/>
  <circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rim * 0.9)}" fill="url(#disc)"/>
  <circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rim * 0.55)}" fill="none" stroke="#0e7490" stroke-opacity="0.6" stroke-width="${r1(rim * 0.12)}" stroke-dasharray="4 10"/>
  ${spokesSvg}
  <circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rim * 0.24)}" fill="url(#rimface)" stroke="#0f172a" stroke-width="4"/>
  ${nuts}
  <circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rim * 0.07)}" fill="#22d3ee"/>
  <path d="M${r1(cx - rim * 0.85)} ${r1(cy - rim * 0.3)} A${r1(rim * 0.9)} ${r1(rim * 0.9)} 0 0 1 ${r1(cx + rim * 0.2)} ${r1(cy - rim * 0.88)}" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="${r1(rim * 0.03)}" stroke-linecap="round"/>
  ${sparkles(w, h, r, 5)}`;
}

function paintPanel(w: number, h: number, r: Rng) {
  const [light, mid, dark] = r.pick(paints);
  const bend = r.range(0.25, 0.45) * h;
  return `
  <defs>
    <linearGradient id="paint" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="${light}"/><stop offset="0.3" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/>
    </linearGradient>
    <linearGradient id="band" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <path d="M0 ${r1(h * 0.18)} Q${r1(w * 0.5)} ${r1(h * 0.18 - bend * 0.4)} ${w} ${r1(h * 0.12)} L${w} ${h} L0 ${h} Z" fill="url(#paint)"/>
  <path d="M0 ${r1(h * 0.34)} Q${r1(w * 0.5)} ${r1(h * 0.34 - bend * 0.35)} ${w} ${r1(h * 0.27)}" fill="none" stroke="url(#band)" stroke-width="${r1(h * 0.05)}"/>
  <path d="M0 ${r1(h * 0.62)} Q${r1(w * 0.5)} ${r1(h * 0.62 - bend * 0.25)} ${w} ${r1(h * 0.58)}" fill="none" stroke="url(#band)" stroke-width="${r1(h * 0.015)}"/>`;
}

function motifDroplets(w: number, h: number, r: Rng) {
  let drops = '';
  const n = r.int(70, 120);
  for (let i = 0; i < n; i++) {
    const x = r.range(0, w);
    const y = r.range(h * 0.2, h);
    const rad = r.range(5, 16) * (0.5 + y / h) * (w / 1600);
    const ry = rad * r.range(0.8, 1);
    drops += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(rad)}" ry="${r1(ry)}" fill="url(#drop)"/><ellipse cx="${r1(x - rad * 0.3)}" cy="${r1(y - ry * 0.38)}" rx="${r1(rad * 0.32)}" ry="${r1(ry * 0.2)}" fill="#fff" opacity="0.85"/>`;
  }
  return `
  <defs>
    <radialGradient id="drop" cx="0.5" cy="0.6" r="0.55">
      <stop offset="0" stop-color="#0c4a6e" stop-opacity="0.25"/><stop offset="0.75" stop-color="#bae6fd" stop-opacity="0.35"/><stop offset="1" stop-color="#f0f9ff" stop-opacity="0.9"/>
    </radialGradient>
  </defs>
  ${paintPanel(w, h, r)}${drops}${sparkles(w, h * 0.3, r, 4)}`;
}

function motifPolish(w: number, h: number, r: Rng) {
  const split = w * r.range(0.45, 0.6);
  let swirls = '';
  for (let i = 0; i < 60; i++) {
    const cx = r.range(0, split);
    const cy = r.range(h * 0.3, h);
    const rad = r.range(20, 160) * (w / 1600);
    const a0 = r.range(0, Math.PI * 2);
    const a1 = a0 + r.range(0.3, 1.2);
    swirls += `<path d="M${r1(cx + Math.cos(a0) * rad)} ${r1(cy + Math.sin(a0) * rad)} A${r1(rad)} ${r1(rad)} 0 0 1 ${r1(cx + Math.cos(a1) * rad)} ${r1(cy + Math.sin(a1) * rad)}" fill="none" stroke="#e2e8f0" stroke-opacity="${r1(r.range(0.15, 0.4) * 100) / 100}" stroke-width="1.5"/>`;
  }
  const px = split + r.range(0.08, 0.2) * w;
  const py = h * r.range(0.55, 0.7);
  const pr = Math.min(w, h) * 0.18;
  return `${paintPanel(w, h, r)}
  <clipPath id="left"><rect width="${r1(split)}" height="${h}"/></clipPath>
  <g clip-path="url(#left)"><rect width="${r1(split)}" height="${h}" fill="#0f172a" opacity="0.25"/>${swirls}</g>
  <line x1="${r1(split)}" y1="0" x2="${r1(split)}" y2="${h}" stroke="#22d3ee" stroke-width="4" stroke-dasharray="18 12" opacity="0.8"/>
  <ellipse cx="${r1(px)}" cy="${r1(py + pr * 0.2)}" rx="${r1(pr * 1.05)}" ry="${r1(pr * 0.45)}" fill="#000" opacity="0.5" filter="url(#soft)"/>
  <ellipse cx="${r1(px)}" cy="${r1(py)}" rx="${r1(pr)}" ry="${r1(pr * 0.4)}" fill="#0f172a"/>
  <ellipse cx="${r1(px)}" cy="${r1(py - pr * 0.06)}" rx="${r1(pr * 0.92)}" ry="${r1(pr * 0.34)}" fill="#f97316"/>
  <ellipse cx="${r1(px)}" cy="${r1(py - pr * 0.1)}" rx="${r1(pr * 0.6)}" ry="${r1(pr * 0.2)}" fill="#fdba74" opacity="0.6"/>
  <rect x="${r1(px - pr * 0.22)}" y="${r1(py - pr * 1.1)}" width="${r1(pr * 0.44)}" height="${r1(pr)}" rx="${r1(pr * 0.1)}" fill="#1e293b"/>
  <rect x="${r1(px - pr * 0.9)}" y="${r1(py - pr * 1.35)}" width="${r1(pr * 1.8)}" height="${r1(pr * 0.32)}" rx="${r1(pr * 0.16)}" fill="#334155"/>
  ${sparkles(w, h * 0.5, r, 6)}`;
}

function motifFoam(w: number, h: number, r: Rng) {
  const base = motifCar(w, h, r);
  let bubbles = '';
  const n = r.int(90, 150);
  for (let i = 0; i < n; i++) {
    const x = r.range(w * 0.08, w * 0.92);
    const y = h * 0.72 - Math.abs(r.range(-1, 1) * r.range(0, 1)) * h * 0.5;
    const rad = r.range(6, 34) * (w / 1600);
    bubbles += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(rad)}" fill="#f0f9ff" fill-opacity="${r1(r.range(0.2, 0.75) * 100) / 100}" stroke="#fff" stroke-opacity="0.7" stroke-width="1.5"/>`;
  }
  return base + bubbles;
}

function motifPrep(w: number, h: number, r: Rng) {
  let tape = '';
  const n = r.int(2, 4);
  for (let i = 0; i < n; i++) {
    const y = h * r.range(0.3, 0.9);
    const tilt = r.range(-0.06, 0.06) * h;
    tape += `<path d="M0 ${r1(y)} L${w} ${r1(y + tilt)}" stroke="#fde68a" stroke-width="${r1(h * 0.035)}" opacity="0.9"/>`;
  }
  return `${paintPanel(w, h, r)}${tape}
  <rect x="${r1(w * 0.62)}" y="${r1(h * 0.35)}" width="${r1(w * 0.22)}" height="${r1(h * 0.4)}" rx="${r1(w * 0.02)}" fill="#e0f2fe" opacity="0.9" transform="rotate(${r1(r.range(-14, 14))} ${r1(w * 0.73)} ${r1(h * 0.55)})"/>
  ${sparkles(w, h * 0.4, r, 4)}`;
}

function motifWorkshop(w: number, h: number, r: Rng) {
  const horizon = h * 0.58;
  let floor = '';
  for (let i = -8; i <= 8; i++) {
    floor += `<line x1="${r1(w / 2 + i * w * 0.04)}" y1="${r1(horizon)}" x2="${r1(w / 2 + i * w * 0.22)}" y2="${h}" stroke="#38bdf8" stroke-opacity="0.12" stroke-width="2"/>`;
  }
  let lights = '';
  for (let i = 0; i < 4; i++) {
    const x = w * (0.15 + i * 0.2);
    lights += `<rect x="${r1(x)}" y="${r1(h * 0.08)}" width="${r1(w * 0.12)}" height="${r1(h * 0.018)}" rx="6" fill="#e0f2fe"/><rect x="${r1(x - w * 0.02)}" y="${r1(h * 0.06)}" width="${r1(w * 0.16)}" height="${r1(h * 0.06)}" fill="#7dd3fc" opacity="0.35" filter="url(#soft)"/>`;
  }
  let door = '';
  for (let i = 0; i < 10; i++) {
    door += `<line x1="${r1(w * 0.3)}" y1="${r1(h * 0.2 + i * h * 0.038)}" x2="${r1(w * 0.7)}" y2="${r1(h * 0.2 + i * h * 0.038)}" stroke="#334155" stroke-width="3"/>`;
  }
  const scale = (w * 0.62) / 1000;
  return `<rect x="0" y="${r1(horizon)}" width="${w}" height="${r1(h - horizon)}" fill="#020617" opacity="0.6"/>${floor}
  <rect x="${r1(w * 0.3)}" y="${r1(h * 0.18)}" width="${r1(w * 0.4)}" height="${r1(horizon - h * 0.18)}" fill="#0f1b2e"/>${door}${lights}
  ${car(r, (w - 1000 * scale) / 2, h * 0.8 - 305 * scale, scale)}`;
}

function motifMap(w: number, h: number, r: Rng) {
  let streets = '';
  for (let i = 0; i < 14; i++) {
    const horizontal = i % 2 === 0;
    const pos = r.range(0, horizontal ? h : w);
    const tilt = r.range(-0.15, 0.15) * (horizontal ? h : w);
    const width = r.pick([4, 6, 10, 16]);
    streets += horizontal
      ? `<path d="M0 ${r1(pos)} Q${r1(w / 2)} ${r1(pos + tilt)} ${w} ${r1(pos - tilt * 0.5)}" stroke="#1e3a5f" stroke-width="${width}" fill="none"/>`
      : `<path d="M${r1(pos)} 0 Q${r1(pos + tilt)} ${r1(h / 2)} ${r1(pos - tilt * 0.5)} ${h}" stroke="#1e3a5f" stroke-width="${width}" fill="none"/>`;
  }
  const cx = w / 2;
  const cy = h / 2;
  const s = h * 0.09;
  return `<rect width="${w}" height="${h}" fill="#07142a" opacity="0.75"/>
  <path d="M0 ${r1(h * 0.82)} C${r1(w * 0.3)} ${r1(h * 0.7)} ${r1(w * 0.6)} ${r1(h * 0.95)} ${w} ${r1(h * 0.78)} L${w} ${h} L0 ${h} Z" fill="#0c2e4e"/>
  <ellipse cx="${r1(w * 0.2)}" cy="${r1(h * 0.25)}" rx="${r1(w * 0.12)}" ry="${r1(h * 0.1)}" fill="#0d2b26"/>
  ${streets}
  <path d="M0 ${r1(cy + 40)} L${w} ${r1(cy - 30)}" stroke="#0e7490" stroke-width="18" opacity="0.7"/>
  <circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(s * 2.2)}" fill="#22d3ee" opacity="0.18"/>
  <path d="M${r1(cx)} ${r1(cy)} C${r1(cx - s * 0.9)} ${r1(cy - s * 1.2)} ${r1(cx - s * 0.9)} ${r1(cy - s * 2.2)} ${r1(cx)} ${r1(cy - s * 2.2)} C${r1(cx + s * 0.9)} ${r1(cy - s * 2.2)} ${r1(cx + s * 0.9)} ${r1(cy - s * 1.2)} ${r1(cx)} ${r1(cy)} Z" fill="#22d3ee" stroke="#ecfeff" stroke-width="4"/>
  <circle cx="${r1(cx)}" cy="${r1(cy - s * 1.5)}" r="${r1(s * 0.32)}" fill="#083344"/>`;
}

function motifFire(w: number, h: number, r: Rng) {
  let soot = '';
  for (let i = 0; i < 14; i++) {
    soot += `<ellipse cx="${r1(r.range(0, w * 0.55))}" cy="${r1(r.range(h * 0.3, h))}" rx="${r1(r.range(40, 160) * (w / 1600))}" ry="${r1(r.range(20, 80) * (w / 1600))}" fill="#0a0a0a" opacity="${r1(r.range(0.3, 0.7) * 100) / 100}" filter="url(#blur)"/>`;
  }
  return `${paintPanel(w, h, r)}
  <rect width="${r1(w * 0.55)}" height="${h}" fill="#7c2d12" opacity="0.35"/>${soot}
  <line x1="${r1(w * 0.55)}" y1="0" x2="${r1(w * 0.55)}" y2="${h}" stroke="#22d3ee" stroke-width="4" stroke-dasharray="18 12" opacity="0.8"/>
  ${sparkles(w, h * 0.5, r, 5)}`;
}

function motifInterior(w: number, h: number, r: Rng) {
  const cx = w * r.range(0.4, 0.6);
  const cy = h * 0.5;
  const R = h * 0.34;
  return `<rect x="0" y="${r1(h * 0.62)}" width="${w}" height="${r1(h * 0.38)}" fill="#0b1220"/>
  <path d="M0 ${r1(h * 0.62)} Q${r1(w / 2)} ${r1(h * 0.52)} ${w} ${r1(h * 0.62)}" stroke="#22d3ee" stroke-opacity="0.5" stroke-width="4" fill="none"/>
  <circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(R)}" fill="none" stroke="#1e293b" stroke-width="${r1(R * 0.16)}"/>
  <circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(R)}" fill="none" stroke="#475569" stroke-width="${r1(R * 0.03)}" stroke-dasharray="${r1(R * 0.5)} ${r1(R * 0.3)}"/>
  <path d="M${r1(cx - R)} ${r1(cy)} L${r1(cx + R)} ${r1(cy)} M${r1(cx)} ${r1(cy)} L${r1(cx)} ${r1(cy + R)}" stroke="#1e293b" stroke-width="${r1(R * 0.14)}"/>
  <circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(R * 0.26)}" fill="#0f172a" stroke="#94a3b8" stroke-width="4"/>
  <path d="M${r1(cx - R * 0.85)} ${r1(cy - R * 0.5)} A${r1(R)} ${r1(R)} 0 0 1 ${r1(cx)} ${r1(cy - R)}" stroke="#fff" stroke-opacity="0.5" stroke-width="6" fill="none" stroke-linecap="round"/>
  ${sparkles(w, h, r, 6)}`;
}

const motifs: Record<Motif, (w: number, h: number, r: Rng) => string> = {
  car: motifCar,
  rim: motifRim,
  droplets: motifDroplets,
  polish: motifPolish,
  foam: motifFoam,
  prep: motifPrep,
  workshop: motifWorkshop,
  map: motifMap,
  fire: motifFire,
  interior: motifInterior,
};

export function artworkSvg({ motif, width, height, seed }: ArtworkSpec) {
  const r = rng(seed);
  const body = motifs[motif](width, height, r);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${background(width, height, r, motif === 'fire')}${body}</svg>`;
}
