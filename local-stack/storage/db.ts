// Database access of the Storage API: every read or write made for a caller runs through
// withRoleTransaction as the caller's role with its claims, so the storage.objects policies decide.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Claims, DbRole } from '../jwt.ts';
import { ERRORS, StorageApiError } from './errors.ts';
import { isConnectionError } from '../pg-errors.ts';

export interface Caller {
  role: DbRole;
  claims: Claims;
}

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface StoredObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  version: string | null;
  metadata: Partial<ObjectMetadata> | null;
  user_metadata: Record<string, unknown> | null;
  owner_id: string | null;
  created_at: Date | null;
  updated_at: Date | null;
  last_accessed_at: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads a bucket's configuration (as the stack's login: limits are server configuration). */
export async function findBucket(pool: pg.Pool, bucket: string): Promise<BucketRow | undefined> {
  const { rows } = await pool.query<BucketRow>(
    'select id, public, file_size_limit::text as file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [bucket],
  );
  return rows[0];
}

export const OBJECT_COLUMNS =
  'id, bucket_id, name, version, metadata, user_metadata, owner_id, created_at, updated_at, last_accessed_at';

export async function selectObject(client: pg.ClientBase | pg.Pool, bucket: string, key: string): Promise<StoredObjectRow | undefined> {
  const { rows } = await client.query<StoredObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, key],
  );
  return rows[0];
}

export interface NewObject {
  bucket: string;
  key: string;
  caller: Caller;
  metadata: ObjectMetadata;
  userMetadata: Record<string, unknown> | null;
  upsert: boolean;
}

/**
 * Inserts (or with upsert replaces) the row of an object as the caller. Returns the row id, the
 * new version (the file name of the bytes) and the version it replaced, if any.
 */
export async function writeObjectRow(
  client: pg.ClientBase,
  object: NewObject,
): Promise<{ id: string; version: string; replacedVersion: string | undefined }> {
  const version = randomUUID();
  const sub = typeof object.caller.claims.sub === 'string' ? object.caller.claims.sub : null;
  const owner = sub && UUID.test(sub) ? sub : null;
  let replacedVersion: string | undefined;
  if (object.upsert) {
    // Lock the row being replaced (if the caller may see it) to learn which file it points at.
    const { rows } = await client.query<{ version: string | null }>(
      'select version from storage.objects where bucket_id = $1 and name = $2 for update',
      [object.bucket, object.key],
    );
    replacedVersion = rows[0]?.version ?? undefined;
  }
  const values = [object.bucket, object.key, owner, sub, JSON.stringify(object.metadata), object.userMetadata === null ? null : JSON.stringify(object.userMetadata), version];
  const conflict = object.upsert
    ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
         metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
         updated_at = now(), last_accessed_at = now()`
    : '';
  const { rows } = await client.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7) ${conflict} returning id`,
    values,
  );
  const id = rows[0]?.id;
  if (!id) throw ERRORS.internal('Object row was not written');
  return { id, version, replacedVersion };
}

/** Maps a database error to Storage's answer. */
export function storageErrorFromDb(error: unknown): StorageApiError | undefined {
  if (error instanceof StorageApiError) return error;
  if (isConnectionError(error)) return ERRORS.databaseUnavailable();
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  switch (code) {
    case '42501':
      return ERRORS.rlsViolation();
    case '23505':
      return ERRORS.duplicate();
    case '23503':
      return ERRORS.noSuchBucket();
    default:
      break;
  }
  // Data exceptions (class 22: e.g. a NUL in user metadata, which jsonb refuses): bad input.
  if (typeof code === 'string' && code.startsWith('22')) return ERRORS.invalidRequest('Invalid input: the object metadata cannot be stored');
  switch (code) {
    case '57014':
      return new StorageApiError(544, 'DatabaseTimeout', 'DatabaseTimeout', 'The connection to the database timed out');
    default:
      return undefined;
  }
}
