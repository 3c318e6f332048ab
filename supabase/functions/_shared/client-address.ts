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
