import { business, telHref } from '~/content/business';
import { bookingCopy } from '~/content/booking';

/**
 * The toast action of every refusal and "try later" message: the phone number, as the way to book
 * now. The spec's own title and message stay as they are; this is a button beside them.
 */
export const callToBook = {
  label: bookingCopy.callToBook,
  onClick: () => window.location.assign(telHref(business.phone)),
};
