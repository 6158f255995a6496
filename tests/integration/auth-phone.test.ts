// Phone sign-up and sign-in through supabase-js, on API servers of their own with [auth.sms] on:
// one with SMS confirmations (codes in the local mailbox, a test OTP number) and one without
// (numbers confirmed at once); and on the project's stack, where the phone provider is off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, rawRequest, sql, uniqueEmail } from './helpers.ts';
import { startAuthServer, uniquePhone, type AuthServer } from './auth-server.ts';

const PASSWORD = 'Matkhau@2024';
const TEST_OTP_PHONE = '84900000001';
const TEST_OTP = '246810';

let confirming: AuthServer;
let autoconfirm: AuthServer;

beforeAll(async () => {
  [confirming, autoconfirm] = await Promise.all([
    startAuthServer(`[auth]
site_url = "http://127.0.0.1:5173"
enable_signup = true

[auth.email]
enable_confirmations = false
secure_password_change = true

[auth.sms]
enable_signup = true
enable_confirmations = true
template = "Mã xác thực Sàn Dịch Vụ của bạn: {{ .Code }}"
max_frequency = "2s"

[auth.sms.test_otp]
${TEST_OTP_PHONE} = "${TEST_OTP}"
`),
    startAuthServer(`[auth]
site_url = "http://127.0.0.1:5173"
enable_signup = true

[auth.email]
enable_confirmations = false

[auth.sms]
enable_signup = true
enable_confirmations = false
`),
  ]);
});

afterAll(async () => {
  await Promise.all([confirming?.stop(), autoconfirm?.stop()]);
});

