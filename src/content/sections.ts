/** Labels shared by the page sections (hero, closing call-to-action, cards). */
export const sectionText = {
  /** Closing call-to-action: the phone button reads 'Ring {phone}'. */
  callPhone: (display: string) => `Ring ${display}`,
  sendMessage: 'Send besked',
  stepLabel: (step: number) => `Trin ${step}`,
};
