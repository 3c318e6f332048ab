/**
 * The /services section of every package's price per car size and the add-ons (size-prices.tsx,
 * loaded after the page has hydrated, with this copy).
 */
export const sizePricesContent = {
  eyebrow: 'Priser efter størrelse',
  title: 'Hvad koster det til din bil?',
  description:
    'Pakkernes priser ovenfor gælder en almindelig personbil. En større bil tager længere tid og koster derfor mere – her er prisen for hver størrelse. Du vælger bilens størrelse, når du booker, og ser prisen, før du vælger en tid.',
  caption: 'Pakkernes priser efter bilens størrelse, inkl. moms',
  packageColumn: 'Pakke',
  /** A size a package is not offered for online. */
  notOffered: 'Ring for pris',
  addonsTitle: 'Tilvalg',
  addonsDescription: 'Læg et eller flere tilvalg til pakken, når du booker.',
  fitsAll: 'Til alle pakker',
  fits: (names: readonly string[]) => `Til ${names.join(', ')}`,
  plus: '+',
};
