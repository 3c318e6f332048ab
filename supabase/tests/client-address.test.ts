// The client address the booking functions count by (supabase/functions/_shared/client-address.ts),
// for each header layout a platform may use, and the local gateway's headers, which must give the
// same answer as hosted Supabase so the same code runs in tests.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { platformClientHeaders } from '../../local/gateway/functions.ts';
import {
  addressKind,
  clientAddress,
  clientAddressConfig,
  DEFAULT_CLIENT_ADDRESS_CONFIG,
  describeClientAddress,
  normaliseAddress,
} from '../functions/_shared/client-address.ts';
import { describeError } from '../functions/_shared/errors.ts';
import { MESSAGES } from '../functions/_shared/messages.ts';
import { readJsonBody } from '../functions/_shared/request.ts';

const h = (init: Record<string, string>) => new Headers(init);

describe('clientAddress', () => {
  it('defaults to cf-connecting-ip, the one address hosted Supabase (Cloudflare) sets', () => {
    expect(DEFAULT_CLIENT_ADDRESS_CONFIG).toEqual({ header: 'cf-connecting-ip', trustedHops: 1 });
    const headers = h({
      'cf-connecting-ip': '203.0.113.9',
      'x-forwarded-for': '10.9.9.9, 203.0.113.9',
      'x-real-ip': '203.0.113.9',
    });
    expect(clientAddress(headers, DEFAULT_CLIENT_ADDRESS_CONFIG)).toBe('203.0.113.9');
  });

  it('never takes the client-written first X-Forwarded-For entry', () => {
    const headers = h({ 'x-forwarded-for': '1.2.3.4, 198.51.100.7' });
    expect(clientAddress(headers, { header: 'x-forwarded-for', trustedHops: 1 })).toBe(
      '198.51.100.7',
    );
  });

  it('counts trusted hops from the right in X-Forwarded-For', () => {
    // client wrote 1.2.3.4; the edge appended the client 198.51.100.7; an internal proxy appended 10.0.0.2
    const headers = h({ 'x-forwarded-for': '1.2.3.4, 198.51.100.7, 10.0.0.2' });
    expect(clientAddress(headers, { header: 'x-forwarded-for', trustedHops: 2 })).toBe(
      '198.51.100.7',
    );
    expect(clientAddress(headers, { header: 'x-forwarded-for', trustedHops: 4 })).toBeNull();
  });

  it('reads x-real-ip when configured, and refuses a list or junk in a one-address header', () => {
    const config = { header: 'x-real-ip', trustedHops: 1 };
    expect(clientAddress(h({ 'x-real-ip': '2001:DB8::1' }), config)).toBe('2001:db8::1');
    expect(clientAddress(h({ 'x-real-ip': '1.2.3.4, 5.6.7.8' }), config)).toBeNull();
    expect(clientAddress(h({ 'x-real-ip': 'evil' }), config)).toBeNull();
    expect(clientAddress(h({}), config)).toBeNull();
  });

  it('normalises the forms proxies write', () => {
    expect(normaliseAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseAddress('[2001:db8::2]:443')).toBe('2001:db8::2');
    expect(normaliseAddress('192.0.2.1:8080')).toBe('192.0.2.1');
    expect(normaliseAddress('256.1.1.1')).toBeNull();
    expect(normaliseAddress("1.2.3.4' or 1=1")).toBeNull();
  });

  it('reads CLIENT_IP_HEADER and CLIENT_IP_TRUSTED_HOPS, falling back to the defaults', () => {
    const env = (vars: Record<string, string>) => (name: string) => vars[name];
    expect(
      clientAddressConfig(
        env({ CLIENT_IP_HEADER: 'X-Forwarded-For', CLIENT_IP_TRUSTED_HOPS: '2' }),
      ),
    ).toEqual({ header: 'x-forwarded-for', trustedHops: 2 });
    expect(
      clientAddressConfig(env({ CLIENT_IP_HEADER: 'bad header!', CLIENT_IP_TRUSTED_HOPS: '0' })),
    ).toEqual(DEFAULT_CLIENT_ADDRESS_CONFIG);
  });
});

