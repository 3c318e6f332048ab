// Beside a cancellation.
import { WORKSHOP } from '../../email/business.ts';
import { danishDateTime } from '../../email/format.ts';
import { cancellationConfirmation } from '../../email/kinds/cancellation-confirmation.ts';
import { SMS_BOOKING, defineSms } from '../message.ts';

export const smsCancellationConfirmation = defineSms({
  kind: 'sms_cancellation_confirmation',
  email: cancellationConfirmation.payload,
  needs: SMS_BOOKING,
  text: (p) =>
    `${WORKSHOP.name}: Din booking ${p.reference} (${p.serviceName}, ${danishDateTime(p.dropOff)}) ` +
    `er aflyst. Ring på ${WORKSHOP.phone.display} hvis det er en fejl.`,
});
