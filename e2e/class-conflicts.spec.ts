/**
 * The site joins class names without tailwind-merge (src/lib/utils.ts): two utilities that set
 * the same property on one element would then both apply, and which one wins would depend on the
 * order of the stylesheet, not on the component's intent. This reads every prerendered page of
 * the production build (no browser) and fails on an element whose classes set the same property
 * twice under the same variant (e.g. `py-2` with `py-3`, `text-sm` with `text-base`, `inline-flex`
 * with `hidden`). Colours and other groups are not checked; these are the ones the components
 * override.
 */
import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { assertBuilt, clientDir } from './support/build';

const SIZES = '(xs|sm|base|lg|[2-9]?xl|\\[[^\\]]+\\])';
/** Property groups: a class belongs to the first group whose pattern matches it. */
const GROUPS: Array<[string, RegExp]> = [
  [
    'display',
    /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|hidden|table)$/,
  ],
  ['font-size', new RegExp(`^text-${SIZES}$`)],
  ['font-weight', /^font-(thin|light|normal|medium|semibold|bold|extrabold|black)$/],
  ['justify-content', /^justify-(start|end|center|between|around|evenly|stretch)$/],
  ['text-align', /^text-(left|center|right|justify|start|end)$/],
  ['aspect-ratio', /^aspect-/],
  ['height', /^h-/],
  ['width', /^w-/],
  ['max-width', /^max-w-/],
  ['gap', /^gap-(?![xy]-)/],
  ['column-gap', /^gap-x-/],
  ['row-gap', /^gap-y-/],
  ['padding', /^p-/],
  ['padding-x', /^px-/],
  ['padding-y', /^py-/],
  ['padding-top', /^pt-/],
  ['padding-bottom', /^pb-/],
  ['margin-top', /^mt-/],
  ['rounded', /^rounded(-(none|sm|md|lg|xl|2xl|3xl|full))?$/],
];

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

/** The conflicts in one class attribute: 'padding-y: py-2 py-3'. */
export function conflicts(classAttr: string): string[] {
  const seen = new Map<string, string[]>();
  for (const cls of classAttr.split(/\s+/).filter(Boolean)) {
    const cut = cls.lastIndexOf(':');
    const variant = cut === -1 ? '' : cls.slice(0, cut);
    const utility = cls.slice(cut + 1).replace(/^!/, '');
    const group = GROUPS.find(([, re]) => re.test(utility))?.[0];
    if (!group) continue;
    const key = `${variant}|${group}`;
    seen.set(key, [...(seen.get(key) ?? []), cls]);
  }
  return [...seen.entries()]
    .filter(([, list]) => new Set(list).size > 1)
    .map(([key, list]) => `${key.split('|')[1]}: ${list.join(' ')}`);
}

test.describe('class names of the prerendered pages', () => {
  test.beforeAll(() => assertBuilt());

  test('the check finds a conflict', () => {
    expect(conflicts('inline-flex h-10 px-4 py-2 text-sm hidden lg:inline-flex')).toEqual([
      'display: inline-flex hidden',
    ]);
    expect(conflicts('rounded-md px-3 py-2 text-sm block py-3 text-base')).toEqual([
      'padding-y: py-2 py-3',
      'font-size: text-sm text-base',
    ]);
    expect(conflicts('hidden lg:inline-flex h-auto max-w-full')).toEqual([]);
  });

  test('no element sets the same property twice', () => {
    const found: string[] = [];
    for (const file of htmlFiles(clientDir)) {
      const html = readFileSync(file, 'utf8');
      for (const [, attr] of html.matchAll(/\sclass="([^"]*)"/g)) {
        for (const conflict of conflicts(attr!.replace(/&amp;/g, '&'))) {
          found.push(`${relative(clientDir, file)}: ${conflict}`);
        }
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });
});
