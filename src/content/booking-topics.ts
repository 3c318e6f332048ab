import { business } from './business';

/**
 * Links to the booking form for work that is not one fixed package carry a topic
 * (`/contact?emne=<key>#form`) instead of a service name, and the form shows the topic's note above
 * it, so nobody lands on a silent empty select or an unexplained preselection.
 */
export interface BookingTopic {
  title: string;
  text: string;
  /**
   * The service text a link for this topic carries in navigation state and `?service=` (spec:
   * the portfolio's video links carry one); the form preselects a package containing it, if any.
   */
  service?: string;
}

export const BOOKING_TOPIC_PARAM = 'emne';

export const bookingTopics = {
  polering: {
    title: 'Polering: vælg den pakke, der passer til din lak',
    text: 'Vi har tre poleringspakker, fra en flertrinspolering til nano-keramisk forsegling. Vi har foreslået en af dem under Service nedenfor; skift gerne til en anden. Pris og varighed står i oversigten, før du booker, og forskellen på pakkerne kan du se på siden Tjenester.',
    service: 'polering',
  },
  brandskade: {
    title: 'Polering efter brandskade prissættes individuelt',
    text: `Sod og varme skader lakken forskelligt, så prisen aftaler vi, når vi har set bilen. Ring på ${business.phone.display} eller skriv til ${business.email} med et par billeder for et uforpligtende tilbud. Vil du hellere vise os bilen, kan du booke en af poleringspakkerne som besigtigelse og skrive om skaden under Bemærkninger.`,
    service: 'Brandskade polering',
  },
  special: {
    title: 'Specialopgaver prissættes individuelt',
    text: `Både, motorcykler, campingvogne og andre køretøjer kan ikke bookes som en fast pakke. Ring på ${business.phone.display} eller skriv til ${business.email}, så aftaler vi pris og tid. Du kan også booke den pakke, der ligner opgaven mest, og beskrive køretøjet under Bemærkninger.`,
  },
} satisfies Record<string, BookingTopic>;

export type BookingTopicKey = keyof typeof bookingTopics;

/** The booking form's address for a topic. */
export function bookingTopicHref(topic: BookingTopicKey): string {
  return `/contact?${BOOKING_TOPIC_PARAM}=${topic}#form`;
}

/** The topic a query string names, or null. */
export function bookingTopicOf(search: string): BookingTopic | null {
  const params = new URLSearchParams(search);
  const key = params.get(BOOKING_TOPIC_PARAM);
  if (key && Object.hasOwn(bookingTopics, key)) return bookingTopics[key as BookingTopicKey];
  const service = params.get('service')?.toLowerCase();
  if (!service) return null;
  return (
    Object.values(bookingTopics).find(
      (topic: BookingTopic) => topic.service?.toLowerCase() === service,
    ) ?? null
  );
}

// (kept in navigation.ts, so that the site header does not load the topics)
export { BOOKING_FORM_HREF } from './navigation';
