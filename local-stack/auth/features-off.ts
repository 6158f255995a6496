// What Supabase Auth answers for the features the local stack does not run, exactly as it answers
// when they are not enabled (supabase/auth's router, middleware and handlers): ID-token sign-in
// with no OIDC provider enabled, Web3 sign-in, the PKCE grant (no flow state is ever created),
// passkeys, SAML SSO, the OAuth 2.1 server, custom OAuth providers, SCIM and OAuth provider
// redirects. Nothing here writes anything.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AuthError, OAuthError, optionalBoolean, optionalString, queryOf, sendAuthJson, validationFailed, type JsonObject } from './http.ts';

const APPLE_ISSUERS = ['https://appleid.apple.com', 'https://account.apple.com'];
const AZURE_ISSUER = /^https:\/\/login[.]microsoftonline[.]com\/([^/]+)\/v2[.]0\/?$/;

/** Issuers of the providers Supabase Auth accepts ID tokens of, by provider name. */
const FIXED_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  vercel_marketplace: 'https://marketplace.vercel.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
};

/** The `iss` of a JWT read without verification (Auth's Apple / Azure issuer detection); undefined if unreadable. */
function unverifiedIssuer(idToken: string): string | undefined {
  const parts = idToken.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as unknown;
    if (typeof payload !== 'object' || payload === null) return undefined;
    const iss = (payload as { iss?: unknown }).iss;
    return typeof iss === 'string' ? iss : '';
  } catch {
    return undefined;
  }
}

const providerDisabled = (issuer: string): AuthError => new AuthError(400, 'provider_disabled', `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`);

/**
 * POST /token?grant_type=id_token: no OIDC provider is configured locally, so every request ends in
 * the error Supabase Auth gives for it — its request checks first, then the provider's issuer and
 * 400 provider_disabled. `requireUser` authenticates a link_identity request (as Auth does first).
 */
export async function idTokenGrant(body: JsonObject, req: IncomingMessage, requireUser: () => Promise<unknown>): Promise<never> {
  const idToken = optionalString(body, 'id_token') ?? '';
  const provider = optionalString(body, 'provider') ?? '';
  const issuer = optionalString(body, 'issuer') ?? '';
  const clientId = optionalString(body, 'client_id') ?? '';
  if (idToken === '') throw new OAuthError('invalid request', 'id_token required');
  if (provider === '' && (clientId === '' || issuer === '')) throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  if (optionalBoolean(body, 'link_identity') === true) {
    if (!req.headers.authorization) throw new OAuthError('invalid request', 'Linking requires a valid user access token in Authorization');
    await requireUser();
  }
  const detected = (name: string, accepts: (iss: string) => boolean, what: string): string => {
    const iss = unverifiedIssuer(idToken);
    if (iss === undefined) throw validationFailed(`Unable to detect issuer in ID token for ${name} provider`);
    if (!accepts(iss)) throw validationFailed(`Detected ID token issuer is not an ${what} ID token issuer`);
    if (issuer !== '' && issuer !== iss) throw validationFailed('Provided issuer does not match ID token issuer');
    return iss;
  };
  if (provider === 'apple' || APPLE_ISSUERS.includes(issuer)) throw providerDisabled(detected('Apple', (iss) => APPLE_ISSUERS.includes(iss), 'Apple'));
  if (provider === 'google' || issuer === FIXED_ISSUERS.google) throw providerDisabled(FIXED_ISSUERS.google!);
  if (provider === 'azure' || AZURE_ISSUER.test(issuer)) {
    const iss = unverifiedIssuer(idToken);
    if (iss === undefined) throw validationFailed('Unable to detect issuer in ID token for Azure provider');
    if (!iss.startsWith('https://login.microsoftonline.com/') && !iss.startsWith('https://sts.windows.net/')) {
      throw validationFailed('Detected ID token issuer is not an Azure ID token issuer');
    }
    if (issuer !== '' && issuer !== iss) throw validationFailed('Provided issuer does not match ID token issuer');
    throw providerDisabled(iss);
  }
  for (const name of ['facebook', 'keycloak', 'kakao', 'vercel_marketplace', 'snapchat']) {
    const fixed = FIXED_ISSUERS[name];
    if (provider === name || (fixed !== undefined && issuer === fixed)) throw providerDisabled(fixed ?? '');
  }
  if (provider.startsWith('custom:')) throw validationFailed('Custom OAuth providers are disabled');
  throw validationFailed(`Custom OIDC provider ${JSON.stringify(provider)} not allowed`);
}

