import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import {
  isMessageField,
  messageFieldErrors,
  type MessageField,
  type MessageTopic,
} from '../../../../supabase/functions/_shared/message-rules.ts';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { MESSAGE_TOPIC_PARAM, messageFormCopy as copy } from '~/content/message-form';
import { postFunction } from '~/lib/link-call';
import { useBookingChallenge } from '../challenge/use-booking-challenge';

/** The form's id: the submit button sits after the robot check, outside the form, and names it. */
const FORM_ID = 'message-form';

const noSubscription = () => () => undefined;

type Errors = Partial<Record<MessageField, string>>;

const errorId = (field: MessageField) => `message-${field}-error`;
const hintId = (field: MessageField) => `message-${field}-hint`;

/** A fresh idempotency key for one message: a retry of the same message sends it again. */
function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

/** Focuses the first marked field and brings it into view (the sticky header covers the top). */
function showFirstWrongField() {
  const field = document
    .getElementById(FORM_ID)
    ?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  field.focus({ preventScroll: true });
  (field.parentElement ?? field).scrollIntoView?.({ block: 'center' });
}

/** The attributes of a field: its message (if marked) and its hint, named by aria-describedby. */
function described(field: MessageField, errors: Errors, hint = false) {
  const ids = [errors[field] ? errorId(field) : null, hint ? hintId(field) : null].filter(Boolean);
  return {
    ...(errors[field] ? { 'aria-invalid': true as const } : {}),
    ...(ids.length ? { 'aria-describedby': ids.join(' ') } : {}),
  };
}

function FieldError({ field, errors }: { field: MessageField; errors: Errors }) {
  const message = errors[field];
  if (!message) return null;
  return (
    <p id={errorId(field)} className="text-sm font-medium text-destructive-text">
      {message}
    </p>
  );
}

/**
 * "Skriv til os": a question or a request for a quote, sent to send-message behind the booking's
 * proof of work. Every wrong field is marked at once, at the field, by the server's own rules
 * (message-rules.ts) before anything is sent; a field the server still refuses is marked the same.
 */
