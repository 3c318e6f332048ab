/**
 * Handelsbetingelser (/handelsbetingelser): the terms of a booking. The cancellation, move and
 * booking-window figures are the booking engine's own settings, read at build time with the rest
 * of the site data (src/lib/site-data.server.ts), so the page states the rules the engine applies;
 * tests/pages/terms.test.tsx and e2e/terms.spec.ts fail when the page and the settings disagree.
 *
 * What the page relies on (Danish law for a sole proprietor selling a service to consumers):
 * - Forbrugeraftaleloven §§ 18-19: an online booking is a distance contract, 14 days' right of
 *   withdrawal from the day it is made. Car care is none of the exceptions of § 18, stk. 2 (nr. 12
 *   covers leisure, catering, transport and accommodation on a set date, not a workshop's service);
 *   the right lapses when the service is fully performed with the consumer's express prior consent
 *   (§ 18, stk. 2, nr. 2); withdrawing while the work is under way costs a proportionate part of
 *   the price (forbrug.dk, "Fortrydelsesret ved køb af ydelser").
 * - Complaints: Center for Klageløsning, then Forbrugerklagenævnet, both Nævnenes Hus, Toldboden
 *   2, 8800 Viborg (naevneneshus.dk). The EU's ODR platform closed on 20 July 2025 (Regulation
 *   (EU) 2024/3228), so it is not named; consumers abroad are pointed to Forbrugereuropa.
 * - Prices to consumers include moms (prismærkningsreglerne); cash is accepted as in a staffed
 *   shop (betalingsloven's kontantregel), card and MobilePay as the privacy policy states.
 */
import type { SiteFacts } from '../lib/site-data';
import { addressLine, business } from './business';
import { payment } from './payment';
import type { PrivacyBlock, PrivacySection } from './privacy';
import type { PageSeo } from './seo';

