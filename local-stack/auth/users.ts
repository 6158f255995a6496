// auth.users as Supabase Auth stores and shows it: rows, the user JSON, passwords, metadata.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AuthError, type JsonObject } from './http.ts';

export type Queryable = Pick<pg.PoolClient, 'query'>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: JsonObject | null;
  raw_user_meta_data: JsonObject | null;
  created_at: Date | null;
  updated_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  /** The address of an e-mail change waiting for its confirmations. */
  email_change: string | null;
  email_change_sent_at: Date | null;
  /** The number of a phone change waiting for its SMS code. */
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  invited_at: Date | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: JsonObject;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, phone, phone_confirmed_at,
  confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until,
  deleted_at, is_anonymous, nullif(email_change, '') as email_change, email_change_sent_at,
  nullif(phone_change, '') as phone_change, phone_change_sent_at, invited_at`;

export { checkPasswordStrength, hashPassword, MIN_PASSWORD_LENGTH, passwordMatches } from './passwords.ts';

/** GoTrue's metadata update: keys are merged, a `null` value removes the key. */
export function mergeMetadata(current: JsonObject | null, update: JsonObject): JsonObject {
  const merged: JsonObject = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

const iso = (value: Date | null): string | undefined => (value ? value.toISOString() : undefined);

function identityJson(row: IdentityRow): JsonObject {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    email: row.email ?? undefined,
  };
}

export interface FactorSummary {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
}

/** A factor as the user object and the admin API show it (never its secret). */
export function factorJson(row: FactorSummary): JsonObject {
  return {
    id: row.id,
    friendly_name: row.friendly_name ?? '',
    factor_type: row.factor_type,
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The user object of Supabase Auth's responses (timestamps omitted when unset, as GoTrue does). */
export function userJson(user: UserRow, identities: readonly IdentityRow[], factors: readonly FactorSummary[] = []): JsonObject {
  const body: JsonObject = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmed_at: iso(user.confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
  if (factors.length > 0) {
    body.factors = factors.map(factorJson);
  }
  if (user.email_change) {
    body.new_email = user.email_change;
    body.email_change_sent_at = iso(user.email_change_sent_at);
  }
  if (user.phone_change) {
    body.new_phone = user.phone_change;
    body.phone_change_sent_at = iso(user.phone_change_sent_at);
  }
  if (user.banned_until) body.banned_until = user.banned_until.toISOString();
  if (user.deleted_at) body.deleted_at = user.deleted_at.toISOString();
  return body;
}

async function identitiesOf(db: Queryable, userIds: readonly string[]): Promise<Map<string, IdentityRow[]>> {
  const byUser = new Map<string, IdentityRow[]>();
  if (userIds.length === 0) return byUser;
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = any($1::uuid[]) order by created_at, id`,
    [userIds],
  );
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push(row);
    byUser.set(row.user_id, list);
  }
  return byUser;
}

async function factorsOf(db: Queryable, userIds: readonly string[]): Promise<Map<string, FactorSummary[]>> {
  const byUser = new Map<string, FactorSummary[]>();
  if (userIds.length === 0) return byUser;
  const { rows } = await db.query<FactorSummary>(
    `select id, user_id, friendly_name, factor_type, status, created_at, updated_at
       from auth.mfa_factors where user_id = any($1::uuid[]) order by created_at, id`,
    [userIds],
  );
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  return byUser;
}

export async function usersJson(db: Queryable, users: readonly UserRow[]): Promise<JsonObject[]> {
  const ids = users.map((u) => u.id);
  const [identities, factors] = [await identitiesOf(db, ids), await factorsOf(db, ids)];
  return users.map((user) => userJson(user, identities.get(user.id) ?? [], factors.get(user.id) ?? []));
}

export async function oneUserJson(db: Queryable, user: UserRow): Promise<JsonObject> {
  const [json] = await usersJson(db, [user]);
  return json!;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

export async function findUserById(db: Queryable, id: string, lock = false): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1${lock ? ' for update' : ''}`, [id]);
  return rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where instance_id = '00000000-0000-0000-0000-000000000000' and lower(email) = $1 and is_sso_user = false order by deleted_at nulls first limit 1`,
    [email],
  );
  return rows[0];
}

