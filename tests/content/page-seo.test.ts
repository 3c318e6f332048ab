import { describe, expect, it } from 'vitest';
import { indexedPaths } from '~/content/site-pages';
import { routeMeta } from '~/lib/meta';
import { seededSiteData } from '../support/site-data';
import { pageSeos } from '../support/page-seo';

const titleOf = (key: keyof typeof pageSeos) => {
  const tags = routeMeta(key, pageSeos[key], 'https://example.dk', seededSiteData);
  const title = tags.find((tag) => 'title' in tag);
  const description = tags.find((tag) => 'name' in tag && tag.name === 'description');
  return {
    title: title && 'title' in title ? title.title : '',
    description: description && 'content' in description ? description.content : '',
  };
};

describe('the pages’ titles and descriptions (in their content modules)', () => {
  it('exist for every indexed page of the route table and the 404 page, and no other', () => {
    expect(Object.keys(pageSeos).sort()).toEqual([...indexedPaths(), 'notFound'].sort());
  });

  it.each(Object.keys(pageSeos) as (keyof typeof pageSeos)[])(
    '%s: a title of at most 60 and a description of at most 155 characters',
    (key) => {
      const { title, description } = titleOf(key);
      expect(title.length).toBeGreaterThan(10);
      expect(title.length).toBeLessThanOrEqual(60);
      expect(description.length).toBeGreaterThan(20);
      expect(description.length).toBeLessThanOrEqual(155);
    },
  );

  it('are all different', () => {
    const keys = Object.keys(pageSeos) as (keyof typeof pageSeos)[];
    expect(new Set(keys.map((k) => titleOf(k).title)).size).toBe(keys.length);
    expect(new Set(keys.map((k) => titleOf(k).description)).size).toBe(keys.length);
  });
});
