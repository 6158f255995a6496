// The features the local Auth server does not run answer through supabase-js exactly as Supabase
// Auth answers when they are not enabled (its router, middleware and handlers): ID-token and Web3
// sign-in, PKCE, passkeys and WebAuthn factors, SSO, the OAuth server, custom providers, SCIM.
// Also: apikey is not needed (as behind supabase start), /settings and the discovery documents.
import { AuthClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonClient, anonKey, apiUrl, createTestUser, rawRequest, serviceClient, serviceRoleKey, signedInClient, uniqueEmail } from './helpers.ts';

const PASSWORD = 'Matkhau@2024';

/** A POST to the Auth API without any apikey (as `supabase start` lets it through). */
async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; code: string | undefined; body: Record<string, unknown> }> {
  const response = await fetch(`${apiUrl()}/auth/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, code: response.headers.get('x-sb-error-code') ?? undefined, body: (await response.json()) as Record<string, unknown> };
}

describe('grant_type=id_token with no OIDC provider enabled', () => {
  it('signInWithIdToken (google) is 400 provider_disabled naming the issuer; custom providers and unknown issuers as Supabase Auth', async () => {
    const google = await anonClient().auth.signInWithIdToken({ provider: 'google', token: 'mock-id-token', nonce: 'mock-nonce' });
    expect(google.data.session).toBeNull();
    expect(google.error?.status).toBe(400);
    expect(google.error?.code).toBe('provider_disabled');
    expect(google.error?.message).toBe('Provider (issuer "https://accounts.google.com") is not enabled');
    const custom = await anonClient().auth.signInWithIdToken({ provider: 'custom:my-oidc-provider', token: 'mock-id-token' });
    expect(custom.error?.code).toBe('validation_failed');
    expect(custom.error?.message).toBe('Custom OAuth providers are disabled');
    const unknown = await post('/token?grant_type=id_token', { id_token: 'x', provider: 'linkedin' });
    expect(unknown).toMatchObject({ status: 400, code: 'validation_failed', body: { code: 'validation_failed', message: 'Custom OIDC provider "linkedin" not allowed' } });
  });

  it('Apple and Azure read the issuer from the token first; request errors are OAuth-shaped', async () => {
    const payload = (iss: string): string => `e30.${Buffer.from(JSON.stringify({ iss })).toString('base64url')}.sig`;
    expect(await post('/token?grant_type=id_token', { id_token: payload('https://appleid.apple.com'), provider: 'apple' })).toMatchObject({
      status: 400,
      code: 'provider_disabled',
      body: { message: 'Provider (issuer "https://appleid.apple.com") is not enabled' },
    });
    expect((await post('/token?grant_type=id_token', { id_token: 'not-a-jwt', provider: 'apple' })).body).toMatchObject({
      code: 'validation_failed',
      message: 'Unable to detect issuer in ID token for Apple provider',
    });
    expect((await post('/token?grant_type=id_token', { id_token: payload('https://evil.example'), provider: 'azure' })).body).toMatchObject({
      message: 'Detected ID token issuer is not an Azure ID token issuer',
    });
    expect(await post('/token?grant_type=id_token', { provider: 'google' })).toEqual({ status: 400, code: undefined, body: { error: 'invalid request', error_description: 'id_token required' } });
    expect((await post('/token?grant_type=id_token', { id_token: 'x' })).body).toEqual({ error: 'invalid request', error_description: 'provider or client_id and issuer required' });
  });
});

describe('other sign-ins that are off', () => {
  it('grant_type=web3 is 422 web3_provider_disabled; grant_type=pkce finds no flow state', async () => {
    expect(await post('/token?grant_type=web3', { chain: 'solana', message: 'm', signature: 's' })).toMatchObject({
      status: 422,
      code: 'web3_provider_disabled',
      body: { message: 'Web3 provider is disabled' },
    });
    expect(await post('/token?grant_type=pkce', { auth_code: 'abc', code_verifier: 'def' })).toMatchObject({ status: 404, code: 'flow_state_not_found' });
    expect((await anonClient().auth.exchangeCodeForSession('abc')).error).not.toBeNull();
  });

  it('signInWithSSO is 404 saml_provider_disabled; the admin lists no SSO provider and cannot add one', async () => {
    const sso = await anonClient().auth.signInWithSSO({ providerId: '0b5a3bb6-9a52-4fd2-9f0b-8d2b3a3b4f7e' });
    expect(sso.data).toBeNull();
    expect(sso.error?.status).toBe(404);
    expect(sso.error?.message).toBe('SAML 2.0 is disabled');
    expect((await post('/sso', { domain: 'sandichvu.vn' })).code).toBe('saml_provider_disabled');
    const headers = { Authorization: `Bearer ${serviceRoleKey()}` };
    expect(await (await fetch(`${apiUrl()}/auth/v1/admin/sso/providers`, { headers })).json()).toEqual({ items: [] });
    expect((await fetch(`${apiUrl()}/auth/v1/admin/sso/providers/0b5a3bb6-9a52-4fd2-9f0b-8d2b3a3b4f7e`, { headers })).status).toBe(404);
  });

  it('passkeys are 404 passkey_disabled, WebAuthn factors 422 mfa_webauthn_enroll_not_enabled', async () => {
    const email = uniqueEmail('passkey');
    const userId = await createTestUser(email, PASSWORD);
    const client = await signedInClient(email, PASSWORD);
    const list = await client.auth.passkey.list();
    expect(list.error?.status).toBe(404);
    expect(list.error?.code).toBe('passkey_disabled');
    expect(list.error?.message).toBe('Passkeys are disabled');
    const options = await anonClient().auth.passkey.startAuthentication();
    expect(options.error?.code).toBe('passkey_disabled');
    const webauthn = await client.auth.mfa.enroll({ factorType: 'webauthn' });
    expect(webauthn.error?.status).toBe(422);
    expect(webauthn.error?.code).toBe('mfa_webauthn_enroll_not_enabled');
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+84901234567' });
    expect(phone.error?.code).toBe('mfa_phone_enroll_not_enabled');
    // The admin's passkey list of a user is empty; of an unknown user, 404 user_not_found.
    const admin = serviceClient().auth.admin;
    expect((await admin.passkey.listPasskeys({ userId })).data).toEqual([]);
    expect((await admin.passkey.listPasskeys({ userId: '00000000-0000-4000-8000-00000000dead' })).error?.code).toBe('user_not_found');
  });

  it('the OAuth server and custom providers are 404 feature_disabled, for users and for the admin', async () => {
    const email = uniqueEmail('oauth');
    await createTestUser(email, PASSWORD);
    const client = await signedInClient(email, PASSWORD);
    const details = await client.auth.oauth.getAuthorizationDetails('00000000-0000-4000-8000-000000000001');
    expect(details.error?.status).toBe(404);
    expect(details.error?.code).toBe('feature_disabled');
    expect(details.error?.message).toBe('OAuth server is disabled');
    expect((await client.auth.oauth.listGrants()).error?.code).toBe('feature_disabled');
    const admin = serviceClient().auth.admin;
    const clients = await admin.oauth.listClients();
    expect(clients.error?.code).toBe('feature_disabled');
    const custom = await admin.customProviders.listProviders();
    expect(custom.error?.code).toBe('feature_disabled');
    expect(custom.error?.message).toBe('Custom OAuth providers are disabled');
    expect((await post('/oauth/clients/register', { client_name: 'x' })).code).toBe('feature_disabled');
    // The discovery document is served even with the OAuth server off, as Supabase Auth does.
    const discovery = (await (await fetch(`${apiUrl()}/auth/v1/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({ issuer: `${apiUrl()}/auth/v1`, jwks_uri: `${apiUrl()}/auth/v1/.well-known/jwks.json` });
    expect(discovery.registration_endpoint).toBeUndefined();
  });
});

