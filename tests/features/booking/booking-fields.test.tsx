// The form's end of every customer field (tests/support/booking-fields.ts): a field labelled as
// listed, posting under the body key the function reads.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CustomerFields } from '~/features/booking/components/customer-fields';
import { BOOKING_CUSTOMER_FIELDS } from '../../support/booking-fields';

afterEach(cleanup);

describe('the booking form asks for every customer field', () => {
  it.each(BOOKING_CUSTOMER_FIELDS)('$body: labelled "$label", posted as $body', (field) => {
    render(<CustomerFields disabled={false} />);
    expect(screen.getByLabelText(field.label)).toHaveAttribute('name', field.body);
  });
});

describe('"Send mig SMS"', () => {
  it('is unticked until the customer ticks it, and says where it goes', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    render(<CustomerFields disabled={false} />);
    const box = screen.getByRole('checkbox', { name: 'Send mig SMS' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/kun danske mobilnumre/);
    await user.click(box);
    expect(box).toBeChecked();
  });
});
