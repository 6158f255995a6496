// Sessions through supabase-js: refresh-token rotation and reuse, the current user, password and
// profile updates, and sign-out in its three scopes.
import { decodeJwt } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { accessTokenOf, anonClient, apiFetch, createTestUser, serviceClient, signedInClient, sql, uniqueEmail } from './helpers.ts';

const PASSWORD = 'Matkhau@2024';

async function newUserSession(prefix: string): Promise<{ email: string; id: string; client: Awaited<ReturnType<typeof signedInClient>> }> {
  const email = uniqueEmail(prefix);
  const id = await createTestUser(email, PASSWORD);
  return { email, id, client: await signedInClient(email, PASSWORD) };
}

async function refreshWith(refreshToken: string): Promise<Response> {
  return apiFetch('/auth/v1/token?grant_type=refresh_token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('refresh tokens', () => {
  it('rotate: a refresh gives a new token pair for the same session', async () => {
    const { client } = await newUserSession('rotate');
    const before = (await client.auth.getSession()).data.session!;
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const after = data.session!;
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(decodeJwt(after.access_token).session_id).toBe(decodeJwt(before.access_token).session_id);
    const rows = await sql<{ token: string; revoked: boolean; parent: string | null }>(
      'select token, revoked, parent from auth.refresh_tokens where session_id = $1 order by id',
      [decodeJwt(after.access_token).session_id],
    );
    expect(rows).toEqual([
      { token: before.refresh_token, revoked: true, parent: null },
      { token: after.refresh_token, revoked: false, parent: before.refresh_token },
    ]);
  });

  it('a used token is refused with 400 refresh_token_already_used after the reuse interval, and the session is revoked', async () => {
    const { client } = await newUserSession('reuse');
    const first = (await client.auth.getSession()).data.session!.refresh_token;
    const rotated = await refreshWith(first);
    expect(rotated.status).toBe(200);
    const second = ((await rotated.json()) as { refresh_token: string }).refresh_token;

    // Within the interval (concurrent refreshes of two tabs) the old token yields the active one.
    const concurrent = await refreshWith(first);
    expect(concurrent.status).toBe(200);
    expect(((await concurrent.json()) as { refresh_token: string }).refresh_token).toBe(second);

    // The behaviour under test is the reuse interval running out: real time has to pass.
    await sleep(inject('authRefreshReuseSeconds') * 1000 + 300);
    const reused = await refreshWith(first);
    expect(reused.status).toBe(400);
    expect(reused.headers.get('x-sb-error-code')).toBe('refresh_token_already_used');
    expect(await reused.json()).toEqual({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    // Reuse detection revokes the whole family: the newest token no longer works either.
    const afterAbuse = await refreshWith(second);
    expect(afterAbuse.status).toBe(400);
    expect(((await afterAbuse.json()) as { code: string }).code).toBe('refresh_token_already_used');
  });

  it('through supabase-js, refreshing with a stale token reports refresh_token_already_used', async () => {
    const { client } = await newUserSession('reuse-js');
    const stale = (await client.auth.getSession()).data.session!;
    expect((await client.auth.refreshSession()).error).toBeNull();
    await sleep(inject('authRefreshReuseSeconds') * 1000 + 300);
    const other = anonClient();
    const { error } = await other.auth.refreshSession({ refresh_token: stale.refresh_token });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_already_used');
  });

  it('an unknown token is 400 refresh_token_not_found; a missing one 400 validation_failed', async () => {
    const unknown = await anonClient().auth.refreshSession({ refresh_token: 'khongtontai123456' });
    expect(unknown.error?.status).toBe(400);
    expect(unknown.error?.code).toBe('refresh_token_not_found');
    const missing = await refreshWith('');
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { code: string }).code).toBe('validation_failed');
  });

  it('a banned user cannot refresh', async () => {
    const { client, id } = await newUserSession('ban-refresh');
    await serviceClient().auth.admin.updateUserById(id, { ban_duration: '1h' });
    const { error } = await client.auth.refreshSession();
    expect(error?.code).toBe('user_banned');
  });
});

