// The authenticator role's `pgrst.jwt_aud` and `pgrst.jwt_role_claim_key` (local-stack/rest/README.md,
// "Settings of the authenticator role") through supabase-js, read on `notify pgrst, 'reload config'`
// as PostgREST reads them, and PGRST200's hint as PostgREST words it.
import { createClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../../local-stack/jwt.ts';
import { anonClient, apiUrl, anonKey } from './helpers.ts';
import { setAuthenticatorSettings } from './postgrest-settings.ts';

type Transport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];

/** A client whose requests carry `token` (a token the project's secret signed). */
function clientWith(token: string) {
  return createClient(apiUrl(), anonKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as Transport },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

async function token(claims: Record<string, unknown>): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ iat: now, exp: now + 600, ...claims }, inject('jwtSecret'));
}

afterAll(async () => {
  await setAuthenticatorSettings({ jwt_aud: null, jwt_role_claim_key: null });
});

describe('pgrst.jwt_aud', () => {
  it('refuses a token whose aud does not name it with 401 PGRST303, and accepts one that does', async () => {
    const other = await token({ role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001', aud: 'another-app' });
    await setAuthenticatorSettings({ jwt_aud: 'authenticated' }, async () => (await clientWith(other).from('categories').select('id').limit(1)).status === 401);
    const refused = await clientWith(other).from('categories').select('id').limit(1);
    expect([refused.status, refused.error?.code, refused.error?.message]).toEqual([401, 'PGRST303', 'JWT not in audience']);
    const named = await token({ role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001', aud: ['x', 'authenticated'] });
    expect((await clientWith(named).from('categories').select('id').limit(1)).status).toBe(200);
    // Without an aud the token is accepted, as PostgREST does.
    expect((await clientWith(await token({ role: 'anon' })).from('categories').select('id').limit(1)).status).toBe(200);
    await setAuthenticatorSettings({ jwt_aud: null }, async () => (await clientWith(other).from('categories').select('id').limit(1)).status === 200);
  });

  it("refuses an aud that is no string or strings whatever the setting", async () => {
    const odd = await token({ role: 'anon', aud: 42 });
    const { status, error } = await clientWith(odd).from('categories').select('id').limit(1);
    expect([status, error?.code, error?.message]).toEqual([401, 'PGRST303', "The JWT 'aud' claim must be a string or an array of strings"]);
  });
});

describe('pgrst.jwt_role_claim_key', () => {
  it('reads the role where the key points, not the role claim; a token without it is anonymous', async () => {
    const nobody = await token({ role: 'service_role', app_metadata: { db_role: 'nobody' } });
    const read = async (jwt: string) => clientWith(jwt).from('categories').select('id').limit(1);
    await setAuthenticatorSettings({ jwt_role_claim_key: '.app_metadata.db_role' }, async () => (await read(nobody)).error?.code === '22023');
    const refused = await read(nobody);
    expect([refused.status, refused.error?.code, refused.error?.message]).toEqual([401, '22023', 'role "nobody" does not exist']);
    // The `role` claim is not read any more: no app_metadata.db_role = the anonymous role.
    expect((await read(await token({ role: 'nobody' }))).status).toBe(200);
    expect((await read(await token({ app_metadata: { db_role: 'anon' } }))).status).toBe(200);
    await setAuthenticatorSettings({ jwt_role_claim_key: null }, async () => (await read(nobody)).status === 200);
  });
});

describe("PGRST200's hint", () => {
  it('names the closest related table, as PostgREST', async () => {
    const { error } = await anonClient().from('subcategories').select('id, categorie(name)');
    expect(error?.code).toBe('PGRST200');
    expect(error?.hint).toBe("Perhaps you meant 'categories' instead of 'categorie'.");
  });
});
