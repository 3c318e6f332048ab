/**
 * Privatlivspolitik (/privatlivspolitik): the ten numbered sections of the policy, describing
 * what this site really does with personal data (booking fields, confirmation e-mails, no tracking,
 * map and videos only after a click, only the theme stored in the browser).
 */
import { addressLine, business } from './business';
import { waitlistPrivacy } from './privacy-waitlist';
import type { PageSeo } from './seo';

/** A paragraph, or a list of points (optionally with a bold lead-in). */
export type PrivacyBlock =
  { type: 'p'; text: string } | { type: 'list'; items: readonly { term?: string; text: string }[] };

export interface PrivacySection {
  id: string;
  title: string;
  blocks: readonly PrivacyBlock[];
}

const p = (text: string): PrivacyBlock => ({ type: 'p', text });
const list = (...items: { term?: string; text: string }[]): PrivacyBlock => ({
  type: 'list',
  items,
});

export const privacyContent = {
  title: 'Privatlivspolitik',
  lead: `Her kan du læse, hvordan ${business.name} behandler dine personoplysninger, når du besøger hjemmesiden, kontakter os eller booker en tid.`,
  updatedLabel: 'Sidst opdateret:',
  updated: '29. november 2026',
  updatedIso: '2026-11-29',
  contactText: 'Har du spørgsmål til behandlingen af dine oplysninger, så skriv til',
  backHome: 'Tilbage til forsiden',
};

/**
 * The policy's ten sections. The page's loader writes them when it is prerendered, so their text
 * reaches the browser in the page's HTML and route data, not in its JavaScript (as the terms').
 */
