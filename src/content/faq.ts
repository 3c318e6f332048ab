import { formatDuration, formatPrice } from '~/lib/format';
import type { SiteData, SiteService } from '~/lib/site-data';
import { business } from './business';

/** The seven questions of the About page FAQ (spec: question texts not given, so written here). */
export interface FaqItem {
  question: string;
  answer: string;
}

/** The seven questions; prices and durations from the offered packages (the database). */
export function faqItems(data: SiteData): FaqItem[] {
  const wash = data.services.filter((s) => s.category === 'vask');
  const polish = data.services.filter((s) => s.category === 'polering');
  return [
    pricesAnswer(wash, polish),
    durationsAnswer(wash, polish),
    fixedItems[0]!,
    bookingAnswer(data.cancellationNoticeHours),
    ...fixedItems.slice(1),
  ];
}

const price = (service: SiteService) => `${formatPrice(service.price)} (${service.name})`;
const duration = (service: SiteService) => formatDuration(service.durationMinutes);
const cheapest = (list: SiteService[]) => list.reduce((a, b) => (b.price < a.price ? b : a));
const dearest = (list: SiteService[]) => list.reduce((a, b) => (b.price > a.price ? b : a));
const shortest = (list: SiteService[]) =>
  list.reduce((a, b) => (b.durationMinutes < a.durationMinutes ? b : a));
const longest = (list: SiteService[]) =>
  list.reduce((a, b) => (b.durationMinutes > a.durationMinutes ? b : a));

function span(
  list: SiteService[],
  of: (s: SiteService) => string,
  lo: SiteService,
  hi: SiteService,
) {
  return list.length === 1 || lo === hi ? of(lo) : `fra ${of(lo)} til ${of(hi)}`;
}

function pricesAnswer(wash: SiteService[], polish: SiteService[]): FaqItem {
  const parts = [
    wash.length ? `En vask koster ${span(wash, price, cheapest(wash), dearest(wash))}.` : '',
    polish.length
      ? `Polering koster ${span(polish, price, cheapest(polish), dearest(polish))}.`
      : '',
  ];
  return {
    question: 'Hvad koster det at få vasket eller poleret bilen?',
    answer:
      `${parts.filter(Boolean).join(' ')} Alle priser står på siden Tjenester, og specialopgaver prissættes individuelt.`.trim(),
  };
}

function durationsAnswer(wash: SiteService[], polish: SiteService[]): FaqItem {
  const parts = [
    wash.length ? `En vask tager ${span(wash, duration, shortest(wash), longest(wash))}.` : '',
    polish.length
      ? `Polering tager ${span(polish, duration, shortest(polish), longest(polish))} arbejdstid, så bilen bliver typisk hos os i en eller flere dage.`
      : '',
  ];
  return {
    question: 'Hvor lang tid tager en behandling?',
    answer:
      `${parts.filter(Boolean).join(' ')} Når du booker, får du at vide, hvornår bilen er klar.`.trim(),
  };
}

/** What the e-mail offers (its "Flyt eller afbestil" section) and until when (a setting). */
function bookingAnswer(noticeHours: number): FaqItem {
  return {
    question: 'Hvordan booker jeg en tid, og kan jeg aflyse?',
    answer: `Du booker direkte i formularen på kontaktsiden: vælg service, dato og tid, og din booking er bekræftet med det samme. I bekræftelsen på e-mail er der links, så du selv kan flytte eller afbestille tiden gratis indtil ${noticeHours} timer før afleveringen. Senere end det kan du ringe til os på ${business.phone.display}.`,
  };
}

const fixedItems: readonly FaqItem[] = [
  {
    question: 'Hvor længe holder en nano-keramisk coating?',
    answer:
      'En nano-keramisk coating holder typisk 2-3 år, når bilen vaskes skånsomt. Coatingen gør lakken vand- og snavsafvisende og beskytter mod salt, vejr og UV-lys.',
  },
  {
    question: 'Behandler I også både, motorcykler og campingvogne?',
    answer:
      'Ja. Vi tager imod både, motorcykler, campingvogne, autocampere og andre køretøjer. Specialopgaver prissættes og planlægges individuelt, så kontakt os for et uforpligtende tilbud.',
  },
  {
    question: 'Hvilke produkter bruger I?',
    answer:
      'Vi bruger kun kvalitetsgodkendte, pH-neutrale produkter, der er sikre for alle biltyper og skånsomme over for lak, plast og gummi.',
  },
  {
    question: 'Hvordan betaler jeg?',
    answer:
      'Du betaler, når du henter bilen. Betaling med kort sker via vores betalingsudbyder, og vi gemmer aldrig dine kortoplysninger. Erhvervskunder kan få en faktura.',
  },
];
