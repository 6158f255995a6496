// Attacks on the REST API: SQL injection through every place the request reaches SQL (filter
// values, column names, order, select, embed hints, on_conflict, columns=, RPC argument names and
// values), forged JWTs, and a customer token reaching for admin data. Every refusal is asserted
// with its exact status and code, and the database is checked to be untouched.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signJwt, type Claims } from '../../local-stack/jwt.ts';
import { accessTokenOf, DEMO_ACCOUNTS, rawRequest, signedInClient, sql } from './helpers.ts';

let adminToken: string;
let customerToken: string;
let customerId: string;
let bookingsBefore: number;

const secret = (): string => inject('jwtSecret');

function claimsFor(sub: string, extra: Partial<Claims> = {}): Claims {
  const now = Math.floor(Date.now() / 1000);
  return { sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600, app_metadata: {}, ...extra };
}

function get(path: string, token: string, headers: Record<string, string> = {}) {
  return rawRequest('GET', `/rest/v1${path}`, { headers: { Authorization: `Bearer ${token}`, ...headers } });
}

function send(method: string, path: string, token: string, body: string, headers: Record<string, string> = {}) {
  return rawRequest(method, `/rest/v1${path}`, { headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers }, body });
}

async function countBookings(): Promise<number> {
  const [row] = await sql<{ n: string }>('select count(*)::text as n from public.bookings');
  return Number(row!.n);
}

