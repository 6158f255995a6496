// Verification and signing of the JWTs used by every API of the local stack.
//
// Tokens are signed with the project's HS256 secret, or — once the Auth module has registered the
// project's asymmetric signing keys ([auth] signing_keys_path of config.toml, a JSON array of
// private JWKs as `supabase gen signing-key` writes them; ES256 and RS256) — Auth's access tokens
// are signed with the first of those keys (header `kid`), as Supabase Auth signs with its signing
// key. verifyJwt accepts both everywhere (REST, Storage, Realtime, Auth): HS256 with the secret,
// ES256 / RS256 with the registered public key of the token's `kid` (or, without a `kid`, any
// registered key of that algorithm). The keys are registered per project secret, by the Auth
// module before the server listens (createAuthModule), so callers keep passing the secret.
import { readFile } from 'node:fs/promises';
import { decodeProtectedHeader, errors as joseErrors, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';

export type DbRole = 'anon' | 'authenticated' | 'service_role';

export interface Claims extends JWTPayload {
  role?: string;
  email?: string;
  phone?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  session_id?: string;
  aal?: string;
  is_anonymous?: boolean;
}

export type VerifyResult =
  | { ok: true; claims: Claims; role: DbRole }
  | { ok: false; reason: 'expired' | 'invalid' | 'bad_role'; message: string };

const ALLOWED_ROLES: readonly DbRole[] = ['anon', 'authenticated', 'service_role'];

export type SigningAlgorithm = 'ES256' | 'RS256';

/** One asymmetric signing key of the project: its private half signs, its public half is published. */
export interface SigningKey {
  kid: string | undefined;
  alg: SigningAlgorithm;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public JWK as /.well-known/jwks.json shows it (use "sig", key_ops ["verify"], as Supabase Auth). */
  publicJwk: JWK;
}

function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

const keyrings = new Map<string, readonly SigningKey[]>();

/** Registers (or, with [], removes) the asymmetric signing keys of the project using `secret`. */
export function registerSigningKeys(secret: string, keys: readonly SigningKey[]): void {
  if (keys.length === 0) keyrings.delete(secret);
  else keyrings.set(secret, keys);
}

/**
 * The `alg` values verifyJwt can verify for the project using `secret`: HS256, and the algorithms of
 * its registered signing keys. For a caller that refuses other algorithms before verifying, with
 * an error of its own (PostgREST's PGRST301 "Wrong or unsupported encoding algorithm").
 */
export function verifiableAlgorithms(secret: string): string[] {
  return ['HS256', ...new Set((keyrings.get(secret) ?? []).map((key) => key.alg))];
}

/** The public JWKs of the project's signing keys (none when it signs with the HS256 secret only). */
export function publicJwks(secret: string): JWK[] {
  return (keyrings.get(secret) ?? []).map((key) => ({ ...key.publicJwk }));
}

const KEY_FIELDS: Record<SigningAlgorithm, { kty: string; public: readonly string[]; private: readonly string[] }> = {
  ES256: { kty: 'EC', public: ['crv', 'x', 'y'], private: ['d'] },
  RS256: { kty: 'RSA', public: ['n', 'e'], private: ['d', 'p', 'q', 'dp', 'dq', 'qi'] },
};

/**
 * The signing keys of a JWK array (the content of signing_keys_path): each an ES256 (EC P-256) or
 * RS256 (RSA) private key with its `alg`. Throws an Error naming the faulty entry.
 */
export async function parseSigningKeys(json: unknown, source = 'signing keys'): Promise<SigningKey[]> {
  if (!Array.isArray(json)) throw new Error(`${source}: expected a JSON array of JWKs`);
  const keys: SigningKey[] = [];
  for (const [index, entry] of json.entries()) {
    const where = `${source}[${index}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new Error(`${where}: not a JWK object`);
    const jwk = entry as Record<string, unknown>;
    const alg = jwk.alg;
    if (alg !== 'ES256' && alg !== 'RS256') throw new Error(`${where}: unsupported algorithm ${JSON.stringify(alg)} (ES256 or RS256)`);
    const fields = KEY_FIELDS[alg];
    if (jwk.kty !== fields.kty) throw new Error(`${where}: ${alg} needs kty "${fields.kty}"`);
    if (alg === 'ES256' && jwk.crv !== 'P-256') throw new Error(`${where}: ES256 needs crv "P-256"`);
    const kid = typeof jwk.kid === 'string' && jwk.kid !== '' ? jwk.kid : undefined;
    const material = (names: readonly string[]): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const name of names) {
        const value = jwk[name];
        if (typeof value !== 'string' || value === '') throw new Error(`${where}: missing "${name}" (a private JWK is needed)`);
        out[name] = value;
      }
      return out;
    };
    const publicPart = { kty: fields.kty, ...material(fields.public) };
    const privatePart = { ...publicPart, ...material(fields.private) };
    let privateKey: CryptoKey;
    let publicKey: CryptoKey;
    try {
      privateKey = (await importJWK(privatePart, alg)) as CryptoKey;
      publicKey = (await importJWK(publicPart, alg)) as CryptoKey;
    } catch (error) {
      throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    keys.push({
      kid,
      alg,
      privateKey,
      publicKey,
      publicJwk: { ...publicPart, ...(kid === undefined ? {} : { kid }), alg, use: 'sig', key_ops: ['verify'] },
    });
  }
  if (keys.length === 0) throw new Error(`${source}: the array holds no key`);
  return keys;
}

/** Reads signing_keys_path (the CLI refuses to start without it, and so does the stack). */
export async function readSigningKeys(file: string): Promise<SigningKey[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`failed to read signing keys ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`failed to decode signing keys ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return parseSigningKeys(json, file);
}

type KeyChoice = { key: Uint8Array | CryptoKey; alg: string };

/** The keys a token may be verified with, from its header (HS256: the secret; else by kid / alg). */
function candidateKeys(token: string, secret: string): KeyChoice[] {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return [{ key: secretKey(secret), alg: 'HS256' }];
  }
  const alg = header.alg;
  const keys = keyrings.get(secret) ?? [];
  if (alg === 'ES256' || alg === 'RS256') {
    const matching = keys.filter((key) => key.alg === alg && (header.kid === undefined || key.kid === header.kid));
    return matching.map((key) => ({ key: key.publicKey, alg }));
  }
  // HS256, and anything else: verified against the secret with HS256 only (so `none` or a forged
  // algorithm fails), as Supabase Auth falls back to the secret for HS256.
  return [{ key: secretKey(secret), alg: 'HS256' }];
}

/**
 * Verifies a bearer token: HS256 with the secret, or ES256 / RS256 with the project's registered
 * public keys (never `alg: none`); signature, expiry, known role (read by `roleOf` when given).
 */
export async function verifyJwt(token: string, secret: string, roleOf?: (claims: Claims) => string): Promise<VerifyResult> {
  const candidates = candidateKeys(token, secret);
  if (candidates.length === 0) {
    let header: { kid?: unknown; alg?: unknown } = {};
    try {
      header = decodeProtectedHeader(token);
    } catch {
      // candidateKeys only returns no candidate for a readable header
    }
    return { ok: false, reason: 'invalid', message: `unrecognized JWT kid ${String(header.kid ?? '<nil>')} for algorithm ${String(header.alg)}` };
  }
  let failure: unknown;
  for (const candidate of candidates) {
    try {
      const { payload } = await jwtVerify(token, candidate.key, { algorithms: [candidate.alg], clockTolerance: 0 });
      const claims = payload as Claims;
      // `roleOf`: where the role is read (PostgREST's jwt-role-claim-key); the `role` claim otherwise.
      const role = roleOf ? roleOf(claims) : typeof claims.role === 'string' ? claims.role : '';
      if (!ALLOWED_ROLES.includes(role as DbRole)) {
        return { ok: false, reason: 'bad_role', message: `role "${role}" does not exist` };
      }
      return { ok: true, claims, role: role as DbRole };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
      failure = error;
    }
  }
  return { ok: false, reason: 'invalid', message: failure instanceof Error ? failure.message : 'invalid JWT' };
}

/** Signs claims with the project's secret (HS256, typ JWT). `exp`/`iat` must be in the claims. */
export async function signJwt(claims: Claims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretKey(secret));
}

/**
 * Signs an access token of the project: with its first asymmetric signing key when it has some
 * (header alg and kid), else with the HS256 secret.
 */
export async function signAccessToken(claims: Claims, secret: string): Promise<string> {
  const key = keyrings.get(secret)?.[0];
  if (!key) return signJwt(claims, secret);
  return new SignJWT(claims).setProtectedHeader({ alg: key.alg, typ: 'JWT', ...(key.kid === undefined ? {} : { kid: key.kid }) }).sign(key.privateKey);
}

/** The bearer token of a request: Authorization header first, else the apikey header. */
export function bearerToken(headers: Record<string, string | string[] | undefined>): string | undefined {
  const authorization = headers['authorization'];
  const value = Array.isArray(authorization) ? authorization[0] : authorization;
  if (value) {
    const match = /^Bearer\s+(.+)$/i.exec(value.trim());
    if (match) return match[1]!.trim();
  }
  const apikey = headers['apikey'];
  const key = Array.isArray(apikey) ? apikey[0] : apikey;
  return key && key.length > 0 ? key : undefined;
}
