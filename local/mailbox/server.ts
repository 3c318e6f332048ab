// The local mailbox: a stand-in for Resend's HTTP API (POST /emails with a Bearer key and an
// Idempotency-Key) that captures instead of sending, and a page listing what it captured.
//   POST   /emails                              Resend-shaped: 200 {id} | 401 | 409 | 422
//   POST   /rest/mtsms                          GatewayAPI-shaped SMS: 200 {ids, usage} | 401 | 400
//                                               (listed with the e-mails, to: +45..., channel sms)
//   GET    /                                    list page
//   GET    /messages/:id                        one e-mail (HTML view, text, headers)
//   GET    /messages/:id/html | /raw            the HTML alone | the request body as JSON
//   GET    /messages/:id/attachments/:n         an attachment (the .ics)
//   GET    /api/messages   DELETE /api/messages JSON list for tests | clear
//   GET    /api/requests                         every call as it arrived: receivedAt, key, status
//   POST   /api/faults {count, status, delayMs, afterAccept, retryAfter} make the next calls fail
//                                               (tests; a 2xx status: slow but working)
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BodyTooLarge, readBody } from '../net.ts';
import { listPage, messagePage } from './pages.ts';
import { MailStore, type CapturedAttachment, type Fault, type ReceivedRequest } from './store.ts';

export interface MailboxOptions {
  port?: number;
  host?: string;
  store?: MailStore;
}

export interface Mailbox {
  url: string;
  port: number;
  store: MailStore;
  stop(): Promise<void>;
}

const MAX_BODY = 10 * 1024 * 1024;

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type: string,
  extra: Record<string, string> = {},
) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...extra });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  send(res, status, JSON.stringify(body), 'application/json; charset=utf-8');
}

function resendError(
  res: ServerResponse,
  status: number,
  name: string,
  message: string,
  headers: Record<string, string> = {},
) {
  send(
    res,
    status,
    JSON.stringify({ statusCode: status, name, message }),
    'application/json; charset=utf-8',
    headers,
  );
}

/** A simulated failure, shaped as Resend answers it (a 429 is its rate limit, with Retry-After). */
function faultAnswer(res: ServerResponse, fault: Fault, message: string) {
  const status = fault.status || 502;
  const headers: Record<string, string> =
    fault.retryAfter !== undefined ? { 'Retry-After': String(fault.retryAfter) } : {};
  if (status === 429)
    return resendError(
      res,
      429,
      'rate_limit_exceeded',
      'Too many requests. You can only make 2 requests per second. (local mailbox)',
      headers,
    );
  return resendError(res, status, 'application_error', message, headers);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function asList(value: unknown): string[] | null {
  if (typeof value === 'string' && value) return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && v)) {
    return value as string[];
  }
  return null;
}

/**
 * One provider call (e-mail or SMS): recorded with the status the mailbox answers (also when the
 * caller stopped waiting for it), its body read, and the next queued fault played. A fault that
 * fails the call answers through `fail` (or drops the connection) and gives null; a slow or
 * after-accept fault is returned for the caller to finish with.
 */
async function receive(
  store: MailStore,
  req: IncomingMessage,
  res: ServerResponse,
  received: ReceivedRequest,
  fail: (fault: Fault) => void,
): Promise<{ raw: string; fault: Fault | undefined; slow: boolean } | null> {
  store.requests.push(received);
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: object) => void;
  res.writeHead = ((status: number, headers?: object) => {
    received.status = status;
    writeHead(status, headers);
    return res;
  }) as typeof res.writeHead;
  const raw = (await readBody(req, MAX_BODY)).toString('utf8');
  const fault = store.takeFault();
  const slow = fault !== undefined && fault.status >= 200 && fault.status < 300;
  if (slow && fault.delayMs) await sleep(fault.delayMs);
  if (fault && !slow && !fault.afterAccept) {
    if (fault.delayMs) await sleep(fault.delayMs);
    if (fault.status === 0) {
      received.status = 0;
      req.socket.destroy();
      return null;
    }
    fail(fault);
    return null;
  }
  return { raw, fault, slow };
}