beforeAll(async () => {
  const admin = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const customer = await signedInClient(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  adminToken = await accessTokenOf(admin);
  customerToken = await accessTokenOf(customer);
  const [row] = await sql<{ id: string }>('select id from auth.users where email = $1', [DEMO_ACCOUNTS.customer.email]);
  customerId = row!.id;
  bookingsBefore = await countBookings();
});

afterAll(async () => {
  // Nothing an attack sent may have changed the data.
  expect(await countBookings()).toBe(bookingsBefore);
  const tables = await sql<{ n: string }>("select count(*)::text as n from pg_tables where schemaname = 'public' and tablename = 'bookings'");
  expect(tables[0]!.n).toBe('1');
});

const INJECTIONS = [
  "x'; drop table public.bookings; --",
  "x' or '1'='1",
  'x") or true --',
  "$$; delete from public.bookings; $$",
  "1; select pg_sleep(5)",
  "' union select id, email from auth.users --",
];

describe('SQL injection through values', () => {
  it.each(INJECTIONS)('filter values are bound parameters: eq %s', async (payload) => {
    const response = await get(`/bookings?select=id&status=eq.${encodeURIComponent(payload)}`, adminToken);
    expect(response.status).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it.each(INJECTIONS)('values inside or=(…) and in.(…) stay values: %s', async (payload) => {
    const quoted = `"${payload.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    const or = await get(`/bookings?select=id&or=${encodeURIComponent(`(status.eq.${quoted},customer_name.ilike.${quoted})`)}`, adminToken);
    expect(or.status).toBe(200);
    expect(or.json()).toEqual([]);
    const inList = await get(`/bookings?select=id&status=in.${encodeURIComponent(`(${quoted})`)}`, adminToken);
    expect(inList.status).toBe(200);
    expect(inList.json()).toEqual([]);
  });

  it('NUL bytes in values and payloads are refused by Postgres as data errors (400), never truncate SQL', async () => {
    const value = await get('/bookings?select=id&status=eq.a%00%27%20or%201%3D1', adminToken);
    expect(value.status).toBe(400);
    expect((value.json() as { code: string }).code).toBe('22021');
    const alias = await get(`/bookings?select=${encodeURIComponent('"x\u0000":id')}`, adminToken);
    expect(alias.status).toBe(400);
    expect((alias.json() as { code: string }).code).toBe('PGRST100');
    const payload = await send('POST', '/categories', adminToken, '{"name":"a\\u0000b","sort_order":1}');
    expect(payload.status).toBe(400);
    expect((payload.json() as { code: string }).code).toBe('22P05');
  });

  it('a typed column refuses a non-value with the type error (400 22P02), not a syntax error', async () => {
    const response = await get(`/bookings?select=id&final_price=gt.${encodeURIComponent('0 or 1=1')}`, adminToken);
    expect(response.status).toBe(400);
    expect((response.json() as { code: string }).code).toBe('22P02');
  });

  it('RPC argument values are bound: they reach the function as data', async () => {
    const response = await send('POST', '/rpc/admin_list_bookings', adminToken, JSON.stringify({ p_status: "pending'; drop table public.bookings; --", p_limit: 5 }));
    expect([200, 400]).toContain(response.status);
    expect(response.body).not.toContain('syntax error');
  });

  it('insert payload values are bound: a hostile name is stored verbatim', async () => {
    const name = "Rửa'); drop table public.categories; --";
    const response = await send('POST', '/categories?select=name', adminToken, JSON.stringify({ name, sort_order: 77 }), { Prefer: 'return=representation' });
    expect(response.status).toBe(201);
    expect(response.json()).toEqual([{ name }]);
    await sql('delete from public.categories where name = $1', [name]);
  });
});

describe('SQL injection through identifiers', () => {
  it.each([
    ['a filter column', '/bookings?select=id&status%22%3Bdrop%20table%20bookings--=eq.1', 400, 'PGRST100'],
    ['a quoted filter column', `/bookings?${encodeURIComponent('"status; drop table bookings"')}=eq.1`, 400, '42703'],
    ['the select list', `/bookings?select=${encodeURIComponent('id,(select 1)')}`, 400, 'PGRST100'],
    ['a quoted select column', `/bookings?select=${encodeURIComponent('"id\\" from auth.users --"')}`, 400, '42703'],
    ['a cast', `/bookings?select=${encodeURIComponent('id::text; drop table bookings')}`, 400, 'PGRST100'],
    ['an unknown cast type', `/bookings?select=${encodeURIComponent('id::regclass')}`, 400, '42704'],
    ['order', `/bookings?order=${encodeURIComponent('created_at; drop table bookings')}`, 400, 'PGRST100'],
    ['order direction', `/bookings?order=${encodeURIComponent('created_at.desc,(select 1)')}`, 400, 'PGRST100'],
    ['an embed name', `/bookings?select=${encodeURIComponent('id,"auth.users"(email)')}`, 400, 'PGRST200'],
    ['an embed hint', `/bookings?select=${encodeURIComponent('id,profiles!"x; drop table bookings"(name)')}`, 400, 'PGRST200'],
    ['a table name', `/${encodeURIComponent('bookings; drop table bookings')}`, 404, 'PGRST205'],
    ['another schema by path', `/${encodeURIComponent('auth.users')}`, 404, 'PGRST205'],
    ['a JSON path key', `/profiles?select=${encodeURIComponent("saved_addresses->>'x'")}`, 400, 'PGRST100'],
    ['limit', '/bookings?limit=1%3Bdrop%20table%20bookings', 400, 'PGRST100'],
  ])('through %s → %i %s', async (_name, path, status, code) => {
    const response = await get(path, adminToken);
    expect(response.status).toBe(status);
    expect((response.json() as { code: string }).code).toBe(code);
  });

  it('on_conflict and columns= are looked up in the schema cache', async () => {
    const onConflict = await send('POST', `/categories?on_conflict=${encodeURIComponent('id) do nothing; drop table bookings; --')}`, adminToken, '{"name":"x","sort_order":1}', {
      Prefer: 'resolution=merge-duplicates',
    });
    expect(onConflict.status).toBe(400);
    expect((onConflict.json() as { code: string }).code).toBe('PGRST100');
    const quotedConflict = await send('POST', `/categories?on_conflict=${encodeURIComponent('"id) do nothing --"')}`, adminToken, '{"name":"x","sort_order":1}', {
      Prefer: 'resolution=merge-duplicates',
    });
    expect(quotedConflict.status).toBe(400);
    expect((quotedConflict.json() as { code: string }).code).toBe('42703');
    const columns = await send('POST', `/categories?columns=${encodeURIComponent('"name) values (1); drop table bookings; --"')}`, adminToken, '[{"name":"x"}]');
    expect(columns.status).toBe(400);
    expect((columns.json() as { code: string }).code).toBe('PGRST204');
    const payloadKey = await send('POST', '/categories', adminToken, JSON.stringify({ 'name") values (\'x\'); drop table bookings; --': 'x' }));
    expect(payloadKey.status).toBe(400);
    expect((payloadKey.json() as { code: string }).code).toBe('PGRST204');
  });

  it('RPC argument names and function names are looked up, never spliced', async () => {
    const argName = await send('POST', '/rpc/admin_list_bookings', adminToken, JSON.stringify({ 'p_status := null); drop table bookings; --': 1 }));
    expect(argName.status).toBe(404);
    expect((argName.json() as { code: string }).code).toBe('PGRST202');
    const fnName = await send('POST', `/rpc/${encodeURIComponent('admin_dashboard(); drop table bookings; --')}`, adminToken, '{}');
    expect(fnName.status).toBe(404);
    expect((fnName.json() as { code: string }).code).toBe('PGRST202');
    const getArg = await get(`/rpc/admin_list_bookings?${encodeURIComponent("p_status'")}=x`, adminToken);
    expect(getArg.status).toBe(400);
    expect((getArg.json() as { code: string }).code).toBe('PGRST100');
  });
});

describe('forged and broken JWTs', () => {
  const bookings = '/bookings?select=id&limit=1';

  it('a token signed with another secret → 401 PGRST301', async () => {
    const token = await signJwt(claimsFor(customerId, { app_metadata: { admin: true } }), 'not-the-secret-but-also-32-characters-long!!');
    const response = await get(bookings, token);
    expect(response.status).toBe(401);
    expect(response.json()).toEqual({ code: 'PGRST301', message: 'JWT cryptographic operation failed', details: null, hint: null });
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token", error_description="JWT cryptographic operation failed"');
  });

  it('alg none → 401 PGRST301 (unsupported algorithm)', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(claimsFor(customerId, { role: 'service_role' }))).toString('base64url');
    const response = await get(bookings, `${header}.${payload}.`);
    expect(response.status).toBe(401);
    expect((response.json() as { code: string; message: string })).toMatchObject({ code: 'PGRST301', message: 'Wrong or unsupported encoding algorithm' });
    expect(String(response.headers['www-authenticate'])).toContain('error="invalid_token"');
  });

  it('HS512 with the right secret is still refused (HS256 only)', async () => {
    const token = await new SignJWT(claimsFor(customerId)).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(new TextEncoder().encode(secret()));
    const response = await get(bookings, token);
    expect(response.status).toBe(401);
    expect((response.json() as { code: string }).code).toBe('PGRST301');
  });

  it('an expired token → 401 PGRST303 "JWT expired"', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await signJwt(claimsFor(customerId, { iat: now - 7200, exp: now - 3600 }), secret());
    const response = await get(bookings, token);
    expect(response.status).toBe(401);
    expect(response.json()).toEqual({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null });
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token", error_description="JWT expired"');
  });

  it('a token not valid yet (nbf in the future) → 401 PGRST303 "JWT not yet valid"', async () => {
    const token = await signJwt(claimsFor(customerId, { nbf: Math.floor(Date.now() / 1000) + 3600 }), secret());
    const response = await get(bookings, token);
    expect(response.status).toBe(401);
    expect(response.json()).toEqual({ code: 'PGRST303', message: 'JWT not yet valid', details: null, hint: null });
  });

  it('a tampered payload (app_metadata.admin = true) fails the signature → 401 PGRST301', async () => {
    const [header, payload, signature] = customerToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
    claims.app_metadata = { ...claims.app_metadata, admin: true };
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const response = await get(bookings, forged);
    expect(response.status).toBe(401);
    expect((response.json() as { code: string }).code).toBe('PGRST301');
  });

  it('role service_role signed with a wrong key → 401 PGRST301', async () => {
    const token = await signJwt({ role: 'service_role', iss: 'supabase-demo', exp: Math.floor(Date.now() / 1000) + 600 }, 'a-wrong-key-that-is-long-enough-to-sign-hs256');
    const response = await get(bookings, token);
    expect(response.status).toBe(401);
    expect((response.json() as { code: string }).code).toBe('PGRST301');
  });

  it('a role that does not exist → 401 22023; a role that exists but is not an API role (postgres) too', async () => {
    for (const role of ['hacker', 'postgres']) {
      const token = await signJwt(claimsFor(customerId, { role }), secret());
      const response = await get(bookings, token);
      expect(response.status).toBe(401);
      expect(response.json()).toEqual({ code: '22023', message: `role "${role}" does not exist`, details: null, hint: null });
    }
  });

  it('malformed tokens → 401 PGRST301', async () => {
    for (const token of ['abc', 'a.b', 'a.b.c.d', '....']) {
      const response = await get(bookings, token);
      expect(response.status).toBe(401);
      expect((response.json() as { code: string }).code).toBe('PGRST301');
    }
  });
});

describe('a customer token reaching for admin data', () => {
  it('reads zero rows of other people (RLS), never an error that leaks them', async () => {
    const others = await get(`/bookings?select=id&customer_id=neq.${customerId}&provider_id=neq.${customerId}`, customerToken);
    expect(others.status).toBe(200);
    expect(others.json()).toEqual([]);
    const profiles = await get(`/profiles?select=id,email&id=neq.${customerId}`, customerToken);
    expect(profiles.json()).toEqual([]);
    const embedded = await get('/bookings?select=id,provider:profiles!bookings_provider_id_fkey(email)', customerToken);
    for (const row of embedded.json() as { provider: { email: string } | null }[]) {
      // A provider's profile is not visible to the customer, even through an embed.
      expect(row.provider).toBeNull();
    }
  });

  it('cannot read the audit log or auth tables, cannot call admin functions', async () => {
    const audit = await get('/audit_log?select=*', customerToken);
    expect([200, 403]).toContain(audit.status);
    if (audit.status === 200) expect(audit.json()).toEqual([]);
    else expect((audit.json() as { code: string }).code).toBe('42501');
    const users = await get('/users?select=*', customerToken);
    expect(users.status).toBe(404);
    expect((users.json() as { code: string }).code).toBe('PGRST205');
    const schema = await get('/users?select=*', customerToken, { 'Accept-Profile': 'auth' });
    expect(schema.status).toBe(406);
    expect((schema.json() as { code: string }).code).toBe('PGRST106');
    const rpc = await send('POST', '/rpc/admin_dashboard', customerToken, '{}');
    expect(rpc.status).not.toBe(200);
  });

  it('cannot change other people’s bookings or its own profile into an admin', async () => {
    const [other] = await sql<{ id: string; status: string }>('select id, status from public.bookings where customer_id <> $1 and provider_id <> $1 limit 1', [customerId]);
    const patch = await send('PATCH', `/bookings?id=eq.${other!.id}`, customerToken, '{"status":"cancelled"}', { Prefer: 'return=representation' });
    expect(patch.status).toBe(200);
    expect(patch.json()).toEqual([]);
    const [after] = await sql<{ status: string }>('select status from public.bookings where id = $1', [other!.id]);
    expect(after!.status).toBe(other!.status);
    const admin = await get('/bookings?select=id', adminToken, { Prefer: 'count=exact' });
    expect(Number(String(admin.headers['content-range']).split('/')[1])).toBe(bookingsBefore);
  });
});
