import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type { ChallengeController } from '~/features/booking/challenge/controller';

/** What the stand-in of the booking form's ALTCHA widget sends as the solved challenge. */
export const TEST_ALTCHA = 'dGVzdC1zb2x1dGlvbg==';

// The ALTCHA widget needs Web Workers and WebCrypto in a secure context, which jsdom lacks; the
// form tests get a stand-in that is solved as soon as it is loaded (the real widget runs in the
// Playwright journeys, the verification in the server tests).
vi.mock('~/features/booking/challenge/booking-challenge', async () => {
  const { useEffect } = await import('react');
  function TestChallenge({ controller }: { controller: ChallengeController }) {
    useEffect(() => {
      const handle = {
        payload: () => Promise.resolve(TEST_ALTCHA),
        current: () => TEST_ALTCHA,
        renew: () => undefined,
      };
      controller.attach(handle);
      return () => controller.detach(handle);
    }, [controller]);
    return null;
  }
  return { default: TestChallenge };
});

afterEach(() => {
  cleanup();
});
