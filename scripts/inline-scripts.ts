/**
 * Content-Security-Policy for the inline <script> blocks of prerendered HTML. React Router
 * (hydration context, route-module imports), React (streaming runtime) and our theme script
 * (src/app/root.tsx: the stored theme before first paint) emit inline scripts that React hydrates as they are, so they must stay
 * inline: each page gets a `<meta http-equiv="Content-Security-Policy">` whose script-src allows
 * 'self' and exactly the sha256 hashes of its own inline scripts (see deploy/security-headers.ts).
 */
import { createHash } from 'node:crypto';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const JS_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

function typeOf(attributes: string): string {
  const match = /\btype\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  return (match?.[2] ?? match?.[3] ?? match?.[4] ?? '').trim().toLowerCase();
}

/** CSP sources ('sha256-…') of every inline JavaScript block of a document, in order, unique. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', content = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || !JS_TYPES.has(typeOf(attributes))) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The document with its script policy in <head>, after the charset (which must come first). */
// Only a meta tag is added to <head>: moving React Router's own head elements (e.g. the
// stylesheet ahead of the module preloads) makes React's hydration fail (error #418).
export function withScriptPolicyMeta(html: string, policy: string): string {
  const tag = `<meta http-equiv="Content-Security-Policy" content="${policy}"/>`;
  if (html.includes('http-equiv="Content-Security-Policy"')) {
    throw new Error('postbuild: the page already has a Content-Security-Policy meta tag');
  }
  const charset = /<meta charSet="utf-8"\/>/i;
  if (charset.test(html)) return html.replace(charset, (meta) => `${meta}${tag}`);
  if (!/<head>/i.test(html)) throw new Error('postbuild: no <head> to put the policy in');
  return html.replace(/<head>/i, (head) => `${head}${tag}`);
}
