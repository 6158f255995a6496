// Phone sign-up and sign-in of the Auth API, as Supabase Auth runs them with [auth.sms]:
//   POST /signup {phone, password}        a phone user; signed in at once without confirmations,
//                                         else an SMS code confirms the number (/verify type sms)
//   POST /otp {phone}                     an SMS code that signs in (an unknown number is signed up
//                                         first when sign-ups are on and create_user is not false)
//   POST /verify {type: sms|phone_change, phone, token}
//   POST /resend {type: sms|phone_change, phone}
//   PUT  /user {phone}                    a phone change: at once without confirmations, else an
//                                         SMS code to the new number (/verify type phone_change)
//   GET  /reauthenticate                  the password-change nonce of a user without e-mail, by SMS
// and the phone half of the password grant. Numbers are stored as Supabase Auth stores them: E.164
// digits without "+". A code is 6 digits, lives 6000 s (as `supabase start` configures Auth), is
// kept as sha224(phone + code) and goes out at most once per [auth.sms] max_frequency (0: 60 s).
// [auth.sms.test_otp] numbers get their fixed code, always accepted, and no SMS (message_id
// "test-otp"); other SMS land in the local mailbox (../mail/sms.ts).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { SmsRateLimitExceeded, type SmsSender } from '../mail/sms.ts';
import { actAs, generateOtp, tokenHash } from './email-flows.ts';
import { AuthError, optionalObject, optionalString, validationFailed, type JsonObject } from './http.ts';
import { signIn, withTransaction } from './sessions.ts';
import * as users from './users.ts';
import type { Queryable, UserRow } from './users.ts';

/** GOTRUE_SMS_OTP_EXP as `supabase start` sets it. */
export const SMS_OTP_EXPIRY_SECONDS = 6000;
const SMS_OTP_LENGTH = 6;
const DEFAULT_MAX_FREQUENCY_SECONDS = 60;

const INVALID_CHANNEL =
  "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.";
const tokenInvalid = (): AuthError => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

/** A phone number as Supabase Auth keeps it: "+" and spaces removed, then E.164 digits or 400. */
export function normalisePhone(raw: string): string {
  const phone = formatPhone(raw);
  if (!/^[1-9][0-9]{1,14}$/.test(phone)) throw validationFailed('Invalid phone number format (E.164 required)');
  return phone;
}

/** "+" and spaces removed (what the password grant does, without validating). */
export function formatPhone(raw: string): string {
  return raw.replace(/^\+/, '').replaceAll(' ', '');
}

/** The message channel: "sms" (the default); "whatsapp" needs Twilio, which the local stack has not. */
export function checkChannel(body: JsonObject): void {
  const channel = optionalString(body, 'channel') ?? '';
  if (channel !== '' && channel !== 'sms') throw validationFailed(INVALID_CHANNEL);
}

export type PhoneCodeKind = 'confirmation' | 'phone_change' | 'reauthentication';

interface PhoneTokenRow extends UserRow {
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  phone_change_token: string | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
}

const TOKEN_COLUMNS = `${users.USER_COLUMNS}, confirmation_token, confirmation_sent_at, phone_change_token, reauthentication_token, reauthentication_sent_at`;

const COLUMNS: Record<PhoneCodeKind, { token: string; sentAt: 'confirmation_sent_at' | 'phone_change_sent_at' | 'reauthentication_sent_at' }> = {
  confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  phone_change: { token: 'phone_change_token', sentAt: 'phone_change_sent_at' },
  reauthentication: { token: 'reauthentication_token', sentAt: 'reauthentication_sent_at' },
};

/** A password nobody knows, for a number signed up by /otp (it signs in with codes). */
function unknowablePassword(): string {
  return `${randomBytes(36).toString('base64url')}aA1!`;
}

export class PhoneFlows {
  constructor(
    private readonly config: StackConfig,
    private readonly pool: pg.Pool,
    private readonly sms: SmsSender,
  ) {}

