// The Auth API of the local stack (/auth/v1): the subset of Supabase Auth (GoTrue) that
// @supabase/supabase-js uses — password and refresh-token grants, the current user, sign-out,
// and the admin user endpoints — with GoTrue's status codes, error codes and headers.
//
// auth.* is written through the stack's superuser pool, as GoTrue writes it as
// supabase_auth_admin: this is trusted server code. Every value is a bind parameter.
//
// Refresh-token reuse: a rotated (revoked) token used again within the reuse interval (default
// 10 s, as GoTrue; SDV_AUTH_REFRESH_REUSE_INTERVAL_SECONDS) while its child is the session's
// active token returns that active token (concurrent refreshes of several tabs); any other reuse
// revokes every token of the session and answers 400 refresh_token_already_used.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { clientAddress } from '../http-util.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, isConnectionError } from '../pg-errors.ts';
import type { ApiContext, HttpModule, HttpModuleFactory } from '../types.ts';
import { handleAdmin } from './admin.ts';
import { requireApiKey, requireServiceRole, requireUser } from './guards.ts';
import {
  AuthError,
  invalidCredentials,
  normaliseEmail,
  optionalObject,
  optionalString,
  queryOf,
  readJsonObject,
  sendAuthError,
  sendAuthJson,
  sendNoContent,
  validationFailed,
} from './http.ts';
import { FailureLimiter, rateLimitSettings } from './rate-limit.ts';
import { createSession, insertRefreshToken, sessionResponse, withTransaction, type RefreshTokenRow, type SessionRow } from './sessions.ts';
import {
  checkPasswordStrength,
  emailExists,
  emailTaken,
  findUserByEmail,
  findUserById,
  hashPassword,
  isBanned,
  mergeMetadata,
  oneUserJson,
  passwordMatches,
  USER_COLUMNS,
  type UserRow,
} from './users.ts';

const userBanned = (): AuthError => new AuthError(400, 'user_banned', 'User is banned');

function reuseIntervalMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SDV_AUTH_REFRESH_REUSE_INTERVAL_SECONDS;
  const value = raw === undefined || raw === '' ? 10 : Number(raw);
  return Number.isFinite(value) && value >= 0 ? value * 1000 : 10_000;
}

class AuthModule implements HttpModule {
  private readonly limiter = new FailureLimiter(rateLimitSettings());
  private readonly reuseInterval = reuseIntervalMs();
  private readonly config: StackConfig;
  private readonly pool: pg.Pool;

  constructor(private readonly ctx: ApiContext) {
    this.config = ctx.config;
    this.pool = ctx.pool;
  }

