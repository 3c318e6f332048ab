// Serves a production build (build/client) like a static host: /about -> about/index.html, unknown
// paths -> 404.html with status 404, brotli/gzip compression, long cache for /assets, the site's
// security headers. When the stack runs on another port than the build expects, the local gateway
// URL baked into the build is rewritten on the fly.
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { headersForPath, readScriptHashesSync } from '../../deploy/security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
};
const TEXT = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.xml',
  '.txt',
]);

export interface StaticOptions {
  root: string;
  /** Origins the pages may fetch from (Content-Security-Policy connect-src). */
  supabaseUrls: string[];
  /** Text replacements applied to served text files, e.g. the build's gateway URL -> the running one. */
  rewrite?: [string, string][];
}

interface Entry {
  mtimeMs: number;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

export async function resolveFile(root: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const full = path.normalize(path.join(root, decoded));
  if (full !== root && !full.startsWith(root + path.sep)) return undefined;
  if (decoded.endsWith('/')) {
    const index = path.join(full, 'index.html');
    return (await isFile(index)) ? index : undefined;
  }
  if (path.basename(full) === '404.html' || path.basename(full) === '__spa-fallback.html')
    return undefined;
  for (const candidate of [full, path.join(full, 'index.html'), `${full}.html`]) {
    if (await isFile(candidate)) return candidate;
  }
  return undefined;
}

export function createStaticServer(options: StaticOptions): Server {
  const root = path.resolve(options.root);
  const cache = new Map<string, Entry>();
  // script-src of the header: the build's inline script hashes, written by scripts/postbuild.ts
  const scriptHashes = readScriptHashesSync(path.dirname(root));

  async function load(file: string): Promise<Entry> {
    const info = await stat(file);
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached;
    let raw = await readFile(file);
    if (TEXT.has(path.extname(file)) && options.rewrite?.length) {
      let text = raw.toString('utf8');
      for (const [from, to] of options.rewrite) text = text.split(from).join(to);
      raw = Buffer.from(text);
    }
    const entry: Entry = { mtimeMs: info.mtimeMs, raw };
    cache.set(file, entry);
    return entry;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const headers: Record<string, string> = headersForPath(url.pathname, {
      supabaseUrls: options.supabaseUrls,
      scriptHashes,
      https: false,
    });
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
      return;
    }
    let file = await resolveFile(root, url.pathname);
    let status = 200;
    if (!file) {
      status = 404;
      file = path.join(root, '404.html');
      headers['Cache-Control'] = 'no-cache';
      if (!(await isFile(file))) {
        res
          .writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' })
          .end('Not found');
        return;
      }
    }
    const ext = path.extname(file);
    const entry = await load(file);
    let body = entry.raw;
    const extra: Record<string, string> = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    };
    if (TEXT.has(ext) && entry.raw.length > 512) {
      const accept = String(req.headers['accept-encoding'] ?? '');
      extra.Vary = 'Accept-Encoding';
      if (/\bbr\b/.test(accept)) {
        entry.br ??= brotliCompressSync(entry.raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_SIZE_HINT]: entry.raw.length,
          },
        });
        body = entry.br;
        extra['Content-Encoding'] = 'br';
      } else if (/\bgzip\b/.test(accept)) {
        entry.gzip ??= gzipSync(entry.raw, { level: 9 });
        body = entry.gzip;
        extra['Content-Encoding'] = 'gzip';
      }
    }
    res.writeHead(status, { ...headers, ...extra, 'Content-Length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(`static server: ${(error as Error).message}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
}
