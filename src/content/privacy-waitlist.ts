/**
 * The privacy policy's paragraph on the waiting list of a full day ("Skriv mig op"), its own
 * module so that the policy's other edits merge without touching it. Shown last under
 * "Opbevaring og sletning" (privacy.ts).
 */
import type { PrivacyBlock } from './privacy';

export const waitlistPrivacy: PrivacyBlock = {
  type: 'p',
  text: 'Venteliste ("Skriv mig op"): Skriver du dig op til en fuldt booket dag, gemmer vi din e-mailadresse, dagen, den valgte pakke og den IP-adresse, du skrev dig op fra (mod misbrug), så vi kan sende dig én e-mail, hvis der bliver en tid ledig den dag (retsgrundlag: dit ønske om at blive skrevet op, som led i at indgå en aftale). Du får en kvittering med et link, hvor du når som helst kan fjerne dig fra listen. Når du har fået besked om en ledig tid, står du ikke længere på listen, og alle oplysninger om ventelisten slettes, når dagen er gået. E-mails sendes gennem Resend som beskrevet ovenfor.',
};
