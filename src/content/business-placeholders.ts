/**
 * Which business facts in ./business.ts are still the placeholders this repository shipped with.
 * The build prints one warning line while any is left (scripts/postbuild.ts) and
 * `npm run check:live` lists them. A fact stops being a placeholder as soon as its value changes.
 */
import { business } from './business';
import { videoLinks } from './video-links';

/** The facts that have a placeholder (structural, so a test can pass filled-in ones). */
export interface CheckedFacts {
  name: string;
  legalName: string;
  phone: { e164: string };
  footerPhone: { e164: string };
  email: string;
  cvr: string;
  social: readonly { label: string; href: string }[];
  /** The workshop's own video addresses (./video-links.ts). */
  videos: readonly string[];
}

export interface PlaceholderFact {
  /** Where in src/content/business.ts. */
  field: string;
  /** Danish label for the checklist. */
  label: string;
}

const SHIPPED = {
  name: 'Glanspunkt',
  legalName: 'Glanspunkt v/ Indehaver (enkeltmandsvirksomhed)',
  phone: '+4512345678',
  footerPhone: '+4587654321',
  cvr: '12345678',
};

/** Social links that point at a network's front page instead of the workshop's own page. */
function isBareSocialLink(href: string): boolean {
  try {
    const url = new URL(href);
    return url.pathname === '/' || url.pathname === '';
  } catch {
    return true;
  }
}

/** A link that still holds the word the repository's placeholders carry. */
function isPlaceholderLink(href: string): boolean {
  return /placeholder/i.test(href) || isBareSocialLink(href);
}

const SHIPPED_FACTS: CheckedFacts = { ...business, videos: Object.values(videoLinks) };

/** The placeholder facts left in `facts` (default: the real modules). */
export function placeholderFacts(facts: CheckedFacts = SHIPPED_FACTS): PlaceholderFact[] {
  const found: PlaceholderFact[] = [];
  if (facts.name === SHIPPED.name) found.push({ field: 'name', label: 'navn' });
  if (facts.legalName === SHIPPED.legalName)
    found.push({
      field: 'legalName',
      label: 'juridisk navn (privatlivspolitikkens dataansvarlige)',
    });
  if (facts.phone.e164 === SHIPPED.phone) found.push({ field: 'phone', label: 'telefon' });
  if (facts.footerPhone.e164 === SHIPPED.footerPhone)
    found.push({ field: 'footerPhone', label: 'telefon i sidefoden' });
  if (/\.example$/i.test(facts.email)) found.push({ field: 'email', label: 'e-mail' });
  if (facts.cvr === SHIPPED.cvr) found.push({ field: 'cvr', label: 'CVR-nr.' });
  // Each network by name, so the owner sees which link is left.
  for (const s of facts.social)
    if (isPlaceholderLink(s.href))
      found.push({ field: 'social', label: `${s.label}-link (sidefoden)` });
  if (facts.videos.some(isPlaceholderLink))
    found.push({
      field: 'videos',
      label: 'Facebook-videoer (src/content/video-links.ts)',
    });
  return found;
}

/** The build's one warning line, or null when every fact is filled in. */
export function placeholderWarning(facts: PlaceholderFact[] = placeholderFacts()): string | null {
  if (facts.length === 0) return null;
  return `ADVARSEL: pladsholdere i src/content/business.ts (${facts.map((f) => f.label).join(', ')}) – udfyld dem før go-live / WARNING: placeholder business facts in src/content/business.ts`;
}
