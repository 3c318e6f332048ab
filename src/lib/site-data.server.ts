/**
 * Reads the site data (site-data.ts: packages, opening hours, the booking rules the pages state) from Supabase's REST API with the public key, as the anon
 * role: exactly what the booking form sees. Runs in the site layout's loader, i.e. at build time
 * while the pages are prerendered and on every request of the dev server. There is no fallback: a
 * build that cannot read the data fails.
 *
 * Where from: SITE_DATA_URL / SITE_DATA_KEY when set (scripts/build.ts sets them when it started an
 * embedded stack for the build), else the Supabase the site books against (VITE_SUPABASE_URL and
 * its key, or the local stack; src/lib/supabase.ts).
 */
import { keyHeaders, supabaseConfig } from './supabase-config';
import type { Addon, CarSize, SizePrice } from './job';
import type { OpeningDay, PackageCategory, SiteFacts, SiteService } from './site-data';
import { approxWorkingDays } from './working-days';

export class SiteDataError extends Error {
  name = 'SiteDataError';
}

export function siteDataSource(
  env: Record<string, string | undefined> = process.env,
  viteEnv: Record<string, string | boolean | undefined> = import.meta.env,
): { url: string; key: string } {
  const config = supabaseConfig(viteEnv);
  return {
    url: (env.SITE_DATA_URL || config.url).replace(/\/+$/, ''),
    key: env.SITE_DATA_KEY || config.key,
  };
}

const CATEGORIES: readonly PackageCategory[] = ['vask', 'polering', 'special'];

/** The public settings the pages state (the terms page, the FAQ): the booking engine's own rows. */
const SETTING_KEYS = [
  'cancellation_notice_hours',
  'max_moves_per_booking',
  'min_advance_booking_days',
  'max_advance_booking_days',
] as const;

function fail(url: string, reason: string): never {
  throw new SiteDataError(
    `cannot read the packages and opening hours from ${url} (${reason}); the build never falls back to old numbers`,
  );
}

