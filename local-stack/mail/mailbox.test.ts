import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Mailbox, mailboxAccess } from './mailbox.ts';
import { renderSms, SmsRateLimitExceeded, SmsSender } from './sms.ts';

function request(headers: Record<string, string>, method = 'GET'): IncomingMessage {
  return { headers, method } as Pick<IncomingMessage, 'headers' | 'method'> as IncomingMessage;
}

/** Runs one GET of the mailbox's API and returns its JSON. */
async function get(mailbox: Mailbox, url: string): Promise<{ status: number; body: unknown; headers: Record<string, unknown> }> {
  let status = 0;
  let text = '';
  const headers: Record<string, unknown> = {};
  const res = {
    headersSent: false,
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = value),
    writeHead(code: number, extra: Record<string, string> = {}) {
      status = code;
      for (const [name, value] of Object.entries(extra)) headers[name.toLowerCase()] = value;
      return this;
    },
    end(chunk?: string) {
      text = chunk ?? '';
    },
  } as unknown as ServerResponse;
  await mailbox.handle({ url, method: 'GET', headers: {} } as IncomingMessage, res);
  return { status, body: text.startsWith('{') ? (JSON.parse(text) as unknown) : text, headers };
}

describe('SMS in the mailbox', () => {
  it('renders the Go template placeholder and stores the SMS with the tag "sms" to +<number>', async () => {
    expect(renderSms('Your code is {{ .Code }}', '123456')).toBe('Your code is 123456');
    expect(renderSms('Mã {{.Code}} ({{ .Code }})', '42')).toBe('Mã 42 (42)');
    const mailbox = new Mailbox();
    const sender = new SmsSender(mailbox, 'Mã xác thực: {{ .Code }}', undefined);
    const id = sender.send('84901234567', '654321');
    mailbox.add({ to: 'a@b.vn', subject: 'Thư', text: 'x', html: '<p>x</p>' });
    const bySearch = (await get(mailbox, '/api/v1/search?query=to:%2B84901234567')).body as { messages: { ID: string; Tags: string[]; To: { Address: string }[]; Subject: string }[] };
    expect(bySearch.messages).toHaveLength(1);
    expect(bySearch.messages[0]).toMatchObject({ ID: id, Tags: ['sms'], To: [{ Address: '+84901234567' }], Subject: 'Mã xác thực: 654321' });
    // Without "+", or with the "+" sent unencoded (a space), the same SMS is found.
    for (const query of ['to:84901234567', 'to:+84901234567']) {
      expect(((await get(mailbox, `/api/v1/search?query=${query}`)).body as { messages: unknown[] }).messages).toHaveLength(1);
    }
    expect(((await get(mailbox, '/api/v1/search?query=tag:sms')).body as { messages: unknown[] }).messages).toHaveLength(1);
    const one = (await get(mailbox, `/api/v1/message/${id}`)).body as { Text: string };
    expect(one.Text).toBe('Mã xác thực: 654321');
    const page = await get(mailbox, '/?tag=sms');
    expect(page.body).toContain('SMS messages');
    expect(page.body).toContain('654321');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps to the hourly SMS budget when one is given', () => {
    const sender = new SmsSender(new Mailbox(), '{{ .Code }}', 2);
    sender.send('84900000001', '1');
    sender.send('84900000002', '2');
    expect(() => sender.send('84900000003', '3')).toThrow(SmsRateLimitExceeded);
  });
});

describe('who may talk to the mailbox', () => {
  it('answers only its own host (421 otherwise) and refuses changes from another origin (403)', () => {
    expect(mailboxAccess(request({ host: '127.0.0.1:54324' }), 54324)).toBeUndefined();
    expect(mailboxAccess(request({ host: 'localhost:54324' }), 54324)).toBeUndefined();
    expect(mailboxAccess(request({ host: 'evil.example:54324' }), 54324)?.status).toBe(421);
    expect(mailboxAccess(request({ host: '127.0.0.1:1' }), 54324)?.status).toBe(421);
    expect(mailboxAccess(request({}), 54324)?.status).toBe(421);
    expect(mailboxAccess(request({ host: '127.0.0.1:54324', origin: 'https://evil.example' }, 'DELETE'), 54324)?.status).toBe(403);
    expect(mailboxAccess(request({ host: '127.0.0.1:54324', origin: 'http://127.0.0.1:54324' }, 'DELETE'), 54324)).toBeUndefined();
  });
});
