// Sign-up and the token grants of the Auth API, as Supabase Auth runs them: POST /signup (e-mail,
// phone, anonymous) and POST /token with grant_type password (e-mail or phone) and refresh_token.
//
// Refresh-token reuse: a rotated (revoked) token used again within the reuse interval
// ([auth] refresh_token_reuse_interval; SDV_AUTH_REFRESH_REUSE_INTERVAL_SECONDS for test stacks) while its child is the session's
// active token returns that active token (concurrent refreshes of several tabs); any other reuse
// revokes every token of the session and answers 400 refresh_token_already_used.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import type { EmailFlows } from './email-flows.ts';
import { AuthError, invalidCredentials, normaliseEmail, optionalObject, optionalString, queryOf, sendAuthJson, validationFailed, type JsonObject } from './http.ts';
import { checkPasswordStrength, hashPassword, passwordMatches, passwordWeakness, type PasswordPolicy } from './passwords.ts';
import { checkChannel, formatPhone, type PhoneFlows } from './phone.ts';
import type { FailureLimiter, LimitScope } from './rate-limit.ts';
import { insertRefreshToken, SESSION_COLUMNS, sessionResponse, signIn, withTransaction, type RefreshTokenRow, type SessionRow } from './sessions.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertEmailUser,
  isBanned,
  mergeMetadata,
  oneUserJson,
  sanitizedUserJson,
  USER_COLUMNS,
  type UserRow,
} from './users.ts';

export const rateLimited = (): AuthError => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, { 'Retry-After': '60' });

function reuseIntervalMs(config: StackConfig, env: NodeJS.ProcessEnv = process.env): number {
  const fallback = config.project.auth.refresh_token_reuse_interval;
  const raw = env.SDV_AUTH_REFRESH_REUSE_INTERVAL_SECONDS;
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  return (Number.isFinite(value) && value >= 0 ? value : fallback) * 1000;
}

const refreshTokenNotFound = (): AuthError => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

export class SignInFlows {
  private readonly reuseInterval: number;

  constructor(
    private readonly config: StackConfig,
    private readonly pool: pg.Pool,
    private readonly limiter: FailureLimiter,
    private readonly flows: EmailFlows,
    private readonly phone: PhoneFlows,
    private readonly policy: PasswordPolicy,
  ) {
    this.reuseInterval = reuseIntervalMs(config);
  }

  private get auth(): StackConfig['project']['auth'] {
    return this.config.project.auth;
  }

  /** Counts one request of `scope` for the address; 429 when its budget is used up. */
  limit(scope: LimitScope, address: string): void {
    if (this.limiter.overBudget(scope, address)) throw rateLimited();
  }

