import { useState, type KeyboardEvent } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { waitlistCopy } from '~/content/waitlist';
import { waitlistSmsCopy } from '~/content/waitlist-sms';
import { danishDay } from '~/lib/danish-date';
import { jobKey, type JobChoice } from '~/lib/job';
import { joinWaitlist } from '../api/join-waitlist';
import { customerFieldError } from '../rules/customer-fields';

export interface WaitlistOfferProps {
  serviceId: string;
  /** The size and add-ons chosen with the package: the job the day is full for. */
  job: JobChoice;
  /** yyyy-MM-dd, a day that is full for the job */
  day: string;
  /** The booking form's proof of work: a solved challenge, and a fresh one after each answer. */
  payload: () => Promise<string>;
  renew: () => void;
}

/** The offer's two fields, by their body keys (the booking form's names and rules). */
type OfferField = 'customerEmail' | 'customerPhone';
type OfferErrors = Partial<Record<OfferField, string>>;

type State =
  | { step: 'closed' }
  | { step: 'open'; error?: string; fields?: OfferErrors; sending?: boolean }
  | { step: 'done'; already: boolean; sms: boolean };

const BUTTON =
  'w-full rounded-md border border-input bg-background px-4 py-3 text-left text-sm font-semibold transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:opacity-50';

const IDS: Record<OfferField, string> = {
  customerEmail: 'waitlist-email',
  customerPhone: 'waitlist-phone',
};
const errorId = (field: OfferField) => `${IDS[field]}-error`;

/** Every wrong field of the offer, by the booking form's rules; the phone only when given. */
function offerErrors(email: string, phone: string): OfferErrors {
  const errors: OfferErrors = {};
  const wrongEmail = customerFieldError('customerEmail', email);
  if (wrongEmail) errors.customerEmail = wrongEmail;
  const wrongPhone = phone.trim() === '' ? null : customerFieldError('customerPhone', phone);
  if (wrongPhone) errors.customerPhone = wrongPhone;
  return errors;
}

/**
 * "Skriv mig op" under a chosen full day: the visitor's e-mail for that day's waiting list, and his
 * phone if he also wants the message by SMS. Its own chunk (loaded only when a full day is chosen).
 * Inside the booking form, so no form of its own: Enter in a field sends it.
 */
export default function WaitlistOffer({ serviceId, job, day, payload, renew }: WaitlistOfferProps) {
  const [state, setState] = useState<State>({ step: 'closed' });
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const dayText = danishDay(day);

  async function send() {
    const fields = offerErrors(email, phone);
    if (Object.keys(fields).length > 0) {
      setState({ step: 'open', fields });
      return;
    }
    const withPhone = phone.trim() !== '';
    setState({ step: 'open', sending: true });
    try {
      const altcha = await payload();
      const answer = await joinWaitlist({
        serviceId,
        day,
        customerEmail: email.trim(),
        ...(withPhone ? { customerPhone: phone.trim() } : {}),
        // told only of a time long enough for the whole job, as the calendar showed the day full
        ...(jobKey(job) === '' ? {} : { carSize: job.carSize, addonIds: [...job.addonIds] }),
        altcha,
      });
      if (answer.ok) {
        setState({ step: 'done', already: answer.already, sms: withPhone });
      } else if (answer.field === 'customerEmail' || answer.field === 'customerPhone') {
        // the server's refusal of one field is marked at that field
        setState({
          step: 'open',
          fields: { [answer.field]: answer.message ?? waitlistCopy.failed },
        });
      } else {
        setState({ step: 'open', error: answer.message ?? waitlistCopy.failed });
      }
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
        {state.already
          ? waitlistCopy.already(dayText)
          : state.sms
            ? waitlistSmsCopy.joined(dayText)
            : waitlistCopy.joined(dayText)}
      </p>
    );
  }
  const fields = state.fields ?? {};
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void send();
    }
  };
  // one of the offer's two fields: described by its hint, and by its message when it is wrong
  const field = (
    name: OfferField,
    hint: string,
    props: { type: string; autoComplete: string; placeholder: string },
    value: string,
    set: (value: string) => void,
  ) => (
    <>
      <Input
        id={IDS[name]}
        {...props}
        // the booking form's own submit must not read it
        form="waitlist-none"
        value={value}
        aria-invalid={fields[name] ? true : undefined}
        aria-describedby={fields[name] ? `${hint} ${errorId(name)}` : hint}
        disabled={state.sending}
        onChange={(event) => set(event.target.value)}
        onKeyDown={onEnter}
      />
      <FieldError field={name} message={fields[name]} />
    </>
  );
  return (
    <div className="grid gap-2 rounded-md border border-input px-4 py-3">
      <p className="text-sm font-semibold">{waitlistCopy.offer(dayText)}</p>
      <p id="waitlist-hint" className="text-sm text-muted-foreground">
        {waitlistCopy.offerHint}
      </p>
      <Label htmlFor={IDS.customerEmail}>{waitlistCopy.emailLabel}</Label>
      {field(
        'customerEmail',
        'waitlist-hint',
        { type: 'email', autoComplete: 'email', placeholder: waitlistCopy.emailPlaceholder },
        email,
        setEmail,
      )}
      <Label htmlFor={IDS.customerPhone}>{waitlistSmsCopy.phoneLabel}</Label>
      <p id="waitlist-phone-hint" className="text-sm text-muted-foreground">
        {waitlistSmsCopy.phoneHint}
      </p>
      {field(
        'customerPhone',
        'waitlist-phone-hint',
        { type: 'tel', autoComplete: 'tel', placeholder: waitlistSmsCopy.phonePlaceholder },
        phone,
        setPhone,
      )}
      {state.error ? (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {state.error}
        </p>
      ) : null}
      <button type="button" className={BUTTON} disabled={state.sending} onClick={() => void send()}>
        {state.sending ? waitlistCopy.sending : waitlistCopy.submit}
      </button>
    </div>
  );
}

/** A wrong field's message under it (the field names it with aria-describedby). */
function FieldError({ field, message }: { field: OfferField; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(field)} role="alert" className="text-sm font-medium text-destructive-text">
      {message}
    </p>
  );
}
