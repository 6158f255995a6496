// The local mailbox: every e-mail and every SMS the Auth server sends lands here (in memory, the
// last 500), served on [local_smtp] port as a small web page and as a JSON API shaped like the one
// of Mailpit, the mailbox the Supabase CLI ships, so that a developer clicks the link or reads the
// code and a test reads it:
//   GET    /api/v1/messages?start=&limit=     newest first
//   GET    /api/v1/search?query=to:a@b.vn     messages to (or from) an address; to:+84901234567 (or
//                                             to:84901234567) for the SMS to a phone; tag:sms for all SMS
//   GET    /api/v1/message/{ID|latest}        one message with its text and HTML
//   DELETE /api/v1/messages                   all of them, or body {"IDs": [...]}
//   GET    /  and  /view/{ID}                 the web page (?to=… one recipient, ?tag=sms the SMS only)
// An SMS is a message with the tag "sms", sent to the phone number (E.164 with "+"), from "SMS",
// whose subject and text are the SMS text. The server answers only requests addressed to it
// (Host 127.0.0.1:<port> or localhost:<port>, else 421, so that a web page of another origin cannot
// reach it through DNS rebinding), sends no CORS header, and refuses a cross-origin DELETE (403).
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http-util.ts';

export interface MailAddress {
  Name: string;
  Address: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The tag of the SMS among the messages. */
export const SMS_TAG = 'sms';
const SMS_SENDER: MailAddress = { Name: 'SMS', Address: '' };

export interface StoredMail {
  ID: string;
  MessageID: string;
  From: MailAddress;
  To: MailAddress[];
  Subject: string;
  Created: string;
  Text: string;
  HTML: string;
  Size: number;
  Read: boolean;
  Tags: string[];
}

const KEEP = 500;
export const SENDER: MailAddress = { Name: 'Sàn Dịch Vụ', Address: 'khong-tra-loi@sandichvu.vn' };

function summary(mail: StoredMail): Record<string, unknown> {
  return {
    ID: mail.ID,
    MessageID: mail.MessageID,
    Read: mail.Read,
    From: mail.From,
    To: mail.To,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: mail.Subject,
    Created: mail.Created,
    Tags: mail.Tags,
    Size: mail.Size,
    Attachments: 0,
    Snippet: mail.Text.replace(/\s+/g, ' ').trim().slice(0, 250),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1f2937}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:.5rem;text-align:left}a{color:#1d4ed8}iframe{width:100%;min-height:24rem;border:1px solid #e5e7eb}</style></head><body>${body}</body></html>`;
}

/** An address as compared by searches: lower case; a phone number without its "+" and spaces. */
function addressKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return /^\+?[\d ]+$/.test(trimmed) ? trimmed.replace(/[+ ]/g, '') : trimmed;
}

const isSms = (mail: StoredMail): boolean => mail.Tags.includes(SMS_TAG);

export class Mailbox {
  private readonly mails: StoredMail[] = [];

  add(mail: OutgoingMail): StoredMail {
    return this.store({ from: SENDER, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, tags: [] });
  }

  /** An SMS to `phone` (E.164, with or without "+"): stored with the tag "sms". */
  addSms(phone: string, text: string): StoredMail {
    const to = `+${phone.replace(/^\+/, '')}`;
    const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif"><p>${escapeHtml(text)}</p></body></html>`;
    return this.store({ from: SMS_SENDER, to, subject: text.replace(/\s+/g, ' ').trim().slice(0, 160), text, html, tags: [SMS_TAG] });
  }

  private store(message: { from: MailAddress; to: string; subject: string; text: string; html: string; tags: string[] }): StoredMail {
    const id = randomUUID();
    const stored: StoredMail = {
      ID: id,
      MessageID: `${id}@sandichvu.local`,
      From: message.from,
      To: [{ Name: '', Address: message.to }],
      Subject: message.subject,
      Created: new Date().toISOString(),
      Text: message.text,
      HTML: message.html,
      Size: Buffer.byteLength(message.text) + Buffer.byteLength(message.html),
      Read: false,
      Tags: message.tags,
    };
    this.mails.unshift(stored);
    this.mails.splice(KEEP);
    return stored;
  }

