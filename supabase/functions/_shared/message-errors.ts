// Danish answers of send-message besides the fields' own (message-rules.ts): its caps and its
// idempotency key. Every refusal that asks the visitor to wait gives another way to reach us.
import { WORKSHOP } from './email/business.ts';

const PHONE = WORKSHOP.phone.display;

export const SEND_MESSAGE_ERRORS = {
  rateLimited: `Du har sendt mange beskeder i dag. Vent til i morgen, eller ring til os på ${PHONE}.`,
  busy: `Vi får lige nu usædvanligt mange beskeder, så formularen holder pause. Ring til os på ${PHONE}, eller skriv til ${WORKSHOP.email}.`,
  idempotencyMismatch:
    'Denne forespørgsel er allerede brugt til en anden besked. Genindlæs siden, og prøv igen.',
} as const;
