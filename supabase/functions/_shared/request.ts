// Reading a request: the start every POST function shares (readPostRequest), the JSON body (at most
// MAX_BODY_BYTES, read as a stream and given up as soon as it is over the limit) and the client's
// address as the platform's proxy saw it.
import { clientAddress, clientAddressConfig } from './client-address.ts';
import { preflight } from './cors.ts';
import { error, fieldError, methodNotAllowed } from './errors.ts';
import { MAX_BODY_BYTES, type Result } from './validation.ts';
import { MESSAGES } from './messages.ts';

export type BodyResult =
  { ok: true; body: unknown } | { ok: false; status: 400 | 413; error: string };

const TOO_LARGE: BodyResult = { ok: false, status: 413, error: MESSAGES.tooLarge };
const BAD: BodyResult = { ok: false, status: 400, error: MESSAGES.badRequest };

/**
 * Parses the JSON body. A declared Content-Length over the limit is refused before reading; a body
 * without one is read chunk by chunk and the stream is cancelled at the first byte over the limit,
 * so a large body costs no more than MAX_BODY_BYTES of memory. Malformed JSON or UTF-8 is a 400.
 */
export async function readJsonBody(req: Request, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = req.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) > limit)) {
    if (/^\d+$/.test(declared.trim())) {
      await req.body?.cancel().catch(() => undefined);
      return TOO_LARGE;
    }
    return BAD;
  }
  if (!req.body) return BAD;
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return TOO_LARGE;
      }
      chunks.push(value);
    }
  } catch {
    return BAD;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return { ok: true, body: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch {
    return BAD;
  }
}

/** A POST function's request: its checked input, or the answer to send instead. */
export type PostRequest<T> = { ok: true; value: T } | { ok: false; response: Response };

/**
 * The start every POST function shares: the CORS preflight (204), 405 for any other method than
 * POST, the JSON body (400 or 413, see readJsonBody), then the function's own checks of it (400 with
 * their Danish message, and the customer's field it refuses, if it is one).
 */
export async function readPostRequest<T>(
  req: Request,
  validate: (body: unknown) => Result<T>,
): Promise<PostRequest<T>> {
  if (req.method === 'OPTIONS') return { ok: false, response: preflight() };
  if (req.method !== 'POST') return { ok: false, response: methodNotAllowed() };
  const read = await readJsonBody(req);
  if (!read.ok) return { ok: false, response: error(read.status, read.error) };
  const input = validate(read.body);
  if (!input.ok) {
    const response = input.field ? fieldError(input.error, input.field) : error(400, input.error);
    return { ok: false, response };
  }
  return input;
}

/** Reads the function's environment (Deno); no environment outside Deno (Node tests). */
function environment(name: string): string | undefined {
  const deno = (globalThis as { Deno?: { env: { get(name: string): string | undefined } } }).Deno;
  return deno?.env.get(name);
}

/** The client's address under CLIENT_IP_HEADER / CLIENT_IP_TRUSTED_HOPS (see client-address.ts). */
export function clientIp(req: Request): string | null {
  return clientAddress(req.headers, clientAddressConfig(environment));
}
