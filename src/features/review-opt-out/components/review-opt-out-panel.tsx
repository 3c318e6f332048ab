import { useEffect, useState } from 'react';
import { CallUs, LinkMessage } from '~/components/booking-link';
import { Button } from '~/components/ui/button';
import { reviewOptOutCopy as copy } from '~/content/review-opt-out';
import { useLinkToken } from '~/lib/link-token';
import { callReviewOptOut, type ReviewOptOutAnswer } from '../api/review-opt-out';

/**
 * The tap on the e-mail's link is the customer's one tap: the page records it as soon as it has
 * read the token (a POST from the page, never a GET a mail scanner could follow) and says so.
 */
export function ReviewOptOutPanel() {
  const token = useLinkToken();
  const [answer, setAnswer] = useState<ReviewOptOutAnswer | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void callReviewOptOut(token).then((result) => {
      if (live) setAnswer(result);
    });
    return () => {
      live = false;
    };
  }, [token, attempt]);

  if (token === null) {
    return (
      <LinkMessage title={copy.invalid.title} body={copy.invalid.body} tone="error">
        <CallUs />
      </LinkMessage>
    );
  }
  if (token === undefined || answer === null) {
    return (
      <p role="status" className="text-muted-foreground">
        {copy.saving}
      </p>
    );
  }
  if (answer.kind === 'recorded') {
    return <LinkMessage title={copy.done.title} body={answer.message} tone="success" />;
  }
  if (answer.kind === 'refused') {
    return (
      <LinkMessage title={copy.notFound.title} body={answer.message} tone="error">
        <CallUs />
      </LinkMessage>
    );
  }
  return (
    <LinkMessage title={copy.failed.title} body={copy.failed.body} tone="error">
      <div className="mt-4">
        <Button
          type="button"
          onClick={() => {
            setAnswer(null);
            setAttempt((n) => n + 1);
          }}
        >
          {copy.failed.retry}
        </Button>
      </div>
      <CallUs />
    </LinkMessage>
  );
}
