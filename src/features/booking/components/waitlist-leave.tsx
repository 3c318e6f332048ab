import { useState } from 'react';
import { waitlistCopy } from '~/content/waitlist';
import { leaveWaitlist } from '../api/join-waitlist';

/**
 * The receipt's "Fjern mig fra listen": opened by its link, the visitor confirms with one tap (a
 * link alone changes nothing, so a mail scanner that follows it takes nobody off the list).
 */
export default function WaitlistLeave({ token }: { token: string }) {
  const copy = waitlistCopy.leave;
  const [state, setState] = useState<'ask' | 'sending' | 'done' | { error: string }>('ask');
  if (state === 'done') {
    return (
      <p role="status" className="rounded-md border border-input px-4 py-3 text-sm">
        {copy.done}
      </p>
    );
  }
  return (
    <section
      aria-labelledby="waitlist-leave-title"
      className="grid gap-2 rounded-md border border-input px-4 py-3"
    >
      <h3 id="waitlist-leave-title" className="text-base font-semibold">
        {copy.title}
      </h3>
      <p className="text-sm text-muted-foreground">{copy.body}</p>
      {typeof state === 'object' ? (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {state.error}
        </p>
      ) : null}
      <button
        type="button"
        className="w-full rounded-md border border-input bg-background px-4 py-3 text-left text-sm font-semibold transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:opacity-50"
        disabled={state === 'sending'}
        onClick={() => {
          setState('sending');
          leaveWaitlist(token).then(
            (answer) => setState(answer.ok ? 'done' : { error: answer.message ?? copy.failed }),
            () => setState({ error: copy.failed }),
          );
        }}
      >
        {state === 'sending' ? copy.sending : copy.button}
      </button>
    </section>
  );
}
