// "Din bil er klar til afhentning": when (public.booking_pickup_hours) and where.
import { list } from '../../outbox/payload.ts';
import { WORKSHOP, WORKSHOP_ADDRESS } from '../business.ts';
import { CUSTOMER, greeting, openingHours } from '../booking.ts';
import { danishPrice, localParts, pickupHoursLines } from '../format.ts';
import { email } from '../layout.ts';
import { defineEmail } from '../message.ts';

/** booking_queue_car_ready: when the car was marked ready and the coming pickup days. */
export const CAR_READY = {
  ...CUSTOMER,
  readyNow: 'datetime!',
  // opens is null on a day open already
  pickupHours: list({ day: 'day!', opens: 'time|null', closes: 'time!' }, '!'),
} as const;

export const carReady = defineEmail({
  kind: 'car_ready',
  payload: CAR_READY,
  render(b, _msg, ctx) {
    const lines = pickupHoursLines(b.pickupHours, localParts(b.readyNow).date);
    return email(
      `Din bil er klar til afhentning (${b.reference})`,
      {
        heading: 'Din bil er klar til afhentning',
        intro: [
          `${greeting(b)},`,
          `Din bil er klar. Du kan hente den hos ${WORKSHOP.name}, ${WORKSHOP_ADDRESS}.`,
        ],
        rows: [
          ['Bookingnummer', b.reference],
          ['Service', b.serviceName],
          ['Pris', danishPrice(b.price)],
          ['Adresse', WORKSHOP_ADDRESS],
        ],
        sections: [
          lines.length > 0
            ? { title: 'Du kan hente bilen', lines, compact: true }
            : openingHours(ctx),
          {
            title: 'Kan du ikke nå det?',
            lines: [`Ring til os på ${WORKSHOP.phone.display}, så aftaler vi en tid.`],
          },
        ],
        outro: ['Tak, fordi du valgte os.'],
      },
      [],
      ctx.ownerEmail,
    );
  },
});