  /** Newest first; `to` keeps the messages to (or from) that address (case-insensitive; a phone with or without "+"). */
  list(to?: string, tag?: string): StoredMail[] {
    let mails = [...this.mails];
    if (tag !== undefined) mails = mails.filter((mail) => mail.Tags.includes(tag));
    if (to === undefined) return mails;
    const wanted = addressKey(to);
    return mails.filter((mail) => mail.To.some((a) => addressKey(a.Address) === wanted) || (mail.From.Address !== '' && addressKey(mail.From.Address) === wanted));
  }

  get(id: string): StoredMail | undefined {
    return id === 'latest' ? this.mails[0] : this.mails.find((mail) => mail.ID === id);
  }

  delete(ids?: readonly string[]): void {
    if (ids === undefined || ids.length === 0) {
      this.mails.length = 0;
      return;
    }
    const remove = new Set(ids);
    for (let i = this.mails.length - 1; i >= 0; i -= 1) if (remove.has(this.mails[i]!.ID)) this.mails.splice(i, 1);
  }

  /** Answers one request of the web page or the JSON API. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://mailbox.local');
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (path === '/api/v1/messages' && method === 'GET') {
      const start = Math.max(0, Number.parseInt(url.searchParams.get('start') ?? '0', 10) || 0);
      const limit = Math.min(500, Math.max(1, Number.parseInt(url.searchParams.get('limit') ?? '50', 10) || 50));
      return this.sendList(res, this.mails, start, limit);
    }
    if (path === '/api/v1/messages' && method === 'DELETE') {
      const raw = (await readBody(req, 64 * 1024)).toString('utf8').trim();
      let ids: string[] | undefined;
      if (raw !== '') {
        const parsed: unknown = JSON.parse(raw);
        const list = typeof parsed === 'object' && parsed !== null && 'IDs' in parsed ? parsed.IDs : undefined;
        ids = Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : undefined;
      }
      this.delete(ids);
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('ok');
      return;
    }
    if (path === '/api/v1/search' && method === 'GET') {
      const query = (url.searchParams.get('query') ?? '').trim();
      const tag = /^tag:\s*"?([^"\s]+)"?$/.exec(query)?.[1];
      // A "+" sent unencoded in the query string arrives as a space: "to: 84901234567".
      const address = tag === undefined ? /^(?:to:|from:)?\s*"?(\+?[^"\s]+)"?$/.exec(query)?.[1] : undefined;
      const found = tag !== undefined ? this.list(undefined, tag) : address === undefined ? [] : this.list(address);
      return this.sendList(res, found, 0, 500);
    }
    const one = /^\/api\/v1\/message\/([^/]+)$/.exec(path);
    if (one && method === 'GET') {
      const mail = this.get(decodeURIComponent(one[1]!));
      if (!mail) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('message not found');
        return;
      }
      mail.Read = true;
      sendJson(res, 200, { ...summary(mail), ReturnPath: SENDER.Address, Date: mail.Created, Text: mail.Text, HTML: mail.HTML, Inline: [], Attachments: [] });
      return;
    }
    if (path === '/' && method === 'GET') return this.sendIndex(res, url.searchParams.get('to') ?? undefined, url.searchParams.get('tag') ?? undefined);
    const view = /^\/view\/([^/]+)$/.exec(path);
    if (view && method === 'GET') return this.sendView(res, decodeURIComponent(view[1]!));
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('not found');
  }

  private sendList(res: ServerResponse, mails: readonly StoredMail[], start: number, limit: number): void {
    const slice = mails.slice(start, start + limit);
    sendJson(res, 200, {
      total: this.mails.length,
      unread: this.mails.filter((mail) => !mail.Read).length,
      count: slice.length,
      messages_count: mails.length,
      start,
      tags: [],
      messages: slice.map(summary),
    });
  }

  private sendIndex(res: ServerResponse, to: string | undefined, tag: string | undefined): void {
    const mails = this.list(to, tag);
    const when = (mail: StoredMail): string => escapeHtml(new Date(mail.Created).toLocaleString('vi-VN', { timeZone: 'Asia/Ho_Chi_Minh' }));
    const rows = mails
      .map((mail) => {
        const recipient = mail.To[0]?.Address ?? '';
        const kind = isSms(mail) ? '<strong>SMS</strong>' : 'E-mail';
        const content = isSms(mail) ? `<a href="/view/${mail.ID}"><code>${escapeHtml(mail.Text)}</code></a>` : `<a href="/view/${mail.ID}">${escapeHtml(mail.Subject)}</a>`;
        return `<tr><td>${when(mail)}</td><td>${kind}</td><td><a href="/?to=${encodeURIComponent(recipient)}">${escapeHtml(recipient)}</a></td><td>${content}</td></tr>`;
      })
      .join('');
    const heading = to !== undefined ? `Mailbox of ${escapeHtml(to)}` : tag === SMS_TAG ? 'SMS messages' : 'Local mailbox';
    const links = [to !== undefined || tag !== undefined ? '<a href="/">All</a>' : '', tag === SMS_TAG ? '' : '<a href="/?tag=sms">SMS only</a>'].filter((link) => link !== '').join(' · ');
    const body =
      `<h1>${heading}</h1><p>E-mails and SMS messages sent by the local stack's Auth server (nothing leaves this machine). ${links}</p>` +
      (mails.length === 0
        ? '<p>No e-mail or SMS yet.</p>'
        : `<table><thead><tr><th>Time</th><th>Kind</th><th>To</th><th>Subject / SMS text</th></tr></thead><tbody>${rows}</tbody></table>`);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(page(heading, body));
  }

  private sendView(res: ServerResponse, id: string): void {
    const mail = this.get(id);
    if (!mail) {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(page('Message not found', '<h1>Message not found</h1><p><a href="/">Back to the mailbox</a></p>'));
      return;
    }
    mail.Read = true;
    if (isSms(mail)) {
      const sms =
        `<p><a href="/">← Mailbox</a></p><h1>SMS to ${escapeHtml(mail.To[0]?.Address ?? '')}</h1>` +
        `<p>At ${escapeHtml(new Date(mail.Created).toLocaleString('vi-VN', { timeZone: 'Asia/Ho_Chi_Minh' }))}</p><pre>${escapeHtml(mail.Text)}</pre>`;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(page(`SMS to ${mail.To[0]?.Address ?? ''}`, sms));
      return;
    }
    const body =
      `<p><a href="/">← Mailbox</a></p><h1>${escapeHtml(mail.Subject)}</h1>` +
      `<p>Sent to ${escapeHtml(mail.To[0]?.Address ?? '')} at ${escapeHtml(new Date(mail.Created).toLocaleString('vi-VN', { timeZone: 'Asia/Ho_Chi_Minh' }))}</p>` +
      `<iframe sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(mail.HTML)}" title="Message body"></iframe>`;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(page(mail.Subject, body));
  }
}

export interface MailboxServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Who may talk to the mailbox on `port`: the Host must be 127.0.0.1:port or localhost:port (421
 * otherwise); a request carrying an Origin of another site may only read (403 otherwise).
 */
export function mailboxAccess(req: IncomingMessage, port: number): { status: 403 | 421; message: string } | undefined {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  const host = (req.headers.host ?? '').trim().toLowerCase();
  if (!hosts.includes(host)) return { status: 421, message: `The mailbox answers only ${hosts.join(' or ')}` };
  const origin = req.headers.origin;
  const method = req.method ?? 'GET';
  if (origin !== undefined && method !== 'GET' && method !== 'HEAD' && !hosts.some((allowed) => origin.toLowerCase() === `http://${allowed}`)) {
    return { status: 403, message: 'The mailbox refuses changes sent from another site' };
  }
  return undefined;
}

/** Serves the mailbox on 127.0.0.1:port. */
export function serveMailbox(mailbox: Mailbox, port: number, log: (line: string) => void): Promise<MailboxServer> {
  const server = http.createServer((req, res) => {
    const refused = mailboxAccess(req, port);
    if (refused) {
      req.resume();
      res.writeHead(refused.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(refused.message);
      return;
    }
    mailbox.handle(req, res).catch((error: unknown) => {
      log(`[mail] ${req.method ?? '?'} ${req.url ?? ''}: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendJson(res, 400, { message: 'invalid request' });
      else res.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new Error(`Mailbox port ${port} is used by another program (choose another with MAIL_PORT)`) : error);
    });
    server.listen(port, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
