// The service role's invitation and link endpoints of Supabase Auth: POST /invite (creates the
// user when needed and mails an invitation) and POST /admin/generate_link (the same links the
// mails carry — signup, invite, magiclink, recovery, email_change_current / email_change_new — with
// their code, answered to the caller and mailed to nobody). Bodies, errors and the answer's shape
// are Supabase Auth's: the user object plus action_link, email_otp, hashed_token,
// verification_type and redirect_to.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { generateOtp, requiredEmail, tokenHash, type EmailFlows, type VerifyType } from './email-flows.ts';
import { AuthError, normaliseEmail, optionalObject, optionalString, queryOf, readJsonObject, sendAuthJson, validationFailed, type JsonObject } from './http.ts';
import { passwordPolicy } from './passwords.ts';
import { withTransaction } from './sessions.ts';
import * as users from './users.ts';
import type { Queryable, UserRow } from './users.ts';

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const;
type LinkType = (typeof LINK_TYPES)[number];
const isLinkType = (value: string): value is LinkType => (LINK_TYPES as readonly string[]).includes(value);

const isConfirmed = (user: UserRow): boolean => user.email_confirmed_at !== null;

/** The live (not soft-deleted) user of an address, locked for the transaction. */
async function lockedByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  await db.query('select pg_advisory_xact_lock(hashtext($1))', [`auth.users:${email}`]);
  const user = await users.findUserByEmail(db, email);
  if (!user || user.deleted_at) return undefined;
  return users.findUserById(db, user.id, true);
}

export class AdminLinks {
  constructor(
    private readonly config: StackConfig,
    private readonly pool: pg.Pool,
    private readonly flows: EmailFlows,
  ) {}

  /** POST /invite {email, data}: 422 email_exists for a confirmed user; otherwise the invitation. */
  async invite(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJsonObject(req);
    const email = requiredEmail(body);
    const data = optionalObject(body, 'data') ?? {};
    const redirectTo = queryOf(req).get('redirect_to') ?? optionalString(body, 'redirect_to') ?? undefined;
    const json = await withTransaction(this.pool, async (client) => {
      let user = await lockedByEmail(client, email);
      if (user && isConfirmed(user)) throw users.emailExists();
      user ??= await users.insertEmailUser(client, { email, passwordHash: '', confirmed: false, userMetadata: data });
      await this.flows.sendInvite(client, user.id, redirectTo);
      return users.oneUserJson(client, (await users.findUserById(client, user.id))!);
    });
    sendAuthJson(res, 200, json);
  }

  /** POST /admin/generate_link {type, email, new_email?, password?, data?, redirect_to?}. */
  async generateLink(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJsonObject(req);
    const email = requiredEmail(body);
    const requested = optionalString(body, 'type') ?? '';
    const data = optionalObject(body, 'data') ?? {};
    // As Supabase Auth: an allowed redirect_to of the body, else that of the query, else site_url.
    const site = this.config.project.auth.site_url;
    const fromBody = this.flows.redirectTarget(optionalString(body, 'redirect_to'));
    const redirectTo = fromBody !== site ? fromBody : this.flows.redirectTarget(queryOf(req).get('redirect_to') ?? undefined);
    const code = generateOtp(this.config.project.auth.email.otp_length);
    const hashed = tokenHash(email, code);

    const outcome = await withTransaction(this.pool, async (client) => {
      const existing = await lockedByEmail(client, email);
      let type = requested;
      let password = optionalString(body, 'password') ?? '';
      if (!existing) {
        if (type === 'magiclink') {
          // As Supabase Auth: a magic link for an unknown address signs the address up.
          type = 'signup';
          password = randomBytes(48).toString('base64url');
        } else if (type === 'recovery' || type === 'email_change_current' || type === 'email_change_new') {
          throw new AuthError(404, 'user_not_found', 'User with this email not found');
        }
      }
      if (!isLinkType(type)) throw validationFailed(`Invalid email action link type requested: ${type}`);
      const { user, linkToken, linkType } = await this.prepare(client, type, existing, email, { password, data, hashed, code, body });
      return { user: await users.oneUserJson(client, (await users.findUserById(client, user.id))!), linkToken, linkType, type };
    });
    sendAuthJson(res, 200, {
      ...outcome.user,
      action_link: this.flows.actionLink(outcome.linkToken, outcome.linkType, redirectTo),
      email_otp: code,
      hashed_token: hashed,
      verification_type: outcome.type,
      redirect_to: redirectTo,
    });
  }

  /** Stores the token of one link type on the user (creating the user for signup and invite). */
  private async prepare(
    db: Queryable,
    type: LinkType,
    existing: UserRow | undefined,
    email: string,
    input: { password: string; data: JsonObject; hashed: string; code: string; body: JsonObject },
  ): Promise<{ user: UserRow; linkToken: string; linkType: VerifyType }> {
    if (type === 'magiclink' || type === 'recovery') {
      const user = existing!;
      await db.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [user.id, input.hashed]);
      return { user, linkToken: input.hashed, linkType: type };
    }
    if (type === 'invite' || type === 'signup') {
      if (existing && isConfirmed(existing)) throw users.emailExists();
      let user = existing;
      if (type === 'signup' && user) {
        await db.query('update auth.users set raw_user_meta_data = $2::jsonb where id = $1', [
          user.id,
          JSON.stringify(users.mergeMetadata(user.raw_user_meta_data, input.data)),
        ]);
      }
      if (!user) {
        let passwordHash = '';
        if (type === 'signup') {
          if (input.password === '') throw validationFailed('Signup requires a valid password');
          users.checkPasswordStrength(input.password, passwordPolicy(this.config));
          passwordHash = await users.hashPassword(input.password);
        }
        user = await users.insertEmailUser(db, { email, passwordHash, confirmed: false, userMetadata: input.data });
      }
      await db.query(
        `update auth.users set confirmation_token = $2, confirmation_sent_at = now(),
           invited_at = case when $3::boolean then now() else invited_at end where id = $1`,
        [user.id, input.hashed, type === 'invite'],
      );
      return { user, linkToken: input.hashed, linkType: type };
    }
    // email_change_current / email_change_new
    const user = existing!;
    if (type === 'email_change_current' && !this.config.project.auth.email.double_confirm_changes) {
      throw validationFailed('Enable secure email change to generate link for current email');
    }
    const rawNew = optionalString(input.body, 'new_email');
    if (rawNew === undefined || rawNew.trim() === '') throw validationFailed('An email address is required');
    const newEmail = normaliseEmail(rawNew);
    if (await users.emailTaken(db, newEmail, user.id)) throw users.emailExists();
    const linkToken = type === 'email_change_current' ? input.hashed : tokenHash(newEmail, input.code);
    await db.query(
      `update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0,
         ${type === 'email_change_current' ? 'email_change_token_current' : 'email_change_token_new'} = $3 where id = $1`,
      [user.id, newEmail, linkToken],
    );
    return { user, linkToken, linkType: 'email_change' };
  }
}
