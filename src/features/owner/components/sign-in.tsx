import { useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { ownerCopy } from '~/content/owner';
import * as api from '../api/owner-api';
import { OwnerError, ownerMessage } from '../api/errors';
import { useClock } from './use-clock';

const copy = ownerCopy.signIn;

/** GoTrue's smallest wait between two codes to one address (auth.email.max_frequency, 60 s). */
export const RESEND_AFTER_S = 60;

/** Seconds left until `until` (ms), by the clock; 0 once passed. */
function secondsLeft(until: number | null, now: number): number {
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * Sign-in: the address, then the 6-digit code from the mail (the phone offers it from the mail
 * with autocomplete="one-time-code"); a new code once GoTrue allows one. The session then comes
 * through auth-js's state change (owner-app.tsx).
 */
export function SignIn() {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const wait = secondsLeft(resendAt, useClock(1000));

  async function send(address: string) {
    setBusy(true);
    setProblem(null);
    try {
      await api.requestCode(address);
      setStep('code');
      setCode('');
      setResendAt(Date.now() + RESEND_AFTER_S * 1000);
    } catch (error) {
      setProblem(ownerMessage(error));
      // a code went out a moment ago: it is still good, so the code field comes up with the wait
      if (error instanceof OwnerError && error.kind === 'rate_limited' && error.waitSeconds) {
        setStep('code');
        setResendAt(Date.now() + error.waitSeconds * 1000);
      }
    } finally {
      setBusy(false);
    }
  }

  async function submitEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!address || busy) return;
    setEmail(address);
    await send(address);
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !/^\d{6}$/.test(code)) return;
    setBusy(true);
    setProblem(null);
    try {
      await api.verifyCode(email, code);
    } catch (error) {
      setProblem(ownerMessage(error));
      setBusy(false);
    }
  }

  const alert = problem ? (
    <p role="alert" className="rounded-lg border border-destructive/60 p-4">
      {problem}
    </p>
  ) : null;

  if (step === 'email') {
    return (
      <form onSubmit={submitEmail} className="grid gap-4" aria-labelledby="owner-sign-in">
        <h2 id="owner-sign-in" className="text-xl font-semibold">
          {copy.heading}
        </h2>
        <p className="text-muted-foreground">{copy.intro}</p>
        <div className="grid gap-2">
          <Label htmlFor="owner-email">{copy.email}</Label>
          <Input
            id="owner-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={busy}
          />
        </div>
        {alert}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? copy.sending : copy.sendCode}
        </Button>
      </form>
    );
  }

  return (
    <form onSubmit={submitCode} className="grid gap-4" aria-labelledby="owner-sign-in">
      <h2 id="owner-sign-in" className="text-xl font-semibold">
        {copy.heading}
      </h2>
      <p role="status">{copy.codeSent(email)}</p>
      <div className="grid gap-2">
        <Label htmlFor="owner-code">{copy.code}</Label>
        <Input
          id="owner-code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          aria-describedby="owner-code-hint"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          disabled={busy}
        />
        <p id="owner-code-hint" className="text-sm text-muted-foreground">
          {copy.codeHint}
        </p>
      </div>
      {alert}
      <Button type="submit" size="lg" disabled={busy || code.length !== 6}>
        {busy ? copy.verifying : copy.verify}
      </Button>
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={busy || wait > 0}
          onClick={() => void send(email)}
        >
          {copy.resend}
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={busy}
          onClick={() => {
            setStep('email');
            setProblem(null);
            setCode('');
          }}
        >
          {copy.otherEmail}
        </Button>
      </div>
      {wait > 0 ? <p className="text-sm text-muted-foreground">{copy.resendIn(wait)}</p> : null}
    </form>
  );
}
