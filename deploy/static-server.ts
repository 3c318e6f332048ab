/**
 * A small static server for a production build (build/client) that behaves like the static hosts:
 * `/path` serves `path/index.html` (or `path.html`), unknown paths get 404.html with status 404,
 * and every response carries the headers of deploy/security-headers.ts. Used by `npm run bench:web`
 * when no `npm start` is wanted and as the reference for local/cli/start.ts.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import { headersForPath, type PolicyOptions } from './security-headers';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
};
const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt']);

async function isFile(path: string) {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
}

/** The file a URL path maps to inside `root`, or undefined. */
export async function resolveStaticFile(
  root: string,
  pathname: string,
): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const path = normalize(join(root, decoded));
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  if (decoded.endsWith('/')) {
    const index = join(path, 'index.html');
    return (await isFile(index)) ? index : undefined;
  }
  for (const candidate of [path, join(path, 'index.html'), `${path}.html`]) {
    if (await isFile(candidate)) return candidate;
  }
  return undefined;
}

/** Answers one request from `root` with the security headers (404.html with status 404 if unknown). */
export async function handleStaticRequest(
  root: string,
  request: IncomingMessage,
  response: ServerResponse,
  policy: PolicyOptions,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const headers = headersForPath(url.pathname, policy);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
    return;
  }
  let file = await resolveStaticFile(root, url.pathname);
  let status = 200;
  if (!file) {
    status = 404;
    file = join(root, '404.html');
    if (!(await isFile(file))) {
      response.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
  }
  const ext = extname(file);
  const gzip =
    compressible.has(ext) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  response.writeHead(status, {
    ...headers,
    'Content-Type': types[ext] ?? 'application/octet-stream',
    Vary: 'Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  const stream = createReadStream(file);
  (gzip ? stream.pipe(createGzip()) : stream).pipe(response);
}

export function startStaticServer(
  root: string,
  port: number,
  policy: PolicyOptions,
  host = '127.0.0.1',
): Promise<Server> {
  const server = createServer((request, response) => {
    handleStaticRequest(root, request, response, policy).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
