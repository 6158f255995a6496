// Settings of supabase/config.toml that the project keeps off, switched on for an API server of
// its own (a child process on the test database, with its own config.toml, mailbox and a local SMTP
// server): sign-up with confirmation, anonymous sign-in and its conversion, manual identity linking,
// the email_sent and token_refresh rate limits, and X-Forwarded-For believed from a trusted proxy.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AuthClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnApi, type ApiProcess } from '../../local-stack/api-process.ts';
import { anonKey, dbUrl, serviceRoleKey, sql, uniqueEmail, type MailboxMessage } from './helpers.ts';
import { freePorts } from './free-ports.ts';

type Auth = InstanceType<typeof AuthClient>;

const PASSWORD = 'Matkhau@2024';
const TRUSTED_PROXY = '127.0.0.90';
const EMAIL_SENT = 5;
const TOKEN_REFRESH = 3;
const FAILED_SIGN_INS = 3;
const ANONYMOUS_USERS = 2;

/** A minimal SMTP server that accepts every message and remembers its recipients. */
function fakeSmtp(): Promise<{ port: number; recipients: string[]; close: () => Promise<void> }> {
  const recipients: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let pending: string[] = [];
    socket.write('220 sdv-test ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          recipients.push(...pending);
          pending = [];
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sdv-test\r\n');
        else if (verb === 'RCPT') {
          pending.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ port, recipients, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

let api: ApiProcess;
let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
let mailUrl: string;
let dataDir: string;

beforeAll(async () => {
  smtp = await fakeSmtp();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sdv-auth-configured-'));
  const configFile = path.join(dataDir, 'config.toml');
  await writeFile(
    configFile,
    `[api]
port = 54321

[local_smtp]
enabled = true
port = 54324

[auth]
site_url = "http://127.0.0.1:5173"
enable_signup = true
enable_anonymous_sign_ins = true
enable_manual_linking = true

[auth.email]
enable_signup = true
enable_confirmations = true
double_confirm_changes = true
max_frequency = "1s"

[auth.email.smtp]
enabled = true
host = "127.0.0.1"
port = ${smtp.port}
admin_email = "khong-tra-loi@sdv.local"
sender_name = "Sàn Dịch Vụ"

[auth.rate_limit]
email_sent = ${EMAIL_SENT}
token_refresh = ${TOKEN_REFRESH}
sign_in_sign_ups = ${FAILED_SIGN_INS}
token_verifications = 30
anonymous_users = ${ANONYMOUS_USERS}

[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
`,
    'utf8',
  );
  const [apiPort, mailPort] = (await freePorts(2)) as [number, number];
  mailUrl = `http://127.0.0.1:${mailPort}`;
  api = await spawnApi({
    DATABASE_URL: dbUrl(),
    API_PORT: String(apiPort),
    MAIL_PORT: String(mailPort),
    SDV_DATA_DIR: path.join(dataDir, 'data'),
    SDV_PROFILE: 'test',
    SDV_SUPABASE_CONFIG: configFile,
    SDV_TRUSTED_PROXIES: TRUSTED_PROXY,
    SDV_AUTH_RATE_LIMIT_ADDRESS: '',
    SDV_AUTH_RATE_LIMIT_TOKEN_REFRESH: '',
    // The suite's own address signs up and in more than sign_in_sign_ups allows; the limits are
    // tested from other addresses.
    SDV_AUTH_RATE_LIMIT_EXEMPT: '127.0.0.1',
  });
});

afterAll(async () => {
  await api?.stop();
  await smtp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** supabase-js' Auth client on the configured server (the caller's key in apikey and Authorization). */
function authClient(key: string): Auth {
  return new AuthClient({
    url: `${api.url}/auth/v1`,
    headers: { apikey: key, Authorization: `Bearer ${key}` },
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
}
const client = (): Auth => authClient(anonKey());
const admin = (): Auth => authClient(serviceRoleKey());

async function lastMail(address: string): Promise<{ subject: string; code: string }> {
  const search = await fetch(`${mailUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
  const { messages } = (await search.json()) as { messages: { ID: string }[] };
  if (!messages[0]) throw new Error(`no mail to ${address}`);
  const mail = (await (await fetch(`${mailUrl}/api/v1/message/${messages[0].ID}`)).json()) as MailboxMessage;
  return { subject: mail.Subject, code: /Mã xác nhận: (\d+)/.exec(mail.Text)?.[1] ?? '' };
}

function post(pathname: string, body: unknown, options: { localAddress?: string; forwardedFor?: string } = {}): Promise<{ status: number; code: string | undefined; body: string }> {
  const url = new URL(pathname, api.url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { apikey: anonKey(), 'content-type': 'application/json' };
    if (options.forwardedFor !== undefined) headers['x-forwarded-for'] = options.forwardedFor;
    const req = http.request({ method: 'POST', host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers, localAddress: options.localAddress }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, code: res.headers['x-sb-error-code'] as string | undefined, body: text }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('sign-up with enable_signup and enable_confirmations', () => {
  it('signUp creates an unconfirmed user and mails the confirmation (mailbox and SMTP); verifyOtp signs in', async () => {
    const email = uniqueEmail('signup');
    const signUp = await client().signUp({ email, password: PASSWORD, options: { data: { name: 'Khách mới' } } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();
    const mail = await lastMail(email);
    expect(mail.subject).toBe('Xác nhận đăng ký tài khoản Sàn Dịch Vụ');
    expect(smtp.recipients).toContain(email);
    const refused = await client().signInWithPassword({ email, password: PASSWORD });
    expect(refused.error?.code).toBe('email_not_confirmed');
    const verified = await client().verifyOtp({ email, token: mail.code, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
    expect((await client().signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });
});

describe('sign-up by e-mail OTP (signInWithOtp with sign-ups enabled)', () => {
  it('an unknown address is signed up and mailed its confirmation code, which signs in; shouldCreateUser false is 422 otp_disabled', async () => {
    const email = uniqueEmail('otp-signup');
    expect((await client().signInWithOtp({ email, options: { data: { name: 'Khách OTP' } } })).error).toBeNull();
    const mail = await lastMail(email);
    expect(mail.subject).toBe('Xác nhận đăng ký tài khoản Sàn Dịch Vụ');
    const verified = await client().verifyOtp({ email, token: mail.code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeDefined();
    expect(verified.data.user?.user_metadata).toEqual({ name: 'Khách OTP' });

    const stranger = uniqueEmail('otp-no-create');
    const refused = await client().signInWithOtp({ email: stranger, options: { shouldCreateUser: false } });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe('otp_disabled');
    expect(await sql('select 1 from auth.users where email = $1', [stranger])).toEqual([]);
  });
});

describe('anonymous sign-in (enable_anonymous_sign_ins)', () => {
  it('signInAnonymously gives a session with is_anonymous; MFA and a password are refused until it adds an e-mail', async () => {
    const anonymous = client();
    const { data, error } = await anonymous.signInAnonymously({ options: { data: { name: 'Khách vãng lai' } } });
    expect(error).toBeNull();
    expect(data.user?.is_anonymous).toBe(true);
    expect(data.user?.email).toBe('');
    const claims = claimsOf(data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', aal: 'aal1' });
    expect(claims.amr).toEqual([{ method: 'anonymous', timestamp: expect.any(Number) as number }]);
    expect(await sql('select name from public.profiles where id = $1', [data.user!.id])).toEqual([{ name: 'Khách vãng lai' }]);

    const enroll = await anonymous.mfa.enroll({ factorType: 'totp' });
    expect(enroll.error?.status).toBe(403);
    expect(enroll.error?.code).toBe('no_authorization');
    const password = await anonymous.updateUser({ password: PASSWORD });
    expect(password.error?.status).toBe(422);

    const email = uniqueEmail('anon-converted');
    expect((await anonymous.updateUser({ email })).error).toBeNull();
    const mail = await lastMail(email);
    expect(mail.subject).toBe('Xác nhận địa chỉ e-mail mới');
    const verified = await anonymous.verifyOtp({ email, token: mail.code, type: 'email_change' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.is_anonymous).toBe(false);
    expect(verified.data.user?.email).toBe(email);
    expect(verified.data.user?.identities?.map((identity) => identity.provider)).toEqual(['email']);
    expect(claimsOf(verified.data.session!.access_token).is_anonymous).toBe(false);
  });
});

describe('[auth.rate_limit] anonymous_users', () => {
  it('an address signs in anonymously that many times an hour, then 429; another address is not affected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ANONYMOUS_USERS; i += 1) statuses.push((await post('/auth/v1/signup', {}, { localAddress: '127.0.0.94' })).status);
    expect(statuses).toEqual([...Array.from({ length: ANONYMOUS_USERS }, () => 200), 429]);
    expect((await post('/auth/v1/signup', {}, { localAddress: '127.0.0.95' })).status).toBe(200);
  });
});

describe('manual identity linking (enable_manual_linking)', () => {
  it('the only identity cannot be unlinked (422 single_identity_not_deletable); no OAuth provider can be linked', async () => {
    const email = uniqueEmail('linking');
    await admin().admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const user = client();
    expect((await user.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const { data } = await user.getUserIdentities();
    const unlink = await user.unlinkIdentity(data!.identities[0]!);
    expect(unlink.error?.status).toBe(422);
    expect(unlink.error?.code).toBe('single_identity_not_deletable');
    const link = await user.linkIdentity({ provider: 'google' });
    expect(link.error?.status).toBe(400);
    expect(link.error?.code).toBe('validation_failed');
    expect((await user.getUserIdentities()).data?.identities).toHaveLength(1);
  });
});

describe('[auth.rate_limit] per client address', () => {
  it('token_refresh: an address refreshes that many times per window, then 429; another address is not affected', async () => {
    const email = uniqueEmail('refresher');
    await admin().admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const signIn = await post('/auth/v1/token?grant_type=password', { email, password: PASSWORD }, { localAddress: '127.0.0.91' });
    let token = (JSON.parse(signIn.body) as { refresh_token: string }).refresh_token;
    for (let i = 0; i < TOKEN_REFRESH; i += 1) {
      const refreshed = await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: token }, { localAddress: '127.0.0.91' });
      expect(refreshed.status).toBe(200);
      token = (JSON.parse(refreshed.body) as { refresh_token: string }).refresh_token;
    }
    const limited = await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: token }, { localAddress: '127.0.0.91' });
    expect(limited.status).toBe(429);
    expect(limited.code).toBe('over_request_rate_limit');
    // The token was not used by the refused request: the same session refreshes from elsewhere.
    expect((await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: token }, { localAddress: '127.0.0.92' })).status).toBe(200);
  });

  it("behind a trusted proxy, X-Forwarded-For names the client: the attacker's failures never block the victim", async () => {
    const victim = uniqueEmail('proxied-victim');
    await admin().admin.createUser({ email: victim, password: PASSWORD, email_confirm: true });
    const attacker = { localAddress: TRUSTED_PROXY, forwardedFor: '198.51.100.66' };
    for (let i = 0; i < FAILED_SIGN_INS; i += 1) {
      expect((await post('/auth/v1/token?grant_type=password', { email: victim, password: `sai-${i}` }, attacker)).status).toBe(400);
    }
    const blocked = await post('/auth/v1/token?grant_type=password', { email: victim, password: PASSWORD }, attacker);
    expect(blocked.status).toBe(429);
    // Same proxy, another client behind it: the victim signs in.
    expect((await post('/auth/v1/token?grant_type=password', { email: victim, password: PASSWORD }, { localAddress: TRUSTED_PROXY, forwardedFor: '198.51.100.7' })).status).toBe(200);
    // A client that is not the trusted proxy cannot pose as the attacker's address to get the victim's budget (or the reverse).
    expect((await post('/auth/v1/token?grant_type=password', { email: victim, password: PASSWORD }, { localAddress: '127.0.0.93', forwardedFor: '198.51.100.66' })).status).toBe(200);
  });
});

describe('[auth.rate_limit] email_sent (with an SMTP server and confirmations on)', () => {
  it('at most email_sent mails an hour leave the instance; the next is 429 over_email_send_rate_limit and not stored', async () => {
    const addresses: string[] = [];
    for (let i = 0; i < EMAIL_SENT + 1; i += 1) {
      const email = uniqueEmail(`budget${i}`);
      await admin().admin.createUser({ email, password: PASSWORD, email_confirm: true });
      addresses.push(email);
    }
    const outcomes: (string | null)[] = [];
    for (const email of addresses) {
      const { error } = await client().resetPasswordForEmail(email);
      outcomes.push(error ? `${error.status ?? ''} ${error.code ?? ''} ${error.message}` : null);
      if (error) break;
    }
    expect(outcomes.at(-1)).toBe('429 over_email_send_rate_limit email rate limit exceeded');
    expect(smtp.recipients).toHaveLength(EMAIL_SENT);
    const refused = addresses[outcomes.length - 1]!;
    const search = await fetch(`${mailUrl}/api/v1/search?query=${encodeURIComponent(`to:${refused}`)}`);
    expect(((await search.json()) as { messages: unknown[] }).messages).toEqual([]);
    expect(await sql("select 1 from auth.users where email = $1 and coalesce(recovery_token, '') <> ''", [refused])).toEqual([]);
  });
});
