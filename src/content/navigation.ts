import { sitePages } from './site-pages';

export interface NavItem {
  label: string;
  to: string;
}

/** The main navigation (the route table's `nav` labels, in table order): header and footer. */
export const mainNav: NavItem[] = Object.values(sitePages).flatMap((p) =>
  'nav' in p ? [{ label: p.nav, to: p.path }] : [],
);

/** Footer service links; every one goes to /services as the spec says. */
export const footerServiceLinks: NavItem[] = [
  { label: 'Bilvask', to: '/services' },
  { label: 'Polering', to: '/services' },
  { label: 'Nano-keramisk coating', to: '/services' },
  { label: 'Fælgbehandling', to: '/services' },
  { label: 'Voksbehandling', to: '/services' },
];

/** The footer's quick links: the main navigation, then the pages with a `footer` label. */
export const footerQuickLinks: NavItem[] = [
  ...mainNav,
  ...Object.values(sitePages).flatMap((p) =>
    'footer' in p ? [{ label: p.footer, to: p.path }] : [],
  ),
];

export const layoutText = {
  skipToContent: 'Gå til indhold',
  callNow: 'Ring nu',
  bookNow: 'Book tid online',
  openMenu: 'Åbn menu',
  closeMenu: 'Luk menu',
  mainNavLabel: 'Hovedmenu',
  mobileNavLabel: 'Mobilmenu',
  homeLinkLabel: 'Glanspunkt – til forsiden',
  themeToLight: 'Skift til lyst tema',
  themeToDark: 'Skift til mørkt tema',
  footerServices: 'Tjenester',
  footerQuickLinks: 'Hurtige links',
  footerContact: 'Kontakt',
  footerHours: 'Åbningstider',
  /**
   * What the footer's number (business.footerPhone) is for, and when it is answered: whenever the
   * workshop is open, which the opening hours (site data) right under it say, not a copy of them.
   */
  footerPhoneLabel: 'Værkstedet',
  footerPhoneHours: 'Besvares i åbningstiden (se herunder).',
  footerSocial: 'Følg os',
  cvrLabel: 'CVR-nr.',
  copyright: (year: number) => `© ${year} Glanspunkt. Alle rettigheder forbeholdes.`,
  error: {
    title: 'Unexpected Application Error!',
    body: 'Der opstod en uventet fejl. Prøv at genindlæse siden, eller gå tilbage til forsiden.',
    home: 'Til forsiden',
  },
};

/** Every call to action that books: the hero buttons and the mobile menu land on the form. */
export const BOOKING_FORM_HREF = '/contact#form';
