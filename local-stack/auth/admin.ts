// The admin endpoints of Supabase Auth (service role only): create, list, read, update, delete users.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import {
  AuthError,
  normaliseEmail,
  optionalBoolean,
  optionalObject,
  optionalString,
  queryOf,
  readJsonObject,
  sendAuthJson,
  validationFailed,
  type JsonObject,
} from './http.ts';
import type { PasswordPolicy } from './passwords.ts';
import { normalisePhone } from './phone.ts';
import { withTransaction } from './sessions.ts';
import {
  checkPasswordStrength,
  emailExists,
  emailTaken,
  findUserById,
  hashPassword,
  insertIdentity,
  isUuid,
  phoneExists,
  phoneTaken,
  mergeMetadata,
  oneUserJson,
  parseGoDuration,
  USER_COLUMNS,
  usersJson,
  type Queryable,
  type UserRow,
} from './users.ts';

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 1000;

export const userNotFound = (): AuthError => new AuthError(404, 'user_not_found', 'User not found');
/** As Supabase Auth's loadUser: a malformed id in the path is a 404. */
export const userIdNotUuid = (): AuthError => new AuthError(404, 'validation_failed', 'user_id must be an UUID');

function banUntil(body: JsonObject): Date | null | undefined {
  const value = optionalString(body, 'ban_duration');
  if (value === undefined) return undefined;
  if (value === 'none') return null;
  const ms = parseGoDuration(value);
  if (ms === undefined) throw validationFailed(`invalid format for ban duration: time: invalid duration "${value}"`);
  return new Date(Date.now() + ms);
}

function positiveIntParam(params: URLSearchParams, name: string, fallback: number): number {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw validationFailed(`Bad Pagination Parameters: ${name} must be a positive integer`);
  return Number(raw);
}

