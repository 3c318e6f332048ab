/**
 * The prerendered HTML itself (no browser): src/app/entry.server.tsx waits for every page whole and
 * writes each Suspense boundary in place.
 */
import { expect, test } from '@playwright/test';
import { pageList } from '../src/content/site-pages';
import { assertBuilt, readHtml } from './support/build';

test.beforeAll(() => assertBuilt());

for (const { path } of pageList()) {
  test(`${path}: every part of the page is written in place, none streamed in later by a script`, () => {
    const html = readHtml(path);
    // React's outlined boundary: a hidden <div id="S:n"> moved into a <template id="B:n"> by $RC
    expect(html).not.toMatch(/<div hidden="" id="S:\d+"|<template id="B:\d+"/);
  });
}

test('/contact carries the whole booking form in its HTML', () => {
  const html = readHtml('/contact');
  const form = html.slice(html.indexOf('id="form"'));
  expect(html).toContain('id="form"');
  for (const label of ['Service', 'Navn', 'Telefon', 'Email']) expect(form).toContain(`>${label}`);
  expect(form).toContain('Book tid');
});
