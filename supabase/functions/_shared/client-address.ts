// The client's address as the platform's own proxy saw it, never as the client claims it.
//
// Hosted Supabase Edge Functions sit behind Cloudflare and Supabase's API gateway. Cloudflare sets
// `cf-connecting-ip` to the address of the TCP peer it accepted (overwriting anything the client
// sent) and appends that address to `X-Forwarded-For`, which keeps whatever the client wrote in
// front of it. So:
//   - `cf-connecting-ip` (the default) is one address set by the platform, whatever the number of
//     internal hops behind Cloudflare;
//   - `x-forwarded-for` is only trustworthy counted from the right: with N trusted proxies that each
//     append, the client is the N-th entry from the right (CLIENT_IP_TRUSTED_HOPS, default 1);
//   - `x-real-ip` is set by the gateway (nginx/Kong style) from its peer.
// CLIENT_IP_HEADER chooses the layout; docs/deploy.md says how to check it on a project. The local
// gateway (local/gateway/functions.ts) sets all three the same way, so this code runs unchanged
// locally. Pure TypeScript, no Deno API: Node tests import it too.

export interface ClientAddressConfig {
  /** Header that carries the address: cf-connecting-ip (default), x-real-ip or x-forwarded-for. */
  header: string;
  /** For x-forwarded-for: how many entries from the right the client's address is (>= 1). */
  trustedHops: number;
}

export const DEFAULT_CLIENT_ADDRESS_CONFIG: ClientAddressConfig = {
  header: 'cf-connecting-ip',
  trustedHops: 1,
};

/** Reads CLIENT_IP_HEADER and CLIENT_IP_TRUSTED_HOPS (environment of the function). */
export function clientAddressConfig(
  env: (name: string) => string | undefined,
): ClientAddressConfig {
  const header = (env('CLIENT_IP_HEADER') ?? '').trim().toLowerCase();
  const hops = Number((env('CLIENT_IP_TRUSTED_HOPS') ?? '').trim());
  return {
    header: /^[a-z0-9-]{1,64}$/.test(header) ? header : DEFAULT_CLIENT_ADDRESS_CONFIG.header,
    trustedHops:
      Number.isInteger(hops) && hops >= 1 && hops <= 10
        ? hops
        : DEFAULT_CLIENT_ADDRESS_CONFIG.trustedHops,
  };
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:]{2,39}$/i;

/** A canonical IPv4 or IPv6 address (lowercase, IPv4-mapped IPv6 as IPv4), or null. */
export function normaliseAddress(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let value = raw.trim();
  // "[::1]:443" and "1.2.3.4:5678" forms some proxies write
  const bracket = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracket) value = bracket[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  value = value.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (IPV4.test(value)) return value;
  if (IPV6.test(value) && value.includes(':') && (value.match(/::/g) ?? []).length <= 1) {
    return value;
  }
  return null;
}

/** The client's address under the configured layout, or null when the platform gave none. */
export function clientAddress(headers: Headers, config: ClientAddressConfig): string | null {
  const value = headers.get(config.header);
  if (value === null) return null;
  if (config.header !== 'x-forwarded-for') {
    // a single-address header; a list here means the platform did not set it: trust nothing
    return value.includes(',') ? null : normaliseAddress(value);
  }
  const entries = value.split(',').map((e) => e.trim());
  if (entries.length < config.trustedHops) return null;
  return normaliseAddress(entries[entries.length - config.trustedHops]);
}

// What arrives: for npm run check:live (through live-check) -------------------------------------

/** Headers that carry a client address on some platform, in the order a check prefers them. */
export const ADDRESS_HEADERS = [
  'cf-connecting-ip',
  'x-real-ip',
  'true-client-ip',
  'x-client-ip',
  'fly-client-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-envoy-external-address',
  'cf-connecting-ipv6',
  'x-forwarded-for',
  'forwarded',
] as const;

/** Another header whose name says it carries an address (reported too when it arrives). */
const ADDRESS_HEADER_NAME = /(^|-)(ip|ipv6|client-ip|real-ip|connecting-ip|forwarded(-for)?)$/;

export type AddressKind = 'public' | 'private';

function ipv4Octets(address: string): number[] | null {
  return IPV4.test(address) ? address.split('.').map(Number) : null;
}