export function MessageForm() {
  const location = useLocation();
  // the prerendered HTML knows no query string: a link's preselection (?besked=tilbud) applies
  // once hydrated (false while hydrating, so hydration matches the HTML)
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [chosen, setTopic] = useState<MessageTopic | null>(null);
  const linked: MessageTopic =
    hydrated && new URLSearchParams(location.search).get(MESSAGE_TOPIC_PARAM) === 'tilbud'
      ? 'quote'
      : 'question';
  const topic = chosen ?? linked;
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const key = useRef<string | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const challenge = useBookingChallenge();

  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  function edited(field: string) {
    // another message is another request: a new key (a retry of the same one keeps it)
    key.current = null;
    if (isMessageField(field) && errors[field]) {
      setErrors(({ [field]: _, ...rest }) => rest);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '');
    const values = {
      topic,
      name: text('name'),
      email: text('email'),
      phone: text('phone'),
      car: text('car'),
      message: text('message'),
    };
    setFailure(null);
    const wrong = messageFieldErrors(values);
    if (Object.keys(wrong).length > 0) {
      setErrors(wrong);
      requestAnimationFrame(showFirstWrongField);
      return;
    }
    setErrors({});
    setSending(true);
    key.current ??= newKey();
    try {
      const altcha = await challenge.payload().catch(() => null);
      const website = text('website');
      const reply = await postFunction('send-message', {
        ...values,
        ...(website.trim() ? { website } : {}),
        ...(altcha ? { altcha } : {}),
        idempotencyKey: key.current,
      });
      challenge.renew();
      if (reply.status === 201) {
        key.current = null;
        form.reset();
        setSent(true);
        return;
      }
      const message = typeof reply.body?.error === 'string' ? reply.body.error : copy.failed;
      const field = reply.body?.field;
      if (isMessageField(field)) {
        setErrors({ [field]: message });
        requestAnimationFrame(showFirstWrongField);
      } else {
        setFailure(message);
      }
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <div
        role="status"
        className="flex flex-col items-center gap-3 rounded-xl border bg-card p-6 text-center shadow-sm"
      >
        <CheckCircle2 className="h-10 w-10 text-primary" aria-hidden="true" />
        <h3 ref={sentHeading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {copy.sent.title}
        </h3>
        <p className="text-muted-foreground">{copy.sent.text}</p>
        <Button type="button" variant="outline" onClick={() => setSent(false)}>
          {copy.sent.again}
        </Button>
      </div>
    );
  }

  const f = copy.fields;
  return (
    <div className="grid gap-6 rounded-xl border bg-card p-6 shadow-sm">
      <form
        id={FORM_ID}
        {...challenge.triggers}
        onSubmit={submit}
        onInput={(event) => edited((event.target as HTMLInputElement).name)}
        noValidate
        aria-label={copy.title}
        className="grid gap-5"
      >
        <fieldset className="grid gap-3" {...described('topic', errors)}>
          <legend className="mb-2 text-sm font-medium">{copy.topic.legend}</legend>
          <div className="flex flex-col gap-3 sm:flex-row sm:gap-6">
            {(['question', 'quote'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="topic"
                  value={value}
                  checked={topic === value}
                  onChange={() => setTopic(value)}
                  disabled={sending}
                  className="size-4 accent-primary"
                />
                {copy.topic[value]}
              </label>
            ))}
          </div>
          <FieldError field="topic" errors={errors} />
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="message-name">{f.name.label}</Label>
            <Input
              id="message-name"
              name="name"
              autoComplete="name"
              placeholder={f.name.placeholder}
              required
              disabled={sending}
              {...described('name', errors)}
            />
            <FieldError field="name" errors={errors} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="message-email">{f.email.label}</Label>
            <Input
              id="message-email"
              name="email"
              type="email"
              autoComplete="email"
              placeholder={f.email.placeholder}
              required
              disabled={sending}
              {...described('email', errors, true)}
            />
            <p id={hintId('email')} className="text-sm text-muted-foreground">
              {f.email.hint}
            </p>
            <FieldError field="email" errors={errors} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="message-phone">{f.phone.label}</Label>
            <Input
              id="message-phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              placeholder={f.phone.placeholder}
              disabled={sending}
              {...described('phone', errors)}
            />
            <FieldError field="phone" errors={errors} />
          </div>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="message-car">{f.car.label}</Label>
            <Input
              id="message-car"
              name="car"
              placeholder={f.car.placeholder}
              disabled={sending}
              {...described('car', errors)}
            />
            <FieldError field="car" errors={errors} />
          </div>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="message-message">{f.message.label}</Label>
            <Textarea
              id="message-message"
              name="message"
              rows={5}
              placeholder={f.message.placeholder}
              required
              disabled={sending}
              {...described('message', errors, true)}
            />
            <p id={hintId('message')} className="text-sm text-muted-foreground">
              {f.message.hint}
            </p>
            <FieldError field="message" errors={errors} />
          </div>
        </div>
        <div
          aria-hidden="true"
          className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden"
        >
          <label htmlFor="message-website">{f.honeypot}</label>
          <input id="message-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
      </form>
      {challenge.element}
      <div className="grid gap-3">
        {failure ? (
          <div role="alert" className="rounded-md border border-destructive/60 p-3 text-sm">
            <p className="font-semibold">{copy.failedTitle}</p>
            <p className="mt-1">{failure}</p>
          </div>
        ) : null}
        <Button type="submit" form={FORM_ID} size="lg" disabled={sending}>
          {sending ? copy.sending : copy.submit}
        </Button>
        <p className="text-sm text-muted-foreground">
          {copy.privacy}{' '}
          <Link to="/privatlivspolitik" className="underline underline-offset-4">
            {copy.privacyLink}
          </Link>
        </p>
      </div>
    </div>
  );
}
