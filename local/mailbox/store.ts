// What the local mailbox keeps: every e-mail the edge functions sent to the Resend-shaped API, in
// memory (the local stack is for development and tests, nothing is delivered).
import { createHash, randomUUID } from 'node:crypto';

export interface CapturedAttachment {
  filename: string;
  /** Base64, as sent. */
  content: string;
  content_type?: string;
}

export interface CapturedEmail {
  id: string;
  receivedAt: string;
  idempotencyKey: string | null;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  reply_to?: string;
  attachments: CapturedAttachment[];
  /** 'sms' for an SMS taken at the GatewayAPI-shaped POST /rest/mtsms (to: the +number, text: the SMS). */
  channel?: 'sms';
  /** The request body exactly as received. */
  raw: unknown;
}

export interface Fault {
  /**
   * HTTP status to answer, or 0 to drop the connection. A 2xx status is a slow provider that works:
   * after delayMs the call is handled as usual (and stored even when the caller gave up waiting).
   */
  status: number;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Store the message first, then fail: the answer was lost, the e-mail went out. */
  afterAccept?: boolean;
  /** Retry-After header of the failure (seconds, as Resend sends it on a 429). */
  retryAfter?: number;
}

/** Every POST /emails as it arrived, faults and replays included: when, with which key, the answer. */
export interface ReceivedRequest {
  /** When the request arrived (ISO 8601, milliseconds). */
  receivedAt: string;
  idempotencyKey: string | null;
  /** The HTTP status answered (0: connection dropped; null while the answer is pending). */
  status: number | null;
}

export class MailStore {
  readonly messages: CapturedEmail[] = [];
  /** Every POST /emails, faults and replays included (tests count these). */
  calls = 0;
  /** The same calls with their arrival times (tests measure the sender's spacing with these). */
  readonly requests: ReceivedRequest[] = [];
  private faults: Fault[] = [];
  private byKey = new Map<string, { hash: string; id: string }>();

  /** The next `count` calls fail with this fault (then the API works again). */
  failNext(count: number, fault: Fault): void {
    for (let i = 0; i < count; i += 1) this.faults.push(fault);
  }

  /** The faults not used yet are dropped: the API works again. */
  clearFaults(): void {
    this.faults = [];
  }

  takeFault(): Fault | undefined {
    return this.faults.shift();
  }

  clear(): void {
    this.messages.length = 0;
    this.requests.length = 0;
    this.faults = [];
    this.byKey.clear();
    this.calls = 0;
  }

  /**
   * Stores a message like Resend does with an Idempotency-Key: the same key and body again gives
   * the first id without a second message; the same key with another body is a 409.
   */
  accept(
    body: Omit<CapturedEmail, 'id' | 'receivedAt' | 'idempotencyKey' | 'raw'>,
    raw: string,
    key: string | null,
  ): { id: string; replayed: boolean } | { conflict: true } {
    const hash = createHash('sha256').update(raw).digest('hex');
    if (key) {
      const seen = this.byKey.get(key);
      if (seen) return seen.hash === hash ? { id: seen.id, replayed: true } : { conflict: true };
    }
    const id = randomUUID();
    if (key) this.byKey.set(key, { hash, id });
    this.messages.push({
      ...body,
      id,
      receivedAt: new Date().toISOString(),
      idempotencyKey: key,
      raw: JSON.parse(raw),
    });
    return { id, replayed: false };
  }

  /**
   * Stores an SMS as GatewayAPI takes one: no idempotency key (the API has none), so every call
   * that reaches this point is one more SMS on the phone.
   */
  acceptSms(
    sms: { sender: string; to: string[]; message: string; userref: string | null },
    raw: string,
  ): number {
    const id = randomUUID();
    this.smsIds += 1;
    this.messages.push({
      id,
      receivedAt: new Date().toISOString(),
      idempotencyKey: sms.userref,
      from: sms.sender,
      to: sms.to,
      subject: `SMS: ${sms.message.slice(0, 60)}`,
      html: '',
      text: sms.message,
      attachments: [],
      channel: 'sms',
      raw: JSON.parse(raw),
    });
    return this.smsIds;
  }

  private smsIds = 0;

  find(id: string): CapturedEmail | undefined {
    return this.messages.find((m) => m.id === id);
  }
}