const p = (text: string): PrivacyBlock => ({ type: 'p', text });
const list = (...items: { term?: string; text: string }[]): PrivacyBlock => ({
  type: 'list',
  items,
});

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The figures of the page, from the site data (the engine's settings). */
export type TermsFacts = Pick<
  SiteFacts,
  'cancellationNoticeHours' | 'maxMovesPerBooking' | 'bookingWindowDays' | 'carSizes'
>;

export const termsText = {
  title: 'Handelsbetingelser',
  lead: `Her er betingelserne, når du booker en tid hos ${business.name}: afbestilling og flytning, betaling, større køretøjer, fortrydelsesret og klagemuligheder.`,
  updatedLabel: 'Sidst opdateret:',
  updated: '27. november 2026',
  updatedIso: '2026-11-27',
  contactText: 'Har du spørgsmål til betingelserne, så ring eller skriv til',
  /** The link beside the booking button. */
  link: 'Handelsbetingelser',
  /** The sentence beside the booking button, before the link. */
  acceptPrefix: 'Ved at booke accepterer du vores',
};

/** The numbered sections, with the settings' figures. */
export function termsSections(facts: TermsFacts): PrivacySection[] {
  const notice = count(facts.cancellationNoticeHours, 'time', 'timer');
  const moves = count(facts.maxMovesPerBooking, 'gang', 'gange');
  const { min, max } = facts.bookingWindowDays;
  // the sizes the owner prices (car_sizes): the standard one is the packages' own price
  const standard = facts.carSizes.find((size) => size.isStandard)?.name ?? 'Almindelig personbil';
  const bigger = facts.carSizes.filter((size) => !size.isStandard);
  return [
    {
      id: 'virksomheden',
      title: 'Virksomheden',
      blocks: [
        p('Aftalen indgås med:'),
        list(
          { term: 'Virksomhed', text: business.legalName },
          { term: 'Adresse', text: addressLine },
          { term: 'CVR-nr.', text: business.cvr },
          { term: 'Telefon', text: business.phone.display },
          { term: 'E-mail', text: business.email },
        ),
      ],
    },
    {
      id: 'booking',
      title: 'Booking',
      blocks: [
        p(
          `Du kan booke online fra ${count(min, 'dag', 'dage')} til ${count(max, 'dag', 'dage')} frem. Bookingen bekræftes med det samme på skærmen og på e-mail med bookingnummer, afleveringstid og hvornår bilen er klar.`,
        ),
        p(
          'Du afleverer bilen på værkstedet på det aftalte tidspunkt og henter den, når den er klar. Arbejde, der varer mere end én dag, fortsætter de følgende åbningsdage.',
        ),
      ],
    },
    {
      id: 'afbestilling',
      title: 'Afbestilling og flytning',
      blocks: [
        list(
          {
            term: 'Gratis afbestilling',
            text: `indtil ${notice} før afleveringstidspunktet med linket i bekræftelsesmailen.`,
          },
          {
            term: 'Flytning',
            text: `indtil ${notice} før afleveringstidspunktet med linket i bekræftelsesmailen, højst ${moves} pr. booking.`,
          },
          {
            term: 'Senere end det',
            text: `ring på ${business.phone.display}, så finder vi en løsning.`,
          },
        ),
      ],
    },
    {
      id: 'udeblivelse',
      title: 'Udeblivelse og forsinkelse',
      blocks: [
        p(
          `Kommer du ikke, og har du ikke afbestilt, står tiden tom for andre kunder. Vi opkræver ikke gebyr for udeblivelse, men vi beder dig afbestille, så snart du ved, at du ikke kan komme. Bliver du forsinket, så ring på ${business.phone.display}: kan arbejdet ikke nå at blive færdigt den dag, flytter vi tiden sammen med dig.`,
        ),
      ],
    },
    {
      id: 'priser',
      title: 'Priser og betaling',
      blocks: [
        p(
          'Alle priser er i danske kroner og inkl. moms. Prisen for din booking står i bekræftelsen.',
        ),
        p(
          `${payment} Betaling med kort og MobilePay sker gennem vores betalingsudbyder; vi gemmer aldrig dine kortoplysninger. Erhvervskunder kan få en faktura.`,
        ),
      ],
    },
    {
      id: 'stoerre-koeretoejer',
      title: 'Større køretøjer og særlige opgaver',
      blocks: [
        ...(bigger.length > 0
          ? [
              p(
                `Pakkernes priser gælder en ${standard.toLowerCase()}. En større bil tager længere tid og koster mere: du vælger bilens størrelse, når du booker, og ser prisen for hele jobbet, før du vælger en tid. Prisen i bekræftelsen er den, du betaler. Størrelserne er:`,
              ),
              list(
                ...facts.carSizes.map((size) => ({
                  term: size.name,
                  text: size.description || size.name,
                })),
              ),
              p(
                'Passer bilen ikke til den størrelse, der er booket, eller er den meget snavset, aftaler vi en eventuel anden pris med dig, før vi går i gang: du betaler aldrig mere end aftalt. Autocampere og andre køretøjer, der ikke er nævnt her, prissættes efter aftale.',
              ),
            ]
          : [
              p(
                'Priserne gælder almindelige personbiler. For større køretøjer (fx store SUV’er, varebiler og autocampere), en meget snavset bil eller særlige ønsker kan prisen være en anden. Det aftaler vi altid med dig, før vi går i gang: du betaler aldrig mere end aftalt.',
              ),
            ]),
        p(
          'Både, motorcykler, campingvogne og andre specialopgaver prissættes individuelt efter et uforpligtende tilbud.',
        ),
      ],
    },
    {
      id: 'fortrydelsesret',
      title: 'Fortrydelsesret',
      blocks: [
        p(
          'Når du booker online, har du efter forbrugeraftaleloven 14 dages fortrydelsesret fra den dag, du booker. Du fortryder ved at afbestille med linket i bekræftelsesmailen, ved at skrive til os eller ved at ringe. Du behøver ikke give en grund.',
        ),
        p(
          'Ligger din tid inden for de 14 dage, beder vi dig ved afleveringen bekræfte, at vi må gå i gang, og at fortrydelsesretten ophører, når arbejdet er fuldt udført. Fortryder du, mens arbejdet står på, betaler du kun for den del, der er udført.',
        ),
      ],
    },
    {
      id: 'reklamation',
      title: 'Reklamation',
      blocks: [
        p(
          `Er du ikke tilfreds med arbejdet, så kontakt os hurtigst muligt og helst inden for rimelig tid efter, at du har opdaget problemet, på ${business.phone.display} eller ${business.email}. Vi ser bilen igennem sammen med dig og udbedrer fejl i vores arbejde uden beregning.`,
        ),
      ],
    },
    {
      id: 'klage',
      title: 'Klagemuligheder',
      blocks: [
        p(
          'Kan vi ikke blive enige, kan du klage til Nævnenes Hus. Center for Klageløsning forsøger først at finde en fælles løsning; lykkes det ikke, kan du gå videre til Forbrugerklagenævnet. Klag via naevneneshus.dk, eller skriv til Nævnenes Hus, Toldboden 2, 8800 Viborg. Der er et gebyr og en nedre beløbsgrænse, som står på naevneneshus.dk.',
        ),
        p(
          'Bor du i et andet EU-land, kan du få hjælp hos Forbrugereuropa (forbrugereuropa.dk). EU-Kommissionens online klageportal (ODR) lukkede den 20. juli 2025 og kan ikke længere bruges.',
        ),
      ],
    },
  ];
}

export const termsSeo: PageSeo = {
  title: 'Handelsbetingelser – Glanspunkt Kolding',
  description:
    'Betingelser for booking hos Glanspunkt: afbestilling og flytning, betaling ved afhentning, større køretøjer, fortrydelsesret og klagemuligheder.',
};
