import { Section } from '~/components/sections/section-heading';
import { MESSAGE_ANCHOR, messageFormCopy as copy } from '~/content/message-form';
import { MessageForm } from './message-form';

/** The section "Skriv til os" of /contact, whole: its copy loads with the form, not with the page. */
export function MessageSection() {
  return (
    <Section
      id={MESSAGE_ANCHOR}
      muted
      heading={{ eyebrow: copy.eyebrow, title: copy.title, description: copy.description }}
    >
      <div className="mx-auto max-w-3xl">
        <MessageForm />
      </div>
    </Section>
  );
}