/** POST /token?grant_type=web3: neither Solana nor Ethereum sign-in is enabled. */
export function web3Grant(): never {
  throw new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
}

/** POST /token?grant_type=pkce: the local stack starts no PKCE flow, so no auth code is ever valid. */
export function pkceGrant(body: JsonObject): never {
  const authCode = optionalString(body, 'auth_code') ?? '';
  const verifier = optionalString(body, 'code_verifier') ?? '';
  if (authCode === '' || verifier === '') throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
}

const passkeysDisabled = (): AuthError => new AuthError(404, 'passkey_disabled', 'Passkeys are disabled');
const samlDisabled = (): AuthError => new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
export const oauthServerDisabled = (): AuthError => new AuthError(404, 'feature_disabled', 'OAuth server is disabled');

/**
 * The public routes of the disabled features; true when `subpath` is one of them (it then threw
 * or answered). The caller has routed everything that needs a user or the service role.
 */
export function publicFeatureOff(req: IncomingMessage, subpath: string): boolean {
  if (subpath === '/passkeys' || subpath.startsWith('/passkeys/')) throw passkeysDisabled();
  if (subpath === '/sso' || subpath === '/sso/saml/metadata' || subpath === '/sso/saml/acs') throw samlDisabled();
  if (subpath.startsWith('/oauth/')) throw oauthServerDisabled();
  if (subpath === '/.well-known/oauth-authorization-server') throw oauthServerDisabled();
  if (subpath === '/scim/v2' || subpath.startsWith('/scim/v2/')) throw new AuthError(404, 'feature_disabled', 'SCIM server is disabled');
  if (subpath === '/authorize' && (req.method ?? 'GET') === 'GET') {
    const provider = queryOf(req).get('provider') ?? '';
    throw validationFailed(`Unsupported provider: ${provider === '' ? 'provider is required' : 'provider is not enabled'}`);
  }
  return false;
}

/**
 * The admin routes of the disabled features (the caller checked the service role): SSO providers
 * (none: the list is empty, any one is not found, and a new one is refused as SAML is off), OAuth
 * clients and custom providers (404 feature_disabled). True when handled.
 */
export function adminFeatureOff(req: IncomingMessage, res: ServerResponse, subpath: string): boolean {
  const method = req.method ?? 'GET';
  if (subpath === '/admin/oauth' || subpath.startsWith('/admin/oauth/')) throw oauthServerDisabled();
  if (subpath === '/admin/custom-providers' || subpath.startsWith('/admin/custom-providers/')) {
    throw new AuthError(404, 'feature_disabled', 'Custom OAuth providers are disabled');
  }
  if (subpath === '/admin/sso/providers') {
    if (method === 'GET') {
      sendAuthJson(res, 200, { items: [] });
      return true;
    }
    if (method === 'POST') throw samlDisabled();
  }
  if (/^\/admin\/sso\/providers\/[^/]+$/.test(subpath)) throw new AuthError(404, 'sso_provider_not_found', 'SSO Identity Provider not found');
  return false;
}

/** /admin/users/{id}/passkeys[/{passkey_id}] of an existing user: none to list, none to delete. */
export function adminPasskeys(req: IncomingMessage, res: ServerResponse, passkeyId: string | undefined): void {
  const method = req.method ?? 'GET';
  if (passkeyId === undefined && method === 'GET') {
    sendAuthJson(res, 200, []);
    return;
  }
  if (passkeyId !== undefined && method === 'DELETE') throw new AuthError(404, 'validation_failed', 'Passkey not found');
  throw new AuthError(405, 'method_not_allowed', `Method ${method} not allowed`);
}

/**
 * /.well-known/openid-configuration, which Supabase Auth serves even with its OAuth server off (no
 * registration endpoint then).
 */
export function openIdConfiguration(issuer: string): JsonObject {
  const base = issuer.replace(/\/+$/, '');
  return {
    issuer,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    userinfo_endpoint: `${base}/oauth/userinfo`,
    scopes_supported: ['openid', 'profile', 'email', 'phone', 'offline_access'],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256', 'HS256', 'ES256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    claims_supported: ['sub', 'aud', 'iss', 'exp', 'iat', 'auth_time', 'nonce', 'email', 'email_verified', 'phone_number', 'phone_number_verified', 'name', 'picture', 'preferred_username', 'updated_at'],
    code_challenge_methods_supported: ['S256', 'plain'],
  };
}
