import type { SizePrice } from '~/lib/job';
import type { JobCatalogue } from '~/lib/job-catalogue';
import type { OpeningDay, SiteData, SiteFacts } from '~/lib/site-data';

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

/** A package's size prices for the seed's two bigger sizes: [price, extra minutes] each. */
const bigCarAndVan = (big: [number, number], van: [number, number]): SizePrice[] => [
  { carSize: 'stor-bil', price: big[0], extraMinutes: big[1] },
  { carSize: 'varebil', price: van[0], extraMinutes: van[1] },
];

/**
 * The job catalogue the seeded database gives, as /contact's and /services' loaders return it.
 * supabase/tests/site-data.test.ts fails when this fixture and the seed disagree.
 */
export const seededJobCatalogue: JobCatalogue = {
  carSizes: [
    {
      code: 'almindelig',
      name: 'Almindelig personbil',
      description: 'Mini-, små og mellemstore biler: hatchback og sedan.',
      isStandard: true,
    },
    {
      code: 'stor-bil',
      name: 'Stor bil (SUV, stationcar, 7-personers)',
      description: 'SUV, stationcar, MPV og store sedaner.',
      isStandard: false,
    },
    { code: 'varebil', name: 'Varebil', description: 'Varebiler og pickupper.', isStandard: false },
  ],
  addons: [
    {
      id: 'ad0d0001-0000-4000-8000-000000000001',
      name: 'Motorvask',
      description: 'Skånsom rens af motorrummet, plast og gummi plejet bagefter.',
      price: 299,
      minutes: 30,
      serviceIds: [1, 2, 3, 4, 5, 6].map((n) => `5a1f0001-0000-4000-8000-00000000000${n}`),
    },
    {
      id: 'ad0d0001-0000-4000-8000-000000000002',
      name: 'Lædercreme',
      description: 'Rens og creme af lædersæder, så læderet holdes blødt.',
      price: 349,
      minutes: 45,
      serviceIds: [2, 3, 5, 6].map((n) => `5a1f0001-0000-4000-8000-00000000000${n}`),
    },
    {
      id: 'ad0d0001-0000-4000-8000-000000000003',
      name: 'Hundehårsfjernelse',
      description: 'Grundig fjernelse af hundehår fra sæder, måtter og bagagerum.',
      price: 249,
      minutes: 30,
      serviceIds: [1, 2, 3].map((n) => `5a1f0001-0000-4000-8000-00000000000${n}`),
    },
    {
      id: 'ad0d0001-0000-4000-8000-000000000004',
      name: 'Ozonbehandling',
      description: 'Fjerner lugt af røg, dyr og fugt fra kabinen.',
      price: 399,
      minutes: 60,
      serviceIds: [1, 2, 3, 4, 5, 6].map((n) => `5a1f0001-0000-4000-8000-00000000000${n}`),
    },
  ],
  sizePrices: {
    '5a1f0001-0000-4000-8000-000000000001': bigCarAndVan([249, 15], [299, 30]),
    '5a1f0001-0000-4000-8000-000000000002': bigCarAndVan([499, 30], [599, 60]),
    '5a1f0001-0000-4000-8000-000000000003': bigCarAndVan([999, 45], [1199, 90]),
    '5a1f0001-0000-4000-8000-000000000004': bigCarAndVan([2200, 120], [2600, 180]),
    '5a1f0001-0000-4000-8000-000000000005': bigCarAndVan([2900, 180], [3400, 240]),
    '5a1f0001-0000-4000-8000-000000000006': bigCarAndVan([4300, 240], [5000, 300]),
  },
};

/** Both, as the build reads them (site-data.server.ts fetchSiteData). */
export const seededSiteFacts: SiteFacts = { ...seededSiteData, ...seededJobCatalogue };
