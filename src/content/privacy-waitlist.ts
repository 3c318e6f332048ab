/**
 * The privacy policy's paragraph on the waiting list of a full day ("Skriv mig op"), its own
 * module so that the policy's other edits merge without touching it. Shown last under
 * "Opbevaring og sletning" (privacy.ts).
 */
import type { PrivacyBlock } from './privacy';

export const waitlistPrivacy: PrivacyBlock = {
  type: 'p',
  text: 'Venteliste ("Skriv mig op"): Skriver du dig op til en fuldt booket dag, gemmer vi din e-mailadresse, dagen, pakken og din IP-adresse (mod misbrug), så vi kan sende dig én e-mail, hvis en tid bliver ledig. Giver du også dit telefonnummer, gemmer vi det og sender dig den samme besked som én SMS med dagen og linket til at booke (via vores SMS-udbyder, GatewayAPI). Du kan fjerne dig med linket i kvitteringen, og alt, også telefonnummeret, slettes, når dagen er gået.',
};