describe('what live-check reports of the address headers', () => {
  it('tells public addresses from private, loopback, shared, documentation and reserved ones', () => {
    for (const a of ['81.7.11.5', '8.8.8.8', '2a00:1450:4001:82b::200e', '172.32.0.1'])
      expect(addressKind(a), a).toBe('public');
    for (const a of [
      '10.0.0.7',
      '127.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.1.1',
      '198.51.100.7',
      '203.0.113.9',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd12:3456::1',
      'fe80::1',
      '2001:db8::1',
    ])
      expect(addressKind(a), a).toBe('private');
  });

  it('says for each header whether it holds one public or private address, a list or nothing', () => {
    const report = describeClientAddress(
      h({
        'cf-connecting-ip': '81.7.11.5',
        'x-forwarded-for': '1.2.3.4, 81.7.11.5, 10.0.0.2',
        'x-real-ip': '10.0.0.2',
        forwarded: 'for="[2001:db8:cafe::17]:4711";proto=https, for=81.7.11.5',
        'true-client-ip': 'evil',
        'x-vendor-client-ip': '81.7.11.6',
      }),
      { header: 'x-forwarded-for', trustedHops: 2 },
    );
    const shape = Object.fromEntries(report.headers.map((x) => [x.name, x.shape]));
    expect(shape).toMatchObject({
      'cf-connecting-ip': 'public',
      'x-forwarded-for': 'list',
      'x-real-ip': 'private',
      forwarded: 'list',
      'true-client-ip': 'invalid',
      'x-client-ip': 'none',
      'x-vendor-client-ip': 'public',
    });
    expect(report.headers.find((x) => x.name === 'forwarded')!.entries).toEqual([
      { value: '2001:db8:cafe::17', kind: 'private' },
      { value: '81.7.11.5', kind: 'public' },
    ]);
    expect(report.configured).toEqual({
      header: 'x-forwarded-for',
      trustedHops: 2,
      address: '81.7.11.5',
      kind: 'public',
    });
    // no header at all: nothing to count by
    expect(describeClientAddress(h({}), DEFAULT_CLIENT_ADDRESS_CONFIG).configured).toMatchObject({
      address: null,
      kind: 'none',
    });
  });
});

describe('the local gateway forwards like hosted Supabase', () => {
  const request = (peer: string, headers: Record<string, string>) =>
    ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;

  it('overwrites cf-connecting-ip and x-real-ip with the peer and appends it to X-Forwarded-For', () => {
    const out = platformClientHeaders(
      request('::ffff:127.0.0.9', {
        'cf-connecting-ip': '1.1.1.1',
        'x-real-ip': '2.2.2.2',
        'x-forwarded-for': '3.3.3.3',
      }),
    );
    expect(out).toEqual({
      'cf-connecting-ip': '127.0.0.9',
      'x-real-ip': '127.0.0.9',
      'x-forwarded-for': '3.3.3.3, 127.0.0.9',
    });
    // every layout gives the peer, never what the client wrote
    for (const config of [
      DEFAULT_CLIENT_ADDRESS_CONFIG,
      { header: 'x-real-ip', trustedHops: 1 },
      { header: 'x-forwarded-for', trustedHops: 1 },
    ]) {
      expect(clientAddress(new Headers(out), config)).toBe('127.0.0.9');
    }
  });
});

describe('describeError (what the functions log)', () => {
  it('keeps code and message, never details, hint or a row', () => {
    const pgError = {
      code: '23514',
      message: 'new row for relation "bookings" violates check constraint "x"',
      details: 'Failing row contains (Ane Jensen, ane@example.dk, +45 12 34 56 78, token...)',
      hint: null,
    };
    const line = describeError(pgError);
    expect(line).toBe('code 23514: new row for relation "bookings" violates check constraint "x"');
    expect(line).not.toContain('ane@example.dk');
    expect(describeError(new Error('boom\nsecond line'))).toBe('Error: boom second line');
    expect(describeError({ status: 'weird', row: { email: 'a@b.dk' } })).toBe('status weird');
  });
});

describe('readJsonBody (the functions read bodies as a stream)', () => {
  it('stops reading at the first chunk over the limit and answers 413', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024).fill(32));
      },
    });
    const req = new Request('http://x/', {
      method: 'POST',
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(await readJsonBody(req, 10 * 1024)).toEqual({
      ok: false,
      status: 413,
      error: MESSAGES.tooLarge,
    });
    // 11 chunks of 1 KiB go over 10 KiB; the stream may have buffered one more, not the rest
    expect(pulled).toBeLessThanOrEqual(13);
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const req = new Request('http://x/', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Length': '999999' },
    });
    expect(await readJsonBody(req)).toMatchObject({ ok: false, status: 413 });
  });

  it('reads a body under the limit and refuses broken UTF-8 with 400', async () => {
    const ok = new Request('http://x/', { method: 'POST', body: '{"a":"æ"}' });
    expect(await readJsonBody(ok)).toEqual({ ok: true, body: { a: 'æ' } });
    const broken = new Request('http://x/', {
      method: 'POST',
      body: new Uint8Array([0x7b, 0xff, 0x7d]),
    });
    expect(await readJsonBody(broken)).toMatchObject({ ok: false, status: 400 });
  });
});
