// One description of an e-mail, two renderings (HTML and plain text), so both always say the same.
import { escapeHtml } from '../escape-html.ts';
import { WORKSHOP, WORKSHOP_ADDRESS } from './business.ts';
import type { Attachment, RenderedEmail } from './types.ts';

export interface Section {
  title: string;
  lines: string[];
  /** Lines of a list (opening hours): one paragraph with line breaks in HTML. */
  compact?: boolean;
  links?: { href: string; label: string }[];
  /** Plain text links in one line (the calendars'), not buttons with the address under them. */
  textLinks?: { href: string; label: string }[];
}

export interface Doc {
  heading: string;
  intro: string[];
  rows: [label: string, value: string][];
  sections: Section[];
  outro: string[];
}

const SIGNATURE = [
  `Venlig hilsen`,
  WORKSHOP.name,
  WORKSHOP_ADDRESS,
  `Telefon ${WORKSHOP.phone.display} · ${WORKSHOP.email}`,
];

function toText(doc: Doc): string {
  const out: string[] = [doc.heading, '', ...doc.intro.flatMap((p) => [p, ''])];
  const width = Math.max(...doc.rows.map(([label]) => label.length), 0) + 2;
  for (const [label, value] of doc.rows) {
    const [first, ...rest] = value.split('\n');
    out.push(`${`${label}:`.padEnd(width)}${first}`);
    for (const line of rest) out.push(`${' '.repeat(width)}${line}`);
  }
  for (const s of doc.sections) {
    out.push('', s.title, ...s.lines);
    for (const link of [...(s.links ?? []), ...(s.textLinks ?? [])])
      out.push(`${link.label}: ${link.href}`);
  }
  out.push('', ...doc.outro.flatMap((p) => [p, '']), ...SIGNATURE);
  return out.join('\n') + '\n';
}

const P = 'margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937';

function toHtml(doc: Doc): string {
  const para = (t: string) => `<p style="${P}">${escapeHtml(t).replace(/\n/g, '<br>')}</p>`;
  const rows = doc.rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:6px 16px 6px 0;font-size:15px;color:#4b5563;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th>` +
        `<td style="padding:6px 0;font-size:15px;color:#111827">${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`,
    )
    .join('');
  const sections = doc.sections
    .map(
      (s) =>
        `<h2 style="margin:24px 0 8px;font-size:17px;color:#111827">${escapeHtml(s.title)}</h2>` +
        (s.compact
          ? `<p style="${P}">${s.lines.map(escapeHtml).join('<br>')}</p>`
          : s.lines.map(para).join('')) +
        (s.links ?? [])
          .map(
            (link) =>
              `<p style="${P}"><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#111827;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(link.label)}</a></p>` +
              `<p style="margin:0 0 16px;font-size:13px;color:#4b5563;word-break:break-all">${escapeHtml(link.href)}</p>`,
          )
          .join('') +
        (s.textLinks?.length
          ? `<p style="${P}">${s.textLinks
              .map(
                (link) =>
                  `<a href="${escapeHtml(link.href)}" style="color:#0b5f86;font-weight:600">${escapeHtml(link.label)}</a>`,
              )
              .join(' &middot; ')}</p>`
          : ''),
    )
    .join('');
  return [
    '<!doctype html>',
    '<html lang="da"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(doc.heading)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">',
    '<div style="max-width:600px;margin:0 auto;padding:24px 16px">',
    '<div style="background:#ffffff;border-radius:8px;padding:24px">',
    `<h1 style="margin:0 0 16px;font-size:22px;color:#111827">${escapeHtml(doc.heading)}</h1>`,
    doc.intro.map(para).join(''),
    rows
      ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 8px;border-collapse:collapse">${rows}</table>`
      : '',
    sections,
    doc.outro.map(para).join(''),
    `<p style="margin:24px 0 0;font-size:14px;line-height:20px;color:#4b5563">${SIGNATURE.map(escapeHtml).join('<br>')}</p>`,
    '</div></div></body></html>',
  ].join('\n');
}

/** A document as an e-mail: its HTML and plain-text forms, its attachments and Reply-To. */
export function email(
  subject: string,
  doc: Doc,
  attachments: Attachment[] = [],
  replyTo?: string,
): RenderedEmail {
  const mail: RenderedEmail = { subject, html: toHtml(doc), text: toText(doc), attachments };
  if (replyTo) mail.replyTo = replyTo;
  return mail;
}

/** "1 aflevering", "2 afleveringer". */
export function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
