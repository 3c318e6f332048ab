/**
 * The frame of the two pages behind the links in the booking e-mails (/afbestil and /flyt): the
 * page itself, the lookup of the booking behind the link's token (waiting, unknown link, failure
 * with a retry), the focused messages and the call-us buttons (the booking's details, which only
 * the answers loaded after the lookup show: booking-details.tsx).
 *
 * Only those two routes import this module, so the build puts it in the chunk they already share
 * (with src/lib/link-token.ts): it is in no other page's first load (e2e/budgets.spec.ts).
 */
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { bookingLinkCopy as copy } from '~/content/booking-link';
import { business, telHref } from '~/content/business';
import { useLinkToken } from '~/lib/link-token';
import { cn } from '~/lib/utils';

/** The meta tags of a page behind an e-mail link: never indexed, never sends a Referer. */
export function linkPageMeta({ title, description }: { title: string; description: string }) {
  return [
    { title },
    { name: 'description', content: description },
    { name: 'robots', content: 'noindex, nofollow' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

/**
 * The page's frame, at least a screen tall: what the lookup answers (a message, or the booking and
 * its form) replaces the one-line "Henter din booking..." below the fold's footer, not above it,
 * so the footer never jumps on screen (Lighthouse measured a layout shift of 0.14 on a phone).
 */
export function LinkPage({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="container min-h-svh max-w-2xl py-16">
      <h1 className="mb-6 text-4xl font-bold tracking-tight">{heading}</h1>
      {children}
    </section>
  );
}

/** A message that takes the focus when it appears: an alert for errors, else a status. */
export function LinkMessage({
  title,
  body,
  tone = 'info',
  children,
}: {
  title: string;
  body: string;
  tone?: 'info' | 'error' | 'success';
  children?: ReactNode;
}) {
  const border =
    tone === 'error'
      ? 'border-destructive/60'
      : tone === 'success'
        ? 'border-primary/60'
        : 'border-border';
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      ref={(element) => element?.focus()}
      tabIndex={-1}
      className={`rounded-lg border ${border} p-4 outline-none`}
    >
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mt-2 text-muted-foreground">{body}</p>
      {children}
    </div>
  );
}

/** The page's action (`children`) and beside it the way to the front page without taking it. */
export function ActionOrHome({
  home,
  className,
  children,
}: {
  /** The home link's label. */
  home: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn(className, 'flex flex-wrap gap-3')}>
      {children}
      <Button asChild variant="outline">
        <Link to="/">{home}</Link>
      </Button>
    </div>
  );
}

/** The workshop's phone number and the way home, where the link cannot help. */
export function CallUs() {
  return (
    <ActionOrHome home={copy.home} className="mt-4">
      <Button asChild>
        <a href={telHref(business.phone)}>
          {copy.call}: {business.phone.display}
        </a>
      </Button>
    </ActionOrHome>
  );
}

/** 'Book en ny tid', to the booking form. */
export function BookAgain() {
  return (
    <div className="mt-4">
      <Button asChild>
        <Link to="/contact">{copy.bookAgain}</Link>
      </Button>
    </div>
  );
}

/** 'Henter din booking...' */
export function LinkLoading() {
  return (
    <p role="status" className="text-muted-foreground">
      {copy.loading}
    </p>
  );
}

/** A link a newer e-mail replaced: the booking was moved since, or a new link was sent. */
export type ReplacedLink = { kind: 'replaced'; reason: 'moved' | 'replaced' };

/** What a lookup of the link's token answers. */
export type LinkAnswer =
  { kind: 'booking' } | { kind: 'not_found' } | ReplacedLink | { kind: 'error' };

/** A 410 of cancel-booking or reschedule-booking: the link a newer e-mail replaced, else null. */
export function replacedLink(
  status: number | undefined,
  body: Record<string, unknown> | null,
): ReplacedLink | null {
  if (status !== 410) return null;
  return body?.code === 'moved' || body?.code === 'replaced'
    ? { kind: 'replaced', reason: body.code }
    : null;
}

/** Why a replaced link stopped working, and the way on: the newest e-mail, or the phone. */
export function ReplacedLinkMessage({ reason }: { reason: ReplacedLink['reason'] }) {
  const text = copy.replaced[reason];
  return (
    <LinkMessage title={text.title} body={text.body}>
      <CallUs />
    </LinkMessage>
  );
}

/**
 * The props of the component a page draws the found booking with (BookingLookup's `children`):
 * the booking, the link's token, and `onAnswer` to replace the answer after an action on it.
 */
export interface LinkContentProps<A extends LinkAnswer> {
  answer: Extract<A, { kind: 'booking' }>;
  token: string;
  onAnswer: (answer: A) => void;
}

/**
 * Looks up the booking behind the link's token (read after hydration, see useLinkToken) and shows
 * the waiting, unknown-link and failed states, the last with a retry; once the booking is there,
 * `children` draws the page from it. `setAnswer` replaces the answer (after an action on it).
 *
 * `children` may render a lazy component: nothing of a page but this frame is prerendered or can
 * be shown before the lookup answers, so each page loads the code for the answer with import()
 * (`preload`, started with the lookup, in parallel) and this frame is its first load. Without a
 * token of the right format there is nothing to look up and nothing of that code is loaded.
 * `lookup` and `preload` must be module-level functions (a new one on every render would run
 * again each time).
 */
export function BookingLookup<A extends LinkAnswer>({
  lookup,
  preload,
  invalid,
  children,
}: {
  lookup: (token: string) => Promise<A>;
  preload: () => Promise<unknown>;
  /** Why the link does not work (the page's own words). */
  invalid: { title: string; body: string };
  children: (
    found: Extract<A, { kind: 'booking' }>,
    token: string,
    setAnswer: (answer: A) => void,
  ) => ReactNode;
}) {
  const token = useLinkToken();
  const [answer, setAnswer] = useState<A | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (token) void preload();
  }, [preload, token]);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void lookup(token).then((result) => {
      if (live) setAnswer(result);
    });
    return () => {
      live = false;
    };
  }, [token, lookup, attempt]);

  if (token === undefined || (token && answer === null)) return <LinkLoading />;
  if (!token || answer?.kind === 'not_found') {
    return (
      <LinkMessage title={invalid.title} body={invalid.body} tone="error">
        <CallUs />
      </LinkMessage>
    );
  }
  if (answer?.kind === 'replaced') {
    return <ReplacedLinkMessage reason={(answer as ReplacedLink).reason} />;
  }
  if (answer?.kind !== 'booking') {
    return (
      <LinkMessage title={copy.failed.title} body={copy.failed.body} tone="error">
        <div className="mt-4">
          <Button
            onClick={() => {
              setAnswer(null);
              setAttempt((n) => n + 1);
            }}
          >
            {copy.failed.retry}
          </Button>
        </div>
      </LinkMessage>
    );
  }
  return (
    <Suspense fallback={<LinkLoading />}>
      {children(answer as Extract<A, { kind: 'booking' }>, token, setAnswer)}
    </Suspense>
  );
}
