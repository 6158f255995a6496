// The e-mail flows of the local Auth server through supabase-js, reading the mails from the local
// mailbox: recovery, magic link / e-mail OTP, e-mail change with both confirmations,
// reauthentication before a password change, and the mailbox itself.
import { describe, expect, inject, it } from 'vitest';
import { anonClient, createTestUser, lastMailTo, mailsTo, signedInClient, sql, uniqueEmail } from './helpers.ts';

const PASSWORD = 'Matkhau@2024';

describe('password recovery', () => {
  it('mails a code and a link; the code signs in once, then is spent', async () => {
    const email = uniqueEmail('recover');
    await createTestUser(email, PASSWORD);
    const client = anonClient();
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Đặt lại mật khẩu Sàn Dịch Vụ');
    expect(mail.code).toMatch(/^\d{6}$/);

    const verified = await client.auth.verifyOtp({ email, token: mail.code, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
    const again = await anonClient().auth.verifyOtp({ email, token: mail.code, type: 'recovery' });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe('otp_expired');
  });

  it('answers {} for an unknown address and mails nobody', async () => {
    const email = uniqueEmail('nobody');
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect(await mailsTo(email)).toEqual([]);
  });

  it("the mailed link redirects to the site with the session in the fragment, and a spent link with Supabase's error", async () => {
    const email = uniqueEmail('link');
    await createTestUser(email, PASSWORD);
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'http://127.0.0.1:5173/admin' });
    const { link } = await lastMailTo(email);
    expect(link).toBeDefined();
    const first = await fetch(link!, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const target = new URL(first.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe('http://127.0.0.1:5173/admin');
    const fragment = new URLSearchParams(target.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('access_token')).toMatch(/^ey/);
    expect(fragment.get('refresh_token')).not.toBeNull();

    const spent = await fetch(link!, { redirect: 'manual' });
    const error = new URLSearchParams(new URL(spent.headers.get('location')!).hash.slice(1));
    expect(error.get('error_code')).toBe('otp_expired');
    expect(error.get('error')).toBe('access_denied');
  });

  it('a redirect outside site_url / additional_redirect_urls falls back to site_url', async () => {
    const email = uniqueEmail('redirect');
    await createTestUser(email, PASSWORD);
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const { link } = await lastMailTo(email);
    const response = await fetch(link!, { redirect: 'manual' });
    expect(response.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:5173\/?#/);
  });
});

describe('magic link and e-mail OTP', () => {
  it('signInWithOtp mails a code that verifyOtp turns into a session', async () => {
    const email = uniqueEmail('otp');
    await createTestUser(email, PASSWORD);
    expect((await anonClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Liên kết đăng nhập Sàn Dịch Vụ');
    const { data, error } = await anonClient().auth.verifyOtp({ email, token: mail.code, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.session?.access_token).toMatch(/^ey/);
  });

  it('a wrong code is refused with 403 otp_expired', async () => {
    const email = uniqueEmail('otp-wrong');
    await createTestUser(email, PASSWORD);
    await anonClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    const { code } = await lastMailTo(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const { error } = await anonClient().auth.verifyOtp({ email, token: wrong, type: 'email' });
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('otp_expired');
  });

  it('an unknown address cannot sign up by OTP: 422 otp_disabled', async () => {
    const { error } = await anonClient().auth.signInWithOtp({ email: uniqueEmail('otp-new') });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('otp_disabled');
  });
});

describe('e-mail change needs both confirmations (double_confirm_changes)', () => {
  it('updateUser({email}) changes nothing until the old and the new address both confirm', async () => {
    const oldEmail = uniqueEmail('old');
    const newEmail = uniqueEmail('new');
    const id = await createTestUser(oldEmail, PASSWORD);
    const client = await signedInClient(oldEmail, PASSWORD);

    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(oldEmail);
    expect(data.user?.new_email).toBe(newEmail);
    expect((await sql<{ email: string }>('select email from auth.users where id = $1', [id]))[0]?.email).toBe(oldEmail);
    // A stolen session alone cannot take the account: the old address still signs in.
    expect((await anonClient().auth.signInWithPassword({ email: oldEmail, password: PASSWORD })).error).toBeNull();

    const toNew = await lastMailTo(newEmail);
    const toOld = await lastMailTo(oldEmail);
    expect(toNew.subject).toBe('Xác nhận địa chỉ e-mail mới');
    expect(toOld.subject).toBe('Xác nhận đổi địa chỉ e-mail');
    expect(toOld.text).toContain(newEmail);

    const first = await anonClient().auth.verifyOtp({ email: newEmail, token: toNew.code, type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    expect((await sql<{ email: string }>('select email from auth.users where id = $1', [id]))[0]?.email).toBe(oldEmail);

    const second = await anonClient().auth.verifyOtp({ email: oldEmail, token: toOld.code, type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(newEmail);
    expect((await sql<{ email: string }>('select email from auth.users where id = $1', [id]))[0]?.email).toBe(newEmail);
    expect((await anonClient().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error).toBeNull();
  });

  it('the audit log attributes the change to the user (their claims are set while Auth writes)', async () => {
    const oldEmail = uniqueEmail('attrib-old');
    const newEmail = uniqueEmail('attrib-new');
    const id = await createTestUser(oldEmail, PASSWORD);
    const client = await signedInClient(oldEmail, PASSWORD);
    await client.auth.updateUser({ email: newEmail });
    await anonClient().auth.verifyOtp({ email: newEmail, token: (await lastMailTo(newEmail)).code, type: 'email_change' });
    await anonClient().auth.verifyOtp({ email: oldEmail, token: (await lastMailTo(oldEmail)).code, type: 'email_change' });
    const rows = await sql<{ actor_id: string | null; changes: { email?: [string, string] } }>(
      `select actor_id, changes from public.audit_log where table_name = 'profiles' and row_id = $1 and action = 'update' and changes ? 'email'`,
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({ actor_id: id, changes: { email: [oldEmail, newEmail] } });
  });

  it('an address another account uses is refused with 422 email_exists and nothing is mailed', async () => {
    const email = uniqueEmail('taken-a');
    const taken = uniqueEmail('taken-b');
    await createTestUser(email, PASSWORD);
    await createTestUser(taken, PASSWORD);
    const client = await signedInClient(email, PASSWORD);
    const { error } = await client.auth.updateUser({ email: taken });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
    expect((await mailsTo(email)).length).toBe(0);
  });
});

describe('reauthentication before a password change (secure_password_change)', () => {
  it('a session older than 24 hours needs the mailed nonce; a wrong nonce is refused', async () => {
    const email = uniqueEmail('reauth');
    await createTestUser(email, PASSWORD);
    const client = await signedInClient(email, PASSWORD);
    const { data: session } = await client.auth.getSession();
    await sql(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [
      JSON.parse(Buffer.from(session.session!.access_token.split('.')[1]!, 'base64url').toString('utf8')).session_id,
    ]);

    const without = await client.auth.updateUser({ password: 'MatkhauMoi@2025' });
    expect(without.error?.status).toBe(400);
    expect(without.error?.code).toBe('reauthentication_needed');

    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Mã xác thực lại Sàn Dịch Vụ');
    const wrong = await client.auth.updateUser({ password: 'MatkhauMoi@2025', nonce: mail.code === '000000' ? '111111' : '000000' });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe('reauthentication_not_valid');

    const right = await client.auth.updateUser({ password: 'MatkhauMoi@2025', nonce: mail.code });
    expect(right.error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: 'MatkhauMoi@2025' })).error).toBeNull();
  });

  it('a fresh session changes its password without a nonce', async () => {
    const email = uniqueEmail('fresh');
    await createTestUser(email, PASSWORD);
    const client = await signedInClient(email, PASSWORD);
    expect((await client.auth.updateUser({ password: 'MatkhauMoi@2025' })).error).toBeNull();
  });
});

describe('the local mailbox', () => {
  it('serves a web page listing the mails with their links, and Mailpit-shaped JSON', async () => {
    const email = uniqueEmail('page');
    await createTestUser(email, PASSWORD);
    await anonClient().auth.resetPasswordForEmail(email);
    const mailUrl = inject('mailUrl');
    const page = await fetch(`${mailUrl}/?to=${encodeURIComponent(email)}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Đặt lại mật khẩu Sàn Dịch Vụ');
    const list = (await (await fetch(`${mailUrl}/api/v1/messages?limit=5`)).json()) as { total: number; messages: unknown[] };
    expect(list.total).toBeGreaterThan(0);
    expect(list.messages.length).toBeLessThanOrEqual(5);
    const view = await fetch(`${mailUrl}/view/${(await mailsTo(email))[0]!.ID}`);
    expect(await view.text()).toContain('/auth/v1/verify?token=');
  });
});