describe('the current user', () => {
  it('GET /user returns the user of the token', async () => {
    const { client, id, email } = await newUserSession('getuser');
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id, email, aud: 'authenticated', role: 'authenticated' });
  });

  it('GET /user without a token is 401 no_authorization', async () => {
    const response = await apiFetch('/auth/v1/user');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'no_authorization' });
  });

  it('PUT /user password: same_password, weak_password, then the new password works and the old not', async () => {
    const { client, email } = await newUserSession('password');
    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
    const weak = await client.auth.updateUser({ password: 'abc12' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);

    const changed = await client.auth.updateUser({ password: 'MatKhauMoi#2025' });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.email).toBe(email);
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await anonClient().auth.signInWithPassword({ email, password: 'MatKhauMoi#2025' })).error).toBeNull();
    // The session that changed the password stays valid.
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it('a password change signs out the other sessions of the user', async () => {
    const { client, email } = await newUserSession('pw-others');
    const other = await signedInClient(email, PASSWORD);
    expect((await client.auth.updateUser({ password: 'Khac@2025pass' })).error).toBeNull();
    const { error } = await other.auth.getUser();
    expect(error?.name).toBe('AuthSessionMissingError');
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it('PUT /user data merges user_metadata (null removes a key); a new email waits for its confirmations', async () => {
    const { client, id } = await newUserSession('meta');
    expect((await client.auth.updateUser({ data: { full_name: 'Nguyễn Văn A', city: 'Huế' } })).error).toBeNull();
    const merged = await client.auth.updateUser({ data: { city: null, phone_hint: '09' } });
    expect(merged.error).toBeNull();
    expect(merged.data.user?.user_metadata).toEqual({ full_name: 'Nguyễn Văn A', phone_hint: '09' });
    const newEmail = uniqueEmail('moved');
    const moved = await client.auth.updateUser({ email: newEmail.toUpperCase() });
    expect(moved.error).toBeNull();
    // Normalised, pending (auth-email.test.ts follows both confirmations to the change).
    expect(moved.data.user?.new_email).toBe(newEmail);
    const [row] = await sql<{ email: string; email_change: string }>('select email, email_change from auth.users where id = $1', [id]);
    expect(row?.email_change).toBe(newEmail);
    expect(row?.email).not.toBe(newEmail);
    expect((await anonClient().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error?.code).toBe('invalid_credentials');
  });

  it('PUT /user email of another account is 422 email_exists; a malformed one 400 email_address_invalid', async () => {
    const { client } = await newUserSession('taken');
    const { email: otherEmail } = await newUserSession('taken-other');
    const taken = await client.auth.updateUser({ email: otherEmail });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('email_exists');
    const malformed = await client.auth.updateUser({ email: 'not an email' });
    expect(malformed.error?.status).toBe(400);
    expect(malformed.error?.code).toBe('email_address_invalid');
  });
});

describe('sign-out', () => {
  it('local: the session is gone — its refresh token fails and GET /user answers session_not_found', async () => {
    const { client, email } = await newUserSession('logout-local');
    const other = await signedInClient(email, PASSWORD);
    const session = (await client.auth.getSession()).data.session!;
    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull();

    const refresh = await refreshWith(session.refresh_token);
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { code: string }).code).toBe('refresh_token_not_found');
    const user = await apiFetch('/auth/v1/user', { token: session.access_token });
    expect(user.status).toBe(403);
    expect(user.headers.get('x-sb-error-code')).toBe('session_not_found');
    expect(await user.json()).toMatchObject({ code: 'session_not_found' });
    // The user's other session is untouched.
    expect((await other.auth.getUser()).error).toBeNull();
  });

  it('global: every session of the user ends', async () => {
    const { client, email } = await newUserSession('logout-global');
    const other = await signedInClient(email, PASSWORD);
    const otherToken = await accessTokenOf(other);
    expect((await client.auth.signOut({ scope: 'global' })).error).toBeNull();
    const response = await apiFetch('/auth/v1/user', { token: otherToken });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('session_not_found');
  });

  it('others: every session but the current one ends', async () => {
    const { client, email } = await newUserSession('logout-others');
    const other = await signedInClient(email, PASSWORD);
    const otherToken = await accessTokenOf(other);
    const token = await accessTokenOf(client);
    const response = await apiFetch('/auth/v1/logout?scope=others', { method: 'POST', token });
    expect(response.status).toBe(204);
    expect((await apiFetch('/auth/v1/user', { token: otherToken })).status).toBe(403);
    expect((await apiFetch('/auth/v1/user', { token })).status).toBe(200);
  });

  it('an unknown scope is 400 validation_failed', async () => {
    const { client } = await newUserSession('logout-scope');
    const response = await apiFetch('/auth/v1/logout?scope=everything', { method: 'POST', token: await accessTokenOf(client) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('validation_failed');
  });
});
