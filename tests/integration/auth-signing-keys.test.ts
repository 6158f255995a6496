// Asymmetric signing keys ([auth] signing_keys_path, as `supabase gen signing-key` writes them) on an
// API server of its own: access tokens are ES256 with the first key's kid, both keys' public halves
// are in /.well-known/jwks.json, supabase-js' getClaims verifies locally without asking /user, and
// REST, Storage and Realtime accept the ES256 tokens as well as the HS256 keys and tokens.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import ws from 'ws';
import { signJwt } from '../../local-stack/jwt.ts';
import { anonKey, serviceRoleKey, uniqueEmail } from './helpers.ts';
import { subscribeOutcome } from './realtime-helpers.ts';
import { startAuthServer, type AuthServer } from './auth-server.ts';

const PASSWORD = 'Matkhau@2024';

async function cliKey(alg: 'ES256' | 'RS256'): Promise<Record<string, unknown>> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), use: 'sig', key_ops: ['sign', 'verify'], alg, ext: true };
}

let server: AuthServer;
let keys: Record<string, unknown>[];
let email: string;
let userId: string;

beforeAll(async () => {
  keys = [await cliKey('ES256'), await cliKey('RS256')];
  server = await startAuthServer(
    `[auth]
site_url = "http://127.0.0.1:5173"
signing_keys_path = "./signing_keys.json"
`,
    { 'signing_keys.json': JSON.stringify(keys, null, 2) },
  );
  email = uniqueEmail('es256');
  const created = await server.admin().admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (created.error) throw created.error;
  userId = created.data.user!.id;
});

afterAll(async () => {
  await server?.stop();
});

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/** A supabase-js client of the server carrying `token` as its access token. */
function clientWith(token: string) {
  return createClient(server.url, anonKey(), {
    accessToken: () => Promise.resolve(token),
    realtime: { transport: ws as unknown as Transport },
  });
}

describe('signing_keys_path', () => {
  it('signs access tokens with the first key (ES256, its kid) and publishes only the public halves', async () => {
    const { data, error } = await server.client().signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(decodeProtectedHeader(data.session!.access_token)).toEqual({ alg: 'ES256', typ: 'JWT', kid: keys[0]!.kid });
    const jwks = (await (await fetch(`${server.url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.map((key) => [key.kid, key.alg, key.kty, key.use, key.key_ops])).toEqual([
      [keys[0]!.kid, 'ES256', 'EC', 'sig', ['verify']],
      [keys[1]!.kid, 'RS256', 'RSA', 'sig', ['verify']],
    ]);
    expect(JSON.stringify(jwks)).not.toMatch(/"(d|p|q|dp|dq|qi)":/);
  });

  it('getClaims verifies the ES256 token locally with the published key, without a request to /user', async () => {
    const requested: string[] = [];
    const recording: typeof fetch = (input, init) => {
      requested.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return fetch(input, init);
    };
    const client = server.client(anonKey(), { fetch: recording });
    expect((await client.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    requested.length = 0;
    const { data, error } = await client.getClaims();
    expect(error).toBeNull();
    expect(data?.claims).toMatchObject({ sub: userId, email, role: 'authenticated', aal: 'aal1' });
    expect(data?.header).toMatchObject({ alg: 'ES256', kid: keys[0]!.kid });
    expect(requested.some((url) => url.endsWith('/auth/v1/.well-known/jwks.json'))).toBe(true);
    expect(requested.some((url) => url.includes('/auth/v1/user'))).toBe(false);
  });

  it('REST accepts the ES256 token and reads as the signed-in user', async () => {
    const { data } = await server.client().signInWithPassword({ email, password: PASSWORD });
    const client = clientWith(data.session!.access_token);
    const { data: profile, error } = await client.from('profiles').select('id').eq('id', userId).maybeSingle();
    expect(error).toBeNull();
    expect(profile).toEqual({ id: userId });
  });

  it('Storage and Realtime accept the ES256 token; HS256 keys and tokens still work everywhere', async () => {
    const { data } = await server.client().signInWithPassword({ email, password: PASSWORD });
    const es256 = data.session!.access_token;
    const client = clientWith(es256);
    const buckets = await client.storage.listBuckets();
    expect(buckets.error).toBeNull();
    expect((await client.storage.from('message-images').list(userId)).error).toBeNull();
    const channel = client.channel(`es256-${randomUUID()}`);
    expect(await subscribeOutcome(channel)).toEqual({ status: 'SUBSCRIBED' });
    await client.removeAllChannels();
    client.realtime.disconnect();

    // A user token signed with the HS256 secret, as before signing keys, is still accepted.
    const claims = decodeJwt(es256);
    const hs256 = await signJwt({ ...claims }, inject('jwtSecret'));
    expect(decodeProtectedHeader(hs256).alg).toBe('HS256');
    expect((await fetch(`${server.url}/auth/v1/user`, { headers: { Authorization: `Bearer ${hs256}` } })).status).toBe(200);
    expect((await clientWith(hs256).from('profiles').select('id').eq('id', userId)).data).toEqual([{ id: userId }]);
    // The project's HS256 service-role key still administers.
    expect((await server.client(serviceRoleKey()).admin.getUserById(userId)).error).toBeNull();
  });

  it('a token signed with another key, even under a published kid, is refused by Auth, REST and Storage', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ sub: userId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600 })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: keys[0]!.kid as string })
      .sign(privateKey);
    const user = await fetch(`${server.url}/auth/v1/user`, { headers: { Authorization: `Bearer ${forged}` } });
    expect(user.status).toBe(403);
    expect(((await user.json()) as { code: string }).code).toBe('bad_jwt');
    const rest = await fetch(`${server.url}/rest/v1/profiles?select=id`, { headers: { apikey: anonKey(), Authorization: `Bearer ${forged}` } });
    expect(rest.status).toBe(401);
    expect((await clientWith(forged).storage.listBuckets()).error).not.toBeNull();
  });
});