  private get settings(): StackConfig['project']['auth']['sms'] {
    return this.config.project.auth.sms;
  }

  /** [auth.sms] enable_signup: Supabase Auth's phone provider (sign-up, /otp and password sign-in by phone). */
  get enabled(): boolean {
    return this.settings.enable_signup;
  }

  /** No SMS confirmation ([auth.sms] enable_confirmations off): numbers are confirmed at once. */
  get autoconfirm(): boolean {
    return !this.settings.enable_confirmations;
  }

  private testOtp(phone: string): string | undefined {
    return Object.hasOwn(this.settings.test_otp, phone) ? this.settings.test_otp[phone] : undefined;
  }

  private async lockedUser(db: Queryable, where: string, value: string): Promise<PhoneTokenRow | undefined> {
    const { rows } = await db.query<PhoneTokenRow>(`select ${TOKEN_COLUMNS} from auth.users where ${where} for update`, [value]);
    return rows[0];
  }

  private lockedByPhone(db: Queryable, phone: string): Promise<PhoneTokenRow | undefined> {
    return this.lockedUser(db, "instance_id = '00000000-0000-0000-0000-000000000000' and phone = $1 and is_sso_user = false", phone);
  }

  /** Serialises the writers of one number (the unique index is on phone). */
  private async lockNumber(db: Queryable, phone: string): Promise<void> {
    await db.query('select pg_advisory_xact_lock(hashtext($1))', [`auth.users:phone:${phone}`]);
  }

  /**
   * Sends a code of `kind` to `phone` and stores its hash (inside the caller's transaction); the
   * message id. 429 over_sms_send_rate_limit within max_frequency of the previous one (test OTPs
   * included, as Supabase Auth).
   */
  async sendCode(db: Queryable, user: PhoneTokenRow, phone: string, kind: PhoneCodeKind): Promise<string> {
    const columns = COLUMNS[kind];
    const sentAt = user[columns.sentAt];
    const frequency = (this.settings.max_frequency || DEFAULT_MAX_FREQUENCY_SECONDS) * 1000;
    if (sentAt !== null && sentAt.getTime() + frequency > Date.now()) {
      const left = Math.floor((sentAt.getTime() + frequency - Date.now()) / 1000);
      throw new AuthError(429, 'over_sms_send_rate_limit', `For security purposes, you can only request this after ${left} seconds.`);
    }
    let code = this.testOtp(phone);
    let messageId = 'test-otp';
    if (code === undefined) {
      code = generateOtp(SMS_OTP_LENGTH);
      try {
        messageId = this.sms.send(phone, code);
      } catch (error) {
        if (error instanceof SmsRateLimitExceeded) throw new AuthError(429, 'over_sms_send_rate_limit', 'SMS rate limit exceeded');
        throw error;
      }
    }
    await db.query(
      `update auth.users set ${columns.token} = $2, ${columns.sentAt} = now()${kind === 'phone_change' ? ', phone_change = $3' : ''} where id = $1`,
      kind === 'phone_change' ? [user.id, tokenHash(phone, code), phone] : [user.id, tokenHash(phone, code)],
    );
    return messageId;
  }

