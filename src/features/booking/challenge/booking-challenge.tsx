// The ALTCHA widget of the booking form (the proof of work before a booking), loaded only when the
// visitor first touches the form (use-booking-challenge.tsx). It fetches a challenge from the
// booking-challenge function and solves it at once in Web Workers (ALTCHA's PBKDF2 worker, a
// same-origin file: the CSP's worker-src 'self' is all it needs), so an honest visitor never
// waits; no cookie, no third party. The form reads the solution through the controller when it
// sends the booking.
import 'altcha/external';
import 'altcha/altcha.css';
import './booking-challenge.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { useEffect, useRef, useState } from 'react';
import { functionUrl } from '~/lib/supabase-config';
import { challengeStatus, widgetStrings } from './copy';
import type { ChallengeController, ChallengeHandle } from './controller';

const ALGORITHM = 'PBKDF2/SHA-256';

type State = keyof typeof challengeStatus;

// ALTCHA keeps its registries on globalThis.$altcha (created by the import above)
globalThis.$altcha.algorithms.set(ALGORITHM, () => new Pbkdf2Worker());
globalThis.$altcha.i18n.set('da', { ...widgetStrings });

/** Where the widget fetches a challenge: a plain GET (the function needs no key, so no preflight). */
function challengeUrl(): string {
  return functionUrl('booking-challenge');
}

/** Settings the widget takes before it starts (attributes; functions cannot be passed so). */
const CONFIGURATION = JSON.stringify({
  hideFooter: true,
  hideLogo: true,
  // no collection of pointer and scroll data (only ALTCHA's paid service would ask for it)
  humanInteractionSignature: false,
  // no artificial delay after solving
  minDuration: 0,
});

export default function BookingChallenge({ controller }: { controller: ChallengeController }) {
  const host = useRef<HTMLDivElement | null>(null);
  const [state, setState] = useState<State>('unverified');

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const widget = document.createElement('altcha-widget');
    let solved: string | null = null;
    let waiters: { resolve: (payload: string) => void; reject: (error: Error) => void }[] = [];
    const settle = (payload: string | null, error?: Error) => {
      const list = waiters;
      waiters = [];
      for (const w of list) {
        if (payload) w.resolve(payload);
        else w.reject(error ?? new Error('challenge failed'));
      }
    };
    // One solve at a time, started only here. The widget's verify() started again while one runs
    // aborts the first, and the aborted one still ends (after its fetch and its full solve) in
    // the state 'error': a submit waiting for the check was refused with "Robottjekket kunne ikke
    // gennemføres" although the second solve was about to succeed (a send before the widget had
    // loaded met the widget's own start, auto=onload, so). `run` counts the solves: the end of one
    // that renew() has replaced is not this widget's answer.
    let running = false;
    let run = 0;
    const solve = () => {
      if (running || widget.getState?.() === 'verifying') return;
      running = true;
      const mine = ++run;
      const done = (payload: string | null) => {
        if (mine !== run) return;
        running = false;
        if (payload) {
          solved = payload;
          settle(payload);
        } else settle(null, new Error('challenge failed'));
      };
      widget.verify().then(
        (result) => done(result?.payload ?? null),
        () => done(null),
      );
    };
    const onState = (event: Event) => {
      const { state: next, payload } = (event as CustomEvent<{ state: State; payload?: string }>)
        .detail;
      setState(next);
      if (next === 'verified' && payload) {
        // also a solve the visitor started on the widget itself (its checkbox)
        solved = payload;
        settle(payload);
      } else {
        solved = null;
        // a failed solve that the widget started itself; one of ours answers through solve()
        if (next === 'error' && !running) settle(null, new Error('challenge failed'));
        // an expired challenge is replaced at once, in the background
        if (next === 'expired') solve();
      }
    };
    widget.addEventListener('statechange', onState);

    const handle: ChallengeHandle = {
      payload() {
        if (solved) return Promise.resolve(solved);
        const promise = new Promise<string>((resolve, reject) => waiters.push({ resolve, reject }));
        solve();
        return promise;
      },
      current: () => solved,
      renew() {
        solved = null;
        running = false;
        run += 1;
        widget.reset();
        solve();
      },
    };

    // the methods exist once the widget has loaded; it starts solving at once (as auto=onload
    // would), and a send that was waiting for the widget waits for this solve
    const onLoad = () => {
      controller.attach(handle);
      solve();
    };
    widget.addEventListener('load', onLoad);
    widget.setAttribute('challenge', challengeUrl());
    widget.setAttribute('display', 'standard');
    widget.setAttribute('type', 'checkbox');
    widget.setAttribute('language', 'da');
    widget.setAttribute('configuration', CONFIGURATION);
    container.append(widget);
    return () => {
      controller.detach(handle);
      widget.removeEventListener('statechange', onState);
      widget.removeEventListener('load', onLoad);
      settle(null, new Error('the form was closed'));
      widget.remove();
    };
  }, [controller]);

  return (
    <div className="booking-challenge grid gap-2">
      <div ref={host} />
      <p role="status" className="sr-only">
        {challengeStatus[state] ?? ''}
      </p>
    </div>
  );
}
