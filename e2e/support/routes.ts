/** Every route with the heading its prerendered HTML must hold (page owners keep this in step). */
export const siteRoutes = [
  { path: '/', name: 'Hjem', heading: /bilpleje/i },
  { path: '/services', name: 'Tjenester', heading: /tjenester/i },
  { path: '/about', name: 'Om os', heading: /om os/i },
  { path: '/vores-arbejde', name: 'Vores Arbejde', heading: /vores arbejde/i },
  { path: '/contact', name: 'Kontakt', heading: /kontakt/i },
  { path: '/privatlivspolitik', name: 'Privatlivspolitik', heading: /privatlivspolitik/i },
] as const;
