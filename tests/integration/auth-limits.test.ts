// Supabase's limits on the local Auth server: password rules ([auth] password_requirements and
// minimum_password_length, GoTrue's weak_password reasons; no client stores a blank or spaces-only
// password with the project's config), request budgets per client address (every sign-in and
// sign-up counts against sign_in_sign_ups, every /verify and MFA verify against
// token_verifications), an MFA challenge spent after repeated wrong codes, and the mailbox that
// answers only its own host.
import http from 'node:http';
import { isAuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { totpCode } from '../../local-stack/auth/mfa.ts';
import { anonClient, createTestUser, serviceClient, signedInClient, sql, uniqueEmail } from './helpers.ts';
import { startAuthServer, type AuthServer } from './auth-server.ts';

const PASSWORD = 'Matkhau@2024';
const SIGN_INS = 3;
const VERIFICATIONS = 4;
const now = (): number => Math.floor(Date.now() / 1000);

let strict: AuthServer;

beforeAll(async () => {
  strict = await startAuthServer(`[auth]
site_url = "http://127.0.0.1:5173"
enable_signup = true
minimum_password_length = 10
password_requirements = "lower_upper_letters_digits_symbols"

[auth.email]
enable_confirmations = false

[auth.rate_limit]
sign_in_sign_ups = ${SIGN_INS}
token_verifications = ${VERIFICATIONS}

[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
`);
});

afterAll(async () => {
  await strict?.stop();
});

/** A JSON request to a server from a loopback source address of its own (its own rate-limit budget). */
function requestFrom(
  base: string,
  localAddress: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; code: string | undefined; json: Record<string, unknown> }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const req = http.request({ method, host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers, localAddress }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, code: res.headers['x-sb-error-code'] as string | undefined, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe('password rules', () => {
  it("the project's config refuses a blank or spaces-only password everywhere (422 weak_password, reason characters)", async () => {
    const email = uniqueEmail('blank');
    const id = await createTestUser(email, PASSWORD);
    const client = await signedInClient(email, PASSWORD);
    const spaces = await client.auth.updateUser({ password: '      ' });
    expect(spaces.error?.status).toBe(422);
    expect(isAuthWeakPasswordError(spaces.error)).toBe(true);
    expect(spaces.error?.code).toBe('weak_password');
    expect((spaces.error as unknown as { reasons: string[] }).reasons).toEqual(['characters']);
    expect(spaces.error?.message).toBe('Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.');
    const blank = await client.auth.updateUser({ password: '' });
    expect((blank.error as unknown as { reasons: string[] }).reasons).toEqual(['length', 'characters']);
    const admin = serviceClient().auth.admin;
    expect((await admin.updateUserById(id, { password: '        ' })).error?.code).toBe('weak_password');
    expect((await admin.createUser({ email: uniqueEmail('blank-admin'), password: '\t\t\t\t\t\t\t' })).error?.code).toBe('weak_password');
    // Nothing changed: the old password still signs in.
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('a sign-in whose password no longer meets the rules succeeds and says so (weakPassword), as Supabase Auth', async () => {
    const email = uniqueEmail('old-weak');
    await createTestUser(email, PASSWORD);
    await sql("update auth.users set encrypted_password = extensions.crypt('chuachuso', extensions.gen_salt('bf')) where email = $1", [email]);
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password: 'chuachuso' });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    expect(data.weakPassword).toMatchObject({ reasons: ['characters'] });
  });

  it('lower_upper_letters_digits_symbols and minimum_password_length 10: both reasons, in GoTrue words', async () => {
    const { error } = await strict.client().signUp({ email: uniqueEmail('strict'), password: 'abcDEF123' });
    expect(error?.status).toBe(422);
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length', 'characters']);
    expect(error?.message).toBe(
      'Password should be at least 10 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ' +
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789, !@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~.",
    );
    expect((await strict.client().signUp({ email: uniqueEmail('strict-ok'), password: 'abcDEF123!x' })).error).toBeNull();
  });
});

describe('request budgets per client address ([auth.rate_limit])', () => {
  it('sign_in_sign_ups counts every password sign-in, successful or not, and sign-ups and OTP requests', async () => {
    const email = uniqueEmail('budget');
    await strict.admin().admin.createUser({ email, password: 'Mat-Khau-2024', email_confirm: true });
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_INS; i += 1) statuses.push((await requestFrom(strict.url, '127.0.0.101', 'POST', '/auth/v1/token?grant_type=password', { email, password: 'Mat-Khau-2024' })).status);
    expect(statuses).toEqual([...Array.from({ length: SIGN_INS }, () => 200), 429]);
    // One address's budget is not another's: the account itself is never locked.
    expect((await requestFrom(strict.url, '127.0.0.102', 'POST', '/auth/v1/token?grant_type=password', { email, password: 'Mat-Khau-2024' })).status).toBe(200);
    expect((await requestFrom(strict.url, '127.0.0.102', 'POST', '/auth/v1/otp', { email })).status).toBe(200);
    expect((await requestFrom(strict.url, '127.0.0.102', 'POST', '/auth/v1/signup', { email: uniqueEmail('budget-signup'), password: 'Mat-Khau-2024' })).status).toBe(200);
    const limited = await requestFrom(strict.url, '127.0.0.102', 'POST', '/auth/v1/token?grant_type=password', { email, password: 'Mat-Khau-2024' });
    expect(limited).toMatchObject({ status: 429, code: 'over_request_rate_limit', json: { code: 'over_request_rate_limit', message: 'Request rate limit reached' } });
  });

  it('token_verifications counts every /verify and every MFA verify of the address', async () => {
    const email = uniqueEmail('verify-budget');
    await strict.admin().admin.createUser({ email, password: 'Mat-Khau-2024', email_confirm: true });
    const client = strict.client();
    const signedIn = await client.signInWithPassword({ email, password: 'Mat-Khau-2024' });
    const token = signedIn.data.session!.access_token;
    const enrolled = await client.mfa.enroll({ factorType: 'totp' });
    const factorId = enrolled.data!.id;
    const address = '127.0.0.103';
    const challenge = await requestFrom(strict.url, address, 'POST', `/auth/v1/factors/${factorId}/challenge`, {}, token);
    expect(challenge.status).toBe(200);
    for (let i = 0; i < VERIFICATIONS - 1; i += 1) {
      expect((await requestFrom(strict.url, address, 'POST', '/auth/v1/verify', { type: 'email', email, token: '000000' })).status).toBe(403);
    }
    const wrong = await requestFrom(strict.url, address, 'POST', `/auth/v1/factors/${factorId}/verify`, { challenge_id: challenge.json.id, code: '000000' }, token);
    expect(wrong.code).toBe('mfa_verification_failed');
    const code = totpCode(enrolled.data!.totp.secret, now());
    expect((await requestFrom(strict.url, address, 'POST', `/auth/v1/factors/${factorId}/verify`, { challenge_id: challenge.json.id, code }, token)).status).toBe(429);
    expect((await requestFrom(strict.url, address, 'POST', '/auth/v1/verify', { type: 'email', email, token: '000000' })).status).toBe(429);
  });
});

describe('MFA challenge', () => {
  it('is spent after 5 wrong codes: even the right code then finds no challenge; a new challenge works', async () => {
    const email = uniqueEmail('mfa-spent');
    await createTestUser(email, PASSWORD);
    const client = await signedInClient(email, PASSWORD);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const factorId = enrolled.data!.id;
    const secret = enrolled.data!.totp.secret;
    const challenge = await client.auth.mfa.challenge({ factorId });
    const challengeId = challenge.data!.id;
    for (let i = 0; i < 5; i += 1) {
      expect((await client.auth.mfa.verify({ factorId, challengeId, code: totpCode(secret, now() - 600 - i * 30) })).error?.code).toBe('mfa_verification_failed');
    }
    const spent = await client.auth.mfa.verify({ factorId, challengeId, code: totpCode(secret, now()) });
    expect(spent.error?.status).toBe(422);
    expect(spent.error?.code).toBe('mfa_factor_not_found');
    const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, now()) });
    expect(verified.error).toBeNull();
  });
});

describe('the mailbox', () => {
  function mailboxRequest(method: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
    const url = new URL('/api/v1/messages', inject('mailUrl'));
    return new Promise((resolve, reject) => {
      const req = http.request({ method, host: url.hostname, port: url.port, path: url.pathname, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers only 127.0.0.1:<port> and localhost:<port> (421 otherwise), without CORS headers; a cross-origin DELETE is 403', async () => {
    const port = new URL(inject('mailUrl')).port;
    const own = await mailboxRequest('GET', { host: `127.0.0.1:${port}`, origin: 'https://evil.example' });
    expect(own.status).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
    expect((await mailboxRequest('GET', { host: `localhost:${port}` })).status).toBe(200);
    expect((await mailboxRequest('GET', { host: `attacker.example:${port}` })).status).toBe(421);
    expect((await mailboxRequest('DELETE', { host: `127.0.0.1:${port}`, origin: 'https://evil.example' })).status).toBe(403);
  });
});
