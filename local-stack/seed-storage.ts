// Uploads sample images (supabase/seed-files/) for the Storage objects that
// the seed data refers to but that do not exist yet — provider_documents.storage_path in bucket
// provider-documents and image messages' object names in bucket message-images — so that the admin
// screens can open them. Works against the local stack, `supabase start` and hosted Supabase:
// everything goes through the public APIs with the service-role key (SUPABASE_URL /
// SUPABASE_SERVICE_ROLE_KEY; default: the local stack of local-stack/config.ts). Idempotent:
// existing objects are never replaced (upsert false, a 409 duplicate counts as already there).
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ws from 'ws';
import { ROOT_DIR } from './config.ts';

export const SEED_FILES_DIR = path.join(ROOT_DIR, 'supabase', 'seed-files');
export const DOCUMENT_BUCKET = 'provider-documents';
export const MESSAGE_IMAGE_BUCKET = 'message-images';

/** Sample file per object-name ending (the seed names objects `{folder}/{timestamp}-{file}`). */
export const SAMPLE_FILES: readonly { file: string; contentType: string }[] = [
  { file: 'cccd-truoc.jpg', contentType: 'image/jpeg' },
  { file: 'cccd-sau.jpg', contentType: 'image/jpeg' },
  { file: 'chung-chi.png', contentType: 'image/png' },
  { file: 'anh-hien-trang.jpg', contentType: 'image/jpeg' },
];

const PAGE_SIZE = 1000;
const PARALLEL = 8;

export interface SeedStorageOptions {
  url: string;
  serviceRoleKey: string;
  log?: (line: string) => void;
}

export interface SeedStorageResult {
  /** Distinct object names the data refers to (both buckets). */
  referenced: number;
  /** Objects that existed already (including 409 duplicates met while uploading). */
  existing: number;
  uploaded: number;
  /** Referenced names without a matching sample file (e.g. a real upload whose bytes are gone); left alone. */
  withoutSample: number;
}

interface ObjectRef {
  bucket: string;
  name: string;
}

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/** The sample for an object name, by its file-name ending; undefined when none fits. */
export function sampleFor(objectName: string): { file: string; contentType: string } | undefined {
  const base = objectName.slice(objectName.lastIndexOf('/') + 1);
  return SAMPLE_FILES.find((sample) => base === sample.file || base.endsWith(`-${sample.file}`));
}

/** Runs `fn` over `items` with at most `limit` calls at a time. */
async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Reads one text column of every row (paged, ordered by id) through the REST API. */
async function readColumn(
  client: SupabaseClient,
  table: 'provider_documents' | 'messages',
  column: 'storage_path' | 'content',
  imageOnly: boolean,
): Promise<string[]> {
  const values: string[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    let query = client.from(table).select(`id, ${column}`).order('id').range(from, from + PAGE_SIZE - 1);
    if (imageOnly) query = query.eq('type', 'image');
    const { data, error } = await query;
    if (error) throw new Error(`Could not read ${table}.${column}: ${error.code ?? ''} ${error.message}`);
    const rows = data as unknown as Record<string, unknown>[];
    for (const row of rows) {
      const value = row[column];
      if (typeof value === 'string') values.push(value);
    }
    if (rows.length < PAGE_SIZE) return values;
  }
}

/** Names of the files directly inside `folder` of `bucket` (paged). */
async function listFolder(client: SupabaseClient, bucket: string, folder: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const { data, error } = await client.storage.from(bucket).list(folder, { limit: PAGE_SIZE, offset, sortBy: { column: 'name', order: 'asc' } });
    if (error) throw new Error(`Could not list ${bucket}/${folder}: ${error.message}`);
    for (const entry of data) if (entry.id !== null) names.add(entry.name);
    if (data.length < PAGE_SIZE) return names;
  }
}

function isDuplicate(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  return status === 409 || statusCode === '409';
}

/**
 * Uploads the sample file for every referenced object that does not exist yet. Returns the counts;
 * throws when the data cannot be read or an upload fails for another reason than a duplicate.
 */
export async function seedStorageObjects(options: SeedStorageOptions): Promise<SeedStorageResult> {
  const log = options.log ?? ((): void => undefined);
  const client = createClient(options.url, options.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as Transport },
  });

  const documentPaths = await readColumn(client, 'provider_documents', 'storage_path', false);
  const imageContents = await readColumn(client, 'messages', 'content', true);
  const refs = new Map<string, ObjectRef>();
  for (const name of documentPaths) refs.set(`${DOCUMENT_BUCKET}/${name}`, { bucket: DOCUMENT_BUCKET, name });
  // An image message holds an object name, or (older clients) a full URL: URLs are not ours to fill.
  for (const name of imageContents) {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(name)) refs.set(`${MESSAGE_IMAGE_BUCKET}/${name}`, { bucket: MESSAGE_IMAGE_BUCKET, name });
  }
  const all = [...refs.values()];
  const candidates = all.filter((ref) => sampleFor(ref.name) !== undefined);
  const withoutSample = all.length - candidates.length;

  // Which objects exist already: one listing per folder instead of one request per object.
  const folders = new Map<string, { bucket: string; folder: string }>();
  for (const ref of candidates) {
    const folder = ref.name.includes('/') ? ref.name.slice(0, ref.name.lastIndexOf('/')) : '';
    folders.set(`${ref.bucket}/${folder}`, { bucket: ref.bucket, folder });
  }
  const listed = new Map<string, Set<string>>();
  await mapBounded([...folders.entries()], PARALLEL, async ([key, { bucket, folder }]) => {
    listed.set(key, await listFolder(client, bucket, folder));
  });
  const missing = candidates.filter((ref) => {
    const slash = ref.name.lastIndexOf('/');
    const folder = slash >= 0 ? ref.name.slice(0, slash) : '';
    return !listed.get(`${ref.bucket}/${folder}`)?.has(ref.name.slice(slash + 1));
  });

  const bytes = new Map<string, Buffer>();
  for (const sample of SAMPLE_FILES) {
    if (missing.some((ref) => sampleFor(ref.name)?.file === sample.file)) {
      bytes.set(sample.file, await readFile(path.join(SEED_FILES_DIR, sample.file)));
    }
  }

  let uploaded = 0;
  let duplicates = 0;
  const failures: string[] = [];
  await mapBounded(missing, PARALLEL, async (ref) => {
    const sample = sampleFor(ref.name);
    const body = sample ? bytes.get(sample.file) : undefined;
    if (!sample || !body) return;
    const { error } = await client.storage
      .from(ref.bucket)
      .upload(ref.name, body, { contentType: sample.contentType, upsert: false, cacheControl: '3600' });
    if (!error) uploaded += 1;
    else if (isDuplicate(error)) duplicates += 1;
    else failures.push(`${ref.bucket}/${ref.name}: ${error.message}`);
  });
  if (failures.length > 0) {
    throw new Error(`Upload failed for ${failures.length} files, e.g. ${failures.slice(0, 3).join('; ')}`);
  }

  const result: SeedStorageResult = {
    referenced: all.length,
    existing: candidates.length - missing.length + duplicates,
    uploaded,
    withoutSample,
  };
  log(
    `Sample images: ${result.referenced} objects referenced (${documentPaths.length} documents, ${imageContents.length} image messages), ` +
      `${result.existing} present, ${result.uploaded} uploaded, ${result.withoutSample} without a matching sample file.`,
  );
  return result;
}
