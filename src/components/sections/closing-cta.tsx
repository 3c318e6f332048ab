import { CalendarCheck, MessageSquare } from 'lucide-react';
import { BOOKING_FORM_HREF } from '~/content/navigation';
import { sectionText } from '~/content/sections';
import { ActionLink, CallButton } from './action-link';

export interface ClosingCtaProps {
  heading: string;
  text: string;
}

/**
 * The call-to-action band that closes a page: book online (the form on /contact) beside the phone
 * link, and the spec's 'Send besked' button to the message form on /contact.
 */
export function ClosingCta({ heading, text }: ClosingCtaProps) {
  return (
    <section aria-labelledby="closing-cta-heading" className="py-16 sm:py-20">
      <div className="container">
        <div className="mx-auto max-w-4xl rounded-2xl border bg-card px-6 py-12 text-center shadow-sm sm:px-12">
          <h2 id="closing-cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {heading}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{text}</p>
          <div className="mt-8 flex flex-col flex-wrap justify-center gap-3 sm:flex-row">
            <ActionLink icon={CalendarCheck} to={BOOKING_FORM_HREF}>
              {sectionText.bookOnline}
            </ActionLink>
            <CallButton variant="outline" />
            <ActionLink icon={MessageSquare} to={sectionText.sendMessageHref} variant="outline">
              {sectionText.sendMessage}
            </ActionLink>
          </div>
        </div>
      </div>
    </section>
  );
}