async function getJson(base: string, key: string, path: string): Promise<unknown> {
  const headers = { ...keyHeaders(key), Accept: 'application/json' };
  let response: Response;
  try {
    response = await fetch(`${base}/rest/v1/${path}`, {
      headers,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    fail(base, cause?.code ?? cause?.message ?? (error as Error).message);
  }
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    fail(
      base,
      `GET /rest/v1/${path.split('?')[0]} answered ${response.status} ${body.slice(0, 120)}`,
    );
  }
  return response.json().catch(() => fail(base, `GET /rest/v1/${path} is not JSON`));
}

const time = (value: unknown): string | null =>
  typeof value === 'string' && /^\d{2}:\d{2}/.test(value) ? value.slice(0, 5) : null;

/** A whole number as the API answers services' numeric columns (a JSON number). */
function wholeNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** Checks the rows' shape (a renamed column must fail the build, not print "undefined kr."). */
/**
 * The car sizes and add-ons (public.car_sizes, public.addons, and public.addon_services: the
 * packages each add-on fits), each table read flat.
 */
export function parseJobOptions(
  url: string,
  sizes: unknown,
  addons: unknown,
  addonServices: unknown,
): { carSizes: CarSize[]; addons: Addon[] } {
  if (!Array.isArray(sizes)) fail(url, 'car_sizes is not a list');
  if (!Array.isArray(addons)) fail(url, 'addons is not a list');
  if (!Array.isArray(addonServices)) fail(url, 'addon_services is not a list');
  const carSizes = (sizes as Record<string, unknown>[]).map((row): CarSize => {
    const { code, name, description, is_standard } = row;
    if (
      typeof code !== 'string' ||
      typeof name !== 'string' ||
      typeof description !== 'string' ||
      typeof is_standard !== 'boolean'
    ) {
      fail(url, `unexpected car_sizes row ${JSON.stringify(row).slice(0, 120)}`);
    }
    return { code, name, description, isStandard: is_standard };
  });
  if (carSizes.filter((size) => size.isStandard).length !== 1) {
    fail(url, 'car_sizes has no active standard size (almindelig personbil)');
  }
  const fits = addonServices as Record<string, unknown>[];
  const parsedAddons = (addons as Record<string, unknown>[]).map((row): Addon => {
    const { id, name, description } = row;
    const price = wholeNumber(row.price);
    const minutes = wholeNumber(row.duration_minutes);
    if (
      typeof id !== 'string' ||
      typeof name !== 'string' ||
      typeof description !== 'string' ||
      price === undefined ||
      minutes === undefined
    ) {
      fail(url, `unexpected addons row ${JSON.stringify(row).slice(0, 120)}`);
    }
    return {
      id,
      name,
      description,
      price,
      minutes,
      serviceIds: fits
        .filter((f) => f.addon_id === id && typeof f.service_id === 'string')
        .map((f) => f.service_id as string),
    };
  });
  return { carSizes, addons: parsedAddons };
}

/** A package's rows of service_size_prices, in the sizes' order (sizes not active are left out). */
function sizePricesOf(
  url: string,
  serviceId: string,
  rows: readonly Record<string, unknown>[],
  sizes: readonly CarSize[],
): SizePrice[] {
  const parsed = rows
    .filter((row) => row.service_id === serviceId)
    .map((row): SizePrice => {
      const price = wholeNumber(row.price);
      const extra = wholeNumber(row.extra_minutes);
      if (typeof row.car_size !== 'string' || price === undefined || extra === undefined) {
        fail(url, `unexpected service_size_prices row ${JSON.stringify(row).slice(0, 120)}`);
      }
      return { carSize: row.car_size, price, extraMinutes: extra };
    });
  return sizes.flatMap((size) => parsed.filter((p) => p.carSize === size.code));
}

/** The job tables as the build reads them (flat: the local gateway embeds no resources). */
export interface JobTables {
  sizes: unknown;
  sizePrices: unknown;
  addons: unknown;
  addonServices: unknown;
}

/** Without the job tables: the standard size alone, no add-ons. */
const NO_JOB_TABLES: JobTables = {
  sizes: [{ code: 'almindelig', name: 'Almindelig personbil', description: '', is_standard: true }],
  sizePrices: [],
  addons: [],
  addonServices: [],
};

export function parseSiteData(
  url: string,
  services: unknown,
  hours: unknown,
  settings: unknown = [],
  job: JobTables = NO_JOB_TABLES,
): SiteFacts {
  const options = parseJobOptions(url, job.sizes, job.addons, job.addonServices);
  if (!Array.isArray(job.sizePrices)) fail(url, 'service_size_prices is not a list');
  const sizePriceRows = job.sizePrices as Record<string, unknown>[];
  if (!Array.isArray(services)) fail(url, 'services is not a list');
  if (!Array.isArray(hours)) fail(url, 'opening_hours is not a list');
  const ordered = (services as Record<string, unknown>[]).map((row) => ({
    row,
    order: wholeNumber(row.sort_order) ?? 0,
  }));
  // the owner's order (sort_order), rows of equal order as they came (by name)
  ordered.sort((a, b) => a.order - b.order);
  const sizePrices: Record<string, SizePrice[]> = {};
  const parsedServices = ordered.map(({ row }): SiteService => {
    const { id, slug, name, category } = row;
    const price = wholeNumber(row.price);
    const duration = wholeNumber(row.duration_minutes);
    if (
      typeof id !== 'string' ||
      typeof slug !== 'string' ||
      typeof name !== 'string' ||
      !CATEGORIES.includes(category as PackageCategory) ||
      price === undefined ||
      duration === undefined
    ) {
      fail(url, `unexpected services row ${JSON.stringify(row).slice(0, 120)}`);
    }
    sizePrices[id] = sizePricesOf(url, id, sizePriceRows, options.carSizes);
    return {
      id,
      slug,
      name,
      category: category as PackageCategory,
      price,
      durationMinutes: duration,
      workingDays: null,
    };
  });
  const openingHours = [1, 2, 3, 4, 5, 6, 7].map((weekday): OpeningDay => {
    const row = (hours as Record<string, unknown>[]).find((r) => r.weekday === weekday);
    const opensAt = time(row?.opens_at);
    const closesAt = time(row?.closes_at);
    // a missing weekday, like an empty one, is a closed day (as the booking engine treats it)
    return opensAt && closesAt
      ? { weekday, opensAt, closesAt }
      : { weekday, opensAt: null, closesAt: null };
  });
  const rows = Array.isArray(settings) ? (settings as Record<string, unknown>[]) : [];
  // a missing row: the number the booking engine falls back to (booking_setting's default), so
  // the pages state the rule the engine applies; a row that is not a whole number fails the build
  const setting = (key: string, fallback: number | null): number => {
    const row = rows.find((r) => r.key === key);
    const value = Number(typeof row?.value === 'string' ? row.value.trim() : row?.value);
    if (!row && fallback !== null) return fallback;
    if (!row || !Number.isInteger(value) || value < 0) {
      fail(url, `the public setting ${key} is missing or not a whole number`);
    }
    return value;
  };
  return {
    services: parsedServices.map((service) => ({
      ...service,
      workingDays: approxWorkingDays(service.durationMinutes, openingHours),
    })),
    openingHours,
    cancellationNoticeHours: setting('cancellation_notice_hours', null),
    maxMovesPerBooking: setting('max_moves_per_booking', 3),
    bookingWindowDays: {
      min: setting('min_advance_booking_days', 1),
      max: setting('max_advance_booking_days', 60),
    },
    carSizes: options.carSizes,
    sizePrices,
    // an add-on counts only with the packages that are offered
    addons: options.addons.map((addon) => ({
      ...addon,
      serviceIds: addon.serviceIds.filter((id) => parsedServices.some((s) => s.id === id)),
    })),
  };
}

export async function fetchSiteData(source = siteDataSource()): Promise<SiteFacts> {
  const { url, key } = source;
  const [services, hours, settings, sizes, sizePrices, addons, addonServices] = await Promise.all([
    getJson(
      url,
      key,
      'services?select=id,slug,name,category,price,duration_minutes,sort_order&is_active=eq.true&order=name.asc',
    ),
    getJson(url, key, 'opening_hours?select=weekday,opens_at,closes_at&order=weekday.asc'),
    getJson(url, key, `settings?select=key,value&key=in.(${SETTING_KEYS.join(',')})`),
    getJson(
      url,
      key,
      'car_sizes?select=code,name,description,is_standard&order=sort_order.asc,code.asc',
    ),
    getJson(url, key, 'service_size_prices?select=service_id,car_size,price,extra_minutes'),
    getJson(
      url,
      key,
      'addons?select=id,name,description,price,duration_minutes&order=sort_order.asc,name.asc',
    ),
    getJson(url, key, 'addon_services?select=addon_id,service_id'),
  ]);
  return parseSiteData(url, services, hours, settings, {
    sizes,
    sizePrices,
    addons,
    addonServices,
  });
}

let buildSnapshot: Promise<SiteFacts> | undefined;

/**
 * Everything the build reads. A build reads once, so every prerendered page shows the same
 * snapshot; the dev server reads on every request, so a changed price shows on the next load.
 */
export function loadSiteFacts(): Promise<SiteFacts> {
  if (import.meta.env.DEV) return fetchSiteData();
  buildSnapshot ??= fetchSiteData();
  return buildSnapshot;
}
