/**
 * Copy of the message form on /contact (#besked): a question or a request for a quote, answered by
 * e-mail. The fields' refusals are the server's own words (supabase/functions/_shared/message-rules.ts).
 */
import { business } from './business';

export { MESSAGE_ANCHOR, MESSAGE_TOPIC_PARAM } from './message-links';

export const messageFormCopy = {
  eyebrow: 'Spørgsmål eller tilbud',
  title: 'Skriv til os',
  description: `Har du et spørgsmål, eller vil du have et uforpligtende tilbud? Skriv til os her, så svarer vi på e-mail inden for ${business.replyWithinHours} timer på hverdage.`,
  topic: {
    legend: 'Hvad drejer det sig om?',
    question: 'Et spørgsmål',
    quote: 'Et uforpligtende tilbud',
  },
  fields: {
    name: { label: 'Navn', placeholder: 'Dit fulde navn' },
    email: {
      label: 'E-mail',
      placeholder: 'din@email.dk',
      hint: 'Vi svarer på denne adresse.',
    },
    phone: { label: 'Telefon (valgfrit)', placeholder: '12 34 56 78' },
    car: { label: 'Bil (mærke og model, valgfrit)', placeholder: 'F.eks. VW Golf 2015' },
    message: {
      label: 'Besked',
      placeholder: 'Skriv dit spørgsmål, eller beskriv bilen og hvad du ønsker et tilbud på.',
      hint: 'Skriv uden links og web-adresser. Billeder kan du sende, når vi svarer dig.',
    },
    honeypot: 'Lad dette felt være tomt',
  },
  submit: 'Send besked',
  sending: 'Sender besked...',
  waitingForCheck: 'Venter på robottjekket...',
  failedTitle: 'Beskeden blev ikke sendt',
  failed: `Der opstod en fejl. Prøv igen om lidt, ring til os på ${business.phone.display}, eller skriv til ${business.email}.`,
  privacy: 'Vi bruger dine oplysninger til at svare dig og sletter beskeden efter 6 måneder.',
  privacyLink: 'Læs privatlivspolitikken',
  sent: {
    title: 'Tak for din besked',
    text: `Vi har modtaget din besked og sendt en kvittering til din e-mail. Vi svarer inden for ${business.replyWithinHours} timer på hverdage, i vores åbningstid.`,
    again: 'Skriv en ny besked',
  },
} as const;
