import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from './static.ts';

describe('npm start static server', () => {
  let dir: string;
  let server: Server;
  let base: string;
  const bundle = `const url = "http://127.0.0.1:54321";\n${'// padding\n'.repeat(100)}`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'static-test-'));
    mkdirSync(path.join(dir, 'about'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<h1>Forside</h1>');
    writeFileSync(path.join(dir, 'about', 'index.html'), '<h1>Om os</h1>');
    writeFileSync(path.join(dir, '404.html'), '<h1>Siden findes ikke</h1>');
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), bundle);
    server = createStaticServer({
      root: dir,
      supabaseUrls: ['http://127.0.0.1:54329'],
      rewrite: [['http://127.0.0.1:54321', 'http://127.0.0.1:54329']],
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves route folders as their index.html', async () => {
    const res = await fetch(`${base}/about`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<h1>Om os</h1>');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('content-security-policy')).toContain(
      "connect-src 'self' http://127.0.0.1:54329",
    );
  });

  it('answers unknown paths with 404.html and a real 404 status', async () => {
    for (const p of ['/findes-ikke', '/about/x', '/assets/nope.js', '/404.html']) {
      const res = await fetch(`${base}${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text()).toBe('<h1>Siden findes ikke</h1>');
    }
  });

  it('compresses with brotli or gzip and caches hashed assets for a year', async () => {
    const { request } = await import('node:http');
    const get = (encoding: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
        (resolve, reject) => {
          request(
            `${base}/assets/app-abc123.js`,
            { headers: { 'Accept-Encoding': encoding } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            },
          )
            .on('error', reject)
            .end();
        },
      );
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const text = brotliDecompressSync(br.body).toString();
    expect(text).toContain('http://127.0.0.1:54329');
    expect(text).not.toContain('54321');
    expect(br.body.length).toBeLessThan(text.length);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(text);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(text);
  });

  it('refuses other methods and path traversal', async () => {
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${base}/%2e%2e/%2e%2e/etc/passwd`)).status).toBe(404);
  });
});
