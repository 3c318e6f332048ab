import { pageList } from '../../src/content/site-pages';

/** What the prerendered <h1> of a page must say, where its navigation label is not in it. */
const headings: Record<string, RegExp> = { '/': /bilpleje/i, '/ejer': /^Dagens biler$/ };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every page of the route table (src/content/site-pages.ts) with its name (the navigation label)
 * and the heading its prerendered HTML must hold: its label, or any text for a page without one.
 */
export const siteRoutes = pageList().map((p) => {
  const label = p.nav ?? p.footer;
  return {
    path: p.path,
    name: label ?? p.path,
    heading: headings[p.path] ?? (label ? new RegExp(escape(label), 'i') : /\S/),
  };
});
