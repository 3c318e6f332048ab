/** The copy of the page for an unknown path (its own module: only that page's chunk carries it). */
export const notFoundCopy = {
  code: '404',
  title: 'Oops! Page not found',
  body: 'Siden, du leder efter, findes ikke eller er flyttet.',
  home: 'Tilbage til forsiden',
};
