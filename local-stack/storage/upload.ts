// Receives the body of an upload (multipart form or raw bytes) into a temporary file, enforcing the
// bucket's size limit and MIME types while streaming: nothing but a temp file (removed on refusal)
// is ever written for a refused upload, and no byte beyond the limit is kept.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import busboy from 'busboy';
import { ERRORS, StorageApiError } from './errors.ts';

/** Absolute cap of any upload request body, whatever the bucket allows. */
export const ABSOLUTE_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Bytes a refused request may still send (we drain them so the client reads our answer). */
const DRAIN_MARGIN_BYTES = 2 * 1024 * 1024;

export interface UploadLimits {
  /** Maximum size of the file in bytes. */
  maxBytes: number;
  /** Allowed MIME types (`image/*` wildcards allowed); null or empty = anything. */
  allowedMimeTypes: readonly string[] | null;
  tempDir: string;
}

export interface ReceivedUpload {
  tempPath: string;
  size: number;
  md5: string;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/** The media type without parameters, lower-case ("text/plain;charset=UTF-8" → "text/plain"). */
export function baseMimeType(value: string | undefined): string {
  const base = (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return base === '' ? 'application/octet-stream' : base;
}

/** Storage's rule: exact match, or a `type/*` wildcard matching the type's prefix. */
export function isMimeTypeAllowed(mimeType: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const mime = baseMimeType(mimeType);
  return allowed.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.endsWith('/*')) return mime.startsWith(rule.slice(0, -1));
    return rule === mime;
  });
}


function cacheControlFrom(value: string | undefined, fallback: string): string {
  if (value === undefined || value.trim() === '') return fallback;
  const trimmed = value.trim();
  const result = /^\d+$/.test(trimmed) ? `max-age=${trimmed}` : trimmed;
  // Served back as a Cache-Control header: printable ASCII only, bounded.
  if (!/^[\x20-\x7e]{1,256}$/.test(result)) throw ERRORS.invalidRequest('Invalid cacheControl value');
  return result;
}

/** type/subtype with optional `; name=value` parameters (kept as sent, as Storage keeps them). */
const MIME_WITH_PARAMETERS = /^[a-z0-9!#$&^_.+-]{1,127}\/[a-z0-9!#$&^_.+-]{1,127}(\s*;\s*[a-z0-9!#$&^_.+-]{1,64}=(?:[a-z0-9!#$&^_.+-]{1,128}|"[\x20\x21\x23-\x5b\x5d-\x7e]{0,128}"))*$/i;

/**
 * The media type as it will be stored and served back in Content-Type: the client's value with its
 * parameters ("text/plain;charset=utf-8"), the type itself lower-cased; anything that is not a
 * plain type/subtype with well-formed parameters is refused.
 */
export function checkedMimeType(value: string | undefined): string {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return 'application/octet-stream';
  if (trimmed.length > 256 || !MIME_WITH_PARAMETERS.test(trimmed)) {
    throw ERRORS.invalidMimeType(trimmed.replace(/[^\x20-\x7e]/g, '?').slice(0, 100));
  }
  const at = trimmed.indexOf(';');
  return at === -1 ? trimmed.toLowerCase() : `${trimmed.slice(0, at).trim().toLowerCase()}${trimmed.slice(at)}`;
}

function parseMetadata(raw: string | undefined): Record<string, unknown> | null {
  if (raw === undefined || raw === '') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    // jsonb cannot hold NUL characters: refuse them here rather than fail in the database.
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && !JSON.stringify(parsed).includes('\\u0000')) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // fall through
  }
  throw ERRORS.invalidRequest('Invalid metadata: expected a JSON object');
}

class FileSink {
  readonly path: string;
  private readonly stream: WriteStream;
  private readonly hash = createHash('md5');
  size = 0;
  private failure: Error | undefined;

  constructor(dir: string) {
    this.path = path.join(dir, `${randomUUID()}.part`);
    this.stream = createWriteStream(this.path, { flags: 'wx' });
    this.stream.on('error', (error) => {
      this.failure = error;
    });
  }