  async handle(req: IncomingMessage, res: ServerResponse, subpath: string): Promise<void> {
    try {
      await this.route(req, res, subpath);
    } catch (error) {
      if (error instanceof AuthError) {
        sendAuthError(res, error);
      } else if (isConnectionError(error)) {
        sendAuthError(res, new AuthError(503, 'unexpected_failure', DATABASE_UNAVAILABLE_MESSAGE, {}, { 'Retry-After': '1' }));
      } else {
        this.ctx.log(`[auth] ${req.method ?? '?'} ${subpath}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        sendAuthError(res, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
      }
    }
  }

  close(): Promise<void> {
    this.limiter.close();
    return Promise.resolve();
  }

  private async route(req: IncomingMessage, res: ServerResponse, rawSubpath: string): Promise<void> {
    const subpath = rawSubpath.length > 1 ? rawSubpath.replace(/\/+$/, '') : rawSubpath;
    const method = req.method ?? 'GET';
    const allow = (...methods: string[]): void => {
      if (!methods.includes(method)) throw new AuthError(405, 'method_not_allowed', `Method ${method} not allowed on ${subpath}`, {}, { Allow: methods.join(', ') });
    };

    if (subpath === '/health') {
      allow('GET', 'HEAD');
      sendAuthJson(res, 200, { version: 'sdv-local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
      return;
    }
    if (subpath === '/settings') {
      allow('GET', 'HEAD');
      sendAuthJson(res, 200, {
        external: { email: true, phone: false, anonymous_users: false },
        disable_signup: true,
        mailer_autoconfirm: false,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      });
      return;
    }
    if (subpath === '/token') {
      allow('POST');
      await requireApiKey(req, this.config);
      const grantType = queryOf(req).get('grant_type');
      if (grantType === 'password') return this.passwordGrant(req, res);
      if (grantType === 'refresh_token') return this.refreshGrant(req, res);
      throw validationFailed('unsupported_grant_type');
    }
    if (subpath === '/signup') {
      allow('POST');
      await requireApiKey(req, this.config);
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    }
    if (subpath === '/user') {
      allow('GET', 'PUT');
      if (method === 'GET') return this.getUser(req, res);
      return this.updateUser(req, res);
    }
    if (subpath === '/logout') {
      allow('POST');
      return this.logout(req, res);
    }
    if (subpath === '/admin' || subpath.startsWith('/admin/')) {
      await requireServiceRole(req, this.config);
      return handleAdmin(this.pool, req, res, subpath);
    }
    throw new AuthError(404, 'not_found', `Not found: ${subpath} is not supported by the local Auth server`);
  }

  private async passwordGrant(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJsonObject(req);
    const rawEmail = optionalString(body, 'email');
    const password = optionalString(body, 'password');
    if (rawEmail === undefined || rawEmail.trim() === '') throw validationFailed('Only an email address or phone number should be provided on login.');
    if (password === undefined || password === '') throw validationFailed('Password is required');
    const email = normaliseEmail(rawEmail);
    const address = clientAddress(req);
    if (this.limiter.isLimited(email, address)) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, { 'Retry-After': '60' });
    }
    const user = await findUserByEmail(this.pool, email);
    const valid = await passwordMatches(password, user?.encrypted_password);
    if (!user || !valid || user.deleted_at) {
      this.limiter.recordFailure(email, address);
      throw invalidCredentials();
    }
    if (isBanned(user)) throw userBanned();
    if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');

    const userAgent = req.headers['user-agent'];
    const response = await withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<UserRow>(
        `update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
        [user.id],
      );
      await client.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [user.id]);
      const signedIn = rows[0]!;
      const session = await createSession(client, signedIn.id, userAgent, address);
      const refreshToken = await insertRefreshToken(client, session, null);
      return sessionResponse(client, this.config, signedIn, session, refreshToken);
    });
    sendAuthJson(res, 200, response);
  }

  private async refreshGrant(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJsonObject(req);
    const token = optionalString(body, 'refresh_token');
    if (token === undefined || token === '') throw validationFailed('refresh_token required');
    if (token.length > 255) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

    // The error of a reuse must be committed (the family is revoked), so it is returned, not thrown.
    const outcome = await withTransaction(this.pool, async (client): Promise<{ error: AuthError } | { body: Record<string, unknown> }> => {
      const found = await client.query<RefreshTokenRow>(
        `select rt.id, rt.token, rt.user_id, rt.revoked, rt.updated_at, rt.parent, rt.session_id
           from auth.refresh_tokens rt where rt.token = $1`,
        [token],
      );
      const current = found.rows[0];
      if (!current || !current.session_id) return { error: new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
      // Lock the session: concurrent refreshes of one session are decided one after another.
      const sessions = await client.query<SessionRow>('select id, user_id, created_at from auth.sessions where id = $1 for update', [current.session_id]);
      const session = sessions.rows[0];
      if (!session) return { error: new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
      const user = await findUserById(client, session.user_id);
      if (!user || user.deleted_at) return { error: new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
      if (isBanned(user)) return { error: userBanned() };
      // Re-read under the lock: another request may have rotated this token meanwhile.
      const locked = await client.query<RefreshTokenRow>(
        'select id, token, user_id, revoked, updated_at, parent, session_id from auth.refresh_tokens where id = $1',
        [current.id],
      );
      const used = locked.rows[0];
      if (!used) return { error: new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };

      let issued: string;
      if (used.revoked) {
        const active = await client.query<{ token: string; parent: string | null }>(
          `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
          [session.id],
        );
        const child = active.rows[0];
        const withinInterval = Date.now() < used.updated_at.getTime() + this.reuseInterval;
        if (child && child.parent === used.token && withinInterval) {
          issued = child.token;
        } else {
          await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false', [session.id]);
          return { error: new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
        }
      } else {
        await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [used.id]);
        issued = await insertRefreshToken(client, session, used.token);
      }
      await client.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [session.id]);
      return { body: await sessionResponse(client, this.config, user, session, issued) };
    });
    if ('error' in outcome) throw outcome.error;
    sendAuthJson(res, 200, outcome.body);
  }

  private async getUser(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { user } = await requireUser(req, this.config, this.pool);
    sendAuthJson(res, 200, await oneUserJson(this.pool, user));
  }

  private async updateUser(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const current = await requireUser(req, this.config, this.pool);
    const body = await readJsonObject(req);
    const password = optionalString(body, 'password');
    const rawEmail = optionalString(body, 'email');
    const data = optionalObject(body, 'data');
    const email = rawEmail === undefined ? undefined : normaliseEmail(rawEmail);
    let hash: string | undefined;
    if (password !== undefined) {
      checkPasswordStrength(password);
      if (await passwordMatches(password, current.user.encrypted_password)) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      hash = await hashPassword(password);
    }

    const json = await withTransaction(this.pool, async (client) => {
      const user = await findUserById(client, current.user.id, true);
      if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      const emailChanges = email !== undefined && email !== user.email;
      if (emailChanges && (await emailTaken(client, email, user.id))) throw emailExists();
      const { rows } = await client.query<UserRow>(
        `update auth.users set
           encrypted_password = coalesce($2::text, encrypted_password),
           email = coalesce($3::text, email),
           email_confirmed_at = case when $3::text is not null then now() else email_confirmed_at end,
           raw_user_meta_data = coalesce($4::jsonb, raw_user_meta_data),
           updated_at = now()
         where id = $1
         returning ${USER_COLUMNS}`,
        [user.id, hash ?? null, emailChanges ? email : null, data ? JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)) : null],
      );
      if (emailChanges) {
        await client.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [user.id, email],
        );
      }
      if (hash !== undefined) {
        // As Supabase Auth: a new password signs out every other session of the user.
        await client.query('delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)', [user.id, current.session?.id ?? null]);
      }
      return oneUserJson(client, rows[0]!);
    });
    sendAuthJson(res, 200, json);
  }

  private async logout(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const scope = queryOf(req).get('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') throw validationFailed(`Unsupported logout scope "${scope}"`);
    const { user, session } = await requireUser(req, this.config, this.pool);
    // Deleting a session deletes its refresh tokens (foreign key on delete cascade).
    if (scope === 'global') {
      await this.pool.query('delete from auth.sessions where user_id = $1', [user.id]);
    } else if (scope === 'local') {
      if (session) await this.pool.query('delete from auth.sessions where id = $1', [session.id]);
    } else {
      await this.pool.query('delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)', [user.id, session?.id ?? null]);
    }
    sendNoContent(res);
  }
}

export const createAuthModule: HttpModuleFactory = (ctx: ApiContext) => Promise.resolve(new AuthModule(ctx));
