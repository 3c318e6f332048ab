// Reading a request: the JSON body (at most MAX_BODY_BYTES) and the client's IP address.
import { MAX_BODY_BYTES } from './validation.ts';
import { MESSAGES } from './messages.ts';

export type BodyResult = { ok: true; body: unknown } | { ok: false; error: string };

/** Parses the JSON body; a body over the limit or malformed JSON is a visitor error, not a crash. */
export async function readJsonBody(req: Request): Promise<BodyResult> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return { ok: false, error: MESSAGES.tooLarge };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await req.arrayBuffer());
  } catch {
    return { ok: false, error: MESSAGES.badRequest };
  }
  if (bytes.byteLength > MAX_BODY_BYTES) return { ok: false, error: MESSAGES.tooLarge };
  try {
    return { ok: true, body: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch {
    return { ok: false, error: MESSAGES.badRequest };
  }
}

/** The client's address: first entry of X-Forwarded-For (set by the Supabase edge), else X-Real-IP. */
export function clientIp(req: Request): string | null {
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  const ip = forwarded || req.headers.get('x-real-ip')?.trim() || null;
  return ip && /^[0-9A-Fa-f:.]{2,45}$/.test(ip) ? ip : null;
}