  /**
   * POST /signup with a phone (the caller checked [auth] enable_signup and the password). An
   * unconfirmed number already signed up is not updated (its owner is not proven) but confirmed or
   * sent a code again; a confirmed one is 422 user_already_exists without confirmations, else a
   * made-up user, as Supabase Auth answers.
   */
  async signup(req: IncomingMessage, body: JsonObject, password: string, address: string, options: { random?: boolean } = {}): Promise<{ session?: JsonObject; user?: JsonObject }> {
    if (!this.enabled) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    const phone = normalisePhone(optionalString(body, 'phone') ?? '');
    const data = optionalObject(body, 'data') ?? {};
    const hash = await users.hashPassword(options.random ? unknowablePassword() : password);
    const mailerAutoconfirm = !this.config.project.auth.email.enable_confirmations;
    return withTransaction(this.pool, async (client) => {
      await this.lockNumber(client, phone);
      let user = await this.lockedByPhone(client, phone);
      if (user?.phone_confirmed_at) {
        if (mailerAutoconfirm || this.autoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered');
        return { user: users.sanitizedUserJson('phone', phone, data) };
      }
      if (user) {
        const { rows } = await client.query<{ found: boolean }>(`select exists (select 1 from auth.identities where user_id = $1 and provider = 'phone') as found`, [user.id]);
        if (!rows[0]?.found) await users.insertIdentity(client, user.id, 'phone', { ...data, sub: user.id, email_verified: false, phone_verified: false });
      } else {
        const created = await users.insertPhoneUser(client, { phone, passwordHash: hash, userMetadata: data });
        user = (await this.lockedUser(client, 'id = $1', created.id))!;
      }
      if (this.autoconfirm) {
        await client.query(`update auth.users set phone_confirmed_at = now(), confirmation_token = '' where id = $1`, [user.id]);
        if (options.random) return {};
        return { session: await signIn(client, this.config, user.id, { userAgent: req.headers['user-agent'], address, method: 'password', provider: 'phone' }) };
      }
      await this.sendCode(client, user, phone, 'confirmation');
      return { user: await users.oneUserJson(client, (await users.findUserById(client, user.id))!) };
    });
  }

  /**
   * POST /otp with a phone: a sign-in code. A number without a confirmed account is signed up
   * first (with a password nobody knows): without confirmations it is confirmed and sent its code,
   * else it is sent its confirmation code and the answer is `{}`.
   */
  async otp(req: IncomingMessage, body: JsonObject, address: string): Promise<JsonObject> {
    if (!this.enabled) throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
    const phone = normalisePhone(optionalString(body, 'phone') ?? '');
    checkChannel(body);
    const existing = await users.findUserByPhone(this.pool, phone);
    if (!existing?.phone_confirmed_at) {
      if (!this.config.project.auth.enable_signup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
      const signedUp = await this.signup(req, body, '', address, { random: true });
      if (!this.autoconfirm || signedUp.user) return {};
    }
    const messageId = await withTransaction(this.pool, async (client) => {
      const user = await this.lockedByPhone(client, phone);
      if (!user) throw tokenInvalid();
      return this.sendCode(client, user, phone, 'confirmation');
    });
    return { message_id: messageId };
  }

  /** POST /resend {type: sms | phone_change, phone}: `{}` when there is nothing to send again. */
  async resend(body: JsonObject, type: 'sms' | 'phone_change'): Promise<JsonObject> {
    const raw = optionalString(body, 'phone') ?? '';
    if (raw === '' && type === 'sms') throw validationFailed('Type provided requires a phone number');
    if (raw === '') throw validationFailed('Missing email address or phone number');
    if (!this.enabled) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
    const phone = normalisePhone(raw);
    const messageId = await withTransaction(this.pool, async (client) => {
      const user = await this.lockedByPhone(client, phone);
      if (!user) return '';
      if (type === 'sms') {
        if (user.phone_confirmed_at) return '';
        return this.sendCode(client, user, phone, 'confirmation');
      }
      if (!user.phone_change) return '';
      return this.sendCode(client, user, user.phone_change, 'phone_change');
    });
    return messageId === '' ? {} : { message_id: messageId };
  }

  /**
   * POST /verify {type: sms | phone_change, phone, token}: confirms the number (sms) or makes the
   * change (phone_change), and signs in (amr otp).
   */
  async verify(req: IncomingMessage, body: JsonObject, type: 'sms' | 'phone_change', address: string): Promise<JsonObject> {
    const token = optionalString(body, 'token') ?? '';
    const phone = normalisePhone(optionalString(body, 'phone') ?? '');
    const hash = tokenHash(phone, token);
    return withTransaction(this.pool, async (client) => {
      const user =
        type === 'sms'
          ? await this.lockedByPhone(client, phone)
          : await this.lockedUser(client, "instance_id = '00000000-0000-0000-0000-000000000000' and phone_change = $1 and is_sso_user = false", phone);
      if (!user || user.deleted_at) throw tokenInvalid();
      if (users.isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
      const test = this.testOtp(phone);
      if (test === undefined || test !== token) {
        const [expected, sentAt] = type === 'sms' ? [user.confirmation_token, user.confirmation_sent_at] : [user.phone_change_token, user.phone_change_sent_at];
        const valid = !!expected && sentAt !== null && Date.now() <= sentAt.getTime() + SMS_OTP_EXPIRY_SECONDS * 1000 && (expected === hash || expected === `pkce_${hash}`);
        if (!valid) throw tokenInvalid();
      }
      await actAs(client, user.id);
      if (type === 'sms') {
        await client.query(`update auth.users set phone_confirmed_at = now(), confirmation_token = '', updated_at = now() where id = $1`, [user.id]);
      } else {
        await this.confirmPhoneChange(client, user.id, phone);
      }
      if (user.is_anonymous) await client.query('update auth.users set is_anonymous = false where id = $1', [user.id]);
      await users.updateProviders(client, user.id);
      return signIn(client, this.config, user.id, { userAgent: req.headers['user-agent'], address, method: 'otp', provider: 'phone' });
    });
  }

  /** The phone identity gets the number (created if missing) and the user's number changes. */
  private async confirmPhoneChange(db: Queryable, userId: string, phone: string): Promise<void> {
    const { rowCount } = await db.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('phone', $2::text, 'phone_verified', true), updated_at = now()
        where user_id = $1 and provider = 'phone'`,
      [userId, phone],
    );
    if (rowCount === 0) await users.insertIdentity(db, userId, 'phone', { sub: userId, phone, email_verified: false, phone_verified: true });
    await db.query(
      `update auth.users set phone = $2, phone_change = '', phone_change_token = '', phone_confirmed_at = now(), updated_at = now() where id = $1`,
      [userId, phone],
    );
  }

  /**
   * PUT /user with a new number (inside the caller's transaction, after its checks): changed at once
   * without confirmations (an anonymous user becomes permanent), else a code goes to the new number.
   */
  async requestPhoneChange(db: Queryable, userId: string, phone: string): Promise<void> {
    const user = await this.lockedUser(db, 'id = $1', userId);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (this.autoconfirm) {
      await this.confirmPhoneChange(db, user.id, phone);
      if (user.is_anonymous) await db.query('update auth.users set is_anonymous = false where id = $1', [user.id]);
      return;
    }
    await this.sendCode(db, user, phone, 'phone_change');
  }

  /** GET /reauthenticate of a user without e-mail: the nonce by SMS; its message id. */
  async reauthenticate(user: UserRow): Promise<string> {
    if (!user.phone_confirmed_at) throw new AuthError(422, 'phone_not_confirmed', 'Please verify your phone first.');
    const phone = user.phone ?? '';
    return withTransaction(this.pool, async (client) => {
      const locked = await this.lockedUser(client, 'id = $1', user.id);
      if (!locked) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      return this.sendCode(client, locked, phone, 'reauthentication');
    });
  }

  /** Checks and uses up the SMS nonce of a password change (inside the caller's transaction). */
  async useNonce(db: Queryable, userId: string, nonce: string): Promise<void> {
    const user = await this.lockedUser(db, 'id = $1', userId);
    const invalid = new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
    const sentAt = user?.reauthentication_sent_at ?? null;
    if (!user?.phone || !user.reauthentication_token || sentAt === null) throw invalid;
    if (Date.now() > sentAt.getTime() + SMS_OTP_EXPIRY_SECONDS * 1000 || tokenHash(user.phone, nonce) !== user.reauthentication_token) throw invalid;
    await db.query(`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`, [userId]);
  }
}
