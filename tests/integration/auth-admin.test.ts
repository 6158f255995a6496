// The admin user endpoints (service role only) through supabase-js' auth.admin and raw requests.
import { describe, expect, it } from 'vitest';
import {
  accessTokenOf,
  anonClient,
  anonKey,
  apiFetch,
  apiUrl,
  createTestUser,
  DEMO_ACCOUNTS,
  serviceClient,
  serviceRoleKey,
  signedInClient,
  sql,
  uniqueEmail,
} from './helpers.ts';

const PASSWORD = 'Matkhau@2024';

describe('admin: create users', () => {
  it('creates a confirmed user with metadata and an email identity', async () => {
    const email = uniqueEmail('create');
    const { data, error } = await serviceClient().auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      app_metadata: { role: 'provider' },
      user_metadata: { full_name: 'Trần Thị B' },
    });
    expect(error).toBeNull();
    const user = data.user!;
    expect(user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'], role: 'provider' },
      user_metadata: { full_name: 'Trần Thị B' },
    });
    expect(typeof user.email_confirmed_at).toBe('string');
    expect(user.identities?.[0]).toMatchObject({ provider: 'email', id: user.id, user_id: user.id });
    const [row] = await sql<{ n: string }>("select count(*) as n from auth.identities where user_id = $1 and provider = 'email'", [user.id]);
    expect(row?.n).toBe('1');
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('refuses a duplicate e-mail (422 email_exists), a weak password (422 weak_password), a malformed e-mail (400)', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('dup');
    await createTestUser(email, PASSWORD);
    const duplicate = await admin.createUser({ email: email.toUpperCase(), password: PASSWORD });
    expect(duplicate.error?.status).toBe(422);
    expect(duplicate.error?.code).toBe('email_exists');
    const weak = await admin.createUser({ email: uniqueEmail('weak'), password: '123' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    const malformed = await admin.createUser({ email: 'khong hop le', password: PASSWORD });
    expect(malformed.error?.status).toBe(400);
    expect(malformed.error?.code).toBe('email_address_invalid');
  });
});

