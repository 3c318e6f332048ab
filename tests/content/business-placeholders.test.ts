import { describe, expect, it } from 'vitest';
import { business } from '~/content/business';
import { videos } from '~/content/embeds';
import { videoLinks } from '~/content/video-links';
import {
  placeholderFacts,
  placeholderWarning,
  type CheckedFacts,
} from '~/content/business-placeholders';

const FILLED: CheckedFacts = {
  name: 'Skinnende Biler',
  legalName: 'Skinnende Biler ApS',
  phone: { e164: '+4575501234' },
  footerPhone: { e164: '+4575505678' },
  email: 'kontakt@skinnende-biler.dk',
  cvr: '40123456',
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/skinnendebiler' },
    { label: 'Instagram', href: 'https://www.instagram.com/skinnendebiler/' },
  ],
  videos: [
    'https://www.facebook.com/skinnendebiler/videos/123/',
    'https://www.facebook.com/skinnendebiler/videos/456/',
  ],
};

describe('business facts placeholders', () => {
  it('finds every placeholder the repository ships with', () => {
    expect(placeholderFacts().map((f) => f.field)).toEqual([
      'name',
      'legalName',
      'phone',
      'footerPhone',
      'email',
      'cvr',
      'social',
      'social',
      'videos',
    ]);
  });

  it('names each placeholder link, the Facebook ones included, in the build warning', () => {
    const line = placeholderWarning();
    expect(line).toContain('Facebook-link');
    expect(line).toContain('Instagram-link');
    expect(line).toContain('Facebook-videoer');
  });

  it('checks the video addresses the portfolio page really links to', () => {
    expect(videos.map((v) => v.link.href)).toEqual(Object.values(videoLinks));
  });

  it('the build warning is exactly one line, Danish first', () => {
    const line = placeholderWarning();
    expect(line).not.toBeNull();
    expect(line).not.toContain('\n');
    expect(line).toMatch(/^ADVARSEL: pladsholdere i src\/content\/business\.ts \(navn, /);
    expect(line).toContain('WARNING: placeholder business facts');
  });

  it('says nothing once every fact is filled in', () => {
    expect(placeholderFacts(FILLED)).toEqual([]);
    expect(placeholderWarning(placeholderFacts(FILLED))).toBeNull();
  });

  it('a fact stops being a placeholder as soon as it changes', () => {
    const cases: [keyof CheckedFacts, Partial<CheckedFacts>][] = [
      ['name', { name: business.name }],
      ['phone', { phone: business.phone }],
      ['email', { email: business.email }],
      ['cvr', { cvr: business.cvr }],
      ['social', { social: [{ label: 'Facebook', href: 'https://www.facebook.com/' }] }],
      ['videos', { videos: [...Object.values(videoLinks)] }],
    ];
    for (const [field, shipped] of cases) {
      expect(placeholderFacts({ ...FILLED, ...shipped }).map((f) => f.field)).toEqual([field]);
    }
  });
});