  /** Writes a chunk; resolves when the stream can take more. */
  write(chunk: Buffer): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.stream.write(chunk)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onDrain = (): void => {
        this.stream.off('error', onError);
        resolve();
      };
      const onError = (error: Error): void => {
        this.stream.off('drain', onDrain);
        reject(error);
      };
      this.stream.once('drain', onDrain);
      this.stream.once('error', onError);
    });
  }

  finish(): Promise<string> {
    return new Promise((resolve, reject) => {
      if (this.failure) {
        reject(this.failure);
        return;
      }
      this.stream.end(() => (this.failure ? reject(this.failure) : resolve(this.hash.digest('hex'))));
    });
  }

  async discard(): Promise<void> {
    await new Promise<void>((resolve) => {
      if (this.stream.closed) {
        resolve();
        return;
      }
      this.stream.once('close', () => resolve());
      this.stream.destroy();
    });
    await unlink(this.path).catch(() => undefined);
  }
}

/** Thrown (with the Storage error) when the client sent far more than allowed: close the connection. */
export class UploadAbortedError extends Error {
  constructor(readonly storageError: StorageApiError) {
    super(storageError.message);
  }
}

/** Reads and discards the rest of a refused request so that the client gets to read the answer. */
async function drainRest(req: IncomingMessage, consumed: number, error: StorageApiError): Promise<never> {
  let total = consumed;
  const cap = ABSOLUTE_MAX_UPLOAD_BYTES + DRAIN_MARGIN_BYTES;
  if (!req.readableEnded) {
    for await (const chunk of req) {
      total += (chunk as Buffer).length;
      if (total > cap) throw new UploadAbortedError(error);
    }
  }
  throw error;
}

async function receiveRaw(req: IncomingMessage, limits: UploadLimits, headerMime: string): Promise<ReceivedUpload> {
  let mimeType: string;
  try {
    mimeType = checkedMimeType(headerMime);
  } catch (error) {
    return drainRest(req, 0, error as StorageApiError);
  }
  const declared = Number(req.headers['content-length'] ?? 'NaN');
  if (!isMimeTypeAllowed(mimeType, limits.allowedMimeTypes)) return drainRest(req, 0, ERRORS.invalidMimeType(baseMimeType(mimeType)));
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    if (declared > ABSOLUTE_MAX_UPLOAD_BYTES + DRAIN_MARGIN_BYTES) throw new UploadAbortedError(ERRORS.entityTooLarge());
    return drainRest(req, 0, ERRORS.entityTooLarge());
  }
  const sink = new FileSink(limits.tempDir);
  let consumed = 0;
  try {
    for await (const chunk of req) {
      const buffer = chunk as Buffer;
      consumed += buffer.length;
      if (sink.size + buffer.length > limits.maxBytes) {
        await sink.discard();
        return await drainRest(req, consumed, ERRORS.entityTooLarge());
      }
      await sink.write(buffer);
    }
    const md5 = await sink.finish();
    const metaHeader = req.headers['x-metadata'];
    let userMetadata: Record<string, unknown> | null = null;
    if (typeof metaHeader === 'string' && metaHeader !== '') {
      userMetadata = parseMetadata(Buffer.from(metaHeader, 'base64').toString('utf8'));
    }
    const cacheHeader = req.headers['cache-control'];
    return {
      tempPath: sink.path,
      size: sink.size,
      md5,
      mimeType,
      cacheControl: cacheControlFrom(typeof cacheHeader === 'string' ? cacheHeader : undefined, 'no-cache'),
      userMetadata,
    };
  } catch (error) {
    await sink.discard();
    throw error;
  }
}

