// The e-mail flows of the Auth API, as Supabase Auth runs them: one-time codes mailed to the user
// (sign-up confirmation, magic link / e-mail OTP, recovery, e-mail change, reauthentication) and
// /verify, which turns a code or a link into a session.
//
// A code is 6 digits ([auth.email] otp_length); what auth.users keeps is its hash,
// sha224(email + code) in hex, which is also the `token` of the link, as GoTrue stores it. A code
// lives [auth.email] otp_expiry seconds and is used once; one kind of mail goes to a user at most
// once per [auth.email] max_frequency.
import { createHash, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import type { MailKind, Mailer } from '../mail/mailer.ts';
import { AuthError, normaliseEmail, optionalBoolean, optionalObject, optionalString, queryOf, readJsonObject, sendAuthJson, validationFailed, type JsonObject } from './http.ts';
import { createSession, insertRefreshToken, sessionResponse, withTransaction } from './sessions.ts';
import { insertEmailUser, isBanned, USER_COLUMNS, type Queryable, type UserRow } from './users.ts';

export const otpExpired = (): AuthError => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
const linkExpired = (): AuthError => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export function generateOtp(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

/** GoTrue's token hash: sha224 of the address followed by the code, in hex. */
export function tokenHash(email: string, code: string): string {
  return createHash('sha224').update(email + code).digest('hex');
}

export type VerifyType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'email';
const VERIFY_TYPES: ReadonlySet<string> = new Set<VerifyType>(['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email']);

interface TokenRow extends UserRow {
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_current: string | null;
  email_change_token_new: string | null;
  email_change_confirm_status: number;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
}

const TOKEN_COLUMNS = `${USER_COLUMNS}, confirmation_token, confirmation_sent_at, recovery_token, recovery_sent_at,
  email_change_token_current, email_change_token_new, email_change_confirm_status, reauthentication_token, reauthentication_sent_at`;

/** The claims the database sees while Auth writes a user's row, so that triggers know who acted. */
export async function actAs(db: Queryable, userId: string): Promise<void> {
  await db.query(`select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)`, [
    JSON.stringify({ sub: userId, role: 'authenticated' }),
    userId,
  ]);
}

export class EmailFlows {
  constructor(
    private readonly config: StackConfig,
    private readonly pool: pg.Pool,
    private readonly mailer: Mailer,
  ) {}

  private get email(): StackConfig['project']['auth']['email'] {
    return this.config.project.auth.email;
  }

  private expired(sentAt: Date | null): boolean {
    return sentAt === null || Date.now() > sentAt.getTime() + this.email.otp_expiry * 1000;
  }

  /** 429 when a mail of this kind went to the user less than max_frequency ago. */
  private checkFrequency(sentAt: Date | null): void {
    if (sentAt === null) return;
    const left = sentAt.getTime() + this.email.max_frequency * 1000 - Date.now();
    if (left > 0) {
      throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.ceil(left / 1000)} seconds.`);
    }
  }

  /** The mailed link: /verify with the token hash, the type and where to go afterwards. */
  actionLink(hash: string, type: VerifyType, redirectTo: string): string {
    const params = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
    return `${this.config.apiUrl}/auth/v1/verify?${params.toString()}`;
  }

  /** The redirect target: an allowed URL from the request, else site_url. */
  redirectTarget(requested: string | undefined): string {
    const { site_url: site, additional_redirect_urls: extra } = this.config.project.auth;
    if (requested === undefined || requested === '') return site;
    const allowed = [site, ...extra].some((base) => requested === base || requested.startsWith(base.endsWith('/') ? base : `${base}/`));
    return allowed ? requested : site;
  }

  private async lockedUser(db: Queryable, where: string, value: string): Promise<TokenRow | undefined> {
    const { rows } = await db.query<TokenRow>(`select ${TOKEN_COLUMNS} from auth.users where ${where} for update`, [value]);
    return rows[0];
  }

  /** Mails a code and a link of `kind`, storing the hash in `column` and the time in `sentColumn`. */
  private async mailCode(
    db: Queryable,
    user: TokenRow,
    kind: MailKind,
    type: VerifyType,
    column: 'confirmation_token' | 'recovery_token',
    redirectTo: string,
  ): Promise<void> {
    const sentColumn = column === 'confirmation_token' ? 'confirmation_sent_at' : 'recovery_sent_at';
    this.checkFrequency(user[sentColumn]);
    const email = user.email ?? '';
    const code = generateOtp(this.email.otp_length);
    const hash = tokenHash(email, code);
    await db.query(`update auth.users set ${column} = $2, ${sentColumn} = now() where id = $1`, [user.id, hash]);
    await this.mailer.send(kind, email, { code, link: this.actionLink(hash, type, redirectTo) });
  }

  /** POST /recover: a recovery mail, and `{}` whether or not the address has an account. */
  async recover(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJsonObject(req);
    const email = requiredEmail(body);
    const redirectTo = this.redirectTarget(optionalString(body, 'redirect_to') ?? queryOf(req).get('redirect_to') ?? undefined);
    await withTransaction(this.pool, async (client) => {
      const user = await this.lockedUser(client, "instance_id = '00000000-0000-0000-0000-000000000000' and lower(email) = $1 and deleted_at is null and is_sso_user = false", email);
      if (!user) return;
      await this.mailCode(client, user, 'recovery', 'recovery', 'recovery_token', redirectTo);
    });
    sendAuthJson(res, 200, {});
  }

  /**
   * POST /otp: a magic link with its code for an existing user. An unknown address is signed up
   * (create_user, default true, and sign-ups enabled) and mailed its confirmation — or, without
   * confirmations, a magic link — as Supabase Auth does; otherwise 422 otp_disabled.
   */
  async otp(req: IncomingMessage, res: ServerResponse, body: JsonObject): Promise<void> {
    const email = requiredEmail(body);
    const redirectTo = this.redirectTarget(optionalString(body, 'email_redirect_to') ?? queryOf(req).get('redirect_to') ?? undefined);
    const createUser = optionalBoolean(body, 'create_user') ?? true;
    const signups = this.config.project.auth.enable_signup && this.email.enable_signup;
    const data = optionalObject(body, 'data') ?? {};
    await withTransaction(this.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`auth.users:${email}`]);
      let user = await this.lockedUser(client, "instance_id = '00000000-0000-0000-0000-000000000000' and lower(email) = $1 and deleted_at is null and is_sso_user = false", email);
      if (!user) {
        if (!createUser || !signups) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
        const created = await insertEmailUser(client, { email, passwordHash: '', confirmed: !this.email.enable_confirmations, userMetadata: data });
        user = (await this.lockedUser(client, 'id = $1', created.id))!;
      }
      if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
      if (!user.email_confirmed_at) {
        await this.mailCode(client, user, 'confirmation', 'signup', 'confirmation_token', redirectTo);
        return;
      }
      await this.mailCode(client, user, 'magic_link', 'magiclink', 'recovery_token', redirectTo);
    });
    sendAuthJson(res, 200, {});
  }

  /** POST /resend: the sign-up confirmation or the e-mail change mails again. */
  async resend(req: IncomingMessage, res: ServerResponse, body: JsonObject): Promise<void> {
    const type = optionalString(body, 'type');
    if (type !== 'signup' && type !== 'email_change') {
      throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
    }
    const email = requiredEmail(body);
    const redirectTo = this.redirectTarget(optionalString(body, 'email_redirect_to') ?? undefined);
    await withTransaction(this.pool, async (client) => {
      if (type === 'signup') {
        const user = await this.lockedUser(client, "instance_id = '00000000-0000-0000-0000-000000000000' and lower(email) = $1 and deleted_at is null", email);
        if (!user || user.email_confirmed_at) return;
        await this.mailCode(client, user, 'confirmation', 'signup', 'confirmation_token', redirectTo);
        return;
      }
      const user = await this.lockedUser(client, "lower(email_change) = $1 and email_change <> '' and deleted_at is null", email);
      if (!user) return;
      await this.sendEmailChange(client, user, email, redirectTo);
    });
    sendAuthJson(res, 200, {});
  }

  /**
   * PUT /user with a new e-mail: nothing changes yet. A code and a link go to the new address, and
   * (double_confirm_changes) to the current one; the change is made by /verify once both are used.
   */
  async requestEmailChange(db: Queryable, userId: string, newEmail: string, redirectTo: string): Promise<void> {
    const user = await this.lockedUser(db, 'id = $1', userId);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    await this.sendEmailChange(db, user, newEmail, this.redirectTarget(redirectTo));
  }

  private async sendEmailChange(db: Queryable, user: TokenRow, newEmail: string, redirectTo: string): Promise<void> {
    this.checkFrequency(user.email_change_sent_at);
    const currentEmail = user.email ?? '';
    const codeNew = generateOtp(this.email.otp_length);
    const hashNew = tokenHash(newEmail, codeNew);
    const double = this.email.double_confirm_changes && currentEmail !== '';
    const codeCurrent = double ? generateOtp(this.email.otp_length) : '';
    const hashCurrent = double ? tokenHash(currentEmail, codeCurrent) : '';
    await db.query(
      `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
         email_change_confirm_status = 0, email_change_sent_at = now() where id = $1`,
      [user.id, newEmail, hashNew, hashCurrent],
    );
    await this.mailer.send('email_change_new', newEmail, { code: codeNew, link: this.actionLink(hashNew, 'email_change', redirectTo), newEmail });
    if (double) {
      await this.mailer.send('email_change_current', currentEmail, {
        code: codeCurrent,
        link: this.actionLink(hashCurrent, 'email_change', redirectTo),
        newEmail,
      });
    }
  }

  /** GET /reauthenticate: a code (the nonce of a password change) mailed to the signed-in user. */
  async reauthenticate(user: UserRow): Promise<void> {
    if (!user.email) throw validationFailed('Reauthentication requires the user to have an email or a phone number');
    if (!user.email_confirmed_at) throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
    const email = user.email;
    await withTransaction(this.pool, async (client) => {
      const locked = await this.lockedUser(client, 'id = $1', user.id);
      if (!locked) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      this.checkFrequency(locked.reauthentication_sent_at);
      const code = generateOtp(this.email.otp_length);
      await client.query('update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1', [
        user.id,
        tokenHash(email, code),
      ]);
      await this.mailer.send('reauthentication', email, { code });
    });
  }

  /** Checks and uses up the nonce of a password change (inside the caller's transaction). */
  async useNonce(db: Queryable, userId: string, nonce: string): Promise<void> {
    const user = await this.lockedUser(db, 'id = $1', userId);
    const invalid = new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
    if (!user?.email || !user.reauthentication_token || this.expired(user.reauthentication_sent_at)) throw invalid;
    if (tokenHash(user.email, nonce) !== user.reauthentication_token) throw invalid;
    await db.query(`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`, [userId]);
  }

  /** POST /verify ({type, token, email} or {type, token_hash}) and GET /verify (the mailed link). */
  async verify(req: IncomingMessage, res: ServerResponse, address: string, body: JsonObject = {}): Promise<void> {
    if (req.method === 'GET') return this.verifyLinkRequest(req, res, address);
    const type = optionalString(body, 'type');
    if (type === undefined || type === '') throw validationFailed('Verify requires a verification type');
    const token = optionalString(body, 'token') ?? '';
    const hashParam = optionalString(body, 'token_hash') ?? '';
    if ((token === '') === (hashParam === '')) throw validationFailed('Verify requires either a token or a token hash');
    if (!VERIFY_TYPES.has(type)) throw validationFailed('Unsupported verification type');
    let hash = hashParam;
    let email: string | undefined;
    if (token !== '') {
      const raw = optionalString(body, 'email');
      if (raw === undefined || raw === '') throw validationFailed('Only an email address or phone number should be provided on verify');
      email = normaliseEmail(raw);
      hash = tokenHash(email, token);
    }
    const outcome = await this.consume(type as VerifyType, hash, email, req.headers['user-agent'], address);
    if (outcome === 'single') {
      sendAuthJson(res, 200, { msg: SINGLE_CONFIRMATION, code: '200' });
      return;
    }
    sendAuthJson(res, 200, outcome);
  }

  private async verifyLinkRequest(req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
    const params = queryOf(req);
    const type = params.get('type') ?? '';
    const token = params.get('token') ?? '';
    if (type === '') throw validationFailed('Verify requires a verification type');
    if (token === '') throw validationFailed('Verify requires a token or a token hash');
    const redirectTo = this.redirectTarget(params.get('redirect_to') ?? undefined);
    const target = new URL(redirectTo);
    const fragment = new URLSearchParams();
    try {
      if (!VERIFY_TYPES.has(type)) throw validationFailed('Unsupported verification type');
      const outcome = await this.consume(type as VerifyType, token, undefined, req.headers['user-agent'], address);
      if (outcome === 'single') {
        fragment.set('message', SINGLE_CONFIRMATION);
      } else {
        for (const key of ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type'] as const) fragment.set(key, String(outcome[key]));
        fragment.set('type', type);
      }
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      fragment.set('error', error.status === 403 ? 'access_denied' : error.status >= 500 ? 'server_error' : 'invalid_request');
      fragment.set('error_code', error.code);
      fragment.set('error_description', error.message);
    }
    fragment.set('sb', '');
    target.hash = fragment.toString();
    res.writeHead(303, { Location: target.toString(), 'Cache-Control': 'no-store' });
    res.end();
  }

  /** Uses one code: confirms, signs in or changes the e-mail; the session's body or 'single'. */
  private async consume(type: VerifyType, hash: string, email: string | undefined, userAgent: string | undefined, address: string): Promise<JsonObject | 'single'> {
    const invalid = email === undefined ? linkExpired : otpExpired;
    return withTransaction(this.pool, async (client) => {
      let user: TokenRow | undefined;
      let kind: 'confirm' | 'recover' | 'email_change';
      if (type === 'email_change') {
        user = await this.lockedUser(client, "(email_change_token_new = $1 or email_change_token_current = $1) and $1 <> ''", hash);
        kind = 'email_change';
      } else if (type === 'signup' || type === 'invite') {
        user = await this.lockedUser(client, "confirmation_token = $1 and $1 <> ''", hash);
        kind = 'confirm';
      } else if (type === 'recovery' || type === 'magiclink') {
        user = await this.lockedUser(client, "recovery_token = $1 and $1 <> ''", hash);
        kind = 'recover';
      } else {
        user = await this.lockedUser(client, "(confirmation_token = $1 or recovery_token = $1) and $1 <> ''", hash);
        kind = user?.recovery_token === hash ? 'recover' : 'confirm';
      }
      if (!user || user.deleted_at) throw invalid();
      if (email !== undefined && kind !== 'email_change' && user.email !== email) throw invalid();
      if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
      const sentAt = kind === 'email_change' ? user.email_change_sent_at : kind === 'recover' ? user.recovery_sent_at : user.confirmation_sent_at;
      if (this.expired(sentAt)) throw invalid();
      await actAs(client, user.id);

      if (kind === 'email_change') {
        const isNew = user.email_change_token_new === hash;
        if (email !== undefined && email !== (isNew ? user.email_change : user.email)) throw invalid();
        const waitsForOther = isNew ? (user.email_change_token_current ?? '') !== '' : (user.email_change_token_new ?? '') !== '';
        if (waitsForOther) {
          await client.query(
            `update auth.users set email_change_confirm_status = 1,
               ${isNew ? 'email_change_token_new' : 'email_change_token_current'} = '' where id = $1`,
            [user.id],
          );
          return 'single';
        }
        const newEmail = user.email_change ?? '';
        await client.query(
          `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
             email_change_confirm_status = 0, email_change_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now()),
             updated_at = now() where id = $1`,
          [user.id, newEmail],
        );
        await client.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
             updated_at = now() where user_id = $1 and provider = 'email'`,
          [user.id, newEmail],
        );
        if (user.is_anonymous) await this.convertAnonymous(client, user.id, newEmail);
      } else if (kind === 'confirm') {
        await client.query(
          `update auth.users set confirmation_token = '', confirmation_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now()),
             updated_at = now() where id = $1`,
          [user.id],
        );
      } else {
        await client.query(
          `update auth.users set recovery_token = '', recovery_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now()),
             updated_at = now() where id = $1`,
          [user.id],
        );
      }
      const { rows } = await client.query<UserRow>(
        `update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`,
        [user.id],
      );
      const signedIn = rows[0]!;
      const session = await createSession(client, signedIn.id, userAgent, address, 'otp');
      const refreshToken = await insertRefreshToken(client, session, null);
      return sessionResponse(client, this.config, signedIn, session, refreshToken);
    });
  }

  /**
   * Mails an invitation (POST /invite): its code or link (type invite) confirms the address and
   * signs the user in, who then sets a password. No max_frequency wait, as Supabase Auth.
   */
  async sendInvite(db: Queryable, userId: string, redirectTo: string | undefined): Promise<void> {
    const user = await this.lockedUser(db, 'id = $1', userId);
    if (!user?.email) return;
    const code = generateOtp(this.email.otp_length);
    const hash = tokenHash(user.email, code);
    await db.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now() where id = $1', [user.id, hash]);
    await this.mailer.send('invite', user.email, { code, link: this.actionLink(hash, 'invite', this.redirectTarget(redirectTo)) });
  }

  /**
   * An anonymous user whose new e-mail is confirmed becomes a permanent user, as in Supabase Auth:
   * is_anonymous false, an `email` identity, `email` among the providers of app_metadata.
   */
  private async convertAnonymous(db: Queryable, userId: string, email: string): Promise<void> {
    await db.query(
      `update auth.users set is_anonymous = false,
         raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object('providers',
           (select jsonb_agg(distinct p) from jsonb_array_elements_text(coalesce(raw_app_meta_data -> 'providers', '[]'::jsonb) || '["email"]'::jsonb) p))
       where id = $1`,
      [userId],
    );
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       select $1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true, 'phone_verified', false), 'email', now(), now()
        where not exists (select 1 from auth.identities where user_id = $1::uuid and provider = 'email')`,
      [userId, email],
    );
  }

  /** Mails the sign-up confirmation to a user just created by /signup. */
  async sendConfirmation(db: Queryable, userId: string, redirectTo: string | undefined): Promise<void> {
    const user = await this.lockedUser(db, 'id = $1', userId);
    if (!user) return;
    await this.mailCode(db, user, 'confirmation', 'signup', 'confirmation_token', this.redirectTarget(redirectTo));
  }
}

export function requiredEmail(body: JsonObject): string {
  const raw = optionalString(body, 'email');
  if (raw === undefined || raw.trim() === '') throw validationFailed('An email address is required');
  return normaliseEmail(raw);
}
