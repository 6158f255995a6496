// Sessions, refresh tokens and access tokens, stored as Supabase Auth stores them
// (auth.sessions, auth.refresh_tokens) and signed with the project's JWT secret.
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import type { StackConfig } from '../config.ts';
import { signAccessToken, type Claims } from '../jwt.ts';
import type { JsonObject } from './http.ts';
import { oneUserJson, USER_COLUMNS, type Queryable, type UserRow } from './users.ts';

const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

/** How a session was signed in or stepped up (the `amr` claim). */
export type SignInMethod = 'password' | 'otp' | 'totp' | 'anonymous';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  /** 'aal1' after a password, code or link; 'aal2' once a second factor was verified. */
  aal: string | null;
}

export const SESSION_COLUMNS = 'id, user_id, created_at, aal';

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string;
}

/** A refresh token: 32 URL-safe characters from 24 random bytes. */
export function newRefreshToken(): string {
  return randomBytes(24).toString('base64url');
}

export { withTransaction } from '../db-session.ts';

/** A new aal1 session, with the sign-in method recorded for the `amr` claim. */
export async function createSession(
  db: Queryable,
  userId: string,
  userAgent: string | undefined,
  address: string,
  method: SignInMethod = 'password',
): Promise<SessionRow> {
  const { rows } = await db.query<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet)
     returning ${SESSION_COLUMNS}`,
    [randomUUID(), userId, userAgent?.slice(0, 512) ?? null, net.isIP(address) ? address : null],
  );
  const session = rows[0]!;
  await recordAuthenticationMethod(db, session.id, method);
  return session;
}

/** Adds (or refreshes) one authentication method of a session: it appears in the `amr` claim. */
export async function recordAuthenticationMethod(db: Queryable, sessionId: string, method: SignInMethod): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
}

interface AmrEntry {
  method: string;
  timestamp: number;
}

/** The `amr` claim: the session's methods, newest first, as Supabase Auth lists them. */
async function amrOf(db: Queryable, session: SessionRow): Promise<AmrEntry[]> {
  const { rows } = await db.query<{ method: string; at: string }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::bigint::text as at
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [session.id],
  );
  if (rows.length === 0) return [{ method: 'password', timestamp: Math.floor(session.created_at.getTime() / 1000) }];
  return rows.map((row) => ({ method: row.method, timestamp: Number(row.at) }));
}

export async function insertRefreshToken(db: Queryable, session: { id: string; user_id: string }, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [INSTANCE_ID, token, session.user_id, parent, session.id],
  );
  return token;
}

export async function accessToken(
  db: Queryable,
  config: StackConfig,
  user: UserRow,
  session: SessionRow,
): Promise<{ token: string; exp: number }> {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + config.jwtExpirySeconds;
  const claims: Claims = {
    iss: `${config.apiUrl}/auth/v1`,
    sub: user.id,
    aud: 'authenticated',
    exp,
    iat: now,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    // Always the authenticated role: a stored auth.users.role never lifts a user to service_role.
    role: 'authenticated',
    aal: session.aal === 'aal2' ? 'aal2' : 'aal1',
    amr: await amrOf(db, session),
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
  return { token: await signAccessToken(claims, config.jwtSecret), exp };
}

/** The body of a successful token grant (`weak_password` when the password no longer meets the rules). */
export async function sessionResponse(
  db: Queryable,
  config: StackConfig,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  weakPassword?: { message: string; reasons: string[] },
): Promise<JsonObject> {
  const { token, exp } = await accessToken(db, config, user, session);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: config.jwtExpirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await oneUserJson(db, user),
    ...(weakPassword ? { weak_password: weakPassword } : {}),
  };
}

/**
 * Signs a user in inside the caller's transaction, as Supabase Auth issues a session: the user's
 * (and the provider identity's) last_sign_in_at, a new aal1 session recording `method`, its first
 * refresh token, and the grant's body.
 */
export async function signIn(
  db: Queryable,
  config: StackConfig,
  userId: string,
  options: { userAgent: string | undefined; address: string; method: SignInMethod; provider?: string; weakPassword?: { message: string; reasons: string[] } },
): Promise<JsonObject> {
  const { rows } = await db.query<UserRow>(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning ${USER_COLUMNS}`, [userId]);
  if (options.provider) await db.query('update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = $2', [userId, options.provider]);
  const user = rows[0]!;
  const session = await createSession(db, user.id, options.userAgent, options.address, options.method);
  const refreshToken = await insertRefreshToken(db, session, null);
  return sessionResponse(db, config, user, session, refreshToken, options.weakPassword);
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(`select ${SESSION_COLUMNS} from auth.sessions where id = $1`, [id]);
  return rows[0];
}
