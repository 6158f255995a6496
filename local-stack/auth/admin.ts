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
import { withTransaction } from './sessions.ts';
import {
  checkPasswordStrength,
  emailExists,
  emailTaken,
  findUserById,
  hashPassword,
  isUuid,
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

const userNotFound = (): AuthError => new AuthError(404, 'user_not_found', 'User not found');

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

async function createUser(pool: pg.Pool, body: JsonObject, minPasswordLength: number): Promise<JsonObject> {
  const rawEmail = optionalString(body, 'email');
  if (rawEmail === undefined || rawEmail.trim() === '') throw validationFailed('Unable to validate email address: email is required');
  const email = normaliseEmail(rawEmail);
  const password = optionalString(body, 'password');
  if (password !== undefined) checkPasswordStrength(password, minPasswordLength);
  const phone = optionalString(body, 'phone');
  const idParam = optionalString(body, 'id');
  if (idParam !== undefined && !isUuid(idParam)) throw validationFailed('id must be a UUID');
  const role = optionalString(body, 'role') ?? 'authenticated';
  const emailConfirm = optionalBoolean(body, 'email_confirm') ?? false;
  const phoneConfirm = optionalBoolean(body, 'phone_confirm') ?? false;
  const appMetadata = mergeMetadata({ provider: 'email', providers: ['email'] }, optionalObject(body, 'app_metadata') ?? {});
  const userMetadata = mergeMetadata({}, optionalObject(body, 'user_metadata') ?? {});
  const banned = banUntil(body) ?? null;
  const hash = password === undefined ? '' : await hashPassword(password);
  const id = idParam ?? randomUUID();

  return withTransaction(pool, async (client) => {
    if (await emailTaken(client, email)) throw emailExists();
    // Serialise concurrent creations of the same address (the unique index is on email as written).
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`auth.users:${email}`]);
    if (await emailTaken(client, email)) throw emailExists();
    const { rows } = await client.query<UserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, phone,
         phone_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1::uuid, 'authenticated', $2::text, $3::text, $4::text,
         case when $5::boolean then now() end, $6::text, case when $7::boolean and $6::text is not null then now() end,
         $8::jsonb, $9::jsonb, now(), now(), $10, false)
       returning ${USER_COLUMNS}`,
      [id, role, email, hash, emailConfirm, phone ?? null, phoneConfirm, JSON.stringify(appMetadata), JSON.stringify(userMetadata), banned],
    );
    const user = rows[0]!;
    await client.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now())`,
      [user.id, JSON.stringify({ sub: user.id, email, email_verified: emailConfirm, phone_verified: false })],
    );
    return oneUserJson(client, user);
  });
}

async function updateUser(pool: pg.Pool, id: string, body: JsonObject, minPasswordLength: number): Promise<JsonObject> {
  const rawEmail = optionalString(body, 'email');
  const email = rawEmail === undefined ? undefined : normaliseEmail(rawEmail);
  const password = optionalString(body, 'password');
  if (password !== undefined) checkPasswordStrength(password, minPasswordLength);
  const phone = optionalString(body, 'phone');
  const role = optionalString(body, 'role');
  const emailConfirm = optionalBoolean(body, 'email_confirm');
  const appMetadata = optionalObject(body, 'app_metadata');
  const userMetadata = optionalObject(body, 'user_metadata');
  const banned = banUntil(body);
  const hash = password === undefined ? undefined : await hashPassword(password);

  return withTransaction(pool, async (client) => {
    const user = await findUserById(client, id, true);
    if (!user) throw userNotFound();
    if (email !== undefined && email !== user.email && (await emailTaken(client, email, id))) throw emailExists();
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
      ],
    );
    if (email !== undefined && email !== user.email) {
      await client.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
          where user_id = $1 and provider = 'email'`,
        [id, email],
      );
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
  minPasswordLength: number,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (subpath === '/admin/users' || subpath === '/admin/users/') {
    if (method === 'GET') return listUsers(pool, req, res);
    if (method === 'POST') {
      sendAuthJson(res, 200, await createUser(pool, await readJsonObject(req), minPasswordLength));
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
    throw validationFailed('user_id must be an UUID');
  }
  if (!isUuid(id)) throw validationFailed('user_id must be an UUID');
  if (method === 'GET') {
    const user = await findUserById(pool, id);
    if (!user) throw userNotFound();
    sendAuthJson(res, 200, await oneUserJson(pool, user));
    return;
  }
  if (method === 'PUT') {
    sendAuthJson(res, 200, await updateUser(pool, id, await readJsonObject(req), minPasswordLength));
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
