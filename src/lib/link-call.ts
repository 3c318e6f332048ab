/**
 * The one call to an edge function of the pages behind the e-mail links (/afbestil, /flyt): a plain
 * fetch with the publishable key, since those pages load no supabase-js.
 */
import { functionUrl, keyHeaders, supabaseConfig } from './supabase-config';

/**
 * What a function answered: no `status` when no answer came (the network failed), `body` null when
 * the answer was not JSON (a JSON value other than an object has none of the fields a page reads).
 * An error answer's body carries the function's Danish message ({error: '<Danish>'}, read by
 * replyMessage in the booking feature's booking-answer.ts).
 */
export interface FunctionReply {
  status?: number;
  body: Record<string, unknown> | null;
}

/**
 * POST /functions/v1/<name> with a JSON body. Never throws: a failure is in the reply. It sets no
 * timeout of its own (the browser's applies), as these calls never had one.
 */
export async function postFunction(name: string, body: unknown): Promise<FunctionReply> {
  const config = supabaseConfig();
  const response = await fetch(functionUrl(name, config), {
    method: 'POST',
    headers: { ...keyHeaders(config.key), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => null);
  return response
    ? { status: response.status, body: await response.json().catch(() => null) }
    : { body: null };
}
