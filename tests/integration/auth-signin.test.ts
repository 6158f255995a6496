// Sign-in through supabase-js against the local Auth API: demo accounts, token claims, every
// refusal with its status and code, rate limiting, bans, and bcrypt compatibility with pgcrypto.
import { decodeJwt } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import {
  anonClient,
  anonKey,
  apiUrl,
  createTestUser,
  DEMO_ACCOUNTS,
  passwordGrant,
  rawRequest,
  serviceClient,
  sql,
  uniqueEmail,
} from './helpers.ts';

const PASSWORD = 'Matkhau@2024';

describe('sign-in of the demo accounts (supabase/seed.sql)', () => {
  it.each([
    ['admin', DEMO_ACCOUNTS.admin, true],
    ['customer', DEMO_ACCOUNTS.customer, false],
    ['provider', DEMO_ACCOUNTS.provider, false],
  ] as const)('%s signs in with the documented password', async (_name, account, isAdmin) => {
    const client = anonClient();
    const { data, error } = await client.auth.signInWithPassword(account);
    expect(error).toBeNull();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.user?.email).toBe(account.email);
    expect(data.user?.app_metadata.admin === true).toBe(isAdmin);
  });
});

describe('a successful sign-in', () => {
  it('returns the session body and access-token claims supabase-js and RLS rely on', async () => {
    const email = uniqueEmail('claims');
    const id = await createTestUser(email, PASSWORD, { admin: false, role: 'provider' });
    const before = Math.floor(Date.now() / 1000);
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(12);
    expect(session.user).toMatchObject({ id, aud: 'authenticated', role: 'authenticated', email, phone: '', is_anonymous: false });
    expect(session.user.identities).toHaveLength(1);
    expect(session.user.identities?.[0]).toMatchObject({ provider: 'email', user_id: id });
    expect(typeof session.user.last_sign_in_at).toBe('string');

    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      iss: `${apiUrl()}/auth/v1`,
      sub: id,
      aud: 'authenticated',
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'], admin: false, role: 'provider' },
      user_metadata: {},
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) as number }]);
    const [row] = await sql<{ n: string }>('select count(*) as n from auth.sessions where id = $1 and user_id = $2', [claims.session_id, id]);
    expect(row?.n).toBe('1');
    const [user] = await sql<{ recent: boolean }>(
      `select last_sign_in_at > now() - interval '1 minute' as recent from auth.users where id = $1`,
      [id],
    );
    expect(user?.recent).toBe(true);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const email = uniqueEmail('case');
    await createTestUser(email, PASSWORD);
    const { error } = await anonClient().auth.signInWithPassword({ email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(error).toBeNull();
  });
});

