// Who is calling: the verified JWT (Authorization bearer, else apikey) → database role and claims.
// Errors follow PostgREST: PGRST301 for tokens that cannot be decoded/verified, PGRST303 for
// claims errors (expired), 401 22023 for a role that does not exist, always with WWW-Authenticate.
import type { IncomingMessage } from 'node:http';
import { bearerToken, verifiableAlgorithms, verifyJwt, type Claims, type DbRole } from '../jwt.ts';
import { ApiError, invalidTokenHeader } from './errors.ts';
import { audienceError, DEFAULT_ROLE_CLAIM_KEY, roleFromClaims, type JsPath } from './jwt-settings.ts';

/** The authenticator's JWT settings in force (db-config.ts RestSettings). */
export interface JwtSettings {
  jwtAud: string | null;
  roleClaimKey: JsPath;
}

const DEFAULT_JWT_SETTINGS: JwtSettings = { jwtAud: null, roleClaimKey: DEFAULT_ROLE_CLAIM_KEY };

export interface Caller {
  role: DbRole;
  claims: Claims;
  /** True unless the caller runs as anon (PostgREST's "authed": 42501 → 403 instead of 401). */
  authenticated: boolean;
}

function jwtError(code: 'PGRST301' | 'PGRST303', message: string, details: string | null = null): ApiError {
  return new ApiError(401, code, message, details, null, invalidTokenHeader(message));
}

interface CachedToken {
  caller: Caller;
  exp: number | null;
}

const MAX_CACHED = 2000;

/** Verifies tokens, remembering verified ones until they expire (verification is per token, not per request). */
export class CallerResolver {
  private readonly cache = new Map<string, CachedToken>();
  /** The settings the cached tokens were verified with; other settings empty the cache. */
  private cachedFor = JSON.stringify(DEFAULT_JWT_SETTINGS);
  constructor(private readonly secret: string) {}

  async resolve(req: IncomingMessage, jwt: JwtSettings = DEFAULT_JWT_SETTINGS): Promise<Caller> {
    const settingsKey = JSON.stringify({ jwtAud: jwt.jwtAud, roleClaimKey: jwt.roleClaimKey });
    if (settingsKey !== this.cachedFor) {
      this.cache.clear();
      this.cachedFor = settingsKey;
    }
    const token = bearerToken(req.headers);
    const authorization = req.headers['authorization'];
    if (token === undefined) {
      if (typeof authorization === 'string' && /^Bearer\s*$/i.test(authorization.trim())) {
        throw jwtError('PGRST301', 'Empty JWT is sent in Authorization header');
      }
      return { role: 'anon', claims: { role: 'anon' }, authenticated: false };
    }
    const now = Math.floor(Date.now() / 1000);
    const cached = this.cache.get(token);
    if (cached) {
      if (cached.exp === null || cached.exp > now) return cached.caller;
      this.cache.delete(token);
      throw jwtError('PGRST303', 'JWT expired');
    }
    const parts = token.split('.');
    if (parts.length !== 3) throw jwtError('PGRST301', `Expected 3 parts in JWT; got ${parts.length}`);
    let header: { alg?: unknown };
    try {
      header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as { alg?: unknown };
    } catch {
      throw jwtError('PGRST301', "JWT couldn't be decoded");
    }
    if (header === null || typeof header !== 'object' || typeof header.alg !== 'string' || !verifiableAlgorithms(this.secret).includes(header.alg)) {
      throw jwtError('PGRST301', 'Wrong or unsupported encoding algorithm', `JWT algorithm ${JSON.stringify(header?.alg ?? null)} is not supported`);
    }
    const custom = jwt.roleClaimKey !== DEFAULT_ROLE_CLAIM_KEY;
    const result = await verifyJwt(token, this.secret, custom ? (claims) => roleFromClaims(claims, jwt.roleClaimKey) : undefined);
    if (!result.ok) {
      if (result.reason === 'expired') throw jwtError('PGRST303', 'JWT expired');
      if (result.reason === 'bad_role') {
        throw new ApiError(401, '22023', result.message, null, null, invalidTokenHeader(result.message));
      }
      if (/"nbf"/.test(result.message)) throw jwtError('PGRST303', 'JWT not yet valid');
      if (/claim/i.test(result.message)) throw jwtError('PGRST303', 'Parsing claims failed', result.message);
      throw jwtError('PGRST301', 'JWT cryptographic operation failed');
    }
    const audience = audienceError(result.claims.aud, jwt.jwtAud);
    if (audience !== null) throw jwtError('PGRST303', audience);
    const caller: Caller = { role: result.role, claims: result.claims, authenticated: result.role !== 'anon' };
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(token, { caller, exp: typeof result.claims.exp === 'number' ? result.claims.exp : null });
    return caller;
  }
}