describe('admin MFA of an unknown user', () => {
  it('listFactors and deleteFactor are 404 user_not_found, as Supabase Auth loads the user first', async () => {
    const admin = serviceClient().auth.admin;
    const list = await admin.mfa.listFactors({ userId: '00000000-0000-4000-8000-00000000dead' });
    expect(list.data).toBeNull();
    expect(list.error?.status).toBe(404);
    expect(list.error?.code).toBe('user_not_found');
    const removed = await admin.mfa.deleteFactor({ userId: '00000000-0000-4000-8000-00000000dead', id: '00000000-0000-4000-8000-00000000beef' });
    expect(removed.error?.code).toBe('user_not_found');
  });
});

describe('apikey, as behind supabase start', () => {
  it('a supabase-js client without any key signs in, refreshes and reads its user; the admin still needs the service role', async () => {
    const email = uniqueEmail('no-apikey');
    await createTestUser(email, PASSWORD);
    const client = new AuthClient({ url: `${apiUrl()}/auth/v1`, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
    const signedIn = await client.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect((await client.refreshSession()).error).toBeNull();
    expect((await client.getUser()).data.user?.email).toBe(email);
    const asAdmin = await fetch(`${apiUrl()}/auth/v1/admin/users`, { headers: { apikey: serviceRoleKey(), Authorization: `Bearer ${anonKey()}` } });
    expect(asAdmin.status).toBe(403);
    expect(((await asAdmin.json()) as { code: string }).code).toBe('not_admin');
  });

  it('/settings lists every provider as Supabase Auth does, and jwks.json no key when tokens use the HS256 secret', async () => {
    const settings = (await rawRequest('GET', '/auth/v1/settings')).json() as Record<string, unknown>;
    expect(settings).toMatchObject({ disable_signup: true, saml_enabled: false, passkeys_enabled: false, sms_provider: '' });
    expect(settings.external).toMatchObject({ email: true, phone: false, google: false, apple: false, anonymous_users: false });
    expect((await rawRequest('GET', '/auth/v1/.well-known/jwks.json')).json()).toEqual({ keys: [] });
  });
});