async function postEmail(store: MailStore, req: IncomingMessage, res: ServerResponse) {
  store.calls += 1;
  const received: ReceivedRequest = {
    receivedAt: new Date().toISOString(),
    idempotencyKey:
      typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null,
    status: null,
  };
  const got = await receive(store, req, res, received, (fault) =>
    faultAnswer(res, fault, 'Simulated failure (local mailbox)'),
  );
  if (!got) return;
  const { raw, fault, slow } = got;
  const auth = req.headers.authorization ?? '';
  if (!/^Bearer \S+/.test(auth))
    return resendError(res, 401, 'missing_api_key', 'Missing API key in the authorization header.');
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw);
  } catch {
    return resendError(res, 400, 'invalid_request', 'Body is not JSON.');
  }
  const to = asList(body.to);
  if (typeof body.from !== 'string' || !body.from)
    return resendError(res, 422, 'validation_error', 'The `from` field is missing.');
  if (!to) return resendError(res, 422, 'validation_error', 'The `to` field is missing.');
  if (typeof body.subject !== 'string' || !body.subject)
    return resendError(res, 422, 'validation_error', 'The `subject` field is missing.');
  const attachments = Array.isArray(body.attachments)
    ? (body.attachments as CapturedAttachment[])
    : [];
  const key =
    typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
  const result = store.accept(
    {
      from: body.from,
      to,
      subject: body.subject,
      html: typeof body.html === 'string' ? body.html : '',
      text: typeof body.text === 'string' ? body.text : '',
      ...(typeof body.reply_to === 'string' ? { reply_to: body.reply_to } : {}),
      attachments,
    },
    raw,
    key,
  );
  if ('conflict' in result) {
    return resendError(
      res,
      409,
      'invalid_idempotent_request',
      'Same idempotency key used with a different request payload.',
    );
  }
  if (fault?.afterAccept && !slow) {
    if (fault.delayMs) await sleep(fault.delayMs);
    return faultAnswer(res, fault, 'Simulated lost answer');
  }
  sendJson(res, 200, { id: result.id });
}

function gatewayError(res: ServerResponse, status: number, code: string, message: string) {
  send(
    res,
    status,
    JSON.stringify({ code, message, incident_uuid: null, variables: [] }),
    'application/json; charset=utf-8',
  );
}

/**
 * GatewayAPI's POST /rest/mtsms: the token as the HTTP Basic username (docs/rest.rst), JSON
 * {sender, message, recipients: [{msisdn}], userref}; the same fault queue as the e-mails.
 */
async function postSms(store: MailStore, req: IncomingMessage, res: ServerResponse) {
  store.calls += 1;
  const received: ReceivedRequest = {
    receivedAt: new Date().toISOString(),
    idempotencyKey: null,
    status: null,
  };
  const got = await receive(store, req, res, received, (fault) =>
    gatewayError(res, fault.status || 502, '0x0001', 'Simulated failure (local mailbox)'),
  );
  if (!got) return;
  const { raw, fault, slow } = got;
  const auth = req.headers.authorization ?? '';
  const basic = /^Basic (\S+)$/.exec(auth);
  const token = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] : '';
  if (!token) return gatewayError(res, 401, '0x0210', 'Invalid username');
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw);
  } catch {
    return gatewayError(res, 422, '0x0308', 'Invalid json request body');
  }
  const recipients = Array.isArray(body.recipients) ? body.recipients : [];
  const to = recipients
    .map((r) => (r && typeof r === 'object' ? (r as { msisdn?: unknown }).msisdn : undefined))
    .filter((m): m is number | string => typeof m === 'number' || typeof m === 'string')
    .map((m) => `+${String(m)}`);
  if (typeof body.message !== 'string' || !body.message)
    return gatewayError(res, 400, '0x0222', 'Missing required parameter message');
  if (to.length === 0 || to.length !== recipients.length)
    return gatewayError(res, 400, '0x0222', 'Missing required parameter recipients');
  const sender = typeof body.sender === 'string' ? body.sender : '';
  if (sender.length > 11 && !/^\d{1,15}$/.test(sender))
    return gatewayError(res, 400, '0x0308', 'Invalid Argument: sender');
  received.idempotencyKey = typeof body.userref === 'string' ? body.userref : null;
  const id = store.acceptSms(
    { sender, to, message: body.message, userref: received.idempotencyKey },
    raw,
  );
  if (fault?.afterAccept && !slow) {
    if (fault.delayMs) await sleep(fault.delayMs);
    return gatewayError(res, fault.status || 502, '0x0001', 'Simulated lost answer');
  }
  sendJson(res, 200, { ids: [id], usage: { countries: { DK: to.length }, currency: 'DKK' } });
}