export function privacySections(): readonly PrivacySection[] {
  return [
    {
      id: 'dataansvarlig',
      title: 'Dataansvarlig',
      blocks: [
        p('Den dataansvarlige for behandlingen af dine personoplysninger er:'),
        list(
          { term: 'Virksomhed', text: business.legalName },
          { term: 'Adresse', text: addressLine },
          { term: 'CVR-nr.', text: business.cvr },
          { term: 'E-mail', text: business.email },
        ),
      ],
    },
    {
      id: 'formaal',
      title: 'Formål med behandlingen',
      blocks: [
        p('Vi behandler kun personoplysninger, når vi har et konkret formål:'),
        list(
          { text: 'at besvare dine henvendelser og give tilbud pr. telefon eller e-mail' },
          {
            text: 'at oprette, bekræfte og gennemføre din booking og sende dig en bekræftelse og en påmindelse pr. e-mail med et link til at afbestille',
          },
          { text: 'at udføre arbejdet på din bil og fakturere det' },
          { text: 'at overholde bogføringsloven og andre lovkrav' },
          { text: 'at drive og sikre hjemmesiden, fx mod misbrug af bookingformularen' },
        ),
        // the review request after pickup (supabase/schemas/86_review_requests.sql): its own paragraph
        p(
          'Anmodning om anmeldelse: Morgenen efter, at du har hentet bilen, sender vi dig én kort e-mail med et link til vores anmeldelser (legitim interesse, artikel 6, stk. 1, litra f). Trykker du "Nej tak til den slags beskeder", gemmer vi kun din e-mailadresse, så du ikke får flere.',
        ),
      ],
    },
    {
      id: 'retsgrundlag',
      title: 'Retsgrundlag',
      blocks: [
        p('Vi behandler dine oplysninger på et af disse grundlag i databeskyttelsesforordningen:'),
        list(
          {
            term: 'Samtykke',
            text: 'når du selv klikker for at vise kortet fra Google Maps eller en video fra Facebook (artikel 6, stk. 1, litra a). Samtykket gælder kun, til du lukker eller genindlæser siden.',
          },
          {
            term: 'Kontrakt',
            text: 'når du booker en tid eller beder om et tilbud, og vi skal levere ydelsen (artikel 6, stk. 1, litra b).',
          },
          {
            term: 'Legitime interesser',
            text: 'når vi besvarer almindelige henvendelser og beskytter hjemmesiden mod misbrug (artikel 6, stk. 1, litra f).',
          },
          {
            term: 'Retlig forpligtelse',
            text: 'når vi skal opbevare regnskabsmateriale efter bogføringsloven (artikel 6, stk. 1, litra c).',
          },
        ),
      ],
    },
    {
      id: 'kategorier',
      title: 'Kategorier af personoplysninger',
      blocks: [
        list(
          {
            term: 'Kontaktoplysninger',
            text: 'navn, e-mailadresse og telefonnummer, som du skriver i bookingformularen eller giver os, når du kontakter os, og om du har valgt at få SMS om din booking.',
          },
          {
            term: 'Serviceoplysninger',
            text: 'den valgte service, dato og tidspunkt, dine eventuelle bemærkninger og bilens nummerplade samt oplysninger om bilen og det udførte arbejde.',
          },
          {
            term: 'Betalingsoplysninger',
            text: 'fakturaer og betalinger. Betaling med kort eller MobilePay sker gennem tredjeparts betalingsudbydere; vi gemmer ingen kortoplysninger.',
          },
          {
            term: 'Tekniske oplysninger',
            text: 'din IP-adresse, når du sender en booking, så vi kan begrænse misbrug af formularen.',
          },
        ),
        p(
          'Hjemmesiden bruger ingen sporing, ingen analyse- eller markedsføringscookies og ingen annoncenetværk. Det eneste, der gemmes i din browser, er dit valg af lyst eller mørkt tema (under nøglen "theme").',
        ),
      ],
    },
    {
      id: 'modtagere',
      title: 'Modtagere af oplysningerne',
      blocks: [
        p(
          'Vi sælger aldrig dine oplysninger. De deles kun med leverandører, der behandler dem på vores vegne som databehandlere:',
        ),
        list(
          {
            term: 'Database og bookingfunktioner',
            text: 'Supabase gemmer bookingerne i en database i Frankfurt (Tyskland), og bookingfunktionerne kører samme sted. Forbindelsen dertil går gennem Supabases globale netværk, som modtager den krypterede forespørgsel på det knudepunkt, der er nærmest dig.',
          },
          {
            term: 'Hosting af hjemmesiden',
            text: 'udbyderen, der sender hjemmesidens sider fra et globalt netværk (CDN). Den ser din IP-adresse og hvilke sider du henter, men ikke det, du skriver i bookingformularen.',
          },
          {
            term: 'E-mailudbyder',
            text: 'Resend sender bekræftelse, påmindelse og eventuel afbestilling af din booking til din e-mailadresse. E-mails sendes fra Irland.',
          },
          {
            term: 'SMS-udbyder',
            text: 'har du valgt "Send mig SMS", sender GatewayAPI (Danmark, behandling i EU) de samme beskeder som SMS til dit telefonnummer. SMS’en indeholder tidspunkt, pakke og bookingnummer, men ikke dit navn eller links.',
          },
          {
            term: 'Vores kalender',
            text: 'bookingen (navn, telefon, e-mail og bemærkninger) vises i vores kalender. Abonnerer vi på bookingerne i en kalendertjeneste som iCloud eller Google Kalender, opbevarer tjenesten en kopi.',
          },
          {
            term: 'Revisor og betalingsudbydere',
            text: 'i det omfang, det er nødvendigt for regnskab og betaling.',
          },
        ),
        p(
          'Kortet fra Google Maps og videoerne fra Facebook indlæses først, når du klikker på dem. Derefter modtager Google eller Meta oplysninger fra din browser, fx din IP-adresse, efter deres egne privatlivspolitikker.',
        ),
      ],
    },
    {
      id: 'opbevaring',
      title: 'Opbevaring og sletning',
      blocks: [
        list(
          {
            text: 'Kontakt- og serviceoplysninger opbevares i op til 5 år efter vores seneste kontakt med dig.',
          },
          {
            text: 'Oplysninger om brugen af hjemmesiden (fx tekniske logfiler) slettes eller anonymiseres senest efter 12 måneder. IP-adressen fra en booking slettes allerede efter 30 dage og tællere mod misbrug efter et døgn.',
          },
          {
            text: 'Kopier af de e-mails, vi sender dig, slettes 30 dage efter afsendelsen.',
          },
          {
            text: 'Regnskabsmateriale opbevares, så længe bogføringsloven kræver det.',
          },
        ),
        waitlistPrivacy,
        // the message form on /contact (#besked), in a paragraph of its own
        p(
          'Beskeder fra formularen "Skriv til os" (navn, e-mail, telefon og bil, hvis du oplyser dem, beskeden og din IP-adresse) bruger vi kun til at svare dig. Vi får beskeden som e-mail, og du får en kvittering. Beskeden slettes efter 6 måneder.',
        ),
      ],
    },
    {
      id: 'rettigheder',
      title: 'Dine rettigheder',
      blocks: [
        p('Du har efter databeskyttelsesforordningen ret til:'),
        list(
          { term: 'Indsigt', text: 'at få at vide, hvilke oplysninger vi har om dig' },
          { term: 'Berigtigelse', text: 'at få forkerte oplysninger rettet' },
          { term: 'Sletning', text: 'at få dine oplysninger slettet' },
          { term: 'Begrænsning', text: 'at få begrænset behandlingen' },
          { term: 'Indsigelse', text: 'at gøre indsigelse mod behandlingen' },
          {
            term: 'Dataportabilitet',
            text: 'at få dine oplysninger udleveret i et almindeligt format',
          },
        ),
        p(
          `Skriv til ${business.email}, hvis du vil bruge dine rettigheder. Vi svarer inden for en måned, og det er gratis.`,
        ),
      ],
    },
    {
      id: 'klage',
      title: 'Klage til Datatilsynet',
      blocks: [
        p(
          'Er du utilfreds med vores behandling af dine oplysninger, kan du klage til Datatilsynet, Carl Jacobsens Vej 35, 2500 Valby, dt@datatilsynet.dk, www.datatilsynet.dk. Du er også altid velkommen til at kontakte os først.',
        ),
      ],
    },
    {
      id: 'tredjelande',
      title: 'Overførsel til tredjelande',
      blocks: [
        p(
          'Dine bookingoplysninger gemmes og behandles i EU: databasen og bookingfunktionerne kører i Frankfurt, og e-mails sendes fra Irland. Nogle oplysninger behandles dog uden for EU/EØS, fordi vores leverandører er amerikanske virksomheder:',
        ),
        list(
          {
            term: 'E-mailudbyderen',
            text: 'Resend opbevarer oplysninger om de e-mails, vi sender dig (din e-mailadresse, emnet, tidspunktet og om e-mailen blev leveret), og sine logfiler i USA.',
          },
          {
            term: 'Netværk og hosting',
            text: 'hjemmesidens og databasens globale netværk behandler din IP-adresse og din forespørgsel på det knudepunkt, der er nærmest dig, så uden for EU, hvis du selv er det. Leverandørerne kan som amerikanske virksomheder blive pålagt at udlevere oplysninger til amerikanske myndigheder.',
          },
          {
            term: 'Kalendertjeneste',
            text: 'bruger vi iCloud eller Google Kalender til bookingerne, kan kopien dér ligge i USA.',
          },
        ),
        p(
          'Overførslerne sker på grundlag af EU-Kommissionens standardkontraktbestemmelser i vores databehandleraftaler med leverandørerne (databeskyttelsesforordningens artikel 46, stk. 2, litra c) og, for de leverandører, der er certificeret under den, EU-U.S. Data Privacy Framework (Kommissionens afgørelse af 10. juli 2023 om tilstrækkeligt beskyttelsesniveau, artikel 45). Skriv til os, hvis du vil have en kopi af standardkontraktbestemmelserne.',
        ),
        p(
          'Når du selv vælger at vise kortet eller en video, kan Google og Meta overføre oplysninger til USA efter deres egne vilkår.',
        ),
      ],
    },
    {
      id: 'aendringer',
      title: 'Ændringer af privatlivspolitikken',
      blocks: [
        p(
          'Vi opdaterer denne politik, når vores behandling af personoplysninger ændrer sig. Den gældende version står altid på denne side med datoen for seneste opdatering.',
        ),
      ],
    },
  ];
}

export const privacySeo: PageSeo = {
  title: 'Privatlivspolitik – Glanspunkt Kolding',
  description:
    'Sådan behandler Glanspunkt dine personoplysninger, når du kontakter os eller booker en tid.',
};
