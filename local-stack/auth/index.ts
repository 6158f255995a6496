// The Auth API of the local stack (/auth/v1): what @supabase/supabase-js calls of Supabase Auth
// (GoTrue) — password and refresh-token grants, sign-up, magic link / e-mail OTP, /verify, recovery,
// e-mail change with double confirmation, reauthentication, the current user, sign-out and the
// admin user endpoints — with GoTrue's status codes, error codes and headers, and the settings of
// supabase/config.toml's [auth] sections. Its e-mails land in the local mailbox (../mail).
//
// auth.* is written through the stack's superuser pool, as GoTrue writes it as
// supabase_auth_admin: this is trusted server code. Every value is a bind parameter.
//
// Refresh-token reuse: a rotated (revoked) token used again within the reuse interval
// ([auth] refresh_token_reuse_interval; SDV_AUTH_REFRESH_REUSE_INTERVAL_SECONDS for test stacks) while its child is the session's
// active token returns that active token (concurrent refreshes of several tabs); any other reuse
// revokes every token of the session and answers 400 refresh_token_already_used.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { Mailbox, serveMailbox, type MailboxServer } from '../mail/mailbox.ts';
import { EmailBudget, EmailRateLimitExceeded, Mailer } from '../mail/mailer.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, isConnectionError } from '../pg-errors.ts';
import type { ApiContext, HttpModule, HttpModuleFactory } from '../types.ts';
import { handleAdmin } from './admin.ts';
import { AdminLinks } from './admin-links.ts';
import { handleIdentities } from './identities.ts';
import { actAs, EmailFlows } from './email-flows.ts';
import { handleAdminFactors, MfaFlows } from './mfa.ts';
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
import { clientAddressOf, FailureLimiter, rateLimitSettings } from './rate-limit.ts';
import { createSession, insertRefreshToken, SESSION_COLUMNS, sessionResponse, withTransaction, type RefreshTokenRow, type SessionRow } from './sessions.ts';
import {
  checkPasswordStrength,
  emailExists,
  emailTaken,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertEmailUser,
  isBanned,
  isUuid,
  mergeMetadata,
  oneUserJson,
  passwordMatches,
  USER_COLUMNS,
  type UserRow,
} from './users.ts';

const userBanned = (): AuthError => new AuthError(400, 'user_banned', 'User is banned');

function reuseIntervalMs(config: StackConfig, env: NodeJS.ProcessEnv = process.env): number {
  const fallback = config.project.auth.refresh_token_reuse_interval;
  const raw = env.SDV_AUTH_REFRESH_REUSE_INTERVAL_SECONDS;
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  return (Number.isFinite(value) && value >= 0 ? value : fallback) * 1000;
}

/** A session signed in longer ago than this needs a reauthentication nonce to change its password. */
const RECENT_SIGN_IN_MS = 24 * 60 * 60 * 1000;

class AuthModule implements HttpModule {
  private readonly limiter: FailureLimiter;
  private readonly reuseInterval: number;
  private readonly config: StackConfig;
  private readonly pool: pg.Pool;
  private readonly mailer: Mailer;
  private readonly flows: EmailFlows;
  private readonly mfa: MfaFlows;
  private readonly links: AdminLinks;

  constructor(
    private readonly ctx: ApiContext,
    mailbox: Mailbox,
    private readonly mailboxServer: MailboxServer | undefined,
  ) {
    this.config = ctx.config;
    this.pool = ctx.pool;
    this.limiter = new FailureLimiter(rateLimitSettings(ctx.config));
    this.reuseInterval = reuseIntervalMs(ctx.config);
    const { smtp, enable_confirmations: confirmations } = ctx.config.project.auth.email;
    const budget = smtp?.enabled && confirmations ? new EmailBudget(ctx.config.project.auth.rate_limit.email_sent) : undefined;
    this.mailer = new Mailer(mailbox, smtp, ctx.log, budget);
    this.flows = new EmailFlows(ctx.config, ctx.pool, this.mailer);
    this.links = new AdminLinks(ctx.config, ctx.pool, this.flows);
    this.mfa = new MfaFlows(ctx.config, ctx.pool);
  }

  private get auth(): StackConfig['project']['auth'] {
    return this.config.project.auth;
  }

