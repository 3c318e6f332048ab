// Which client-address setting a project needs (CLIENT_IP_HEADER / CLIENT_IP_TRUSTED_HOPS), from what
// reaches its functions. Supabase documents no contract for which header arrives, so the check asks:
// live-check is called twice, once as a browser would (no address headers) and once with a made-up
// value in every address header. A header that still holds the made-up value passes the client's
// text through (anyone can choose their bucket); one the platform overwrote holds the caller's real
// address; in X-Forwarded-For the entries right of the made-up one are the ones the proxies added,
// which gives the number of trusted hops.
import type {
  AddressHeaderReport,
  ClientAddressReport,
} from '../../supabase/functions/_shared/client-address.ts';
import { ADDRESS_HEADERS } from '../../supabase/functions/_shared/client-address.ts';

/**
 * The made-up values, one per header, from the documentation range 198.51.100.0/24 (never a real
 * visitor): told apart, so a value copied from one header into another is recognised too.
 */
export const MADE_UP_ADDRESS_HEADERS: Record<string, string> = Object.fromEntries(
  ADDRESS_HEADERS.map((name, i) => [
    name,
    name === 'forwarded' ? `for=198.51.100.${21 + i}` : `198.51.100.${21 + i}`,
  ]),
);

const MADE_UP = new Set(Object.values(MADE_UP_ADDRESS_HEADERS).map((v) => v.replace(/^for=/, '')));

/** The single-address headers, in the order a recommendation prefers them. */
const SINGLE = ADDRESS_HEADERS.filter((n) => n !== 'x-forwarded-for' && n !== 'forwarded');

export interface ClientAddressFacts {
  /** The answer to a plain request (as a browser's); null: live-check gave none. */
  plain: ClientAddressReport | null;
  /** The answer to the request with MADE_UP_ADDRESS_HEADERS; null: not asked or refused. */
  probe: ClientAddressReport | null;
  probeError?: string;
  /** The project is the embedded local stack (its addresses are loopback ones). */
  local: boolean;
}

export interface Setting {
  header: string;
  hops?: number;
  /** The address it gave for the check's own request. */
  address: string;
}

export interface HeaderOrigin {
  name: string;
  /** platform: set or overwritten by the platform; client: the caller's text passed through;
   *  appended: a list the platform adds to (hops: how many entries it added);
   *  derived: the platform copied a made-up value into it (so the client writes it). */
  origin: 'platform' | 'client' | 'appended' | 'derived' | 'unknown';
  hops?: number;
  header: AddressHeaderReport;
}

const present = (report: ClientAddressReport) => report.headers.filter((h) => h.shape !== 'none');

/** Where each arriving header's value came from, judged by the made-up values (when sent). */
export function headerOrigins(facts: ClientAddressFacts): HeaderOrigin[] {
  const report = facts.probe ?? facts.plain;
  if (!report) return [];
  return present(report).map((header): HeaderOrigin => {
    if (!facts.probe) return { name: header.name, origin: 'unknown', header };
    const sent = (MADE_UP_ADDRESS_HEADERS[header.name] ?? '').replace(/^for=/, '');
    const values = header.entries.map((e) => e.value);
    if (header.name === 'x-forwarded-for' || header.name === 'forwarded') {
      const at = sent ? values.lastIndexOf(sent) : -1;
      if (at >= 0 && at < values.length - 1)
        return { name: header.name, origin: 'appended', hops: values.length - 1 - at, header };
      if (at >= 0) return { name: header.name, origin: 'client', header };
    } else if (sent && values.length === 1 && values[0] === sent) {
      return { name: header.name, origin: 'client', header };
    }
    if (values.some((v) => MADE_UP.has(v))) return { name: header.name, origin: 'derived', header };
    return { name: header.name, origin: 'platform', header };
  });
}

function usable(kind: string, local: boolean): boolean {
  return kind === 'public' || (local && kind === 'private');
}

