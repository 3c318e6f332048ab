// "Vil du anmelde os?": the morning after the car was picked up, once, only with the owner's
// review link (public.booking_queue_review_request), and a one-tap way to say no to such messages.
import { WORKSHOP } from '../business.ts';
import { greeting } from '../booking.ts';
import { email } from '../layout.ts';
import { defineEmail } from '../message.ts';

/** booking_queue_review_request's payload. */
export const REVIEW_REQUEST = {
  reference: 'string!',
  customerName: 'string',
  reviewUrl: 'string!',
  optOutToken: 'string!',
} as const;

/** The one-tap refusal: the site's page /nej-tak records it (a POST from the page, never the GET). */
export function reviewOptOutUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/nej-tak?token=${encodeURIComponent(token)}`;
}

export const reviewRequest = defineEmail({
  kind: 'review_request',
  payload: REVIEW_REQUEST,
  render(b, _msg, ctx) {
    return email(
      `Tak for besøget hos ${WORKSHOP.name}`,
      {
        heading: 'Tak for besøget',
        intro: [
          `${greeting(b)},`,
          `Tak, fordi du valgte ${WORKSHOP.name}. Har du et øjeblik, vil vi blive glade for en kort anmeldelse.`,
        ],
        rows: [],
        sections: [
          {
            title: 'Skriv en anmeldelse',
            lines: [],
            links: [{ label: 'Skriv en anmeldelse', href: b.reviewUrl }],
          },
          {
            title: 'Vil du ikke have den slags beskeder?',
            lines: ['Ét tryk, så sender vi dig ikke flere anmodninger om anmeldelser.'],
            textLinks: [
              {
                label: 'Nej tak til den slags beskeder',
                href: reviewOptOutUrl(ctx.siteUrl, b.optOutToken),
              },
            ],
          },
        ],
        outro: [],
      },
      [],
      ctx.ownerEmail,
    );
  },
});
