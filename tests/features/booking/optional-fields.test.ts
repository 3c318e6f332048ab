// The form's optional one-line fields (src/content/booking.ts) are the server's
// (customer-rules.ts OPTIONAL_TEXT_FIELDS): the same keys, and the input's maxLength the server's limit,
// which the input copies so that a visitor cannot type past it.
import { describe, expect, it } from 'vitest';
import { bookingCopy } from '~/content/booking';
import { OPTIONAL_TEXT_FIELDS } from '../../../supabase/functions/_shared/customer-rules';

describe('the optional one-line fields of the booking form', () => {
  it('are the server’s, each with the server’s longest length', () => {
    const form = Object.fromEntries(bookingCopy.fields.optional.map((f) => [f.name, f.maxLength]));
    const server = Object.fromEntries(
      Object.entries(OPTIONAL_TEXT_FIELDS).map(([name, rule]) => [name, rule.max]),
    );
    expect(form).toEqual(server);
  });
});
