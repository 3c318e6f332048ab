import { formatDuration, formatPrice } from '~/lib/format';
import { packageByTitle } from './packages';

/** The seven questions of the About page FAQ (spec: question texts not given, so written here). */
export interface FaqItem {
  question: string;
  answer: string;
}

const price = (title: string) => formatPrice(packageByTitle(title).price);
const duration = (title: string) => formatDuration(packageByTitle(title).durationMinutes);

export const faqItems: readonly FaqItem[] = [
  {
    question: 'Hvad koster det at få vasket eller poleret bilen?',
    answer: `En vask koster fra ${price('Sølvpakken')} (Sølvpakken) til ${price('Premiumpakken')} (Premiumpakken). Polering koster fra ${price('Sølvpakken polering')} til ${price('Premiumpakken polering')} afhængigt af pakken. Alle priser står på siden Tjenester, og specialopgaver prissættes individuelt.`,
  },
  {
    question: 'Hvor lang tid tager en behandling?',
    answer: `En udvendig vask tager ${duration('Sølvpakken')}, og vores største vask tager ${duration('Premiumpakken')}. Polering tager fra ${duration('Sølvpakken polering')} til ${duration('Premiumpakken polering')} arbejdstid, så bilen bliver typisk hos os i en eller flere dage. Når du booker, får du at vide, hvornår bilen er klar.`,
  },
  {
    question: 'Hvor længe holder en nano-keramisk coating?',
    answer:
      'En nano-keramisk coating holder typisk 2-3 år, når bilen vaskes skånsomt. Coatingen gør lakken vand- og snavsafvisende og beskytter mod salt, vejr og UV-lys.',
  },
  {
    question: 'Hvordan booker jeg en tid, og kan jeg aflyse?',
    answer:
      'Du booker direkte i formularen på kontaktsiden: vælg service, dato og tid, og din booking er bekræftet med det samme. Du får en bekræftelse på e-mail. Skal du aflyse eller flytte tiden, så ring eller skriv til os senest 24 timer før.',
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
