import type { OpeningDay, SiteData } from '~/lib/site-data';

/** A week of opening hours from seven entries, Monday first: [opens, closes], or null when closed. */
export function openingWeek(
  ...days: Array<readonly [opensAt: string, closesAt: string] | null>
): OpeningDay[] {
  if (days.length !== 7) throw new Error(`openingWeek: 7 days, got ${days.length}`);
  return days.map((hours, i) => ({
    weekday: i + 1,
    opensAt: hours?.[0] ?? null,
    closesAt: hours?.[1] ?? null,
  }));
}

const weekday = ['09:00', '20:00'] as const;

/**
 * The site data the seeded database gives (supabase/seed.sql), as the layout loader returns it.
 * supabase/tests/site-data.test.ts fails when this fixture and the seed disagree.
 */
export const seededSiteData: SiteData = {
  services: [
    {
      id: '5a1f0001-0000-4000-8000-000000000001',
      slug: 'vask-soelv',
      name: 'Sølvpakken',
      category: 'vask',
      price: 199,
      durationMinutes: 30,
      workingDays: null,
    },
    {
      id: '5a1f0001-0000-4000-8000-000000000002',
      slug: 'vask-guld',
      name: 'Guldpakken',
      category: 'vask',
      price: 399,
      durationMinutes: 120,
      workingDays: null,
    },
    {
      id: '5a1f0001-0000-4000-8000-000000000003',
      slug: 'vask-premium',
      name: 'Premiumpakken',
      category: 'vask',
      price: 799,
      durationMinutes: 180,
      workingDays: null,
    },
    {
      id: '5a1f0001-0000-4000-8000-000000000004',
      slug: 'polering-soelv',
      name: 'Sølvpakken polering',
      category: 'polering',
      price: 1800,
      durationMinutes: 480,
      workingDays: null,
    },
    {
      id: '5a1f0001-0000-4000-8000-000000000005',
      slug: 'polering-guld',
      name: 'Guldpakken polering',
      category: 'polering',
      price: 2400,
      durationMinutes: 840,
      workingDays: 2,
    },
    {
      id: '5a1f0001-0000-4000-8000-000000000006',
      slug: 'polering-premium',
      name: 'Premiumpakken polering',
      category: 'polering',
      price: 3600,
      durationMinutes: 1080,
      workingDays: 2,
    },
  ],
  openingHours: openingWeek(
    weekday,
    weekday,
    weekday,
    weekday,
    ['08:00', '17:00'],
    ['10:00', '16:00'],
    null,
  ),
  cancellationNoticeHours: 24,
  maxMovesPerBooking: 3,
  bookingWindowDays: { min: 1, max: 60 },
};
