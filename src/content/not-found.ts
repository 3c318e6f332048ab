import type { PageSeo } from './seo';
/** The copy of the page for an unknown path (its own module: only that page's chunk carries it). */
export const notFoundCopy = {
  code: '404',
  title: 'Oops! Page not found',
  body: 'Siden, du leder efter, findes ikke eller er flyttet.',
  home: 'Tilbage til forsiden',
};

/** The 404 page's title and description (noindex). */
export const notFoundSeo: PageSeo = {
  title: 'Siden findes ikke – Glanspunkt',
  description: 'Siden, du leder efter, findes ikke.',
};
