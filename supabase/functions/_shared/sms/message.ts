// An SMS kind: the text beside a customer e-mail, reading the e-mail's payload declaration (the
// SMS is queued with the e-mail's payload less cancelToken, by sms_queue).
import { readPayload, type Field, type Payload, type Shape } from '../outbox/payload.ts';

export type SmsKind =
  | 'sms_booking_confirmation'
  | 'sms_booking_reminder'
  | 'sms_booking_moved'
  | 'sms_cancellation_confirmation'
  | 'sms_car_ready'
  | 'sms_car_ready_time'
  | 'sms_waitlist_free';

/** What an SMS may need besides its payload. */
export interface SmsContext {
  /** Public address of the site (SITE_URL); only an SMS with `link` reads it. */
  siteUrl: string;
}

export interface SmsEntry {
  kind: SmsKind;
  payload: Shape;
  /** Carries a link to the site (SITE_URL needed); the booking's SMS carry none. */
  link: boolean;
  textOf(payload: Record<string, unknown>, ctx: SmsContext): string;
}

/** What every SMS names of its booking. */
export const SMS_BOOKING = ['reference', 'serviceName', 'dropOff'] as const;

/** The e-mail's declaration less cancelToken (never in an SMS row). */
type SmsShape<S extends Shape> = Omit<S, 'cancelToken'>;

/**
 * The SMS of an e-mail kind: its payload is the e-mail's less cancelToken; of the keys the e-mail
 * cannot do without, the SMS needs only those it names (an SMS names no earlier time, say).
 */
export function defineSms<S extends Shape, const N extends keyof SmsShape<S> & string>(sms: {
  kind: SmsKind;
  email: S;
  needs: readonly N[];
  link?: boolean;
  text(payload: Payload<SmsShape<S>>, ctx: SmsContext): string;
}): SmsEntry {
  const shape: Record<string, Field> = {};
  for (const [key, field] of Object.entries(sms.email)) {
    if (key === 'cancelToken') continue;
    const needed = (sms.needs as readonly string[]).includes(key);
    shape[key] =
      typeof field === 'string'
        ? ((field.replace(/!$/, '') + (needed && !field.endsWith('?') ? '!' : '')) as Field)
        : { ...field, mark: needed ? '!' : field.mark === '!' ? '' : field.mark };
  }
  return {
    kind: sms.kind,
    payload: shape as Shape,
    link: sms.link === true,
    textOf: (payload, ctx) =>
      sms.text(readPayload(sms.kind, shape as SmsShape<S>, payload) as Payload<SmsShape<S>>, ctx),
  };
}