function receiveMultipart(req: IncomingMessage, limits: UploadLimits): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fields: 20, fieldSize: 64 * 1024, fileSize: limits.maxBytes + 1, parts: 30 },
      });
    } catch {
      req.resume();
      reject(ERRORS.invalidRequest('Malformed multipart body'));
      return;
    }
    const fields: Record<string, string> = {};
    let refusal: StorageApiError | undefined;
    let sink: FileSink | undefined;
    let fileDone: Promise<string | undefined> = Promise.resolve(undefined);
    let sawFile = false;
    let fileMime = 'application/octet-stream';
    let total = 0;
    let settled = false;

    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // Unpiping pauses the request: read and drop the rest of a refused body (the 'data' listener
      // still enforces the absolute cap), so that the answer reaches the client and a kept-alive
      // connection stays usable. A body far too large is cut off instead (UploadAbortedError).
      if (!(error instanceof UploadAbortedError) && !req.readableEnded) req.resume();
      void (sink ? sink.discard() : Promise.resolve()).then(() => reject(error));
    };

    // A client that goes away mid-upload: drop the partial file (no answer can reach it anyway).
    req.on('close', () => {
      if (!req.complete) fail(new Error('upload aborted by the client'));
    });
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > ABSOLUTE_MAX_UPLOAD_BYTES + DRAIN_MARGIN_BYTES) {
        // Still being drained after a refusal: stop reading, the answer has been given.
        if (settled) req.destroy();
        else fail(new UploadAbortedError(refusal ?? ERRORS.entityTooLarge()));
      }
    });

    parser.on('field', (name, value) => {
      fields[name] = value;
    });

    parser.on('file', (_name, stream, info) => {
      if (sawFile || refusal) {
        stream.resume();
        return;
      }
      sawFile = true;
      let mimeType: string;
      try {
        mimeType = checkedMimeType(fields.contentType ?? info.mimeType);
      } catch (error) {
        refusal = error as StorageApiError;
        stream.resume();
        return;
      }
      if (!isMimeTypeAllowed(mimeType, limits.allowedMimeTypes)) {
        refusal = ERRORS.invalidMimeType(baseMimeType(mimeType));
        stream.resume();
        return;
      }
      const fileSink = new FileSink(limits.tempDir);
      sink = fileSink;
      stream.on('limit', () => {
        refusal = ERRORS.entityTooLarge();
      });
      fileDone = (async () => {
        for await (const chunk of stream) {
          if (refusal) continue;
          const buffer = chunk as Buffer;
          if (fileSink.size + buffer.length > limits.maxBytes) {
            refusal = ERRORS.entityTooLarge();
            continue;
          }
          await fileSink.write(buffer);
        }
        if (refusal) return undefined;
        return fileSink.finish();
      })();
      fileDone.catch(() => undefined);
      fileMime = mimeType;
    });

    parser.on('error', () => fail(refusal ?? ERRORS.invalidRequest('Malformed multipart body')));

    parser.on('close', () => {
      if (settled) return;
      void fileDone.then(
        (md5) => {
          if (settled) return;
          if (refusal) {
            fail(refusal);
            return;
          }
          if (!sink || md5 === undefined) {
            fail(ERRORS.invalidRequest('No content provided'));
            return;
          }
          let userMetadata: Record<string, unknown> | null;
          let cacheControl: string;
          try {
            userMetadata = parseMetadata(fields.metadata);
            cacheControl = cacheControlFrom(fields.cacheControl, 'no-cache');
          } catch (error) {
            fail(error);
            return;
          }
          settled = true;
          resolve({
            tempPath: sink.path,
            size: sink.size,
            md5,
            mimeType: fileMime,
            cacheControl,
            userMetadata,
          });
        },
        (error: unknown) => fail(error),
      );
    });

    req.pipe(parser);
  });
}

/** Receives an upload body; throws StorageApiError (or UploadAbortedError) on refusal. */
export function receiveUpload(req: IncomingMessage, limits: UploadLimits): Promise<ReceivedUpload> {
  const contentType = req.headers['content-type'] ?? '';
  if (/^multipart\/form-data/i.test(contentType)) return receiveMultipart(req, limits);
  return receiveRaw(req, limits, contentType);
}
