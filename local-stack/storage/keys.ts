// Object names and bucket ids of the Storage API: decoding, validation and the on-disk layout.
// Stored bytes never live under a path derived from the object name (they are named by a fresh
// uuid), so a name can never reach outside the storage folder; the checks below additionally
// refuse every name Supabase Storage refuses, plus names that are ambiguous or dangerous.
import path from 'node:path';

/** Characters Supabase Storage accepts in object keys (S3-safe set; `\w` is ASCII only). */
const KEY_CHARS = /^[\w/!\-.*'() &$@=;:+,?]*$/;
/** S3 / Storage limit on the length of a key, in bytes. */
export const MAX_KEY_BYTES = 1024;

export type KeyResult = { ok: true; key: string } | { ok: false; key: string };

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Turns the percent-encoded path segments that follow the bucket in a URL into an object key.
 * Refuses: empty keys and empty segments (leading, trailing or doubled slashes), `.` and `..`
 * segments, a slash produced by decoding (`%2F`), backslashes, NUL and control characters, any
 * character outside Storage's allowed set, and keys longer than 1024 bytes.
 */
export function keyFromRawSegments(rawSegments: readonly string[]): KeyResult {
  const decoded: string[] = [];
  for (const raw of rawSegments) {
    const segment = safeDecode(raw);
    if (segment === undefined) return { ok: false, key: rawSegments.join('/') };
    if (segment.includes('/')) return { ok: false, key: rawSegments.join('/') };
    decoded.push(segment);
  }
  return validateKey(decoded.join('/'));
}

/** Validates an already decoded key (from a JSON body: list prefixes, remove, sign, move/copy). */
export function validateKey(key: string): KeyResult {
  if (key.length === 0) return { ok: false, key };
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return { ok: false, key };
  if (!KEY_CHARS.test(key)) return { ok: false, key };
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') return { ok: false, key };
  }
  return { ok: true, key };
}

/** A bucket id taken from a URL segment; undefined when it cannot be a bucket id. */
export function bucketFromRawSegment(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const bucket = safeDecode(raw);
  if (bucket === undefined || bucket === '' || bucket.length > 100) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(bucket)) return undefined;
  return bucket;
}

/** Folder name of a bucket on disk: the id itself when it is plainly safe, else its hex encoding. */
export function bucketDirName(bucket: string): string {
  return /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/.test(bucket) ? bucket : `b-${Buffer.from(bucket, 'utf8').toString('hex')}`;
}

const VERSION_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isVersionName(name: string): boolean {
  return VERSION_PATTERN.test(name);
}

/** Where the bytes of one object version live: <storageDir>/<bucket dir>/<version uuid>. */
export function objectFilePath(storageDir: string, bucket: string, version: string): string {
  if (!isVersionName(version)) throw new Error(`invalid object version "${version}"`);
  return path.join(storageDir, bucketDirName(bucket), version);
}

/**
 * A list prefix as Storage reads it: "" for the bucket root, otherwise a folder path (a trailing
 * slash is optional). Returns the prefix with exactly one trailing slash, "" for the root, or
 * undefined when it is not a valid folder path.
 */
export function normaliseListPrefix(prefix: string): string | undefined {
  const trimmed = prefix.replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '') return '';
  const result = validateKey(trimmed);
  return result.ok ? `${result.key}/` : undefined;
}
