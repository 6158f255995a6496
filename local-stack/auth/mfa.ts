// Multi-factor authentication with TOTP (authenticator apps), as Supabase Auth runs it:
//   POST   /factors                 enrol: a secret, its otpauth:// URI and a QR code (SVG)
//   POST   /factors/{id}/challenge  a challenge valid 5 minutes, for the caller's address
//   POST   /factors/{id}/verify     {challenge_id, code}: the factor is verified and the session
//                                   steps up to aal2 (its other aal1 sessions end)
//   DELETE /factors/{id}            unenrol (a verified factor needs an aal2 session)
// and the admin's /admin/users/{id}/factors[/{factor_id}]. Enrolment and verification follow
// config.toml's [auth.mfa.totp] enroll_enabled / verify_enabled; [auth.mfa] max_enrolled_factors.
// Phone and WebAuthn factors are off (their enrolment answers as Supabase Auth does then).
// Guessing: every verify counts against the caller's address ([auth.rate_limit]
// token_verifications, in index.ts), and a challenge is spent after MAX_FAILED_ATTEMPTS wrong codes
// (deleted: the next verify of it is 422 mfa_factor_not_found), so one challenge cannot be used to
// try codes for its whole five minutes.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import type pg from 'pg';
import QRCode from 'qrcode';
import type { StackConfig } from '../config.ts';
import type { CurrentUser } from './guards.ts';
import { AuthError, optionalString, readJsonObject, sendAuthJson, validationFailed } from './http.ts';
import { insertRefreshToken, recordAuthenticationMethod, SESSION_COLUMNS, sessionResponse, withTransaction, type SessionRow } from './sessions.ts';
import { factorJson, findUserById, isUuid, type FactorSummary, type Queryable } from './users.ts';

const CHALLENGE_EXPIRY_SECONDS = 300;
/** Wrong codes one challenge tolerates; the next wrong code spends it. */
export const MAX_FAILED_ATTEMPTS = 5;
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error('invalid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) of a base32 secret at a Unix time in seconds. */
export function totpCode(secret: string, unixSeconds: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixSeconds / PERIOD_SECONDS)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  const number = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS;
  return String(number).padStart(DIGITS, '0');
}

/** A code is accepted for the current 30-second step and one step either side (clock skew). */
export function totpMatches(secret: string, code: string, unixSeconds = Date.now() / 1000): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return [-1, 0, 1].some((step) => {
    const expected = Buffer.from(totpCode(secret, unixSeconds + step * PERIOD_SECONDS));
    return timingSafeEqual(expected, Buffer.from(code));
  });
}

interface FactorRow extends FactorSummary {
  secret: string | null;
}

const FACTOR_COLUMNS = 'id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret';

const factorNotFound = (): AuthError => new AuthError(404, 'mfa_factor_not_found', 'Factor not found');

export class MfaFlows {
  /** Wrong codes per challenge id (memory only: the local stack is one process; challenges live 5 minutes). */
  private readonly failures = new Map<string, { count: number; at: number }>();

  constructor(
    private readonly config: StackConfig,
    private readonly pool: pg.Pool,
  ) {}

  private failedAttempt(challengeId: string): number {
    const cutoff = Date.now() - CHALLENGE_EXPIRY_SECONDS * 1000;
    for (const [id, entry] of this.failures) if (entry.at < cutoff) this.failures.delete(id);
    const count = (this.failures.get(challengeId)?.count ?? 0) + 1;
    this.failures.set(challengeId, { count, at: Date.now() });
    return count;
  }

  private get mfa(): StackConfig['project']['auth']['mfa'] {
    return this.config.project.auth.mfa;
  }

