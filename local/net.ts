import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:net';

/** Asks the OS for a free loopback TCP port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** Raised by readBody when a body is over its limit; a server answers 413. */
export class BodyTooLarge extends Error {
  status = 413;
}

/**
 * Reads a request body of at most maxBytes. A declared Content-Length over the limit is refused
 * before a byte is read; a body without one is refused at the first chunk over the limit.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > maxBytes) return Promise.reject(new BodyTooLarge('body too large'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeListener('data', onData);
        reject(new BodyTooLarge('body too large'));
      } else chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