/** The user of a phone number (digits, as Auth stores it). */
export async function findUserByPhone(db: Queryable, phone: string, lock = false): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where instance_id = '00000000-0000-0000-0000-000000000000' and phone = $1 and is_sso_user = false limit 1${lock ? ' for update' : ''}`,
    [phone],
  );
  return rows[0];
}

export async function phoneTaken(db: Queryable, phone: string, exceptId?: string): Promise<boolean> {
  const { rows } = await db.query<{ taken: boolean }>(
    `select exists (select 1 from auth.users where instance_id = '00000000-0000-0000-0000-000000000000' and phone = $1 and ($2::uuid is null or id <> $2::uuid)) as taken`,
    [phone, exceptId ?? null],
  );
  return rows[0]?.taken === true;
}

export const phoneExists = (): AuthError => new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered');

/**
 * A new phone user with its `phone` identity, as sign-up creates it (Supabase Auth's identity data
 * of a phone sign-up: sub, email_verified and phone_verified false, and the sign-up's data).
 */
export async function insertPhoneUser(db: Queryable, user: { phone: string; passwordHash: string; userMetadata: JsonObject }): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, phone, encrypted_password, raw_app_meta_data, raw_user_meta_data,
       created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1, $2,
       '{"provider":"phone","providers":["phone"]}'::jsonb, $3::jsonb, now(), now(), false)
     returning ${USER_COLUMNS}`,
    [user.phone, user.passwordHash, JSON.stringify(mergeMetadata({}, user.userMetadata))],
  );
  const created = rows[0]!;
  await insertIdentity(db, created.id, 'phone', { ...user.userMetadata, sub: created.id, email_verified: false, phone_verified: false });
  return created;
}

/** An identity of `provider` whose provider id is the user's id (email and phone identities). */
export async function insertIdentity(db: Queryable, userId: string, provider: string, identityData: JsonObject): Promise<void> {
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at, last_sign_in_at)
     values ($1::text, $1::uuid, $2::jsonb, $3, now(), now(), now())`,
    [userId, JSON.stringify(identityData), provider],
  );
}

/** app_metadata.providers (and provider) from the user's identities, oldest first, as Supabase Auth keeps them. */
export async function updateProviders(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users u set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb) || jsonb_build_object('providers', p.providers)
       || case when jsonb_array_length(p.providers) > 0 then jsonb_build_object('provider', p.providers -> 0) else '{}'::jsonb end
       from (select coalesce(jsonb_agg(provider order by first_at), '[]'::jsonb) as providers
               from (select provider, min(created_at) as first_at from auth.identities where user_id = $1 group by provider) i) p
      where u.id = $1`,
    [userId],
  );
}

/**
 * The user object Supabase Auth answers a sign-up with for an address or number that already has a
 * confirmed account (confirmations on): made up, so that sign-up does not tell who has an account.
 */
export function sanitizedUserJson(provider: 'email' | 'phone', identifier: string, data: JsonObject): JsonObject {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email: provider === 'email' ? identifier : '',
    phone: provider === 'phone' ? identifier : '',
    confirmation_sent_at: now,
    app_metadata: { provider, providers: [provider] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export async function emailTaken(db: Queryable, email: string, exceptId?: string): Promise<boolean> {
  const { rows } = await db.query<{ taken: boolean }>(
    `select exists (select 1 from auth.users where instance_id = '00000000-0000-0000-0000-000000000000' and lower(email) = $1 and is_sso_user = false and ($2::uuid is null or id <> $2::uuid)) as taken`,
    [email, exceptId ?? null],
  );
  return rows[0]?.taken === true;
}

/**
 * A new e-mail user with its `email` identity, as sign-up, invitations and generated sign-up links
 * create it: unconfirmed unless `confirmed`, without a password when `passwordHash` is ''.
 */
export async function insertEmailUser(
  db: Queryable,
  user: { email: string; passwordHash: string; confirmed: boolean; userMetadata: JsonObject },
): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1, $2,
       case when $3::boolean then now() end, '{"provider":"email","providers":["email"]}'::jsonb, $4::jsonb, now(), now(), false)
     returning ${USER_COLUMNS}`,
    [user.email, user.passwordHash, user.confirmed, JSON.stringify(mergeMetadata({}, user.userMetadata))],
  );
  const created = rows[0]!;
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now())`,
    [created.id, JSON.stringify({ sub: created.id, email: user.email, email_verified: user.confirmed, phone_verified: false })],
  );
  return created;
}

export const emailExists = (): AuthError =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

/**
 * A Go duration ("24h", "1h30m", "90s", "876000h") in milliseconds, the format of `ban_duration`;
 * undefined when malformed.
 */
export function parseGoDuration(text: string): number | undefined {
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(text)) return undefined;
  let total = 0;
  for (const match of text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(match[1]) * units[match[2]!]!;
  }
  return Number.isFinite(total) ? total : undefined;
}