  private address(req: IncomingMessage): string {
    return clientAddressOf(req, this.config.trustedProxies);
  }

  async handle(req: IncomingMessage, res: ServerResponse, subpath: string): Promise<void> {
    try {
      await this.route(req, res, subpath);
    } catch (error) {
      if (error instanceof AuthError) {
        sendAuthError(res, error);
      } else if (error instanceof EmailRateLimitExceeded) {
        sendAuthError(res, new AuthError(429, 'over_email_send_rate_limit', error.message));
      } else if (isConnectionError(error)) {
        sendAuthError(res, new AuthError(503, 'unexpected_failure', DATABASE_UNAVAILABLE_MESSAGE, {}, { 'Retry-After': '1' }));
      } else {
        this.ctx.log(`[auth] ${req.method ?? '?'} ${subpath}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        sendAuthError(res, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
      }
    }
  }

  async close(): Promise<void> {
    this.limiter.close();
    this.mailer.close();
    await this.mailboxServer?.close();
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
        external: { email: true, phone: false, anonymous_users: this.auth.enable_anonymous_sign_ins },
        disable_signup: !this.auth.enable_signup,
        mailer_autoconfirm: !this.auth.email.enable_confirmations,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      });
      return;
    }
    if (subpath === '/.well-known/jwks.json') {
      // Tokens are signed with the project's shared HS256 secret, which is never published: no
      // public keys to list, as Supabase Auth answers for a symmetric key.
      allow('GET', 'HEAD');
      sendAuthJson(res, 200, { keys: [] }, { 'Cache-Control': 'public, max-age=600' });
      return;
    }
    if (subpath === '/token') {
      allow('POST');
      await requireApiKey(req, this.config);
      const grantType = queryOf(req).get('grant_type');
      if (grantType === 'password') return this.passwordGrant(req, res);
      if (grantType === 'refresh_token') return this.refreshGrant(req, res);
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
    }
    if (subpath === '/signup') {
      allow('POST');
      await requireApiKey(req, this.config);
      return this.signup(req, res);
    }
    if (subpath === '/otp' || subpath === '/magiclink') {
      allow('POST');
      await requireApiKey(req, this.config);
      return this.flows.otp(req, res);
    }
    if (subpath === '/recover') {
      allow('POST');
      await requireApiKey(req, this.config);
      return this.flows.recover(req, res);
    }
    if (subpath === '/resend') {
      allow('POST');
      await requireApiKey(req, this.config);
      return this.flows.resend(req, res);
    }
    if (subpath === '/verify') {
      allow('GET', 'POST');
      if (method === 'POST') await requireApiKey(req, this.config);
      return this.verify(req, res);
    }
    if (subpath === '/reauthenticate') {
      allow('GET');
      const { user } = await requireUser(req, this.config, this.pool);
      await this.flows.reauthenticate(user);
      sendAuthJson(res, 200, {});
      return;
    }
    if (subpath.startsWith('/user/identities')) {
      const current = await requireUser(req, this.config, this.pool);
      return handleIdentities(this.config, this.pool, req, res, subpath.slice('/user/identities'.length), current);
    }
    if (subpath === '/invite' || subpath === '/admin/generate_link') {
      allow('POST');
      await requireServiceRole(req, this.config);
      return subpath === '/invite' ? this.links.invite(req, res) : this.links.generateLink(req, res);
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
    if (subpath === '/factors' || subpath.startsWith('/factors/')) {
      const current = await requireUser(req, this.config, this.pool);
      if (current.claims.is_anonymous === true) throw new AuthError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
      return this.mfa.handle(req, res, subpath, current, this.address(req));
    }
    const adminFactors = /^\/admin\/users\/([^/]+)\/factors(?:\/([^/]+))?$/.exec(subpath);
    if (adminFactors) {
      await requireServiceRole(req, this.config);
      const userId = adminFactors[1]!;
      if (!isUuid(userId)) throw validationFailed('user_id must be an UUID');
      return handleAdminFactors(this.pool, req, res, userId, adminFactors[2]);
    }
    if (subpath === '/admin' || subpath.startsWith('/admin/')) {
      await requireServiceRole(req, this.config);
      return handleAdmin(this.pool, req, res, subpath, this.auth.minimum_password_length);
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
    const address = this.address(req);
    if (this.limiter.isLimited('sign_in', address)) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, { 'Retry-After': '60' });
    }
    const user = await findUserByEmail(this.pool, email);
    const valid = await passwordMatches(password, user?.encrypted_password);
    if (!user || !valid || user.deleted_at) {
      this.limiter.recordFailure('sign_in', address);
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
    // [auth.rate_limit] token_refresh: every refresh of this address in the window counts.
    if (this.limiter.overBudget('refresh', this.address(req))) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, { 'Retry-After': '60' });
    }

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
      const sessions = await client.query<SessionRow>(`select ${SESSION_COLUMNS} from auth.sessions where id = $1 for update`, [current.session_id]);
      const session = sessions.rows[0];
      if (!session) return { error: new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
      const user = await findUserById(client, session.user_id);
      if (!user || user.deleted_at) return { error: new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
      if (isBanned(user)) return { error: new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned') };
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

  /**
   * PUT /user. A new e-mail takes effect only through /verify (both addresses confirm when
   * double_confirm_changes); a new password needs the reauthentication nonce when
   * secure_password_change is on and the session signed in more than 24 hours ago. The user's
   * claims are set in the transaction, so database triggers know who changed the row.
   */
  private async updateUser(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const current = await requireUser(req, this.config, this.pool);
    const body = await readJsonObject(req);
    const password = optionalString(body, 'password');
    const nonce = optionalString(body, 'nonce');
    const rawEmail = optionalString(body, 'email');
    const data = optionalObject(body, 'data');
    const email = rawEmail === undefined || rawEmail === '' ? undefined : normaliseEmail(rawEmail);
    let hash: string | undefined;
    if (password !== undefined) {
      if (current.user.is_anonymous && !current.user.email) {
        throw new AuthError(422, 'validation_failed', 'Updating password of an anonymous user without an email or phone is not allowed');
      }
      checkPasswordStrength(password, this.auth.minimum_password_length);
      if (await passwordMatches(password, current.user.encrypted_password)) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      hash = await hashPassword(password);
    }
    const needsNonce =
      hash !== undefined &&
      this.auth.email.secure_password_change &&
      (current.session === undefined || Date.now() > current.session.created_at.getTime() + RECENT_SIGN_IN_MS);
    if (needsNonce && (nonce === undefined || nonce === '')) {
      throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
    }
    const redirectTo = queryOf(req).get('redirect_to') ?? '';

    const json = await withTransaction(this.pool, async (client) => {
      const user = await findUserById(client, current.user.id, true);
      if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      const changesCredentials = hash !== undefined || (email !== undefined && email !== user.email);
      if (changesCredentials && current.session?.aal !== 'aal2' && (await this.mfa.hasVerifiedFactor(client, user.id))) {
        throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
      }
      await actAs(client, user.id);
      if (needsNonce) await this.flows.useNonce(client, user.id, nonce ?? '');
      const emailChanges = email !== undefined && email !== user.email;
      if (emailChanges && (await emailTaken(client, email, user.id))) throw emailExists();
      await client.query(
        `update auth.users set
           encrypted_password = coalesce($2::text, encrypted_password),
           raw_user_meta_data = coalesce($3::jsonb, raw_user_meta_data),
           updated_at = now()
         where id = $1`,
        [user.id, hash ?? null, data ? JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)) : null],
      );
      if (emailChanges) await this.flows.requestEmailChange(client, user.id, email, redirectTo);
      if (hash !== undefined) {
        // As Supabase Auth: a new password signs out every other session of the user.
        await client.query('delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)', [user.id, current.session?.id ?? null]);
      }
      const updated = await findUserById(client, user.id);
      return oneUserJson(client, updated!);
    });
    sendAuthJson(res, 200, json);
  }

  /** POST /verify; failed codes count against the caller's address ([auth.rate_limit] token_verifications). */
  private async verify(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = this.address(req);
    if (this.limiter.isLimited('verify', address)) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, { 'Retry-After': '60' });
    }
    try {
      await this.flows.verify(req, res, address);
    } catch (error) {
      if (error instanceof AuthError && error.code === 'otp_expired') this.limiter.recordFailure('verify', address);
      throw error;
    }
  }

  /**
   * POST /signup: refused with signup_disabled unless [auth] enable_signup; otherwise the user is
   * created, and signed in at once (enable_confirmations off) or mailed a confirmation.
   */
  private async signup(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = this.address(req);
    const body = await readJsonObject(req);
    const rawEmail = optionalString(body, 'email');
    const password = optionalString(body, 'password');
    const phone = optionalString(body, 'phone');
    if ((rawEmail ?? '') === '' && (phone ?? '') === '') return this.anonymousSignIn(req, res, body, address);
    if (this.limiter.isLimited('sign_in', address)) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, { 'Retry-After': '60' });
    }
    if (!this.auth.enable_signup || !this.auth.email.enable_signup) {
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    }
    if (phone !== undefined) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    if (rawEmail === undefined || rawEmail.trim() === '') throw validationFailed('Signup requires a valid password');
    if (password === undefined || password === '') throw validationFailed('Signup requires a valid password');
    const email = normaliseEmail(rawEmail);
    checkPasswordStrength(password, this.auth.minimum_password_length);
    const data = optionalObject(body, 'data') ?? {};
    const confirm = this.auth.email.enable_confirmations;
    const hash = await hashPassword(password);
    const redirectTo = queryOf(req).get('redirect_to') ?? undefined;
    const userAgent = req.headers['user-agent'];

    const outcome = await withTransaction(this.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`auth.users:${email}`]);
      const existing = await findUserByEmail(client, email);
      if (existing && !existing.deleted_at) {
        if (!confirm) throw new AuthError(422, 'user_already_exists', 'User already registered');
        // With confirmations on, GoTrue answers as for a new user, so that sign-up does not tell
        // which addresses have an account.
        return { user: { ...(await oneUserJson(client, existing)), identities: [] } };
      }
      const created = await insertEmailUser(client, { email, passwordHash: hash, confirmed: !confirm, userMetadata: data });
      if (confirm) {
        await this.flows.sendConfirmation(client, created.id, redirectTo);
        const fresh = await findUserById(client, created.id);
        return { user: await oneUserJson(client, fresh!) };
      }
      const session = await createSession(client, created.id, userAgent, address);
      const refreshToken = await insertRefreshToken(client, session, null);
      return { session: await sessionResponse(client, this.config, created, session, refreshToken) };
    });
    sendAuthJson(res, 200, 'session' in outcome ? outcome.session : outcome.user);
  }

  /**
   * POST /signup without e-mail and phone: an anonymous user ([auth] enable_anonymous_sign_ins),
   * signed in at once with `is_anonymous` in its token and `anonymous` in `amr`; it becomes a
   * permanent user once it adds an e-mail and confirms it (PUT /user, then /verify).
   */
  private async anonymousSignIn(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>, address: string): Promise<void> {
    if (!this.auth.enable_anonymous_sign_ins) throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    if (!this.auth.enable_signup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    // [auth.rate_limit] anonymous_users: anonymous sign-ins per client address per hour.
    if (this.limiter.overBudget('anonymous', address)) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, { 'Retry-After': '60' });
    }
    const data = optionalObject(body, 'data') ?? {};
    const userAgent = req.headers['user-agent'];
    const response = await withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<UserRow>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
           created_at, updated_at, last_sign_in_at, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', null, '',
           '{"provider":"anonymous","providers":["anonymous"]}'::jsonb, $1::jsonb, now(), now(), now(), true)
         returning ${USER_COLUMNS}`,
        [JSON.stringify(mergeMetadata({}, data))],
      );
      const user = rows[0]!;
      const session = await createSession(client, user.id, userAgent, address, 'anonymous');
      const refreshToken = await insertRefreshToken(client, session, null);
      return sessionResponse(client, this.config, user, session, refreshToken);
    });
    sendAuthJson(res, 200, response);
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

/** The Auth module, with the mailbox its e-mails land in served on the stack's mail port. */
export const createAuthModule: HttpModuleFactory = async (ctx: ApiContext) => {
  const mailbox = new Mailbox();
  const server = ctx.config.project.local_smtp.enabled ? await serveMailbox(mailbox, ctx.config.mailPort, ctx.log) : undefined;
  return new AuthModule(ctx, mailbox, server);
};
