// A new ready time: the job will be ready later (or earlier) than the customer was told.
import { WORKSHOP, WORKSHOP_ADDRESS } from '../business.ts';
import { CUSTOMER, greeting, openingHours } from '../booking.ts';
import { danishDateTime } from '../format.ts';
import { email } from '../layout.ts';
import { defineEmail } from '../message.ts';

export const carReadyTime = defineEmail({
  kind: 'car_ready_time',
  payload: { ...CUSTOMER, newReadyAt: 'datetime!', previousReadyAt: 'datetime' },
  render(b, _msg, ctx) {
    const next = b.newReadyAt;
    return email(
      `Ny tid for afhentning: ${danishDateTime(next)} (${b.reference})`,
      {
        heading: 'Ny tid for afhentning',
        intro: [
          `${greeting(b)},`,
          `Din bil bliver klar ${danishDateTime(next)}${b.previousReadyAt ? ` i stedet for ${danishDateTime(b.previousReadyAt)}` : ''}.`,
        ],
        rows: [
          ['Bookingnummer', b.reference],
          ['Service', b.serviceName],
          ['Klar til afhentning', danishDateTime(next)],
          ['Adresse', WORKSHOP_ADDRESS],
        ],
        sections: [
          openingHours(ctx),
          {
            title: 'Passer tiden ikke?',
            lines: [`Ring til os på ${WORKSHOP.phone.display}, så finder vi en løsning.`],
          },
        ],
        outro: [],
      },
      [],
      ctx.ownerEmail,
    );
  },
});
