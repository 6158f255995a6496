// Verification and signing of the HS256 JWTs used by every API of the local stack.
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

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

function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** Verifies a bearer token: HS256 only (never `alg: none`), signature, expiry, known role. */
export async function verifyJwt(token: string, secret: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), { algorithms: ['HS256'], clockTolerance: 0 });
    const claims = payload as Claims;
    const role = typeof claims.role === 'string' ? claims.role : '';
    if (!ALLOWED_ROLES.includes(role as DbRole)) {
      return { ok: false, reason: 'bad_role', message: `role "${role}" does not exist` };
    }
    return { ok: true, claims, role: role as DbRole };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    return { ok: false, reason: 'invalid', message: error instanceof Error ? error.message : 'invalid JWT' };
  }
}

/** Signs claims with the project's secret (HS256, typ JWT). `exp`/`iat` must be in the claims. */
export async function signJwt(claims: Claims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretKey(secret));
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
