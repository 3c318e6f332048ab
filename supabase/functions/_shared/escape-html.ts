/**
 * Text made safe to stand in HTML or XML, in element content and in quoted attribute values. The
 * one escaper of the repository: the e-mails (Deno), the local mailbox's pages, sitemap.xml, the
 * icon sprite and the share image (Node) import it, so it uses nothing but the language.
 */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