  /**
   * POST /token?grant_type=password {email | phone, password}. Every attempt counts against the
   * address ([auth.rate_limit] sign_in_sign_ups), successful or not. A ban or an unconfirmed
   * address or number is told only to the holder of the right password (Supabase Auth tells a ban
   * before checking the password; we do not let a wrong password learn it). A valid password that
   * no longer meets the rules signs in with `weak_password` in the answer, as Supabase Auth does.
   */
  async passwordGrant(req: IncomingMessage, res: ServerResponse, body: JsonObject, address: string): Promise<void> {
    this.limit('sign_in', address);
    const rawEmail = optionalString(body, 'email') ?? '';
    const rawPhone = optionalString(body, 'phone') ?? '';
    const password = optionalString(body, 'password') ?? '';
    if (rawEmail !== '' && rawPhone !== '') throw validationFailed('Only an email address or phone number should be provided on login.');
    if (rawEmail.trim() === '' && rawPhone === '') throw validationFailed('missing email or phone');
    if (password === '') throw validationFailed('Password is required');
    let user: UserRow | undefined;
    let provider: 'email' | 'phone';
    if (rawEmail !== '') {
      provider = 'email';
      if (!this.auth.email.enable_signup) throw new AuthError(422, 'email_provider_disabled', 'Email logins are disabled');
      user = await findUserByEmail(this.pool, normaliseEmail(rawEmail));
    } else {
      provider = 'phone';
      if (!this.phone.enabled) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
      user = await findUserByPhone(this.pool, formatPhone(rawPhone));
    }
    // A missing account costs the same bcrypt work, so that timing does not tell which accounts exist.
    const valid = await passwordMatches(password, user?.encrypted_password);
    if (!user || !valid || user.deleted_at) throw invalidCredentials();
    if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
    if (provider === 'email' && !user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
    if (provider === 'phone' && !user.phone_confirmed_at) throw new AuthError(400, 'phone_not_confirmed', 'Phone not confirmed');
    const weakPassword = passwordWeakness(password, this.policy);
    const userId = user.id;
    const response = await withTransaction(this.pool, (client) =>
      signIn(client, this.config, userId, { userAgent: req.headers['user-agent'], address, method: 'password', provider, weakPassword }),
    );
    sendAuthJson(res, 200, response);
  }

  /** POST /token?grant_type=refresh_token; [auth.rate_limit] token_refresh counts every refresh of the address. */
  async refreshGrant(res: ServerResponse, body: JsonObject, address: string): Promise<void> {
    const token = optionalString(body, 'refresh_token');
    if (token === undefined || token === '') throw validationFailed('refresh_token required');
    if (token.length > 255) throw refreshTokenNotFound();
    this.limit('refresh', address);

    // The error of a reuse must be committed (the family is revoked), so it is returned, not thrown.
    const outcome = await withTransaction(this.pool, async (client): Promise<{ error: AuthError } | { body: Record<string, unknown> }> => {
      const found = await client.query<RefreshTokenRow>(
        `select rt.id, rt.token, rt.user_id, rt.revoked, rt.updated_at, rt.parent, rt.session_id
           from auth.refresh_tokens rt where rt.token = $1`,
        [token],
      );
      const current = found.rows[0];
      if (!current || !current.session_id) return { error: refreshTokenNotFound() };
      // Lock the session: concurrent refreshes of one session are decided one after another.
      const sessions = await client.query<SessionRow>(`select ${SESSION_COLUMNS} from auth.sessions where id = $1 for update`, [current.session_id]);
      const session = sessions.rows[0];
      if (!session) return { error: refreshTokenNotFound() };
      const user = await findUserById(client, session.user_id);
      if (!user || user.deleted_at) return { error: refreshTokenNotFound() };
      if (isBanned(user)) return { error: new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned') };
      // Re-read under the lock: another request may have rotated this token meanwhile.
      const locked = await client.query<RefreshTokenRow>(
        'select id, token, user_id, revoked, updated_at, parent, session_id from auth.refresh_tokens where id = $1',
        [current.id],
      );
      const used = locked.rows[0];
      if (!used) return { error: refreshTokenNotFound() };

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

  /**
   * POST /signup. Without e-mail and phone: an anonymous sign-in. Otherwise, in Supabase Auth's
   * order: 422 signup_disabled unless [auth] enable_signup, the password's checks, then the e-mail
   * ([auth.email]) or phone ([auth.sms]) sign-up — signed in at once without confirmations (with
   * last_sign_in_at set, as Auth issues the session), else a code is mailed or sent by SMS.
   */
  async signup(req: IncomingMessage, res: ServerResponse, body: JsonObject, address: string): Promise<void> {
    const rawEmail = optionalString(body, 'email') ?? '';
    const rawPhone = optionalString(body, 'phone') ?? '';
    if (rawEmail === '' && rawPhone === '') return this.anonymousSignIn(req, res, body, address);
    this.limit('sign_in', address);
    if (!this.auth.enable_signup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    const password = optionalString(body, 'password') ?? '';
    if (password === '') throw validationFailed('Signup requires a valid password');
    checkPasswordStrength(password, this.policy);
    if (rawEmail !== '' && rawPhone !== '') throw validationFailed('Only an email address or phone number should be provided on signup.');
    if (rawPhone !== '') {
      checkChannel(body);
      const outcome = await this.phone.signup(req, body, password, address);
      sendAuthJson(res, 200, outcome.session ?? outcome.user ?? {});
      return;
    }
    if (!this.auth.email.enable_signup) throw new AuthError(400, 'email_provider_disabled', 'Email signups are disabled');
    const email = normaliseEmail(rawEmail);
    const data = optionalObject(body, 'data') ?? {};
    const confirm = this.auth.email.enable_confirmations;
    const hash = await hashPassword(password);
    const redirectTo = queryOf(req).get('redirect_to') ?? undefined;

    const outcome = await withTransaction(this.pool, async (client): Promise<JsonObject> => {
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`auth.users:${email}`]);
      const existing = await findUserByEmail(client, email);
      if (existing && !existing.deleted_at) {
        if (existing.email_confirmed_at) {
          if (!confirm || !this.auth.sms.enable_confirmations) throw new AuthError(422, 'user_already_exists', 'User already registered');
          // With confirmations on, Auth answers as for a new user, so that sign-up does not tell
          // which addresses have an account.
          return sanitizedUserJson('email', email, data);
        }
        // An unconfirmed sign-up again: not updated (its owner is not proven), confirmation sent again.
        await this.flows.sendConfirmation(client, existing.id, redirectTo);
        return { ...(await oneUserJson(client, (await findUserById(client, existing.id))!)), identities: [] };
      }
      const created = await insertEmailUser(client, { email, passwordHash: hash, confirmed: !confirm, userMetadata: data });
      if (confirm) {
        await this.flows.sendConfirmation(client, created.id, redirectTo);
        return oneUserJson(client, (await findUserById(client, created.id))!);
      }
      return signIn(client, this.config, created.id, { userAgent: req.headers['user-agent'], address, method: 'password', provider: 'email' });
    });
    sendAuthJson(res, 200, outcome);
  }

  /**
   * POST /signup without e-mail and phone: an anonymous user ([auth] enable_anonymous_sign_ins),
   * signed in at once with `is_anonymous` in its token and `anonymous` in `amr`; it becomes a
   * permanent user once it adds an e-mail or a phone and confirms it (PUT /user, then /verify).
   */
  private async anonymousSignIn(req: IncomingMessage, res: ServerResponse, body: JsonObject, address: string): Promise<void> {
    if (!this.auth.enable_anonymous_sign_ins) throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    if (!this.auth.enable_signup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    // [auth.rate_limit] anonymous_users: anonymous sign-ins per client address per hour.
    this.limit('anonymous', address);
    const data = optionalObject(body, 'data') ?? {};
    const response = await withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<UserRow>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
           created_at, updated_at, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', null, '',
           '{"provider":"anonymous","providers":["anonymous"]}'::jsonb, $1::jsonb, now(), now(), true)
         returning ${USER_COLUMNS}`,
        [JSON.stringify(mergeMetadata({}, data))],
      );
      return signIn(client, this.config, rows[0]!.id, { userAgent: req.headers['user-agent'], address, method: 'anonymous' });
    });
    sendAuthJson(res, 200, response);
  }
}
