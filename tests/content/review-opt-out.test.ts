import { describe, expect, it } from 'vitest';
import { reviewOptOutCopy } from '~/content/review-opt-out';
import { REVIEW_OPT_OUT_MESSAGES } from '../../supabase/functions/_shared/review-opt-out.ts';

describe('the /nej-tak page and review-opt-out', () => {
  it('say a cut link in the same words (the page says it without asking the function)', () => {
    expect(reviewOptOutCopy.invalid.body).toBe(REVIEW_OPT_OUT_MESSAGES.invalidToken);
  });
});