  /** Routes /factors[/{id}[/challenge|/verify]] for the signed-in caller. */
  async handle(req: IncomingMessage, res: ServerResponse, subpath: string, current: CurrentUser, address: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (subpath === '/factors') {
      if (method !== 'POST') throw new AuthError(405, 'method_not_allowed', `Method ${method} not allowed`);
      return this.enroll(req, res, current);
    }
    const match = /^\/factors\/([^/]+)(?:\/(challenge|verify))?$/.exec(subpath);
    if (!match) throw new AuthError(404, 'not_found', `Not found: ${subpath}`);
    const id = match[1]!;
    if (!isUuid(id)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
    const factor = await this.ownedFactor(this.pool, current.user.id, id);
    if (match[2] === 'challenge' && method === 'POST') {
      if (!this.mfa.totp.verify_enabled) throw new AuthError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
      return this.challenge(res, factor, address);
    }
    if (match[2] === 'verify' && method === 'POST') return this.verify(req, res, factor, current, address);
    if (match[2] === undefined && method === 'DELETE') return this.unenroll(res, factor, current);
    throw new AuthError(405, 'method_not_allowed', `Method ${method} not allowed`);
  }

  private async ownedFactor(db: Queryable, userId: string, id: string): Promise<FactorRow> {
    const { rows } = await db.query<FactorRow>(`select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2`, [id, userId]);
    if (!rows[0]) throw factorNotFound();
    return rows[0];
  }

  private async enroll(req: IncomingMessage, res: ServerResponse, current: CurrentUser): Promise<void> {
    const body = await readJsonObject(req);
    const type = optionalString(body, 'factor_type');
    if (type === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (type === 'webauthn') throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    if (type !== 'totp') throw validationFailed('factor_type needs to be totp, phone, or webauthn');
    if (!this.mfa.totp.enroll_enabled) throw new AuthError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
    const friendlyName = (optionalString(body, 'friendly_name') ?? '').trim();
    if (friendlyName.length > 255) throw validationFailed('friendly_name must be at most 255 characters');
    const issuer = optionalString(body, 'issuer') || new URL(this.config.project.auth.site_url).host;
    const account = current.user.email ?? current.user.phone ?? current.user.id;

    const secret = base32Encode(randomBytes(20));
    const uri = `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?algorithm=SHA1&digits=6&issuer=${encodeURIComponent(issuer)}&period=30&secret=${secret}`;
    const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
    const id = randomUUID();
    await withTransaction(this.pool, async (client) => {
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`auth.mfa_factors:${current.user.id}`]);
      // Unverified factors older than a day are abandoned enrolments.
      await client.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - interval '1 day'`, [current.user.id]);
      const { rows } = await client.query<{ friendly_name: string | null; status: string }>('select friendly_name, status from auth.mfa_factors where user_id = $1', [
        current.user.id,
      ]);
      if (friendlyName !== '' && rows.some((row) => row.friendly_name === friendlyName)) {
        throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
      }
      if (rows.length >= this.mfa.max_enrolled_factors) {
        throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
      }
      if (rows.some((row) => row.status === 'verified') && current.session?.aal !== 'aal2') {
        throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
      }
      await client.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
        [id, current.user.id, friendlyName, secret],
      );
    });
    sendAuthJson(res, 200, { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret, uri } });
  }

  private async challenge(res: ServerResponse, factor: FactorRow, address: string): Promise<void> {
    const id = randomUUID();
    const { rows } = await this.pool.query<{ created_at: Date }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet) returning created_at`,
      [id, factor.id, net.isIP(address) ? address : '0.0.0.0'],
    );
    sendAuthJson(res, 200, { id, type: factor.factor_type, expires_at: Math.floor(rows[0]!.created_at.getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS });
  }

  private async verify(req: IncomingMessage, res: ServerResponse, factor: FactorRow, current: CurrentUser, address: string): Promise<void> {
    if (!this.mfa.totp.verify_enabled) throw new AuthError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
    const body = await readJsonObject(req);
    const challengeId = optionalString(body, 'challenge_id') ?? '';
    const code = (optionalString(body, 'code') ?? '').trim();
    if (code === '') throw validationFailed('Code needs to be non-empty');
    if (!isUuid(challengeId)) throw validationFailed('challenge_id must be an UUID');
    if (!current.session) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    const session = current.session;

    const outcome = await withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ id: string; created_at: Date; verified_at: Date | null; ip: string }>(
        `select id, created_at, verified_at, host(ip_address) as ip from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
        [challengeId, factor.id],
      );
      const challenge = rows[0];
      if (!challenge || challenge.verified_at) {
        throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
      }
      if (net.isIP(address) && challenge.ip !== address) {
        throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
      }
      if (Date.now() > challenge.created_at.getTime() + CHALLENGE_EXPIRY_SECONDS * 1000) {
        throw new AuthError(422, 'mfa_challenge_expired', `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
      }
      if (!factor.secret || !totpMatches(factor.secret, code)) {
        if (this.failedAttempt(challenge.id) >= MAX_FAILED_ATTEMPTS) {
          await client.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
          this.failures.delete(challenge.id);
        }
        return { error: new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered') };
      }
      this.failures.delete(challenge.id);
      await client.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
      await client.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      const stepped = await client.query<SessionRow>(
        `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1 returning ${SESSION_COLUMNS}`,
        [session.id, factor.id],
      );
      await recordAuthenticationMethod(client, session.id, 'totp');
      // As Supabase Auth: the user's sessions below aal2 end, and abandoned TOTP enrolments go.
      await client.query(`delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') <> 'aal2'`, [current.user.id, session.id]);
      await client.query(`delete from auth.mfa_factors where user_id = $1 and factor_type = 'totp' and status = 'unverified'`, [current.user.id]);
      await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false', [session.id]);
      const refreshToken = await insertRefreshToken(client, stepped.rows[0]!, null);
      const user = await findUserById(client, current.user.id);
      return { body: await sessionResponse(client, this.config, user!, stepped.rows[0]!, refreshToken) };
    });
    if ('error' in outcome) throw outcome.error;
    sendAuthJson(res, 200, outcome.body);
  }

