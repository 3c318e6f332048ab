import type { LucideIcon } from 'lucide-react';

/** Labels shared by the page sections (hero, closing call-to-action, cards). */
export const sectionText = {
  /** Closing call-to-action: the phone button reads 'Ring {phone}'. */
  callPhone: (display: string) => `Ring ${display}`,
  sendMessage: 'Send besked',
  /** 'Send besked' goes to the message form on /contact (content/message-links.ts). */
  sendMessageHref: '/contact#besked',
  /** Closing call-to-action: the online booking, first, beside the phone. */
  bookOnline: 'Book din tid online',
  stepLabel: (step: number) => `Trin ${step}`,
};

/** A reason, value or feature with an icon (why-choose-us lists, values). */
export interface IconPoint {
  icon: LucideIcon;
  title: string;
  description: string;
}