/**
 * The settings that give the caller's real address, best first: a single-address header the
 * platform sets, then X-Forwarded-For with the hops the platform adds.
 */
export function workingSettings(facts: ClientAddressFacts): Setting[] {
  const origins = headerOrigins(facts);
  const settings: Setting[] = [];
  for (const name of SINGLE) {
    const o = origins.find((x) => x.name === name);
    const only = o?.header.entries[0];
    if (!o || !only || o.header.entries.length !== 1) continue;
    // unknown: no made-up value was sent, so a public address there is most likely the platform's
    if (o.origin !== 'platform' && o.origin !== 'unknown') continue;
    if (!usable(only.kind, facts.local)) continue;
    settings.push({ header: name, address: only.value });
  }
  const xff = origins.find((x) => x.name === 'x-forwarded-for');
  if (xff) {
    const entries = xff.header.entries;
    // appended: the first entry right of the made-up one; a list the platform wrote whole (or a
    // plain request, where the client sent none): the left-most
    const hops =
      xff.origin === 'appended'
        ? xff.hops!
        : xff.origin === 'platform' || xff.origin === 'unknown'
          ? entries.length
          : 0;
    const first = entries[entries.length - hops];
    if (hops >= 1 && first && usable(first.kind, facts.local) && !MADE_UP.has(first.value))
      settings.push({ header: 'x-forwarded-for', hops, address: first.value });
  }
  return settings;
}

/** How to choose a setting: a secret of the project, or locally a line of supabase/functions/.env. */
export function settingCommand(setting: Pick<Setting, 'header' | 'hops'>, local = false): string {
  const values =
    setting.header === 'x-forwarded-for'
      ? `CLIENT_IP_HEADER=x-forwarded-for CLIENT_IP_TRUSTED_HOPS=${setting.hops ?? 1}`
      : `CLIENT_IP_HEADER=${setting.header}`;
  return local
    ? `${values.replace(' ', ' and ')} in supabase/functions/.env or the environment of npm run dev`
    : `npx supabase secrets set --project-ref <ref> ${values}`;
}

const SHAPE_DA: Record<string, string> = {
  public: 'én offentlig adresse',
  private: 'én privat adresse',
  invalid: 'ikke en adresse',
  list: 'en liste',
};
const SHAPE_EN: Record<string, string> = {
  public: 'one public address',
  private: 'one private address',
  invalid: 'not an address',
  list: 'a list',
};

function describeOrigin(o: HeaderOrigin, local: boolean): { da: string; en: string } {
  const shape = o.header.shape;
  const who = local ? 'den lokale gateway' : 'platformen';
  const whoEn = local ? 'the local gateway' : 'the platform';
  switch (o.origin) {
    case 'derived':
      return {
        da: `${o.name} (${SHAPE_DA[shape]}, kopieret fra klientens tekst)`,
        en: `${o.name} (${SHAPE_EN[shape]}, copied from the client's text)`,
      };
    case 'appended':
      return {
        da: `${o.name} (${who} føjer ${o.hops} adresse${o.hops === 1 ? '' : 'r'} til klientens)`,
        en: `${o.name} (${whoEn} appends ${o.hops})`,
      };
    case 'platform':
      return {
        da: `${o.name} (${SHAPE_DA[shape]}, sat af ${who})`,
        en: `${o.name} (${SHAPE_EN[shape]}, set by ${whoEn})`,
      };
    default:
      return { da: `${o.name} (${SHAPE_DA[shape]})`, en: `${o.name} (${SHAPE_EN[shape]})` };
  }
}