/** The eight 16-bit groups of a normalised IPv6 address, or null. */
function ipv6Groups(address: string): number[] | null {
  if (!address.includes(':')) return null;
  const [head = '', tail] = address.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * Whether a normalised address is on the public internet, or private, loopback, link-local,
 * shared (CGNAT), documentation, multicast or otherwise reserved: an address no visitor's request
 * comes from, so a header holding one names a proxy (or a made-up value), not the visitor.
 */
export function addressKind(address: string): AddressKind {
  const v4 = ipv4Octets(address);
  if (v4) {
    const [a = 0, b = 0, c = 0] = v4;
    const reserved =
      a === 0 ||
      a === 10 ||
      a === 127 ||
      a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0 && (c === 0 || c === 2)) ||
      (a === 198 && (b === 18 || b === 19)) ||
      (a === 198 && b === 51 && c === 100) ||
      (a === 203 && b === 0 && c === 113);
    return reserved ? 'private' : 'public';
  }
  const v6 = ipv6Groups(address);
  if (!v6) return 'private';
  const [g0 = 0, g1 = 0] = v6;
  const reserved =
    v6.every((g, i) => g === (i === 7 ? g : 0)) || // :: and ::1 (and the old ::a.b.c.d forms)
    (g0 & 0xfe00) === 0xfc00 || // unique local
    (g0 & 0xffc0) === 0xfe80 || // link-local
    (g0 & 0xff00) === 0xff00 || // multicast
    (g0 === 0x2001 && g1 === 0x0db8); // documentation
  return reserved ? 'private' : 'public';
}

export interface AddressEntry {
  /** The normalised address, or what the entry said (at most 64 characters) when it is not one. */
  value: string;
  kind: AddressKind | 'invalid';
}

/** none: not sent; public/private/invalid: one entry of that kind; list: more than one entry. */
export type HeaderShape = 'none' | 'public' | 'private' | 'invalid' | 'list';

export interface AddressHeaderReport {
  name: string;
  shape: HeaderShape;
  /** Left to right as the header has them (X-Forwarded-For: the right-most was added last). */
  entries: AddressEntry[];
}

export interface ClientAddressReport {
  /** Every header of ADDRESS_HEADERS (shape none when absent) and any other address header. */
  headers: AddressHeaderReport[];
  /** What the function's settings take from this request (clientAddress). */
  configured: {
    header: string;
    trustedHops: number;
    address: string | null;
    kind: AddressKind | 'none';
  };
}

function entry(raw: string): AddressEntry {
  const address = normaliseAddress(raw.replace(/^"(.*)"$/, '$1'));
  return address
    ? { value: address, kind: addressKind(address) }
    : { value: raw.trim().slice(0, 64), kind: 'invalid' };
}

/** The entries of one header: a list for X-Forwarded-For, the for= of each element of Forwarded. */
function headerEntries(name: string, value: string): AddressEntry[] {
  const parts = value.split(',').map((p) => p.trim());
  if (name === 'forwarded') {
    return parts.map((element) => {
      const forParam = element
        .split(';')
        .map((p) => p.trim())
        .find((p) => p.toLowerCase().startsWith('for='));
      return entry(forParam ? forParam.slice(4) : element);
    });
  }
  return parts.map(entry);
}

function shapeOf(entries: AddressEntry[]): HeaderShape {
  if (entries.length === 0) return 'none';
  if (entries.length > 1) return 'list';
  return entries[0]!.kind;
}

/**
 * Which address headers arrived on a request and what each holds, and what the configured header
 * yields. It repeats the caller's own addresses (and those of the proxies in between) to the
 * caller: live-check answers only the holder of the secret key.
 */
export function describeClientAddress(
  headers: Headers,
  config: ClientAddressConfig,
): ClientAddressReport {
  const names = new Set<string>(ADDRESS_HEADERS);
  headers.forEach((_, name) => {
    if (ADDRESS_HEADER_NAME.test(name)) names.add(name);
  });
  names.add(config.header);
  const report: AddressHeaderReport[] = [...names].map((name) => {
    const value = headers.get(name);
    const entries = value === null || value.trim() === '' ? [] : headerEntries(name, value);
    return { name, shape: shapeOf(entries), entries };
  });
  const address = clientAddress(headers, config);
  return {
    headers: report,
    configured: {
      header: config.header,
      trustedHops: config.trustedHops,
      address,
      kind: address === null ? 'none' : addressKind(address),
    },
  };
}
