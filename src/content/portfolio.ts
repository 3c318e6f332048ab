/** Copy of /vores-arbejde (portfolio): hero, gallery, videos, process and closing call-to-action. */
import type { ImageName } from '~/generated/image-manifest';
import type { ProcessStepContent } from './process';

export interface PortfolioImage {
  name: ImageName;
  alt: string;
}

const distinct: readonly PortfolioImage[] = [
  {
    name: 'gallery-01',
    alt: 'Blank petroleumsblå personbil set fra siden efter en komplet behandling',
  },
  { name: 'gallery-02', alt: 'Nærbillede af en fælg med nylakerede eger efter fælgbehandling' },
  { name: 'gallery-03', alt: 'Vanddråber perler på en nano-keramisk coatet motorhjelm' },
  { name: 'gallery-04', alt: 'Lakflade før og efter polering med poleringsmaskine' },
  { name: 'gallery-05', alt: 'Bil dækket af aktivt skum under håndvask' },
  { name: 'gallery-06', alt: 'Rengjort rat og instrumentbord efter indvendig rengøring' },
  { name: 'gallery-07', alt: 'Sølvgrå bil i det oplyste værksted i Kolding' },
  { name: 'gallery-08', alt: 'Afdækning med tape før polering af karosseriet' },
  { name: 'gallery-09', alt: 'Brandskadet lak, hvor den ene halvdel er renset og poleret' },
  { name: 'gallery-10', alt: 'Mørkeblå sedan med dyb glans efter polering og voks' },
  { name: 'gallery-11', alt: 'Fælg med ti eger, renset og poleret til højglans' },
  { name: 'gallery-12', alt: 'Coatet lak, hvor vandet preller af i små dråber' },
  { name: 'gallery-13', alt: 'Swirls i lakken fjernet med flertrinspolering' },
  { name: 'gallery-14', alt: 'Grafitgrå bil med skum fra forvask på karosseriet' },
  { name: 'gallery-15', alt: 'Interiør med rat og sæder efter støvsugning og rens' },
  { name: 'gallery-16', alt: 'Bil klar til afhentning i værkstedet efter endt arbejde' },
  { name: 'gallery-17', alt: 'Forberedelse af lakken med afdækning af lister og kanter' },
  { name: 'gallery-18', alt: 'Sod og aflejringer fjernet fra lakken efter en brand' },
  { name: 'gallery-19', alt: 'Turkis bil med spejlblank lak set fra siden' },
  { name: 'gallery-20', alt: 'Nylakeret fælg med centerkapsel og møtrikker i sølv' },
  { name: 'gallery-21', alt: 'Motorhjelm med keramisk beskyttelse og vanddråber' },
  { name: 'gallery-22', alt: 'Poleringsmaskine på lakken midt i en poleringsbehandling' },
  { name: 'gallery-23', alt: 'Bil under skumvask med fælge og dæk i fokus' },
];

export const portfolioContent = {
  hero: {
    badge: 'Før og efter',
    title: 'Vores Arbejde',
    lead: 'Se et udvalg af biler, vi har vasket, poleret, coatet og givet nye fælge. Alt arbejde er udført i vores eget værksted i Kolding.',
    book: 'Book din tid',
    call: (display: string) => `Ring ${display}`,
  },
  gallery: {
    eyebrow: 'Galleri',
    title: 'Resultater vi er stolte af',
    description: 'Klik på et billede for at se det i fuld størrelse.',
    /** The dialog's description under the title (the alt text). */
    position: (index: number, total: number) => `Billede ${index} af ${total}`,
    close: 'Luk billedet',
    /**
     * 24 pictures; the spec's gallery shows one of them twice. Replace the files in
     * assets/images/ (same names) with real photos and update the alt texts here.
     */
    images: [...distinct, distinct[0]!] satisfies readonly PortfolioImage[],
  },
  videos: {
    eyebrow: 'Video',
    title: 'Se os i aktion',
    description:
      'To korte videoer fra vores Facebook-side: professionel polering og polering efter en brandskade.',
  },
  process: {
    eyebrow: 'Sådan arbejder vi',
    title: 'Fra første henvendelse til færdig bil',
    description: 'Hver opgave følger de samme fire trin, så resultatet bliver ens højt hver gang.',
    steps: [
      {
        step: 1,
        title: 'Konsultation og vurdering',
        description:
          'Vi ser bilen igennem sammen med dig, vurderer lak, fælge og interiør og foreslår den rette behandling.',
      },
      {
        step: 2,
        title: 'Forberedelse',
        description:
          'Bilen vaskes og afdækkes, og lakken renses for asfalt, flyverust og andre aflejringer.',
      },
      {
        step: 3,
        title: 'Professionel udførelse',
        description:
          'Vi udfører arbejdet i vores eget værksted med godkendte, pH-neutrale produkter og det rette udstyr.',
      },
      {
        step: 4,
        title: 'Kvalitetskontrol',
        description:
          'Vi gennemgår resultatet i godt lys, før du henter bilen, og giver dig råd til at bevare det.',
      },
    ] satisfies readonly ProcessStepContent[],
  },
  cta: {
    heading: 'Skal din bil være den næste?',
    text: 'Ring til os eller send en besked, så giver vi dig et gratis tilbud på vask, polering eller coating.',
  },
};