  private async unenroll(res: ServerResponse, factor: FactorRow, current: CurrentUser): Promise<void> {
    if (factor.status === 'verified' && current.session?.aal !== 'aal2') {
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await withTransaction(this.pool, async (client) => {
      await client.query('delete from auth.mfa_factors where id = $1', [factor.id]);
      await client.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factor.id]);
    });
    sendAuthJson(res, 200, { id: factor.id });
  }

  /** True when the user has a verified factor: e-mail and password changes then need aal2. */
  async hasVerifiedFactor(db: Queryable, userId: string): Promise<boolean> {
    const { rows } = await db.query<{ found: boolean }>(
      `select exists (select 1 from auth.mfa_factors where user_id = $1 and status = 'verified') as found`,
      [userId],
    );
    return rows[0]?.found === true;
  }
}

/** The admin's view of a user's factors: GET list, DELETE one. */
export async function handleAdminFactors(pool: pg.Pool, req: IncomingMessage, res: ServerResponse, userId: string, factorId: string | undefined): Promise<void> {
  const method = req.method ?? 'GET';
  if (factorId === undefined) {
    if (method !== 'GET') throw new AuthError(405, 'method_not_allowed', `Method ${method} not allowed`);
    const { rows } = await pool.query<FactorRow>(`select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at`, [userId]);
    sendAuthJson(res, 200, rows.map(factorJson));
    return;
  }
  if (!isUuid(factorId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  if (method !== 'DELETE') throw new AuthError(405, 'method_not_allowed', `Method ${method} not allowed`);
  const { rows } = await pool.query<FactorRow>(`delete from auth.mfa_factors where id = $1 and user_id = $2 returning ${FACTOR_COLUMNS}`, [factorId, userId]);
  if (!rows[0]) throw factorNotFound();
  await pool.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factorId]);
  sendAuthJson(res, 200, factorJson(rows[0]));
}
