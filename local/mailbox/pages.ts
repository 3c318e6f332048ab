// The local mailbox's HTML pages: the list of captured e-mails and one e-mail (its HTML in a
// sandboxed frame, the plain text, headers, attachments and the raw request).
import { escapeHtml } from '../../supabase/functions/_shared/escape-html.ts';
import type { CapturedEmail } from './store.ts';

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f5f5f5;color:#111}
header{background:#111;color:#fff;padding:12px 24px}header a{color:#fff}
main{max-width:1000px;margin:0 auto;padding:24px}
table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #ddd;vertical-align:top}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;padding:16px}
dt{font-weight:600}dd{margin:0}
iframe{width:100%;height:640px;border:1px solid #ddd;background:#fff}
pre{background:#fff;padding:16px;overflow:auto;white-space:pre-wrap}
.empty{background:#fff;padding:24px}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>
<body><header><a href="/">Local mailbox</a> · e-mails and SMS the local stack would have sent (nothing is delivered)</header>
<main>${body}</main></body></html>`;
}

export function listPage(messages: readonly CapturedEmail[]): string {
  if (messages.length === 0) {
    return layout(
      'Local mailbox',
      '<h1>Local mailbox</h1><p class="empty">No e-mails or SMS yet. Make a booking; the sender runs every few seconds.</p>',
    );
  }
  const rows = [...messages]
    .reverse()
    .map(
      (m) => `<tr><td>${escapeHtml(m.receivedAt.replace('T', ' ').slice(0, 19))}</td>
<td>${escapeHtml(m.to.join(', '))}</td>
<td>${m.channel === 'sms' ? 'SMS' : 'E-mail'}</td>
<td><a href="/messages/${m.id}">${escapeHtml(m.subject)}</a></td>
<td>${m.attachments.map((a) => escapeHtml(a.filename)).join(', ')}</td></tr>`,
    )
    .join('');
  return layout(
    'Local mailbox',
    `<h1>Local mailbox (${messages.length})</h1>
<table><thead><tr><th>Received (UTC)</th><th>To</th><th>Kind</th><th>Subject</th><th>Attachments</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

function smsPage(m: CapturedEmail): string {
  return layout(
    `SMS to ${m.to.join(', ')}`,
    `<h1>SMS to ${escapeHtml(m.to.join(', '))}</h1>
<dl><dt>Sender</dt><dd>${escapeHtml(m.from)}</dd><dt>To</dt><dd>${escapeHtml(m.to.join(', '))}</dd>
<dt>Received</dt><dd>${escapeHtml(m.receivedAt)}</dd>
<dt>userref</dt><dd>${escapeHtml(m.idempotencyKey ?? '(none)')}</dd>
<dt>Length</dt><dd>${[...m.text].length} characters</dd>
<dt>Raw</dt><dd><a href="/messages/${m.id}/raw">request body (JSON)</a></dd></dl>
<h2>Text</h2><pre>${escapeHtml(m.text)}</pre>`,
  );
}

export function messagePage(m: CapturedEmail): string {
  if (m.channel === 'sms') return smsPage(m);
  const attachments = m.attachments
    .map((a, i) => `<a href="/messages/${m.id}/attachments/${i}">${escapeHtml(a.filename)}</a>`)
    .join(', ');
  return layout(
    m.subject,
    `<h1>${escapeHtml(m.subject)}</h1>
<dl><dt>From</dt><dd>${escapeHtml(m.from)}</dd><dt>To</dt><dd>${escapeHtml(m.to.join(', '))}</dd>
${m.reply_to ? `<dt>Reply-To</dt><dd>${escapeHtml(m.reply_to)}</dd>` : ''}
<dt>Received</dt><dd>${escapeHtml(m.receivedAt)}</dd>
<dt>Idempotency-Key</dt><dd>${escapeHtml(m.idempotencyKey ?? '(none)')}</dd>
<dt>Attachments</dt><dd>${attachments || '(none)'}</dd>
<dt>Raw</dt><dd><a href="/messages/${m.id}/raw">request body (JSON)</a> · <a href="/messages/${m.id}/html">HTML only</a></dd></dl>
<h2>HTML</h2>
<iframe title="HTML version of the e-mail" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(m.html)}"></iframe>
<h2>Plain text</h2><pre>${escapeHtml(m.text)}</pre>`,
  );
}