describe('refused sign-ins', () => {
  it('wrong password and unknown e-mail give the same 400 invalid_credentials', async () => {
    const email = uniqueEmail('wrong');
    await createTestUser(email, PASSWORD);
    const wrong = await anonClient().auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await anonClient().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
    expect(unknown.error?.status).toBe(400);
    expect(unknown.error?.code).toBe('invalid_credentials');
    expect(unknown.error?.message).toBe(wrong.error?.message);
    expect(wrong.data.session).toBeNull();
  });

  it('sends the API version and error-code headers with every error', async () => {
    const response = await passwordGrant(uniqueEmail('headers'), 'whatever-123');
    expect(response.status).toBe(400);
    expect(response.headers['x-supabase-api-version']).toBe('2024-01-01');
    expect(response.headers['x-sb-error-code']).toBe('invalid_credentials');
    expect(response.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('a malformed e-mail is 400 email_address_invalid', async () => {
    for (const email of ['khong-phai-email', 'a@b', 'a b@example.vn', '@example.vn']) {
      const { error } = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
      expect(error?.status, email).toBe(400);
      expect(error?.code, email).toBe('email_address_invalid');
    }
  });

  it('missing fields are 400 validation_failed', async () => {
    const noPassword = await anonClient().auth.signInWithPassword({ email: uniqueEmail('nopw'), password: '' });
    expect(noPassword.error?.status).toBe(400);
    expect(noPassword.error?.code).toBe('validation_failed');
    const noEmail = await passwordGrant('', PASSWORD);
    expect(noEmail.status).toBe(400);
    expect(noEmail.json()).toMatchObject({ code: 'validation_failed' });
    const wrongType = await passwordGrant(123 as unknown as string, PASSWORD);
    expect(wrongType.status).toBe(400);
    expect(wrongType.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('an unsupported grant type is 400 invalid_credentials, as Supabase Auth answers it', async () => {
    const response = await fetch(`${apiUrl()}/auth/v1/token?grant_type=client_credentials`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });

  it('a banned user is refused with 400 user_banned until the ban is lifted', async () => {
    const email = uniqueEmail('banned');
    const id = await createTestUser(email, PASSWORD);
    const admin = serviceClient().auth.admin;
    const ban = await admin.updateUserById(id, { ban_duration: '24h' });
    expect(ban.error).toBeNull();
    const refused = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(refused.error?.status).toBe(400);
    expect(refused.error?.code).toBe('user_banned');
    // A wrong password for a banned user still says only "invalid credentials".
    const wrong = await anonClient().auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    const unban = await admin.updateUserById(id, { ban_duration: 'none' });
    expect(unban.error).toBeNull();
    const allowed = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(allowed.error).toBeNull();
  });

  it('a user whose e-mail is not confirmed is refused with email_not_confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    const created = await serviceClient().auth.admin.createUser({ email, password: PASSWORD });
    expect(created.error).toBeNull();
    const { error } = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('email_not_confirmed');
  });

  it('a soft-deleted user cannot sign in (invalid_credentials)', async () => {
    const email = uniqueEmail('softdel');
    const id = await createTestUser(email, PASSWORD);
    await sql('update auth.users set deleted_at = now() where id = $1', [id]);
    const { error } = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error?.code).toBe('invalid_credentials');
  });

  it('the token endpoint, as behind supabase start, neither needs nor checks an apikey', async () => {
    const body = JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password });
    const none = await fetch(`${apiUrl()}/auth/v1/token?grant_type=password`, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
    expect(none.status).toBe(200);
    const forged = await fetch(`${apiUrl()}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', apikey: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl' },
    });
    expect(forged.status).toBe(200);
    // The user endpoints still need a valid user token in Authorization (an apikey alone is not one).
    const user = await fetch(`${apiUrl()}/auth/v1/user`, { headers: { apikey: anonKey() } });
    expect(user.status).toBe(401);
    expect(await user.json()).toMatchObject({ code: 'no_authorization' });
  });

  it('sign-up is disabled: 422 signup_disabled', async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail('signup'), password: PASSWORD });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('signup_disabled');
  });
});

describe('rate limiting of sign-ins (per client address, never per account)', () => {
  it("an attacker's failures lock the attacker's address, never the victim signing in from another", async () => {
    const limit = inject('authRateLimitAddress');
    const victim = uniqueEmail('victim');
    await createTestUser(victim, PASSWORD);
    const attacker = '127.0.0.77';
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const response = await passwordGrant(victim, `guess-${attempt}`, attacker);
      expect(response.status).toBe(400);
    }
    const limited = await passwordGrant(victim, PASSWORD, attacker);
    expect(limited.status).toBe(429);
    expect(limited.headers['x-sb-error-code']).toBe('over_request_rate_limit');
    expect(limited.json()).toMatchObject({ code: 'over_request_rate_limit' });
    // The victim, from their own address, signs in at once with the right password.
    expect((await passwordGrant(victim, PASSWORD, '127.0.0.78')).status).toBe(200);
    expect((await anonClient().auth.signInWithPassword({ email: victim, password: PASSWORD })).error).toBeNull();
  });

  it('counts successful sign-ins too, as Supabase does: the budget is of requests', async () => {
    const limit = inject('authRateLimitAddress');
    const email = uniqueEmail('success');
    await createTestUser(email, PASSWORD);
    const address = '127.0.0.79';
    for (let attempt = 0; attempt < limit; attempt += 1) {
      expect((await passwordGrant(email, PASSWORD, address)).status).toBe(200);
    }
    expect((await passwordGrant(email, PASSWORD, address)).status).toBe(429);
    expect((await passwordGrant(email, PASSWORD, '127.0.0.81')).status).toBe(200);
  });

  it('X-Forwarded-For from an untrusted client is ignored: spraying forged addresses still locks the real one', async () => {
    const limit = inject('authRateLimitAddress');
    const address = '127.0.0.80';
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const response = await rawRequest('POST', '/auth/v1/token?grant_type=password', {
        body: JSON.stringify({ email: uniqueEmail(`xff${attempt}`), password: 'guess-123' }),
        headers: { apikey: anonKey(), 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${attempt % 250}` },
        localAddress: address,
      });
      expect(response.status).toBe(400);
    }
    expect((await passwordGrant(uniqueEmail('xff-next'), 'guess-123', address)).status).toBe(429);
  });
});

describe('password hashes', () => {
  it('hashes written by the API verify with pgcrypto crypt() ($2a$ bcrypt)', async () => {
    const email = uniqueEmail('hash');
    const id = await createTestUser(email, PASSWORD);
    const [row] = await sql<{ prefix: string; ok: boolean }>(
      `select left(encrypted_password, 7) as prefix, encrypted_password = extensions.crypt($2, encrypted_password) as ok
         from auth.users where id = $1`,
      [id, PASSWORD],
    );
    expect(row).toEqual({ prefix: '$2a$10$', ok: true });
  });

  it('a user whose hash was made by pgcrypto (as seed.sql does) signs in', async () => {
    const email = uniqueEmail('pgcrypto');
    const id = await createTestUser(email, 'temporary-1');
    await sql(`update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf')) where id = $1`, [id, PASSWORD]);
    const { error } = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
  });
});
