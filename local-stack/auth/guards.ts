// Who is calling the Auth API: the user of /user, /logout and /factors, the service role of /admin
// (from Authorization alone: Auth never reads `apikey`, see index.ts). Each check answers with
// Supabase Auth's status and code.
import type { IncomingMessage } from 'node:http';
import type { StackConfig } from '../config.ts';
import { verifyJwt, type Claims } from '../jwt.ts';
import { AuthError, authorizationBearer } from './http.ts';
import { findSession, type SessionRow } from './sessions.ts';
import { findUserById, isBanned, isUuid, type Queryable, type UserRow } from './users.ts';

const noAuthorization = (message: string): AuthError => new AuthError(401, 'no_authorization', message);
const badJwt = (message: string): AuthError =>
  new AuthError(403, 'bad_jwt', message, {}, { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"` });

async function verifiedClaims(req: IncomingMessage, config: StackConfig): Promise<Claims> {
  const token = authorizationBearer(req);
  if (!token) throw noAuthorization('This endpoint requires a valid Bearer token');
  const verified = await verifyJwt(token, config.jwtSecret);
  if (!verified.ok) {
    const reason = verified.reason === 'expired' ? 'token has invalid claims: token is expired' : verified.message;
    throw badJwt(`invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  return verified.claims;
}

export interface CurrentUser {
  user: UserRow;
  claims: Claims;
  /** The session of the token (undefined only for tokens minted without session_id). */
  session: SessionRow | undefined;
}

/**
 * /user and /logout: a valid user JWT whose user exists, is not banned, and whose session
 * (session_id claim) has not been signed out.
 */
export async function requireUser(req: IncomingMessage, config: StackConfig, db: Queryable): Promise<CurrentUser> {
  const claims = await verifiedClaims(req, config);
  if (typeof claims.sub !== 'string' || claims.sub === '') throw badJwt('invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) throw badJwt('invalid claim: sub claim must be a UUID');
  const user = await findUserById(db, claims.sub);
  if (!user || user.deleted_at) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  let session: SessionRow | undefined;
  if (claims.session_id !== undefined) {
    if (typeof claims.session_id !== 'string' || !isUuid(claims.session_id)) throw badJwt('invalid claim: session_id claim must be a UUID');
    session = await findSession(db, claims.session_id);
    if (!session || session.user_id !== user.id) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  // As Supabase Auth: a user banned after the token was issued is refused (403 user_banned).
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
  return { user, claims, session };
}

/** /admin/*: a valid JWT whose role is service_role. */
export async function requireServiceRole(req: IncomingMessage, config: StackConfig): Promise<void> {
  const claims = await verifiedClaims(req, config);
  if (claims.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed');
}
