// Beside "din bil er klar": the first two pickup days of the e-mail's list, as it writes them.
import { WORKSHOP, WORKSHOP_ADDRESS } from '../../email/business.ts';
import { localParts, pickupHoursLines } from '../../email/format.ts';
import { carReady } from '../../email/kinds/car-ready.ts';
import { SMS_BOOKING, defineSms } from '../message.ts';

export const smsCarReady = defineSms({
  kind: 'sms_car_ready',
  email: carReady.payload,
  needs: [...SMS_BOOKING, 'readyNow', 'pickupHours'],
  text: (p) => {
    const lines = pickupHoursLines(p.pickupHours.slice(0, 2), localParts(p.readyNow).date);
    return (
      `${WORKSHOP.name}: Din bil er klar til afhentning (bookingnr. ${p.reference}). ` +
      (lines.length > 0 ? `Du kan hente den: ${lines.join(', ')}. ` : '') +
      WORKSHOP_ADDRESS
    );
  },
});
