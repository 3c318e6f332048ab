import { expect, type APIRequestContext } from '@playwright/test';

/** The first <h1> of an HTML string, tags dropped. */
export function firstHeading(html: string) {
  return /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
}

/** Text of the raw (prerendered) HTML with tags dropped and the common entities decoded. */
export async function prerenderedText(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
  return { html, h1: firstHeading(html), text };
}
