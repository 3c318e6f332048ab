import { pageSeo, type SeoKey } from '~/content/seo';

/** The <title> and <meta> tags of one page, in the shape React Router's `meta` export returns. */
export function routeMeta(key: SeoKey) {
  const seo = pageSeo[key];
  const tags: Array<Record<string, string>> = [
    { title: seo.title },
    { name: 'description', content: seo.description },
  ];
  if (key === 'notFound') tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
