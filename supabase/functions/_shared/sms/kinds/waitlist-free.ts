// Beside the waiting list's "der er en ledig tid": the day and the e-mail's own booking link. The
// only SMS with a link: the time goes to whoever books first, so the message is worth little
// without one tap to the form, and the link holds no token (it opens /contact on the day with the
// package chosen, as anyone could), so a forwarded SMS gives nothing away. No leave link: once
// told, he is off the list. The link names the package only, not the job's size and add-ons as
// the e-mail's does: their ids would take the text past two segments.
import { waitlistFree } from '../../email/kinds/waitlist.ts';
import { WORKSHOP } from '../../email/business.ts';
import { waitlistBookingLink, waitlistDayText } from '../../email/waitlist-links.ts';
import { defineSms } from '../message.ts';

export const smsWaitlistFree = defineSms({
  kind: 'sms_waitlist_free',
  email: waitlistFree.payload,
  needs: ['day', 'serviceName'],
  link: true,
  text: (p, ctx) => {
    if (!ctx.siteUrl) throw new Error('sms_waitlist_free: SITE_URL is not set');
    return (
      `${WORKSHOP.name}: Der er blevet en tid ledig ${waitlistDayText(p.day)}` +
      `${p.time ? ` (første ledige kl. ${p.time})` : ''}, som du stod på venteliste til. ` +
      `Den, der booker først, får tiden: ${waitlistBookingLink(ctx.siteUrl, p.serviceName, p.day)}`
    );
  },
});