describe('phone with SMS confirmations ([auth.sms] enable_confirmations)', () => {
  it('signUp sends the code by SMS to the mailbox; the number signs in with its password only once verifyOtp (sms) confirmed it', async () => {
    const phone = uniquePhone();
    const client = confirming.client();
    const signUp = await client.signUp({ phone: `+${phone}`, password: PASSWORD, options: { data: { name: 'Khách SĐT' } } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({ phone, app_metadata: { provider: 'phone', providers: ['phone'] }, user_metadata: { name: 'Khách SĐT' } });
    expect(signUp.data.user?.phone_confirmed_at).toBeUndefined();

    const [sms] = await confirming.messagesTo(`+${phone}`);
    expect(sms).toMatchObject({ To: [{ Address: `+${phone}` }], Tags: ['sms'] });
    expect(sms!.Text).toMatch(/^Mã xác thực Sàn Dịch Vụ của bạn: \d{6}$/);

    const early = await client.signInWithPassword({ phone, password: PASSWORD });
    expect(early.error?.status).toBe(400);
    expect(early.error?.code).toBe('phone_not_confirmed');

    const wrong = await client.verifyOtp({ phone, token: '000000', type: 'sms' });
    expect(wrong.error?.status).toBe(403);
    expect(wrong.error?.code).toBe('otp_expired');
    const verified = await client.verifyOtp({ phone: `+${phone}`, token: await confirming.lastSmsCode(phone), type: 'sms' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone).toBe(phone);
    expect(verified.data.user?.phone_confirmed_at).toBeDefined();
    expect(verified.data.user?.identities?.map((identity) => identity.provider)).toEqual(['phone']);
    const claims = JSON.parse(Buffer.from(verified.data.session!.access_token.split('.')[1]!, 'base64url').toString()) as { phone: string; amr: { method: string }[] };
    expect(claims.phone).toBe(phone);
    expect(claims.amr.map((entry) => entry.method)).toEqual(['otp']);

    const signedIn = await client.signInWithPassword({ phone, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.phone).toBe(phone);
    const again = await confirming.client().signUp({ phone, password: PASSWORD });
    expect(again.error?.code).toBe('user_already_exists');
  });

  it('signInWithOtp signs an unknown number up and texts its code; max_frequency; shouldCreateUser false is 422 otp_disabled', async () => {
    const phone = uniquePhone();
    const client = confirming.client();
    expect((await client.signInWithOtp({ phone })).error).toBeNull();
    const tooSoon = await client.signInWithOtp({ phone });
    expect(tooSoon.error?.status).toBe(429);
    expect(tooSoon.error?.code).toBe('over_sms_send_rate_limit');
    const verified = await client.verifyOtp({ phone, token: await confirming.lastSmsCode(phone), type: 'sms' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.phone).toBe(phone);
    // A confirmed number gets a sign-in code, and the answer names the SMS.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const direct = await fetch(`${confirming.url}/auth/v1/otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone }) });
    const body = (await direct.json()) as { message_id: string };
    expect(direct.status).toBe(200);
    expect((await confirming.messagesTo(phone))[0]?.ID).toBe(body.message_id);

    const stranger = uniquePhone();
    const refused = await client.signInWithOtp({ phone: stranger, options: { shouldCreateUser: false } });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe('otp_disabled');
    expect(await sql('select 1 from auth.users where phone = $1', [stranger])).toEqual([]);
  });

  it('a [auth.sms.test_otp] number gets its fixed code and no SMS; any other code is refused', async () => {
    const client = confirming.client();
    const response = await fetch(`${confirming.url}/auth/v1/otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: TEST_OTP_PHONE }) });
    expect(response.status).toBe(200);
    const created = await sql<{ phone_confirmed_at: Date | null }>('select phone_confirmed_at from auth.users where phone = $1', [TEST_OTP_PHONE]);
    expect(created).toHaveLength(1);
    expect((await client.verifyOtp({ phone: TEST_OTP_PHONE, token: '135790', type: 'sms' })).error?.code).toBe('otp_expired');
    const verified = await client.verifyOtp({ phone: TEST_OTP_PHONE, token: TEST_OTP, type: 'sms' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone).toBe(TEST_OTP_PHONE);
    expect(await confirming.messagesTo(TEST_OTP_PHONE)).toEqual([]);
    // The fixed code keeps working (nothing is used up), as in local development with the CLI.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const again = await fetch(`${confirming.url}/auth/v1/otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: `+${TEST_OTP_PHONE}` }) });
    expect(await again.json()).toEqual({ message_id: 'test-otp' });
    expect((await client.verifyOtp({ phone: TEST_OTP_PHONE, token: TEST_OTP, type: 'sms' })).error).toBeNull();
  });

  it('verifyOtp of a number without an account is 403; a malformed number is 400 (E.164 required)', async () => {
    const client = confirming.client();
    const unknown = await client.verifyOtp({ phone: uniquePhone(), token: '123456', type: 'sms' });
    expect(unknown.error?.status).toBe(403);
    expect(unknown.error?.message).toBe('Token has expired or is invalid');
    const malformed = await client.verifyOtp({ phone: '0901-invalid', token: '123456', type: 'sms' });
    expect(malformed.error?.status).toBe(400);
    expect(malformed.error?.message).toBe('Invalid phone number format (E.164 required)');
    const whatsapp = await client.signInWithOtp({ phone: uniquePhone(), options: { channel: 'whatsapp' } });
    expect(whatsapp.error?.code).toBe('validation_failed');
  });

  it('PUT /user with a phone texts a code to the new number; verifyOtp (phone_change) makes the change; a taken number is 422 phone_exists', async () => {
    const email = uniqueEmail('phone-change');
    await confirming.admin().admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = confirming.client();
    expect((await client.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const phone = uniquePhone();
    const requested = await client.updateUser({ phone });
    expect(requested.error).toBeNull();
    expect(requested.data.user).toMatchObject({ phone: '', new_phone: phone });
    const resent = await fetch(`${confirming.url}/auth/v1/resend`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'phone_change', phone }) });
    expect(await resent.json()).toEqual({});
    const verified = await client.verifyOtp({ phone, token: await confirming.lastSmsCode(phone), type: 'phone_change' });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ email, phone });
    expect(verified.data.user?.identities?.map((identity) => identity.provider).sort()).toEqual(['email', 'phone']);
    expect(verified.data.user?.app_metadata.providers).toEqual(['email', 'phone']);

    const other = confirming.client();
    const otherEmail = uniqueEmail('phone-taken');
    await confirming.admin().admin.createUser({ email: otherEmail, password: PASSWORD, email_confirm: true });
    expect((await other.signInWithPassword({ email: otherEmail, password: PASSWORD })).error).toBeNull();
    const taken = await other.updateUser({ phone });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('phone_exists');
  });

  it('resend (sms) texts an unconfirmed number again; reauthenticate texts the nonce to a user without e-mail', async () => {
    const phone = uniquePhone();
    const client = confirming.client();
    await client.signUp({ phone, password: PASSWORD });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await client.resend({ type: 'sms', phone })).error).toBeNull();
    const sms = await confirming.messagesTo(phone);
    expect(sms).toHaveLength(2);
    const verified = await client.verifyOtp({ phone, token: await confirming.lastSmsCode(phone), type: 'sms' });
    expect(verified.error).toBeNull();
    // secure_password_change: a session signed in more than 24 hours ago needs the nonce, here by SMS.
    await sql(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [verified.data.user!.id]);
    expect((await client.updateUser({ password: 'MatKhauMoi@2025' })).error?.code).toBe('reauthentication_needed');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await client.reauthenticate()).error).toBeNull();
    expect(await confirming.messagesTo(phone)).toHaveLength(3);
    expect((await client.updateUser({ password: 'MatKhauMoi@2025', nonce: '000000' })).error?.code).toBe('reauthentication_not_valid');
    const changed = await client.updateUser({ password: 'MatKhauMoi@2025', nonce: await confirming.lastSmsCode(phone) });
    expect(changed.error).toBeNull();
    expect((await confirming.client().signInWithPassword({ phone, password: 'MatKhauMoi@2025' })).error).toBeNull();
  });

  it('/settings shows the phone provider on and confirmations on', async () => {
    const settings = (await (await fetch(`${confirming.url}/auth/v1/settings`)).json()) as { external: { phone: boolean; email: boolean }; phone_autoconfirm: boolean };
    expect(settings.external).toMatchObject({ phone: true, email: true });
    expect(settings.phone_autoconfirm).toBe(false);
  });
});

