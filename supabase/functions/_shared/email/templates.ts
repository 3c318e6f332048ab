// The e-mails, in Danish, as HTML and plain text from one description (layout.ts), so both always
// say the same; one module per message kind in kinds/, each with the payload it reads declared
// once. Rendering is deterministic for one outbox row (retries send identical content under the
// same idempotency key).
import { emailMessageOf } from './kinds/index.ts';
import type { OutboxMessage, RenderContext, RenderedEmail } from './types.ts';

export {
  CUSTOMER_KINDS,
  EMAIL_KINDS,
  LINK_KINDS,
  type Attachment,
  type EmailKind,
  type OutboxMessage,
  type RenderContext,
  type RenderedEmail,
} from './types.ts';
export { GREETING_NAME_MAX, cancelUrl, moveUrl, noShowsText, priceWithVat } from './booking.ts';
export { readableEmailError } from './given-up.ts';

/** The e-mail of one outbox row. Throws, naming kind and key, when the row's payload is malformed. */
export function renderEmail(msg: OutboxMessage, ctx: RenderContext): RenderedEmail {
  return emailMessageOf(msg.kind, msg.payload).renderRow(msg, ctx);
}
