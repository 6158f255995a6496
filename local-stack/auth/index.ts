// The Auth API of the local stack (/auth/v1): what @supabase/supabase-js calls of Supabase Auth
// (GoTrue) — password (e-mail or phone), refresh-token grants, sign-up (e-mail, phone, anonymous),
// magic link / e-mail and SMS OTP, /verify, recovery, e-mail and phone change, reauthentication,
// the current user, sign-out, TOTP factors and the admin user endpoints — with GoTrue's status
// codes, error codes and headers, and the settings of supabase/config.toml's [auth] sections. Its
// e-mails and SMS land in the local mailbox (../mail). Features it does not run (ID-token and
// Web3 sign-in, PKCE, passkeys, SSO, the OAuth server) answer as Supabase Auth does when they are
// off (features-off.ts).
//
// auth.* is written through the module's pool, connected as supabase_auth_admin as GoTrue is: this
// is trusted server code. Every value is a bind parameter.
//
// apikey: as behind `supabase start`, whose gateway (Kong) routes /auth/v1 to Auth without checking
// a key (no key-auth plugin on those routes) and Auth itself never reads `apikey`, no Auth endpoint
// requires or checks it; Authorization alone decides who calls /user, /factors, /admin. (Hosted
// Supabase's gateway does require an apikey on every route but /verify, /callback and /authorize.)
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { publicJwks, readSigningKeys, registerSigningKeys } from '../jwt.ts';
import { Mailbox, serveMailbox, type MailboxServer } from '../mail/mailbox.ts';
import { EmailBudget, EmailRateLimitExceeded, Mailer } from '../mail/mailer.ts';
import { OutboxDelivery } from '../mail/outbox.ts';
import { SmsSender } from '../mail/sms.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, isConnectionError } from '../pg-errors.ts';
import type { ApiContext, HttpModule, HttpModuleFactory } from '../types.ts';
import { handleAdmin, userIdNotUuid, userNotFound } from './admin.ts';
import { AdminLinks } from './admin-links.ts';
import { actAs, EmailFlows } from './email-flows.ts';
import { adminFeatureOff, adminPasskeys, idTokenGrant, oauthServerDisabled, openIdConfiguration, pkceGrant, publicFeatureOff, web3Grant } from './features-off.ts';
import { requireServiceRole, requireUser } from './guards.ts';
import {
  AuthError,
  normaliseEmail,
  OAuthError,
  optionalBoolean,
  optionalObject,
  optionalString,
  queryOf,
  readJsonObject,
  sendAuthError,
  sendAuthJson,
  sendNoContent,
  validationFailed,
  type JsonObject,
} from './http.ts';
import { handleIdentities } from './identities.ts';
import { handleAdminFactors, MfaFlows } from './mfa.ts';
import { checkPasswordStrength, hashPassword, passwordMatches, passwordPolicy, type PasswordPolicy } from './passwords.ts';
import { checkChannel, normalisePhone, PhoneFlows } from './phone.ts';
import { clientAddressOf, FailureLimiter, rateLimitSettings } from './rate-limit.ts';
import { withTransaction } from './sessions.ts';
import { SignInFlows } from './sign-in.ts';
import { emailExists, emailTaken, findUserById, findUserByPhone, isUuid, mergeMetadata, oneUserJson, phoneExists, phoneTaken } from './users.ts';

/** A session signed in longer ago than this needs a reauthentication nonce to change its password. */
const RECENT_SIGN_IN_MS = 24 * 60 * 60 * 1000;

/** Every provider GoTrue lists in /settings: none but e-mail, phone and anonymous exists locally. */
const OAUTH_PROVIDERS = [
  'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'snapchat', 'figma', 'fly', 'github', 'gitlab', 'google', 'keycloak',
  'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'workos', 'twitch', 'twitter', 'zoom',
];

class AuthModule implements HttpModule {
  private readonly limiter: FailureLimiter;
  private readonly config: StackConfig;
  private readonly pool: pg.Pool;
  private readonly mailer: Mailer;
  private readonly flows: EmailFlows;
  private readonly phone: PhoneFlows;
  private readonly signIns: SignInFlows;
  private readonly mfa: MfaFlows;
  private readonly links: AdminLinks;
  private readonly policy: PasswordPolicy;
  private readonly outbox: OutboxDelivery;