async function route(store: MailStore, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://mailbox');
  const parts = url.pathname.split('/').filter(Boolean);
  const method = req.method ?? 'GET';

  if (url.pathname === '/emails') {
    if (method !== 'POST')
      return resendError(res, 405, 'method_not_allowed', 'Method not allowed.');
    return postEmail(store, req, res);
  }
  if (url.pathname === '/rest/mtsms') {
    if (method !== 'POST') return gatewayError(res, 405, '0x0003', 'Method not allowed.');
    return postSms(store, req, res);
  }
  if (url.pathname === '/api/messages') {
    if (method === 'GET') return sendJson(res, 200, store.messages);
    if (method === 'DELETE') {
      store.clear();
      return sendJson(res, 200, { cleared: true });
    }
  }
  if (url.pathname === '/api/requests' && method === 'GET')
    return sendJson(res, 200, store.requests);
  if (url.pathname === '/api/faults' && method === 'POST') {
    const body = JSON.parse((await readBody(req, MAX_BODY)).toString('utf8') || '{}') as {
      count?: number;
      status?: number;
      delayMs?: number;
      afterAccept?: boolean;
      retryAfter?: number;
    };
    store.failNext(body.count ?? 1, {
      status: body.status ?? 500,
      delayMs: body.delayMs,
      afterAccept: body.afterAccept,
      retryAfter: body.retryAfter,
    });
    return sendJson(res, 200, { ok: true });
  }
  if (method === 'GET' && url.pathname === '/')
    return send(res, 200, listPage(store.messages), 'text/html; charset=utf-8');
  if (method === 'GET' && parts[0] === 'messages' && parts[1]) {
    const m = store.find(parts[1]);
    if (!m) return send(res, 404, 'No such e-mail', 'text/plain; charset=utf-8');
    if (parts.length === 2) return send(res, 200, messagePage(m), 'text/html; charset=utf-8');
    if (parts[2] === 'raw')
      return send(res, 200, JSON.stringify(m.raw, null, 2), 'application/json; charset=utf-8');
    if (parts[2] === 'html') {
      return send(res, 200, m.html, 'text/html; charset=utf-8', {
        'Content-Security-Policy': 'sandbox; script-src none',
      });
    }
    if (parts[2] === 'attachments' && parts[3]) {
      const a = m.attachments[Number(parts[3])];
      if (!a) return send(res, 404, 'No such attachment', 'text/plain; charset=utf-8');
      return send(
        res,
        200,
        Buffer.from(a.content, 'base64').toString('utf8'),
        a.content_type ?? 'application/octet-stream',
        {
          'Content-Disposition': `inline; filename="${a.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
        },
      );
    }
  }
  send(res, 404, 'Not found', 'text/plain; charset=utf-8');
}

export async function startMailbox(options: MailboxOptions = {}): Promise<Mailbox> {
  const store = options.store ?? new MailStore();
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer((req, res) => {
    route(store, req, res).catch((error: unknown) => {
      const status = error instanceof BodyTooLarge ? 413 : 500;
      if (!res.headersSent) send(res, status, String(error), 'text/plain; charset=utf-8');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    store,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
