// Sessions, refresh tokens and access tokens, stored as Supabase Auth stores them
// (auth.sessions, auth.refresh_tokens) and signed with the project's JWT secret.
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { signJwt, type Claims } from '../jwt.ts';
import type { JsonObject } from './http.ts';
import { oneUserJson, type Queryable, type UserRow } from './users.ts';

const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
}

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

export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    try {
      await client.query('rollback');
    } catch {
      broken = true;
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

export async function createSession(db: Queryable, userId: string, userAgent: string | undefined, address: string): Promise<SessionRow> {
  const { rows } = await db.query<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet)
     returning id, user_id, created_at`,
    [randomUUID(), userId, userAgent?.slice(0, 512) ?? null, net.isIP(address) ? address : null],
  );
  return rows[0]!;
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

/** How the session was signed in (the `amr` claim). */
export type SignInMethod = 'password' | 'otp';

export async function accessToken(
  config: StackConfig,
  user: UserRow,
  session: SessionRow,
  method: SignInMethod = 'password',
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
    aal: 'aal1',
    amr: [{ method, timestamp: Math.floor(session.created_at.getTime() / 1000) }],
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
  return { token: await signJwt(claims, config.jwtSecret), exp };
}

/** The body of a successful token grant. */
export async function sessionResponse(
  db: Queryable,
  config: StackConfig,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  method: SignInMethod = 'password',
): Promise<JsonObject> {
  const { token, exp } = await accessToken(config, user, session, method);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: config.jwtExpirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await oneUserJson(db, user),
  };
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>('select id, user_id, created_at from auth.sessions where id = $1', [id]);
  return rows[0];
}