  constructor(
    private readonly ctx: ApiContext,
    mailbox: Mailbox,
    private readonly mailboxServer: MailboxServer | undefined,
  ) {
    this.config = ctx.config;
    this.pool = ctx.pool;
    this.limiter = new FailureLimiter(rateLimitSettings(ctx.config));
    this.policy = passwordPolicy(ctx.config);
    const { smtp, enable_confirmations: confirmations } = ctx.config.project.auth.email;
    const budget = smtp?.enabled && confirmations ? new EmailBudget(ctx.config.project.auth.rate_limit.email_sent) : undefined;
    this.mailer = new Mailer(mailbox, smtp, ctx.log, budget);
    const sms = ctx.config.project.auth.sms;
    this.phone = new PhoneFlows(ctx.config, ctx.pool, new SmsSender(mailbox, sms.template, sms.enable_confirmations ? ctx.config.project.auth.rate_limit.sms_sent : undefined));
    this.flows = new EmailFlows(ctx.config, ctx.pool, this.mailer);
    this.signIns = new SignInFlows(ctx.config, ctx.pool, this.limiter, this.flows, this.phone, this.policy);
    this.links = new AdminLinks(ctx.config, ctx.pool, this.flows);
    this.mfa = new MfaFlows(ctx.config, ctx.pool);
    // The database's own notices (private.email_outbox) go out through the same mailer.
    this.outbox = new OutboxDelivery(ctx.dbUrl, (mail) => this.mailer.deliver(mail), ctx.log);
    this.outbox.start();
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
      } else if (error instanceof OAuthError) {
        sendAuthJson(res, 400, { error: error.error, error_description: error.description });
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
    await this.outbox.close();
    this.mailer.close();
    await this.mailboxServer?.close();
  }

