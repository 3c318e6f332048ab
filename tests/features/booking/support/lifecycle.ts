import { configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetCalls, server } from './backend';

/**
 * The lifecycle of a booking form test file: the mocked backend (msw) listening, the clock frozen
 * at `now` (Date only: the form's timers run), the recorded calls and toasts cleared per test.
 */
export function bookingFormTests(now: Date): void {
  // many clicks through Radix widgets per test on a shared, slow CPU
  vi.setConfig({ testTimeout: 30_000 });
  // the first test also pays for the first import of the form and supabase-js
  configure({ asyncUtilTimeout: 5_000 });

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    resetCalls();
  });
  afterEach(() => {
    toast.dismiss();
    server.resetHandlers();
    vi.useRealTimers();
  });
  afterAll(() => server.close());
}
