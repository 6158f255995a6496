// Bans hold (docs/decisions.md#bans-hold), through supabase-js against the running stack: an admin
// sets a profile `banned` from the back office; the user's next request with the token they already
// hold reads and writes nothing, /user and refresh are refused, a new sign-in answers `user_banned`;
// lifting the ban gives everything back. A ban through the Auth admin API (`ban_duration`, sessions
// kept) is refused on /user and on refresh with `user_banned`, as Supabase Auth does.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, apiFetch, createTestUser, DEMO_ACCOUNTS, serviceClient, signedInClient, sql, uniqueEmail } from './helpers.ts';

const PASSWORD = 'Khach@2024';

let admin: SupabaseClient;

beforeAll(async () => {
  admin = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
});

async function setStatus(id: string, status: string): Promise<void> {
  const { data, error } = await admin.from('profiles').update({ status }).eq('id', id).select('status');
  expect(error).toBeNull();
  expect(data).toEqual([{ status }]);
}

describe('ledger: a ban set in the back office holds', () => {
  it('refuses the next request, sign-in and refresh; unban restores access', async () => {
    const email = uniqueEmail('cam');
    const id = await createTestUser(email, PASSWORD);
    const user = await signedInClient(email, PASSWORD);
    const { data: before } = await user.from('profiles').select('id').eq('id', id);
    expect(before).toEqual([{ id }]);
    const session = (await user.auth.getSession()).data.session;
    expect(session).not.toBeNull();

    await setStatus(id, 'banned');

    // The access token issued before the ban is still a valid JWT: the database refuses it.
    const read = await user.from('profiles').select('id').eq('id', id);
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    const write = await user.from('profiles').update({ phone: '0912345678' }).eq('id', id).select('id');
    expect(write.data ?? []).toEqual([]);
    const [row] = await sql<{ phone: string | null; sessions: number; banned: boolean }>(
      `select p.phone, (select count(*)::int from auth.sessions s where s.user_id = p.id) as sessions,
              u.banned_until > now() + interval '50 years' as banned
         from public.profiles p join auth.users u on u.id = p.id where p.id = $1`,
      [id],
    );
    expect(row).toEqual({ phone: null, sessions: 0, banned: true });

    // Auth: the session is gone, a refresh is refused, a new sign-in answers user_banned.
    const raw = await apiFetch('/auth/v1/user', { token: session!.access_token });
    expect(raw.status).toBe(403);
    expect(raw.headers.get('x-sb-error-code')).toBe('session_not_found');
    // supabase-js reads that answer as a missing session and signs the client out.
    const me = await user.auth.getUser();
    expect(me.error?.name).toBe('AuthSessionMissingError');
    expect(me.data.user).toBeNull();
    expect((await user.auth.getSession()).data.session).toBeNull();
    const refreshed = await anonClient().auth.refreshSession({ refresh_token: session!.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
    const signIn = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error?.status).toBe(400);
    expect(signIn.error?.code).toBe('user_banned');
    expect(signIn.data.session).toBeNull();

    // Unban: sign-in, reads and writes work again.
    await setStatus(id, 'active');
    const again = await signedInClient(email, PASSWORD);
    const { data: own } = await again.from('profiles').select('id').eq('id', id);
    expect(own).toEqual([{ id }]);
    const edit = await again.from('profiles').update({ phone: '0912345678' }).eq('id', id).select('phone');
    expect(edit.error).toBeNull();
    expect(edit.data).toEqual([{ phone: '0912345678' }]);
    expect((await again.auth.getUser()).error).toBeNull();
  });

  it('a ban from the Auth admin API (sessions kept) is refused on /user and on refresh with user_banned', async () => {
    const email = uniqueEmail('cam-api');
    const id = await createTestUser(email, PASSWORD);
    const user = await signedInClient(email, PASSWORD);
    const session = (await user.auth.getSession()).data.session!;
    const { error } = await serviceClient().auth.admin.updateUserById(id, { ban_duration: '876000h' });
    expect(error).toBeNull();

    const me = await user.auth.getUser();
    expect(me.error?.status).toBe(403);
    expect(me.error?.code).toBe('user_banned');
    const refreshed = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.status).toBe(400);
    expect(refreshed.error?.code).toBe('user_banned');
    expect(refreshed.error?.message).toBe('Invalid Refresh Token: User Banned');

    await serviceClient().auth.admin.updateUserById(id, { ban_duration: 'none' });
    const back = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(back.error).toBeNull();
    expect(back.data.session?.user.id).toBe(id);
  });
});
