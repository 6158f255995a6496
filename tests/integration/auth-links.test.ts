// Invitations and generated links (service role), identities and anonymous sign-in as supabase/
// config.toml sets them (manual linking and anonymous sign-ins off), through supabase-js.
import { describe, expect, it } from 'vitest';
import { anonClient, apiFetch, createTestUser, lastMailTo, mailsTo, serviceClient, serviceRoleKey, signedInClient, sql, uniqueEmail } from './helpers.ts';

const PASSWORD = 'Matkhau@2024';

describe('invitations (auth.admin.inviteUserByEmail)', () => {
  it('creates the user, mails the invitation; its code signs the user in, who then sets a password', async () => {
    const email = uniqueEmail('invite');
    const { data, error } = await serviceClient().auth.admin.inviteUserByEmail(email, { data: { name: 'Thợ mới' } });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.invited_at).toBeDefined();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata).toEqual({ name: 'Thợ mới' });
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Lời mời tham gia Sàn Dịch Vụ');
    expect(mail.link).toContain('type=invite');

    const client = anonClient();
    const verified = await client.auth.verifyOtp({ email, token: mail.code, type: 'invite' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeDefined();
    expect((await client.auth.updateUser({ password: PASSWORD })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('a confirmed address is refused with 422 email_exists and mailed nothing; only the service role invites', async () => {
    const email = uniqueEmail('invited-twice');
    await createTestUser(email, PASSWORD);
    const { error } = await serviceClient().auth.admin.inviteUserByEmail(email);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
    expect(await mailsTo(email)).toEqual([]);

    const customer = uniqueEmail('not-admin');
    await createTestUser(customer, PASSWORD);
    const signedIn = await signedInClient(customer, PASSWORD);
    const token = (await signedIn.auth.getSession()).data.session!.access_token;
    const refused = await apiFetch('/auth/v1/invite', { method: 'POST', token, body: JSON.stringify({ email: uniqueEmail('victim') }) });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-sb-error-code')).toBe('not_admin');
  });
});

describe('generated links (auth.admin.generateLink)', () => {
  it('signup: creates the unconfirmed user; the e-mail OTP confirms it; nothing is mailed', async () => {
    const email = uniqueEmail('gen-signup');
    const { data, error } = await serviceClient().auth.admin.generateLink({ type: 'signup', email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.properties?.verification_type).toBe('signup');
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties?.action_link).toContain('/auth/v1/verify?token=');
    expect(data.properties?.redirect_to).toBe('http://127.0.0.1:5173');
    expect(data.user?.email).toBe(email);
    expect(await mailsTo(email)).toEqual([]);
    const verified = await anonClient().auth.verifyOtp({ email, token: data.properties!.email_otp, type: 'signup' });
    expect(verified.error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('magiclink and recovery: the action link redirects with a session; the hashed token verifies once', async () => {
    const email = uniqueEmail('gen-magic');
    await createTestUser(email, PASSWORD);
    const magic = await serviceClient().auth.admin.generateLink({ type: 'magiclink', email, options: { redirectTo: 'http://localhost:5173/tai-khoan' } });
    expect(magic.error).toBeNull();
    const followed = await fetch(magic.data.properties!.action_link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const location = new URL(followed.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/tai-khoan');
    expect(new URLSearchParams(location.hash.slice(1)).get('access_token')).not.toBeNull();

    const recovery = await serviceClient().auth.admin.generateLink({ type: 'recovery', email });
    const first = await anonClient().auth.verifyOtp({ token_hash: recovery.data.properties!.hashed_token, type: 'recovery' });
    expect(first.error).toBeNull();
    const again = await anonClient().auth.verifyOtp({ token_hash: recovery.data.properties!.hashed_token, type: 'recovery' });
    expect(again.error?.code).toBe('otp_expired');
    expect(await mailsTo(email)).toEqual([]);
  });

  it('a magic link for an unknown address is a sign-up link; recovery for one is 404 user_not_found; an unknown type 400', async () => {
    const email = uniqueEmail('gen-unknown');
    const magic = await serviceClient().auth.admin.generateLink({ type: 'magiclink', email });
    expect(magic.error).toBeNull();
    expect(magic.data.properties?.verification_type).toBe('signup');
    const stranger = uniqueEmail('gen-stranger');
    const recovery = await serviceClient().auth.admin.generateLink({ type: 'recovery', email: stranger });
    expect(recovery.error?.status).toBe(404);
    expect(recovery.error?.code).toBe('user_not_found');
    const bad = await apiFetch('/auth/v1/admin/generate_link', {
      method: 'POST',
      headers: { Authorization: `Bearer ${serviceRoleKey()}` },
      body: JSON.stringify({ type: 'password_reset', email: stranger }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed', message: 'Invalid email action link type requested: password_reset' });
    expect(await sql('select 1 from auth.users where email = $1', [stranger])).toEqual([]);
  });

  it('email_change_current and email_change_new: the address changes once both codes are verified', async () => {
    const email = uniqueEmail('gen-old');
    const newEmail = uniqueEmail('gen-new');
    const id = await createTestUser(email, PASSWORD);
    const current = await serviceClient().auth.admin.generateLink({ type: 'email_change_current', email, newEmail });
    const next = await serviceClient().auth.admin.generateLink({ type: 'email_change_new', email, newEmail });
    expect(current.error).toBeNull();
    expect(next.error).toBeNull();
    expect(current.data.user?.new_email).toBe(newEmail);
    const client = await signedInClient(email, PASSWORD);
    const one = await client.auth.verifyOtp({ email, token: current.data.properties!.email_otp, type: 'email_change' });
    expect(one.error).toBeNull();
    expect((await sql<{ email: string }>('select email from auth.users where id = $1', [id]))[0]?.email).toBe(email);
    const two = await client.auth.verifyOtp({ email: newEmail, token: next.data.properties!.email_otp, type: 'email_change' });
    expect(two.error).toBeNull();
    expect((await sql<{ email: string }>('select email from auth.users where id = $1', [id]))[0]?.email).toBe(newEmail);
  });
});

describe('identities and anonymous sign-in as config.toml sets them', () => {
  it('getUserIdentities lists the email identity; unlinking and linking answer 404 manual_linking_disabled', async () => {
    const email = uniqueEmail('identities');
    const id = await createTestUser(email, PASSWORD);
    const client = await signedInClient(email, PASSWORD);
    const { data, error } = await client.auth.getUserIdentities();
    expect(error).toBeNull();
    expect(data?.identities.map((identity) => [identity.provider, identity.user_id, identity.identity_data?.email])).toEqual([['email', id, email]]);
    const unlink = await client.auth.unlinkIdentity(data!.identities[0]!);
    expect(unlink.error?.status).toBe(404);
    expect(unlink.error?.code).toBe('manual_linking_disabled');
    const link = await client.auth.linkIdentity({ provider: 'google' });
    expect(link.error?.code).toBe('manual_linking_disabled');
    expect(await sql('select 1 from auth.identities where user_id = $1', [id])).toHaveLength(1);
  });

  it('signInAnonymously is refused with 422 anonymous_provider_disabled and creates no user', async () => {
    const before = await sql<{ n: number }>('select count(*)::int as n from auth.users where is_anonymous');
    const { data, error } = await anonClient().auth.signInAnonymously();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('anonymous_provider_disabled');
    expect(data.session).toBeNull();
    expect(await sql<{ n: number }>('select count(*)::int as n from auth.users where is_anonymous')).toEqual(before);
  });
});
