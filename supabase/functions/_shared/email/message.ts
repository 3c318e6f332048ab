// A message kind: its outbox kind (and, for the owner's alerts, payload.alert), the payload it
// reads, declared once (../outbox/payload.ts), and how it renders.
import { readPayload, type Payload, type Shape } from '../outbox/payload.ts';
import type { EmailKind, OutboxMessage, RenderContext, RenderedEmail } from './types.ts';

export interface EmailMessage<S extends Shape = Shape> {
  kind: EmailKind;
  /** The owner's alerts share kind owner_notification and differ by payload.alert. */
  alert?: string;
  payload: S;
  render(payload: Payload<S>, msg: OutboxMessage, ctx: RenderContext): RenderedEmail;
}

/** What the dispatch table holds: a message kind that reads its own payload. */
export interface EmailEntry<S extends Shape = Shape> {
  name: string;
  kind: EmailKind;
  alert?: string;
  payload: S;
  renderRow(msg: OutboxMessage, ctx: RenderContext): RenderedEmail;
}

export function defineEmail<S extends Shape>(message: EmailMessage<S>): EmailEntry<S> {
  const name = message.alert ? `${message.kind} (alert ${message.alert})` : message.kind;
  return {
    name,
    kind: message.kind,
    ...(message.alert ? { alert: message.alert } : {}),
    payload: message.payload,
    renderRow: (msg, ctx) =>
      message.render(readPayload(name, message.payload, msg.payload), msg, ctx),
  };
}