  private async route(req: IncomingMessage, res: ServerResponse, rawSubpath: string): Promise<void> {
    const subpath = rawSubpath.length > 1 ? rawSubpath.replace(/\/+$/, '') : rawSubpath;
    const method = req.method ?? 'GET';
    const allow = (...methods: string[]): void => {
      if (!methods.includes(method)) throw new AuthError(405, 'method_not_allowed', `Method ${method} not allowed on ${subpath}`, {}, { Allow: methods.join(', ') });
    };
    const address = this.address(req);

    if (subpath === '/health') {
      allow('GET', 'HEAD');
      sendAuthJson(res, 200, { version: 'sdv-local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
      return;
    }
    if (subpath === '/settings') {
      allow('GET', 'HEAD');
      sendAuthJson(res, 200, this.settings());
      return;
    }
    if (subpath === '/.well-known/jwks.json') {
      // The public halves of the signing keys ([auth] signing_keys_path); the HS256 secret is never
      // published, so without signing keys the list is empty, as Supabase Auth answers.
      allow('GET', 'HEAD');
      sendAuthJson(res, 200, { keys: publicJwks(this.config.jwtSecret) }, { 'Cache-Control': 'public, max-age=600' });
      return;
    }
    if (subpath === '/.well-known/openid-configuration') {
      allow('GET', 'HEAD');
      sendAuthJson(res, 200, openIdConfiguration(`${this.config.apiUrl}/auth/v1`), { 'Cache-Control': 'public, max-age=600' });
      return;
    }
    if (subpath === '/token') {
      allow('POST');
      return this.token(req, res, address);
    }
    if (subpath === '/signup') {
      allow('POST');
      return this.signIns.signup(req, res, await readJsonObject(req), address);
    }
    if (subpath === '/otp' || subpath === '/magiclink') {
      allow('POST');
      return this.otp(req, res, address);
    }
    if (subpath === '/recover') {
      allow('POST');
      return this.flows.recover(req, res);
    }
    if (subpath === '/resend') {
      allow('POST');
      const body = await readJsonObject(req);
      const type = optionalString(body, 'type');
      if (type === 'sms' || type === 'phone_change') {
        if ((optionalString(body, 'email') ?? '') !== '' && (optionalString(body, 'phone') ?? '') !== '') {
          throw validationFailed('Only an email address or phone number should be provided.');
        }
        sendAuthJson(res, 200, await this.phone.resend(body, type));
        return;
      }
      return this.flows.resend(req, res, body);
    }
    if (subpath === '/verify') {
      allow('GET', 'POST');
      return this.verify(req, res, address);
    }
    if (subpath === '/reauthenticate') {
      allow('GET');
      const { user } = await requireUser(req, this.config, this.pool);
      if (!user.email && !user.phone) throw validationFailed('Reauthentication requires the user to have an email or a phone number');
      if (user.email) {
        await this.flows.reauthenticate(user);
        sendAuthJson(res, 200, {});
      } else {
        sendAuthJson(res, 200, { message_id: await this.phone.reauthenticate(user) });
      }
      return;
    }
    if (subpath === '/user/oauth/grants') {
      await requireUser(req, this.config, this.pool);
      throw oauthServerDisabled();
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
      if (method === 'GET') {
        const { user } = await requireUser(req, this.config, this.pool);
        sendAuthJson(res, 200, await oneUserJson(this.pool, user));
        return;
      }
      return this.updateUser(req, res);
    }
    if (subpath === '/logout') {
      allow('POST');
      return this.logout(req, res);
    }
    if (subpath === '/factors' || subpath.startsWith('/factors/')) {
      const current = await requireUser(req, this.config, this.pool);
      if (current.claims.is_anonymous === true) throw new AuthError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
      // Every code tried counts against the address ([auth.rate_limit] token_verifications).
      if (method === 'POST' && /^\/factors\/[^/]+\/verify$/.test(subpath)) this.signIns.limit('verify', address);
      return this.mfa.handle(req, res, subpath, current, address);
    }
    const adminUser = /^\/admin\/users\/([^/]+)\/(factors|passkeys)(?:\/([^/]+))?$/.exec(subpath);
    if (adminUser) {
      await requireServiceRole(req, this.config);
      const userId = adminUser[1]!;
      // As Supabase Auth's loadUser: the user must exist before its factors or passkeys are looked at.
      if (!isUuid(userId)) throw userIdNotUuid();
      if (!(await findUserById(this.pool, userId))) throw userNotFound();
      if (adminUser[2] === 'passkeys') return adminPasskeys(req, res, adminUser[3]);
      return handleAdminFactors(this.pool, req, res, userId, adminUser[3]);
    }
    if (subpath === '/admin' || subpath.startsWith('/admin/')) {
      await requireServiceRole(req, this.config);
      if (adminFeatureOff(req, res, subpath)) return;
      return handleAdmin(this.pool, req, res, subpath, this.policy);
    }
    if (publicFeatureOff(req, subpath)) return;
    throw new AuthError(404, 'not_found', `Not found: ${subpath} is not supported by the local Auth server`);
  }

  private settings(): JsonObject {
    const external: Record<string, boolean> = { anonymous_users: this.auth.enable_anonymous_sign_ins };
    for (const provider of OAUTH_PROVIDERS) external[provider] = false;
    external.email = this.auth.email.enable_signup;
    external.phone = this.phone.enabled;
    return {
      external,
      disable_signup: !this.auth.enable_signup,
      mailer_autoconfirm: !this.auth.email.enable_confirmations,
      phone_autoconfirm: this.phone.autoconfirm,
      sms_provider: '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    };
  }

  /** POST /token: the grant types of Supabase Auth (id_token, web3 and pkce answer as when nothing is enabled). */
  private async token(req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
    const grantType = queryOf(req).get('grant_type');
    if (grantType === 'password') return this.signIns.passwordGrant(req, res, await readJsonObject(req), address);
    if (grantType === 'refresh_token') return this.signIns.refreshGrant(res, await readJsonObject(req), address);
    if (grantType === 'id_token') {
      this.signIns.limit('refresh', address);
      return idTokenGrant(await readJsonObject(req), req, () => requireUser(req, this.config, this.pool));
    }
    if (grantType === 'pkce') {
      this.signIns.limit('refresh', address);
      return pkceGrant(await readJsonObject(req));
    }
    if (grantType === 'web3') return web3Grant();
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  }

  /**
   * POST /otp: a magic link / e-mail code or an SMS code. Both counted against the address's
   * sign-ins ([auth.rate_limit] sign_in_sign_ups). With create_user false, an unknown address or
   * number is 422 otp_disabled (checked first, as Supabase Auth).
   */
  private async otp(req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
    this.signIns.limit('sign_in', address);
    const body = await readJsonObject(req);
    const email = optionalString(body, 'email') ?? '';
    const phone = optionalString(body, 'phone') ?? '';
    if (email !== '' && phone !== '') throw validationFailed('Only an email address or phone number should be provided');
    if (email !== '' && (optionalString(body, 'channel') ?? '') !== '') throw validationFailed('Channel should only be specified with Phone OTP');
    if (phone !== '') {
      if (optionalBoolean(body, 'create_user') === false && !(await findUserByPhone(this.pool, normalisePhone(phone)))) {
        throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
      }
      sendAuthJson(res, 200, await this.phone.otp(req, body, address));
      return;
    }
    if (email === '') throw validationFailed('One of email or phone must be set');
    return this.flows.otp(req, res, body);
  }

  /**
   * POST and GET /verify: every request counts against the address ([auth.rate_limit]
   * token_verifications). POST with type sms or phone_change is the phone's; the rest the e-mail's.
   */
  private async verify(req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
    this.signIns.limit('verify', address);
    if (req.method === 'GET') return this.flows.verify(req, res, address);
    const body = await readJsonObject(req);
    const type = optionalString(body, 'type') ?? '';
    if (type !== 'sms' && type !== 'phone_change') return this.flows.verify(req, res, address, body);
    const token = optionalString(body, 'token') ?? '';
    const hash = optionalString(body, 'token_hash') ?? '';
    const email = optionalString(body, 'email') ?? '';
    const phone = optionalString(body, 'phone') ?? '';
    if ((token === '') === (hash === '')) throw validationFailed('Verify requires either a token or a token hash');
    if (hash !== '') {
      if (email !== '' || phone !== '' || (optionalString(body, 'redirect_to') ?? '') !== '') throw validationFailed('Only the token_hash and type should be provided');
      throw validationFailed('Invalid email verification type');
    }
    if (phone === '' || email !== '') throw validationFailed('Only an email address or phone number should be provided on verify');
    sendAuthJson(res, 200, await this.phone.verify(req, body, type, address));
  }

  /**
   * PUT /user. A new e-mail takes effect only through /verify (both addresses confirm when
   * double_confirm_changes); a new phone at once without SMS confirmations, else through /verify
   * type phone_change; a new password needs the reauthentication nonce when secure_password_change
   * is on and the session signed in more than 24 hours ago. The user's claims are set in the
   * transaction, so database triggers know who changed the row.
   */
  private async updateUser(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const current = await requireUser(req, this.config, this.pool);
    const body = await readJsonObject(req);
    const password = optionalString(body, 'password');
    const nonce = optionalString(body, 'nonce');
    const rawEmail = optionalString(body, 'email');
    const rawPhone = optionalString(body, 'phone');
    const data = optionalObject(body, 'data');
    const email = rawEmail === undefined || rawEmail === '' ? undefined : normaliseEmail(rawEmail);
    const phone = rawPhone === undefined || rawPhone === '' ? undefined : normalisePhone(rawPhone);
    if (phone !== undefined) checkChannel(body);
    let hash: string | undefined;
    if (password !== undefined) {
      checkPasswordStrength(password, this.policy);
      if (current.user.is_anonymous && email === undefined && phone === undefined) {
        throw new AuthError(422, 'validation_failed', 'Updating password of an anonymous user without an email or phone is not allowed');
      }
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
      const emailChanges = email !== undefined && email !== user.email;
      const phoneChanges = phone !== undefined && phone !== user.phone;
      if ((hash !== undefined || emailChanges || phoneChanges) && current.session?.aal !== 'aal2' && (await this.mfa.hasVerifiedFactor(client, user.id))) {
        throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
      }
      await actAs(client, user.id);
      if (needsNonce) {
        if (user.email) await this.flows.useNonce(client, user.id, nonce ?? '');
        else await this.phone.useNonce(client, user.id, nonce ?? '');
      }
      if (emailChanges && (await emailTaken(client, email, user.id))) throw emailExists();
      if (phoneChanges && (await phoneTaken(client, phone, user.id))) throw phoneExists();
      await client.query(
        `update auth.users set
           encrypted_password = coalesce($2::text, encrypted_password),
           raw_user_meta_data = coalesce($3::jsonb, raw_user_meta_data),
           updated_at = now()
         where id = $1`,
        [user.id, hash ?? null, data ? JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)) : null],
      );
      if (emailChanges) await this.flows.requestEmailChange(client, user.id, email, redirectTo);
      if (phoneChanges) await this.phone.requestPhoneChange(client, user.id, phone);
      if (hash !== undefined) {
        // As Supabase Auth: a new password signs out every other session of the user.
        await client.query('delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)', [user.id, current.session?.id ?? null]);
      }
      const updated = await findUserById(client, user.id);
      return oneUserJson(client, updated!);
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

/**
 * The Auth module, with the mailbox its e-mails and SMS land in served on the stack's mail port.
 * The project's signing keys ([auth] signing_keys_path) are registered here, before the server
 * listens, so that every module's token verification accepts them (../jwt.ts).
 */
export const createAuthModule: HttpModuleFactory = async (ctx: ApiContext) => {
  const keysPath = ctx.config.project.auth.signing_keys_path;
  registerSigningKeys(ctx.config.jwtSecret, keysPath === '' ? [] : await readSigningKeys(keysPath));
  const mailbox = new Mailbox();
  const server = ctx.config.project.local_smtp.enabled ? await serveMailbox(mailbox, ctx.config.mailPort, ctx.log) : undefined;
  return new AuthModule(ctx, mailbox, server);
};