describe('admin: list users', () => {
  it('pages with X-Total-Count and a Link header that supabase-js understands', async () => {
    for (let i = 0; i < 3; i += 1) await createTestUser(uniqueEmail(`list${i}`), PASSWORD);
    const [count] = await sql<{ n: string }>('select count(*) as n from auth.users');
    const total = Number(count?.n);
    const perPage = Math.ceil(total / 3);
    const lastPage = Math.ceil(total / perPage);

    const response = await apiFetch(`/auth/v1/admin/users?page=1&per_page=${perPage}`, { token: serviceRoleKey(), headers: { apikey: serviceRoleKey() } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe(String(total));
    expect(response.headers.get('link')).toBe(
      `</auth/v1/admin/users?page=2&per_page=${perPage}>; rel="next", </auth/v1/admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`,
    );
    const body = (await response.json()) as { users: { id: string }[]; aud: string };
    expect(body.aud).toBe('authenticated');
    expect(body.users).toHaveLength(perPage);

    const { data, error } = await serviceClient().auth.admin.listUsers({ page: 2, perPage });
    expect(error).toBeNull();
    expect(data).toMatchObject({ total, nextPage: 3, lastPage });
    const pageTwoIds = data.users.map((user) => user.id);
    expect(pageTwoIds.some((id) => body.users.some((user) => user.id === id))).toBe(false);
  });

  it('the last page has no next link', async () => {
    const { data, error } = await serviceClient().auth.admin.listUsers({ page: 1, perPage: 1000 });
    expect(error).toBeNull();
    expect(data).toMatchObject({ nextPage: null, lastPage: 1 });
  });

  it('bad paging parameters are 400 validation_failed', async () => {
    const response = await apiFetch('/auth/v1/admin/users?page=-1', { token: serviceRoleKey() });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('validation_failed');
  });
});

describe('admin: read, update, delete a user', () => {
  it('gets a user by id; unknown id is 404 user_not_found; a non-UUID 404 validation_failed (Supabase Auth loadUser)', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('get');
    const id = await createTestUser(email, PASSWORD);
    const found = await admin.getUserById(id);
    expect(found.error).toBeNull();
    expect(found.data.user?.email).toBe(email);
    const missing = await admin.getUserById('00000000-0000-4000-8000-00000000dead');
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');
    const notUuid = await apiFetch("/auth/v1/admin/users/1'%20or%20'1'='1", { token: serviceRoleKey() });
    expect(notUuid.status).toBe(404);
    expect(await notUuid.json()).toMatchObject({ code: 'validation_failed', message: 'user_id must be an UUID' });
  });

  it('merges app_metadata (null removes a key), sets a password and confirms the e-mail', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('update');
    const created = await admin.createUser({ email, password: PASSWORD, app_metadata: { role: 'provider', tier: 'gold' } });
    const id = created.data.user!.id;
    const updated = await admin.updateUserById(id, {
      app_metadata: { admin: true, tier: null },
      password: 'DoiMatKhau@1',
      email_confirm: true,
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'], role: 'provider', admin: true });
    expect(typeof updated.data.user?.email_confirmed_at).toBe('string');
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'DoiMatKhau@1' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.user.app_metadata.admin).toBe(true);
  });

  it('ban_duration bans until a time and "none" lifts it; a malformed duration is 400', async () => {
    const admin = serviceClient().auth.admin;
    const id = await createTestUser(uniqueEmail('ban'), PASSWORD);
    const banned = await admin.updateUserById(id, { ban_duration: '1h30m' });
    expect(banned.error).toBeNull();
    const until = Date.parse((banned.data.user as unknown as { banned_until: string }).banned_until);
    expect(until - Date.now()).toBeGreaterThan(89 * 60_000);
    expect(until - Date.now()).toBeLessThan(91 * 60_000);
    const lifted = await admin.updateUserById(id, { ban_duration: 'none' });
    expect((lifted.data.user as unknown as { banned_until?: string }).banned_until).toBeUndefined();
    const bad = await admin.updateUserById(id, { ban_duration: 'một ngày' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
  });

  it('deletes a user (hard): the user and its sessions are gone', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('delete');
    const id = await createTestUser(email, PASSWORD);
    const client = await signedInClient(email, PASSWORD);
    const token = await accessTokenOf(client);
    const { error } = await admin.deleteUser(id);
    expect(error).toBeNull();
    expect(await sql('select id from auth.users where id = $1', [id])).toEqual([]);
    const response = await apiFetch('/auth/v1/user', { token });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('user_not_found');
  });

  it('soft-deletes a user: kept with deleted_at, cannot sign in', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('soft');
    const id = await createTestUser(email, PASSWORD);
    const { error } = await admin.deleteUser(id, true);
    expect(error).toBeNull();
    const [row] = await sql<{ deleted: boolean }>('select deleted_at is not null as deleted from auth.users where id = $1', [id]);
    expect(row?.deleted).toBe(true);
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
  });
});

describe('admin endpoints refuse everyone but the service role', () => {
  it('anon key: 403 not_admin', async () => {
    const { error } = await anonClient().auth.admin.listUsers();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('not_admin');
    const raw = await apiFetch('/auth/v1/admin/users', { token: anonKey() });
    expect(raw.status).toBe(403);
    expect(raw.headers.get('x-sb-error-code')).toBe('not_admin');
  });

  it('the demo admin (app_metadata.admin) and a customer are not the service role: 403 not_admin on every verb', async () => {
    for (const account of [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.customer]) {
      const token = await accessTokenOf(await signedInClient(account.email, account.password));
      const attempts: [string, string, string | undefined][] = [
        ['GET', '/auth/v1/admin/users', undefined],
        ['POST', '/auth/v1/admin/users', JSON.stringify({ email: uniqueEmail('escalate'), password: PASSWORD })],
        ['GET', '/auth/v1/admin/users/00000000-0000-4000-a000-000000000001', undefined],
        ['PUT', '/auth/v1/admin/users/00000000-0000-4000-a000-000000000002', JSON.stringify({ app_metadata: { admin: true } })],
        ['DELETE', '/auth/v1/admin/users/00000000-0000-4000-a000-000000000003', '{}'],
      ];
      for (const [method, path, body] of attempts) {
        const response = await apiFetch(path, { method, token, body, headers: { 'Content-Type': 'application/json' } });
        expect(response.status, `${account.email} ${method} ${path}`).toBe(403);
        expect(((await response.json()) as { code: string }).code).toBe('not_admin');
      }
    }
    const [customer] = await sql<{ admin: unknown }>("select raw_app_meta_data->'admin' as admin from auth.users where email = $1", [
      DEMO_ACCOUNTS.customer.email,
    ]);
    expect(customer?.admin ?? null).toBeNull();
  });

  it('no bearer token at all: 401 no_authorization', async () => {
    const response = await fetch(`${apiUrl()}/auth/v1/admin/users`, { headers: { apikey: serviceRoleKey() } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('no_authorization');
  });
});