async function createUser(pool: pg.Pool, body: JsonObject, policy: PasswordPolicy): Promise<JsonObject> {
  const rawEmail = optionalString(body, 'email') ?? '';
  const rawPhone = optionalString(body, 'phone') ?? '';
  if (rawEmail.trim() === '' && rawPhone === '') throw validationFailed('Cannot create a user without either an email or phone');
  const email = rawEmail.trim() === '' ? undefined : normaliseEmail(rawEmail);
  const phone = rawPhone === '' ? undefined : normalisePhone(rawPhone);
  const password = optionalString(body, 'password');
  // Stricter than Supabase Auth, which checks no password here: no client stores a password the
  // project's rules refuse (a blank one included).
  if (password !== undefined && password !== '') checkPasswordStrength(password, policy);
  const idParam = optionalString(body, 'id');
  if (idParam !== undefined && !isUuid(idParam)) throw validationFailed('id must be a UUID');
  const role = optionalString(body, 'role') ?? 'authenticated';
  const emailConfirm = optionalBoolean(body, 'email_confirm') ?? false;
  const phoneConfirm = optionalBoolean(body, 'phone_confirm') ?? false;
  const providers = [...(email ? ['email'] : []), ...(phone ? ['phone'] : [])];
  const appMetadata = mergeMetadata({ provider: providers[0], providers }, optionalObject(body, 'app_metadata') ?? {});
  const userMetadata = mergeMetadata({}, optionalObject(body, 'user_metadata') ?? {});
  const banned = banUntil(body) ?? null;
  const hash = password === undefined || password === '' ? '' : await hashPassword(password);
  const id = idParam ?? randomUUID();

  return withTransaction(pool, async (client) => {
    // Serialise concurrent creations of the same address or number (the unique indexes are on them as written).
    if (email) await client.query('select pg_advisory_xact_lock(hashtext($1))', [`auth.users:${email}`]);
    if (phone) await client.query('select pg_advisory_xact_lock(hashtext($1))', [`auth.users:phone:${phone}`]);
    if (email && (await emailTaken(client, email))) throw emailExists();
    if (phone && (await phoneTaken(client, phone))) throw new AuthError(422, 'phone_exists', 'Phone number already registered by another user');
    const { rows } = await client.query<UserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, phone,
         phone_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1::uuid, 'authenticated', $2::text, $3::text, $4::text,
         case when $5::boolean and $3::text is not null then now() end, $6::text, case when $7::boolean and $6::text is not null then now() end,
         $8::jsonb, $9::jsonb, now(), now(), $10, false)
       returning ${USER_COLUMNS}`,
      [id, role, email ?? null, hash, emailConfirm, phone ?? null, phoneConfirm, JSON.stringify(appMetadata), JSON.stringify(userMetadata), banned],
    );
    const user = rows[0]!;
    if (email) await insertIdentity(client, user.id, 'email', { sub: user.id, email, email_verified: emailConfirm, phone_verified: false });
    if (phone) await insertIdentity(client, user.id, 'phone', { sub: user.id, phone, email_verified: false, phone_verified: phoneConfirm });
    return oneUserJson(client, user);
  });
}

async function updateUser(pool: pg.Pool, id: string, body: JsonObject, policy: PasswordPolicy): Promise<JsonObject> {
  const rawEmail = optionalString(body, 'email');
  const email = rawEmail === undefined || rawEmail === '' ? undefined : normaliseEmail(rawEmail);
  const rawPhone = optionalString(body, 'phone');
  const phone = rawPhone === undefined || rawPhone === '' ? undefined : normalisePhone(rawPhone);
  const password = optionalString(body, 'password');
  if (password !== undefined) checkPasswordStrength(password, policy);
  const role = optionalString(body, 'role');
  const emailConfirm = optionalBoolean(body, 'email_confirm');
  const phoneConfirm = optionalBoolean(body, 'phone_confirm');
  const appMetadata = optionalObject(body, 'app_metadata');
  const userMetadata = optionalObject(body, 'user_metadata');
  const banned = banUntil(body);
  const hash = password === undefined ? undefined : await hashPassword(password);

  return withTransaction(pool, async (client) => {
    const user = await findUserById(client, id, true);
    if (!user) throw userNotFound();
    if (email !== undefined && email !== user.email && (await emailTaken(client, email, id))) throw emailExists();
    if (phone !== undefined && phone !== user.phone && (await phoneTaken(client, phone, id))) throw phoneExists();
    const { rows } = await client.query<UserRow>(
      `update auth.users set
         email = coalesce($2::text, email),
         encrypted_password = coalesce($3::text, encrypted_password),
         phone = coalesce($4::text, phone),
         role = coalesce($5::text, role),
         email_confirmed_at = case when $6::boolean is true then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
         raw_app_meta_data = coalesce($7::jsonb, raw_app_meta_data),
         raw_user_meta_data = coalesce($8::jsonb, raw_user_meta_data),
         banned_until = case when $9::boolean then $10::timestamptz else banned_until end,
         phone_confirmed_at = case when $11::boolean is true then now() else phone_confirmed_at end,
         updated_at = now()
       where id = $1::uuid
       returning ${USER_COLUMNS}`,
      [
        id,
        email ?? null,
        hash ?? null,
        phone ?? null,
        role ?? null,
        emailConfirm ?? null,
        appMetadata ? JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMetadata)) : null,
        userMetadata ? JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMetadata)) : null,
        banned !== undefined,
        banned ?? null,
        phoneConfirm ?? null,
      ],
    );
    if (email !== undefined && email !== user.email) {
      await client.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
          where user_id = $1 and provider = 'email'`,
        [id, email],
      );
    }
    if (phone !== undefined) {
      // As Supabase Auth: the phone identity gets the number (created when the user had none).
      const { rowCount } = await client.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('phone', $2::text, 'phone_verified', $3::boolean), updated_at = now()
          where user_id = $1 and provider = 'phone'`,
        [id, phone, phoneConfirm === true],
      );
      if (rowCount === 0) await insertIdentity(client, id, 'phone', { sub: id, phone, email_verified: false, phone_verified: phoneConfirm === true });
    }
    return oneUserJson(client, rows[0]!);
  });
}

async function deleteUser(pool: pg.Pool, id: string, soft: boolean): Promise<JsonObject> {
  return withTransaction(pool, async (client) => {
    const user = await findUserById(client, id, true);
    if (!user) throw userNotFound();
    const json = await oneUserJson(client, user);
    if (soft) {
      await client.query('delete from auth.sessions where user_id = $1', [id]);
      await client.query('delete from auth.identities where user_id = $1', [id]);
      await client.query(
        `update auth.users set email = null, phone = null, encrypted_password = '', raw_user_meta_data = '{}'::jsonb,
           deleted_at = now(), updated_at = now() where id = $1`,
        [id],
      );
      return json;
    }
    try {
      await client.query('delete from auth.users where id = $1', [id]);
    } catch (error) {
      if ((error as { code?: string }).code === '23503') {
        throw new AuthError(500, 'unexpected_failure', 'Database error deleting user: the user is still referenced by other data');
      }
      throw error;
    }
    return json;
  });
}

async function listUsers(db: Queryable, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const params = queryOf(req);
  const page = positiveIntParam(params, 'page', 1);
  const perPage = Math.min(positiveIntParam(params, 'per_page', DEFAULT_PER_PAGE), MAX_PER_PAGE);
  const total = Number((await db.query<{ n: string }>('select count(*) as n from auth.users')).rows[0]?.n ?? '0');
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users order by created_at desc nulls last, id desc limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const lastPage = Math.ceil(total / perPage);
  const links: string[] = [];
  if (page < lastPage) links.push(`</auth/v1/admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</auth/v1/admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  sendAuthJson(res, 200, { users: await usersJson(db, rows), aud: 'authenticated' }, { 'X-Total-Count': String(total), Link: links.join(', ') });
}

/** Routes /admin/users[/id]; the caller has been checked to hold the service role. */
export async function handleAdmin(
  pool: pg.Pool,
  req: IncomingMessage,
  res: ServerResponse,
  subpath: string,
  policy: PasswordPolicy,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (subpath === '/admin/users' || subpath === '/admin/users/') {
    if (method === 'GET') return listUsers(pool, req, res);
    if (method === 'POST') {
      sendAuthJson(res, 200, await createUser(pool, await readJsonObject(req), policy));
      return;
    }
    throw new AuthError(405, 'method_not_allowed', `Method ${method} not allowed`);
  }
  const match = /^\/admin\/users\/([^/]+)\/?$/.exec(subpath);
  if (!match) throw new AuthError(404, 'not_found', 'Not found');
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    throw userIdNotUuid();
  }
  if (!isUuid(id)) throw userIdNotUuid();
  if (method === 'GET') {
    const user = await findUserById(pool, id);
    if (!user) throw userNotFound();
    sendAuthJson(res, 200, await oneUserJson(pool, user));
    return;
  }
  if (method === 'PUT') {
    sendAuthJson(res, 200, await updateUser(pool, id, await readJsonObject(req), policy));
    return;
  }
  if (method === 'DELETE') {
    const body = await readJsonObject(req);
    const soft = body.should_soft_delete;
    if (soft !== undefined && typeof soft !== 'boolean') throw validationFailed('should_soft_delete must be a boolean');
    sendAuthJson(res, 200, await deleteUser(pool, id, soft === true));
    return;
  }
  throw new AuthError(405, 'method_not_allowed', `Method ${method} not allowed`);
}
