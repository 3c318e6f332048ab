/** The four-step work process on the services page (spec: the four titles are literal). */
export interface ProcessStepContent {
  step: number;
  title: string;
  description: string;
}

export const servicesProcess: readonly ProcessStepContent[] = [
  {
    step: 1,
    title: 'Konsultation & Vurdering',
    description:
      'Vi ser bilen og lakken igennem sammen med dig og anbefaler den behandling, der passer.',
  },
  {
    step: 2,
    title: 'Planlægning',
    description: 'Vi aftaler tid, pris og forløb, så du ved præcis, hvornår bilen er klar.',
  },
  {
    step: 3,
    title: 'Udførelse',
    description:
      'Arbejdet udføres grundigt i vores eget værksted med kvalitetsgodkendte produkter.',
  },
  {
    step: 4,
    title: 'Opfølgning',
    description:
      'Vi gennemgår resultatet med dig ved afhentning og giver råd til, hvordan du bevarer det.',
  },
];
