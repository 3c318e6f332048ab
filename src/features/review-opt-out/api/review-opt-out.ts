import { postFunction } from '~/lib/link-call';

/** What the page shows after the call: recorded, refused with the function's words, or no answer. */
export type ReviewOptOutAnswer =
  | { kind: 'recorded'; message: string }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'failed' };

/** POST review-opt-out {token}: the address gets no more review requests. */
export async function callReviewOptOut(token: string): Promise<ReviewOptOutAnswer> {
  const { status, body } = await postFunction('review-opt-out', { token });
  const text = (key: string) => (typeof body?.[key] === 'string' ? (body[key] as string) : null);
  if (status === 200 && text('message')) return { kind: 'recorded', message: text('message')! };
  // a refusal in our words (404 unknown link, 400 a cut one); a 5xx or no answer is ours
  if (status !== undefined && status < 500 && text('error')) {
    return { kind: 'refused', status, message: text('error')! };
  }
  return { kind: 'failed' };
}
