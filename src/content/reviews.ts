/**
 * Customer reviews: real ones only, as the customer wrote them, with where they were given. The
 * list is empty until the owner adds one; the home page and /about show the reviews section only
 * when there is at least one (src/components/sections/customer-reviews.tsx). Never invent one:
 * made-up reviews are misleading marketing (markedsføringsloven).
 *
 * To add a review, copy this into the list (newest first) and fill in the customer's own words:
 *   { name: 'Mette H.', car: 'VW Golf', quote: '…', date: '2026-11-20', source: 'Google' },
 * Ask the customer before using their name; first name and initial is enough.
 */

export interface Review {
  /** As the customer agreed to be named, e.g. 'Mette H.'. */
  name: string;
  /** The car (or boat, caravan) the work was on, e.g. 'VW Golf'. */
  car: string;
  /** The customer's own words, unedited. */
  quote: string;
  /** When it was given, yyyy-MM-dd. */
  date: string;
  /** Where it was given: 'Google', 'Facebook', 'Trustpilot' or 'Mundtligt'… */
  source: string;
  /** A link to the review where it was given, when it has one. */
  url?: string;
}

export const reviews: readonly Review[] = [];

export const reviewsText = {
  eyebrow: 'Anmeldelser',
  title: 'Det siger vores kunder',
  description: 'Udtalelser fra kunder, med deres tilladelse, og hvor de er givet.',
  /** '… på Google' after the date. */
  givenOn: (source: string) => `på ${source}`,
};