/** One line of what arrives: the headers the platform sets, then those it passes through. */
function arrivingLine(facts: ClientAddressFacts, origins: HeaderOrigin[]): ClientAddressItem {
  const own = origins
    .filter((o) => o.origin !== 'client')
    .map((o) => describeOrigin(o, facts.local));
  const passed = origins.filter((o) => o.origin === 'client').map((o) => o.name);
  const at = facts.local
    ? 'Adresse-headere ved funktionerne (lokal gateway)'
    : 'Adresse-headere ved funktionerne';
  const atEn = facts.local
    ? 'address headers at the functions (local gateway)'
    : 'address headers at the functions';
  const da = [
    own.length > 0 ? own.map((d) => d.da).join(', ') : 'ingen fra platformen',
    ...(passed.length > 0
      ? [`klientens egen tekst sendes uændret videre i ${passed.join(', ')}`]
      : []),
  ];
  const en = [
    own.length > 0 ? own.map((d) => d.en).join(', ') : 'none from the platform',
    ...(passed.length > 0
      ? [`the client's own text passes unchanged in ${passed.join(', ')}`]
      : []),
  ];
  const untried = facts.probe
    ? ''
    : ` (not tried with made-up values: ${facts.probeError ?? 'no answer'})`;
  return { ok: true, da: `${at}: ${da.join('; ')}`, en: `${atEn}: ${en.join('; ')}${untried}` };
}

export interface ClientAddressItem {
  ok: boolean;
  da: string;
  en: string;
  fix?: string;
}

/** The checklist lines: which headers arrive, and whether the configured one gives the visitor. */
export function clientAddressItems(facts: ClientAddressFacts): ClientAddressItem[] {
  const report = facts.probe ?? facts.plain;
  if (!report) {
    return [
      {
        ok: false,
        da: 'Klientadressen kan ikke tjekkes (live-check svarer ikke med clientAddress)',
        en: 'client address unknown (live-check gave no clientAddress: an older version?)',
        fix: 'npx supabase functions deploy live-check',
      },
    ];
  }
  const items: ClientAddressItem[] = [arrivingLine(facts, headerOrigins(facts))];

  const configured = report.configured;
  const setting =
    configured.header === 'x-forwarded-for'
      ? `CLIENT_IP_HEADER=x-forwarded-for, CLIENT_IP_TRUSTED_HOPS=${configured.trustedHops}`
      : `CLIENT_IP_HEADER=${configured.header}`;
  const working = workingSettings(facts);
  const best = working[0];
  const fix = best
    ? `${settingCommand(best, facts.local)}   (gives ${best.address}, your address as the platform saw it)`
    : 'no header carries your address: ask Supabase support which one does; until then only the per-contact and hourly caps hold (docs/deploy.md, "The client\'s address")';
  const plainAddress = facts.plain?.configured.address ?? null;
  // first the worst: a value the client chose (it could also pick someone else's bucket)
  if (configured.address !== null && MADE_UP.has(configured.address)) {
    items.push({
      ok: false,
      da: `${setting} giver en adresse, klienten selv har skrevet (${configured.address}): enhver kan vælge sin egen tæller`,
      en: `${setting} yields an address the client wrote: anyone can choose their own bucket`,
      fix,
    });
  } else if (configured.address === null || (facts.plain && plainAddress === null)) {
    items.push({
      ok: false,
      da: `${setting} giver ingen brugbar adresse: bookinger tælles uden grænserne pr. adresse`,
      en: `${setting} yields no usable address: bookings are counted without the per-address caps`,
      fix,
    });
  } else if (configured.kind === 'private' && !facts.local) {
    items.push({
      ok: false,
      da: `${setting} giver en privat adresse (${configured.address}): en proxy, ikke den besøgende, så alle deler én tæller`,
      en: `${setting} yields a private address: a proxy's, shared by every visitor`,
      fix,
    });
  } else {
    const tried = facts.probe ? '' : ' (ikke prøvet med opdigtede headere)';
    items.push({
      ok: true,
      da: facts.local
        ? `${setting} giver den lokale adresse ${configured.address} (forbindelsens, som den lokale gateway sætter)`
        : `${setting} giver den besøgendes adresse (${configured.address}), som klienten ikke selv kan skrive${tried}`,
      en: facts.local
        ? `${setting} yields the connection's address, as the local gateway sets it`
        : `${setting} yields the visitor's address, which the client cannot write`,
    });
  }
  return items;
}
