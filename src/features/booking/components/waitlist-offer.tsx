import { useState, type KeyboardEvent } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { waitlistCopy } from '~/content/waitlist';
import { danishDay } from '~/lib/danish-date';
import { joinWaitlist } from '../api/join-waitlist';
import { customerFieldError } from '../rules/customer-fields';

export interface WaitlistOfferProps {
  serviceId: string;
  /** yyyy-MM-dd, a day that is full for the package */
  day: string;
  /** The booking form's proof of work: a solved challenge, and a fresh one after each answer. */
  payload: () => Promise<string>;
  renew: () => void;
}

type State =
  | { step: 'closed' }
  | { step: 'open'; error?: string; sending?: boolean }
  | { step: 'done'; already: boolean };

const BUTTON =
  'w-full rounded-md border border-input bg-background px-4 py-3 text-left text-sm font-semibold transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:opacity-50';

/**
 * "Skriv mig op" under a chosen full day: the visitor's e-mail for that day's waiting list. Its own
 * chunk (loaded only when a full day is chosen). Inside the booking form, so no form of its own:
 * Enter in the field sends it.
 */
export default function WaitlistOffer({ serviceId, day, payload, renew }: WaitlistOfferProps) {
  const [state, setState] = useState<State>({ step: 'closed' });
  const [email, setEmail] = useState('');
  const dayText = danishDay(day);

  async function send() {
    const wrong = customerFieldError('customerEmail', email);
    if (wrong) {
      setState({ step: 'open', error: wrong });
      return;
    }
    setState({ step: 'open', sending: true });
    try {
      const altcha = await payload();
      const answer = await joinWaitlist({ serviceId, day, customerEmail: email.trim(), altcha });
      setState(
        answer.ok
          ? { step: 'done', already: answer.already }
          : { step: 'open', error: answer.message ?? waitlistCopy.failed },
      );
    } catch {
      setState({ step: 'open', error: waitlistCopy.failed });
    } finally {
      // one challenge, one attempt
      renew();
    }
  }

  if (state.step === 'closed') {
    return (
      <button
        type="button"
        data-testid="waitlist-offer"
        className={BUTTON}
        onClick={() => setState({ step: 'open' })}
      >
        {waitlistCopy.offer(dayText)}
      </button>
    );
  }
  if (state.step === 'done') {
    return (
      <p role="status" className="rounded-md border border-input px-4 py-3 text-sm">
        {state.already ? waitlistCopy.already(dayText) : waitlistCopy.joined(dayText)}
      </p>
    );
  }
  const errorId = 'waitlist-email-error';
  return (
    <div className="grid gap-2 rounded-md border border-input px-4 py-3">
      <p className="text-sm font-semibold">{waitlistCopy.offer(dayText)}</p>
      <p id="waitlist-hint" className="text-sm text-muted-foreground">
        {waitlistCopy.offerHint}
      </p>
      <Label htmlFor="waitlist-email">{waitlistCopy.emailLabel}</Label>
      <Input
        id="waitlist-email"
        type="email"
        autoComplete="email"
        // the booking form's own submit must not read it
        form="waitlist-none"
        value={email}
        placeholder={waitlistCopy.emailPlaceholder}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={state.error ? `waitlist-hint ${errorId}` : 'waitlist-hint'}
        disabled={state.sending}
        onChange={(event) => setEmail(event.target.value)}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void send();
          }
        }}
      />
      {state.error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive-text">
          {state.error}
        </p>
      ) : null}
      <button type="button" className={BUTTON} disabled={state.sending} onClick={() => void send()}>
        {state.sending ? waitlistCopy.sending : waitlistCopy.submit}
      </button>
    </div>
  );
}
