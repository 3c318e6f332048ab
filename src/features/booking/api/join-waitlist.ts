import type { FunctionReply } from '~/lib/link-call';
import { bookingDb } from './client';
import { invokeReply } from './errors';

export interface WaitlistJoin {
  serviceId: string;
  /** yyyy-MM-dd */
  day: string;
  customerEmail: string;
  /** Optional: also an SMS when a time frees ('' or absent: e-mail only). */
  customerPhone?: string;
  /** The job the day is full for (absent: the package on an ordinary car, no add-ons). */
  carSize?: string;
  addonIds?: string[];
  altcha: string;
}

/** What join-waitlist answered: written up (already: he was), or its Danish refusal. */
export type WaitlistAnswer =
  { ok: true; already: boolean } | { ok: false; message: string | null; field?: string };

function answerOf(reply: FunctionReply): WaitlistAnswer {
  const body = reply.body ?? {};
  if (reply.status === 200) return { ok: true as const, already: body.already === true };
  return {
    ok: false as const,
    message: typeof body.error === 'string' ? body.error : null,
    ...(typeof body.field === 'string' ? { field: body.field } : {}),
  };
}

/** POST /functions/v1/join-waitlist: "Skriv mig op" to a full day. */
export async function joinWaitlist(input: WaitlistJoin): Promise<WaitlistAnswer> {
  const db = await bookingDb('create');
  return answerOf(await invokeReply(await db.functions.invoke('join-waitlist', { body: input })));
}

/** POST /functions/v1/join-waitlist {leaveToken}: the receipt's "Fjern mig fra listen". */
export async function leaveWaitlist(leaveToken: string): Promise<WaitlistAnswer> {
  const db = await bookingDb('create');
  return answerOf(
    await invokeReply(await db.functions.invoke('join-waitlist', { body: { leaveToken } })),
  );
}