describe('phone without SMS confirmations (numbers confirmed at once)', () => {
  it('signUp signs in at once with last_sign_in_at set; the number signs in with its password', async () => {
    const phone = uniquePhone();
    const client = autoconfirm.client();
    const signUp = await client.signUp({ phone, password: PASSWORD });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session?.user.phone).toBe(phone);
    expect(signUp.data.user?.phone_confirmed_at).toBeDefined();
    expect(signUp.data.user?.last_sign_in_at).toBeDefined();
    expect(await autoconfirm.messagesTo(phone)).toEqual([]);
    expect((await autoconfirm.client().signInWithPassword({ phone: `+${phone}`, password: PASSWORD })).error).toBeNull();
    const duplicate = await autoconfirm.client().signUp({ phone, password: PASSWORD });
    expect(duplicate.error?.status).toBe(422);
    expect(duplicate.error?.code).toBe('user_already_exists');
  });

  it('an e-mail sign-up confirmed at once also sets last_sign_in_at, as Supabase Auth issues the session', async () => {
    const email = uniqueEmail('autoconfirm');
    const signUp = await autoconfirm.client().signUp({ email, password: PASSWORD });
    expect(signUp.error).toBeNull();
    expect(signUp.data.user?.last_sign_in_at).toBeDefined();
    const [row] = await sql<{ last_sign_in_at: Date | null }>('select last_sign_in_at from auth.users where email = $1', [email]);
    expect(row?.last_sign_in_at).not.toBeNull();
  });

  it('PUT /user changes the number at once; an anonymous-free user gets a phone identity', async () => {
    const email = uniqueEmail('phone-now');
    await autoconfirm.admin().admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = autoconfirm.client();
    expect((await client.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const phone = uniquePhone();
    const changed = await client.updateUser({ phone });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.phone).toBe(phone);
    expect(changed.data.user?.phone_confirmed_at).toBeDefined();
    expect(changed.data.user?.identities?.map((identity) => identity.provider).sort()).toEqual(['email', 'phone']);
    expect((await autoconfirm.client().signInWithPassword({ phone, password: PASSWORD })).error).toBeNull();
  });

  it('the admin API creates a phone user (phone_confirm) with its phone identity; a taken number is 422 phone_exists', async () => {
    const phone = uniquePhone();
    const created = await autoconfirm.admin().admin.createUser({ phone, password: PASSWORD, phone_confirm: true });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({ phone, email: '', app_metadata: { provider: 'phone', providers: ['phone'] } });
    expect(created.data.user?.phone_confirmed_at).toBeDefined();
    expect(created.data.user?.identities?.[0]).toMatchObject({ provider: 'phone', identity_data: { phone, phone_verified: true } });
    const duplicate = await autoconfirm.admin().admin.createUser({ phone: `+${phone}`, password: PASSWORD });
    expect(duplicate.error?.status).toBe(422);
    expect(duplicate.error?.code).toBe('phone_exists');
    const neither = await autoconfirm.admin().admin.createUser({ password: PASSWORD });
    expect(neither.error?.message).toBe('Cannot create a user without either an email or phone');
  });
});

describe('phone on the project stack ([auth.sms] absent: the phone provider is off)', () => {
  it('signInWithOtp is 400 phone_provider_disabled, the password grant 422, sign-up 422 signup_disabled; /settings says so', async () => {
    const client = anonClient();
    const otp = await client.auth.signInWithOtp({ phone: uniquePhone() });
    expect(otp.error?.status).toBe(400);
    expect(otp.error?.code).toBe('phone_provider_disabled');
    expect(otp.error?.message).toBe('Unsupported phone provider');
    const password = await client.auth.signInWithPassword({ phone: uniquePhone(), password: PASSWORD });
    expect(password.error?.status).toBe(422);
    expect(password.error?.code).toBe('phone_provider_disabled');
    expect(password.error?.message).toBe('Phone logins are disabled');
    expect((await client.auth.signUp({ phone: uniquePhone(), password: PASSWORD })).error?.code).toBe('signup_disabled');
    const settings = (await rawRequest('GET', '/auth/v1/settings')).json() as { external: { phone: boolean }; phone_autoconfirm: boolean };
    expect(settings.external.phone).toBe(false);
  });
});
