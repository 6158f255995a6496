// The Storage API of the local stack (/storage/v1): the subset of Supabase Storage that
// @supabase/supabase-js 2.x uses, with Storage's paths, bodies and error shapes. Every object read
// or write made for a caller runs as the caller's role with its JWT claims (withRoleTransaction),
// so the policies on storage.objects decide; this module never decides access itself.
import { AsyncLocalStorage } from 'node:async_hooks';
import { copyFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { errors as joseErrors, jwtVerify } from 'jose';
import type pg from 'pg';
import { withRoleTransaction, type RequestInfo } from '../db-session.ts';
import { BodyTooLargeError, headerMap, readBody, sendJson } from '../http-util.ts';
import { signJwt, verifyJwt } from '../jwt.ts';
import type { ApiContext, HttpModule, HttpModuleFactory } from '../types.ts';
import {
  findBucket,
  OBJECT_COLUMNS,
  selectObject,
  storageErrorFromDb,
  writeObjectRow,
  type BucketRow,
  type Caller,
  type ObjectMetadata,
  type StoredObjectRow,
} from './db.ts';
import { ERRORS, sendStorageError, StorageApiError, StorageLimitError } from './errors.ts';
import { clientAddressOf } from '../auth/rate-limit.ts';
import { FairShare, type Admission, type Identity, type ShareErrors } from '../rest/fair-share.ts';
import { imgproxyTransformations, RenderLimitError, renderImage, transformFrom, transformFromString, transformToString } from './render.ts';
import { commitTempFile, ensureStorageDirs, fileSize, removeFile, sweepStorage, tempDir } from './files.ts';
import { bucketFromRawSegment, keyFromRawSegments, normaliseListPrefix, objectFilePath, validateKey } from './keys.ts';
import { sizeBytes } from '../supabase-config.ts';
import { ABSOLUTE_MAX_UPLOAD_BYTES, isMimeTypeAllowed, receiveUpload, UploadAbortedError, type ReceivedUpload } from './upload.ts';

const JSON_BODY_LIMIT = 1024 * 1024;
/** Lifetime of a signed upload URL, as Storage's default. */
const SIGNED_UPLOAD_SECONDS = 7200;
/** Storage's rule for bucket names (S3-safe characters). */
const BUCKET_NAME = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const MAX_SIGNED_URL_SECONDS = 10 * 365 * 24 * 3600;
const LIST_SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

interface Route {
  method: string;
  segments: string[];
  query: URLSearchParams;
}

/**
 * The share's answers in Storage's shape: 429 `TooManyRequests` with Retry-After (as the render
 * pool), and Storage's own `DatabaseTimeout` (544) when no connection of the share came in time.
 */
const SHARE_ERRORS: ShareErrors = {
  tooMany: (_code, message, details, retryAfterSeconds) =>
    new StorageLimitError(429, 'TooManyRequests', `${message}: ${details}`, Math.max(1, Math.ceil(retryAfterSeconds))),
  queueTimeout: () => new StorageLimitError(544, 'DatabaseTimeout', 'The connection to the database timed out'),
};

/** The request being served: its admission, and whether it holds a connection of its share now. */
interface RequestShare {
  admission: Admission;
  held: number;
}

/**
 * The module's pool as seen by a request: every query and transaction first takes a connection of
 * the request's share (`current`), so a caller's requests never hold more than its
 * `max_connections` of the pool, whatever they do; a query made while the request already holds one
 * (inside its transaction) goes through, so a request never waits for itself. Outside a request it
 * is the pool itself.
 */
function sharedPool(pool: pg.Pool, current: AsyncLocalStorage<RequestShare>): pg.Pool {
  const take = async (): Promise<() => void> => {
    const share = current.getStore();
    if (!share || share.held > 0) return () => undefined;
    const release = await share.admission.connection();
    share.held += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      share.held -= 1;
      release();
    };
  };
  const query = async (...args: unknown[]): Promise<unknown> => {
    const release = await take();
    try {
      return await (pool.query as (...a: unknown[]) => Promise<unknown>).apply(pool, args);
    } finally {
      release();
    }
  };
  const connect = async (): Promise<pg.PoolClient> => {
    const release = await take();
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      release();
      throw error;
    }
    const original = client.release;
    client.release = (err?: Error | boolean) => {
      client.release = original;
      release();
      original.call(client, err);
    };
    return client;
  };
  return { query, connect, options: pool.options } as unknown as pg.Pool;
}

class StorageService implements HttpModule {
  /** The per-caller share (local-stack/rest/fair-share.ts, settings from config.ts storageFairShare). */
  private readonly share: FairShare;
  /** The admission of the request being served (sharedPool). */
  private readonly current = new AsyncLocalStorage<RequestShare>();
  /** The pool, through the request's share. */
  private readonly pool: pg.Pool;
  /** Tokens verified lately, until their `exp` (verifyCached). */
  private readonly tokens = new Map<string, { result: Awaited<ReturnType<typeof verifyJwt>>; until: number }>();
  /** Each request's verified Authorization token (the share and caller() both need it). */
  private readonly verified = new WeakMap<IncomingMessage, ReturnType<typeof verifyJwt>>();

  constructor(private readonly ctx: ApiContext) {
    this.share = new FairShare(ctx.config.storageFairShare, ctx.pool.options.max ?? 10, Date.now, SHARE_ERRORS);
    this.pool = sharedPool(ctx.pool, this.current);
  }

  private get storageDir(): string {
    return this.ctx.config.storageDir;
  }

  async handle(req: IncomingMessage, res: ServerResponse, subpath: string): Promise<void> {
    let admission: Admission | undefined;
    try {
      admission = this.share.admit(await this.identity(req));
      await this.current.run({ admission, held: 0 }, () => this.route(req, res, subpath));
    } catch (error) {
      this.fail(req, res, error);
    } finally {
      admission?.done();
    }
  }

  /**
   * Who the request counts for: the service role is not limited; a valid token's `sub`; else (no
   * token, the anon key, an invalid token) the client address.
   */
  private async identity(req: IncomingMessage): Promise<Identity> {
    const token = this.bearer(req);
    const address = clientAddressOf(req, this.ctx.config.trustedProxies);
    if (token) {
      const result = await this.verify(req, token);
      if (result.ok && result.role === 'service_role') return { key: 'service_role', anonymous: false, exempt: true };
      const sub = result.ok ? result.claims.sub : undefined;
      if (typeof sub === 'string' && sub !== '') return { key: `sub:${sub}`, anonymous: false, exempt: false };
    }
    return { key: `address:${address}`, anonymous: true, exempt: false };
  }

  private bearer(req: IncomingMessage): string | undefined {
    const header = req.headers.authorization;
    return typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header.trim())?.[1] : undefined;
  }

  private verify(req: IncomingMessage, token: string): ReturnType<typeof verifyJwt> {
    let result = this.verified.get(req);
    if (!result) {
      result = this.verifyCached(token);
      this.verified.set(req, result);
    }
    return result;
  }

  /**
   * Verified tokens are remembered until they expire (as the REST server does): a caller sending
   * many requests with one token pays one signature check, refused requests included.
   */
  private async verifyCached(token: string): ReturnType<typeof verifyJwt> {
    const now = Date.now() / 1000;
    const cached = this.tokens.get(token);
    if (cached && cached.until > now) return cached.result;
    const result = await verifyJwt(token, this.ctx.config.jwtSecret);
    if (result.ok) {
      const exp = typeof result.claims.exp === 'number' ? result.claims.exp : now + 60;
      if (this.tokens.size >= 2000) this.tokens.clear();
      this.tokens.set(token, { result, until: exp });
    }
    return result;
  }

  async close(): Promise<void> {
    // No dedicated connections: the pool belongs to the server.
    this.share.close();
  }

  private fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    if (error instanceof StorageLimitError) {
      if (res.headersSent) return;
      if (!req.complete) {
        // Refused before its body was read (an upload): answer, then close the connection.
        res.setHeader('Connection', 'close');
        res.on('finish', () => req.destroy());
      }
      sendJson(res, error.httpStatus, error.body(), error.headers());
      return;
    }
    if (error instanceof UploadAbortedError) {
      // The client keeps sending far more than allowed: answer, then close the connection.
      if (!res.headersSent) res.setHeader('Connection', 'close');
      sendStorageError(res, error.storageError);
      res.on('finish', () => req.destroy());
      return;
    }
    const known = storageErrorFromDb(error);
    if (known) {
      sendStorageError(res, known);
      return;
    }
    if (error instanceof BodyTooLargeError) {
      sendStorageError(res, ERRORS.entityTooLarge());
      return;
    }
    this.ctx.log(`[storage] internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    sendStorageError(res, ERRORS.internal());
  }

  private async route(req: IncomingMessage, res: ServerResponse, subpath: string): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
    const segments = subpath.split('/').slice(1);
    const route: Route = { method, segments, query };
    const [head, second, third] = segments;

    if (head === 'bucket') {
      const root = segments.length === 1 || (segments.length === 2 && second === '');
      if (root && method === 'GET') return this.listBuckets(req, res);
      if (root && method === 'POST') return this.createBucket(req, res);
      if (segments.length === 2 && method === 'GET') return this.getBucket(req, res, second);
      if (segments.length === 2 && method === 'PUT') return this.updateBucket(req, res, second);
      if (segments.length === 2 && method === 'DELETE') return this.deleteBucket(req, res, second);
      if (segments.length === 3 && third === 'empty' && method === 'POST') return this.emptyBucket(req, res, second);
      if (root || segments.length <= 3) throw ERRORS.methodNotAllowed();
      throw ERRORS.notFound();
    }
    if (head === 'render' && second === 'image') {
      if (method !== 'GET' && method !== 'HEAD') throw ERRORS.methodNotAllowed();
      return this.render(req, res, route, segments.slice(2));
    }
    if (head !== 'object' || second === undefined) throw ERRORS.notFound();

    switch (second) {
      case 'public':
        if (method !== 'GET' && method !== 'HEAD') throw ERRORS.methodNotAllowed();
        return this.getPublic(req, res, route, segments.slice(2));
      case 'authenticated':
        if (method !== 'GET' && method !== 'HEAD') throw ERRORS.methodNotAllowed();
        return this.download(req, res, route, segments.slice(2));
      case 'sign':
        if (method === 'POST' && segments.length === 3) return this.signMany(req, res, third);
        if (method === 'POST') return this.signOne(req, res, segments.slice(2));
        if (method === 'GET' || method === 'HEAD') return this.getSigned(req, res, route, segments.slice(2));
        throw ERRORS.methodNotAllowed();
      case 'list':
        if (method !== 'POST') throw ERRORS.methodNotAllowed();
        return this.list(req, res, third);
      case 'list-v2':
        if (method !== 'POST') throw ERRORS.methodNotAllowed();
        return this.listV2(req, res, third);
      case 'upload':
        if (third !== 'sign') break;
        if (method === 'POST') return this.signUpload(req, res, segments.slice(3));
        if (method === 'PUT') return this.uploadSigned(req, res, route, segments.slice(3));
        throw ERRORS.methodNotAllowed();
      case 'info': {
        if (method !== 'GET') throw ERRORS.methodNotAllowed();
        const rest = segments.slice(2);
        if (rest[0] === 'authenticated' || rest[0] === 'public') rest.shift();
        return this.info(req, res, rest);
      }
      case 'move':
        if (method !== 'POST' || segments.length !== 2) throw ERRORS.methodNotAllowed();
        return this.move(req, res);
      case 'copy':
        if (method !== 'POST' || segments.length !== 2) throw ERRORS.methodNotAllowed();
        return this.copy(req, res);
      default:
        break;
    }

    const objectSegments = segments.slice(1);
    if (objectSegments.length === 1) {
      if (method === 'DELETE') return this.removeMany(req, res, objectSegments[0]);
      throw ERRORS.invalidKey('');
    }
    switch (method) {
      case 'POST':
        return this.upload(req, res, objectSegments, headerIsTrue(req.headers['x-upsert']));
      case 'PUT':
        return this.upload(req, res, objectSegments, true);
      case 'GET':
      case 'HEAD':
        return this.download(req, res, route, objectSegments);
      case 'DELETE':
        return this.removeOne(req, res, objectSegments);
      default:
        throw ERRORS.methodNotAllowed();
    }
  }

  // ---- helpers ------------------------------------------------------------------------------

  private async caller(req: IncomingMessage): Promise<Caller> {
    // As Storage: the routes that act for a caller read the JWT of the Authorization header only
    // (supabase-js sends the anon key's when nobody is signed in); without one they are refused.
    const token = this.bearer(req);
    if (!token) throw ERRORS.accessDenied('Invalid Compact JWS');
    const result = await this.verify(req, token);
    if (result.ok) return { role: result.role, claims: result.claims };
    if (result.reason === 'expired') throw ERRORS.accessDenied('jwt expired');
    if (result.reason === 'bad_role') throw ERRORS.accessDenied(result.message);
    throw ERRORS.accessDenied(/signature/i.test(result.message) ? 'invalid signature' : 'jwt malformed');
  }

  private asCaller<T>(req: IncomingMessage, caller: Caller, readOnly: boolean, fn: Parameters<typeof withRoleTransaction<T>>[2]): Promise<T> {
    const request: RequestInfo = {
      method: req.method ?? 'GET',
      path: (req.url ?? '').split('?')[0] ?? '',
      headers: headerMap(req),
    };
    // Through the caller's share of the pool: at most `max_connections` of its transactions at
    // once, a freed connection going to the caller holding the fewest.
    return withRoleTransaction(this.pool, { role: caller.role, claims: caller.claims, readOnly, request }, fn);
  }

  private bucketAndKey(segments: readonly string[]): { bucket: string; key: string } {
    const bucket = bucketFromRawSegment(segments[0]);
    if (bucket === undefined) throw ERRORS.noSuchBucket();
    const result = keyFromRawSegments(segments.slice(1));
    if (!result.ok) throw ERRORS.invalidKey(result.key);
    return { bucket, key: result.key };
  }

  private async jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    const raw = await readBody(req, JSON_BODY_LIMIT);
    if (raw.length === 0) return {};
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // fall through
    }
    throw ERRORS.invalidRequest('Body must be a JSON object');
  }

  private async serveObject(
    req: IncomingMessage,
    res: ServerResponse,
    object: Pick<StoredObjectRow, 'bucket_id' | 'name' | 'version' | 'metadata' | 'updated_at'>,
    query: URLSearchParams,
  ): Promise<void> {
    if (!object.version) throw ERRORS.noSuchKey();
    const filePath = objectFilePath(this.storageDir, object.bucket_id, object.version);
    const size = await fileSize(filePath);
    if (size === undefined) {
      this.ctx.log(`[storage] the file of object ${object.bucket_id}/${object.name} is missing (${filePath})`);
      throw ERRORS.noSuchKey();
    }
    const meta = object.metadata ?? {};
    const headers: Record<string, string> = {
      'Content-Type': meta.mimetype ?? 'application/octet-stream',
      'Content-Length': String(size),
      'Cache-Control': meta.cacheControl ?? 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Accept-Ranges': 'none',
    };
    if (meta.eTag) headers.ETag = meta.eTag;
    const modified = object.updated_at ?? (meta.lastModified ? new Date(meta.lastModified) : undefined);
    if (modified && !Number.isNaN(modified.getTime())) headers['Last-Modified'] = modified.toUTCString();
    const download = query.get('download');
    if (download !== null) {
      const fileName = download !== '' ? download : (object.name.split('/').pop() ?? 'download');
      const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
      headers['Content-Disposition'] = `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
    }
    if (meta.eTag && req.headers['if-none-match'] === meta.eTag) {
      delete headers['Content-Length'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, headers);
    if ((req.method ?? 'GET').toUpperCase() === 'HEAD') {
      res.end();
      return;
    }
    await new Promise<void>((resolve) => {
      const stream = createReadStream(filePath);
      stream.on('error', () => {
        res.destroy();
        resolve();
      });
      res.on('close', () => {
        stream.destroy();
        resolve();
      });
      stream.pipe(res);
    });
  }

  // ---- buckets ------------------------------------------------------------------------------

  private async listBuckets(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const caller = await this.caller(req);
    const rows = await this.asCaller(req, caller, true, async (client) =>
      (
        await client.query(
          `select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at
             from storage.buckets order by name`,
        )
      ).rows,
    );
    sendJson(res, 200, rows.map(bucketJson));
  }

  private async getBucket(req: IncomingMessage, res: ServerResponse, rawId: string | undefined): Promise<void> {
    const caller = await this.caller(req);
    const id = bucketFromRawSegment(rawId);
    if (id === undefined) throw ERRORS.noSuchBucket();
    const row = await this.asCaller(req, caller, true, async (client) =>
      (
        await client.query(
          `select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at
             from storage.buckets where id = $1`,
          [id],
        )
      ).rows[0] as Record<string, unknown> | undefined,
    );
    if (!row) throw ERRORS.noSuchBucket();
    sendJson(res, 200, bucketJson(row));
  }

  // ---- upload -------------------------------------------------------------------------------

  /** The request's upload in a temporary file, within the limits of `bucket` (an error when it does not exist). */
  private async receiveForBucket(req: IncomingMessage, bucket: string): Promise<ReceivedUpload> {
    const bucketRow = await findBucket(this.pool, bucket);
    if (!bucketRow) throw ERRORS.noSuchBucket();
    return receiveUpload(req, {
      maxBytes: bucketLimit(bucketRow),
      allowedMimeTypes: bucketRow.allowed_mime_types,
      tempDir: tempDir(this.storageDir),
    });
  }

  private async upload(req: IncomingMessage, res: ServerResponse, segments: readonly string[], upsert: boolean): Promise<void> {
    const caller = await this.caller(req);
    const { bucket, key } = this.bucketAndKey(segments);
    const received = await this.receiveForBucket(req, bucket);
    const result = await this.storeReceived(req, caller, bucket, key, received, upsert);
    sendJson(res, 200, { Id: result.id, Key: `${bucket}/${key}` });
  }

  /** Row first (as the caller), then the temp file renamed into place, then the commit. */
  private async storeReceived(
    req: IncomingMessage,
    caller: Caller,
    bucket: string,
    key: string,
    received: ReceivedUpload,
    upsert: boolean,
  ): Promise<{ id: string }> {
    const metadata: ObjectMetadata = {
      eTag: `"${received.md5}"`,
      size: received.size,
      mimetype: received.mimeType,
      cacheControl: received.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: received.size,
      httpStatusCode: 200,
    };
    let placed: string | undefined;
    try {
      // As Supabase Storage: the declared type was checked against allowed_mime_types and the size
      // against the limit while receiving; the bytes themselves are never inspected.
      const written = await this.asCaller(req, caller, false, async (client) => {
        const row = await writeObjectRow(client, { bucket, key, caller, metadata, userMetadata: received.userMetadata, upsert });
        placed = await commitTempFile(this.storageDir, received.tempPath, bucket, row.version);
        return row;
      });
      if (written.replacedVersion && written.replacedVersion !== written.version) {
        await removeFile(objectFilePath(this.storageDir, bucket, written.replacedVersion)).catch(() => undefined);
      }
      return { id: written.id };
    } catch (error) {
      await removeFile(received.tempPath).catch(() => undefined);
      if (placed) await removeFile(placed).catch(() => undefined);
      throw error;
    }
  }

  // ---- download -----------------------------------------------------------------------------

  private async download(req: IncomingMessage, res: ServerResponse, route: Route, segments: readonly string[]): Promise<void> {
    const caller = await this.caller(req);
    const { bucket, key } = this.bucketAndKey(segments);
    const object = await this.asCaller(req, caller, true, (client) => selectObject(client, bucket, key));
    if (!object) throw ERRORS.noSuchKey();
    await this.serveObject(req, res, object, route.query);
  }

  private async getPublic(req: IncomingMessage, res: ServerResponse, route: Route, segments: readonly string[]): Promise<void> {
    const { bucket, key } = this.bucketAndKey(segments);
    const bucketRow = await findBucket(this.pool, bucket);
    if (!bucketRow || !bucketRow.public) throw ERRORS.noSuchBucket();
    // Public buckets are served without a caller, as Storage does.
    const object = await selectObject(this.pool, bucket, key);
    if (!object) throw ERRORS.noSuchKey();
    await this.serveObject(req, res, object, route.query);
  }

  private async info(req: IncomingMessage, res: ServerResponse, segments: readonly string[]): Promise<void> {
    const caller = await this.caller(req);
    const { bucket, key } = this.bucketAndKey(segments);
    const object = await this.asCaller(req, caller, true, (client) => selectObject(client, bucket, key));
    if (!object) throw ERRORS.noSuchKey();
    const meta = object.metadata ?? {};
    sendJson(res, 200, {
      id: object.id,
      name: object.name,
      version: object.version,
      bucket_id: object.bucket_id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: object.user_metadata ?? {},
      last_modified: object.updated_at,
      created_at: object.created_at,
    });
  }

  // ---- signed URLs --------------------------------------------------------------------------

  private expiresIn(body: Record<string, unknown>): number {
    const value = body.expiresIn;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw ERRORS.invalidRequest('body/expiresIn must be an integer >= 1');
    }
    return Math.min(value, MAX_SIGNED_URL_SECONDS);
  }

  /** A download URL; with transformations it is a /render/image URL that keeps them in its token. */
  private async signUrl(bucket: string, key: string, expiresIn: number, transformations = ''): Promise<string> {
    const iat = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = { url: `${bucket}/${key}`, scope: 'download', iat, exp: iat + expiresIn };
    if (transformations !== '') claims.transformations = transformations;
    const token = await signJwt(claims, this.ctx.config.jwtSecret);
    return `/${transformations === '' ? 'object' : 'render/image'}/sign/${bucket}/${key}?token=${token}`;
  }

  /** Verifies a signed URL's token for this object and scope; its claims. */
  private async verifySignedToken(token: string | null, bucket: string, key: string, scope: 'download' | 'upload'): Promise<Record<string, unknown>> {
    if (!token) throw ERRORS.missingParameter('token');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, new TextEncoder().encode(this.ctx.config.jwtSecret), { algorithms: ['HS256'], clockTolerance: 0 }));
    } catch (error) {
      throw ERRORS.invalidJwt(error instanceof joseErrors.JWTExpired ? 'jwt expired' : 'invalid signature');
    }
    if (payload.url !== `${bucket}/${key}`) throw ERRORS.invalidSignature();
    // A download token never uploads and an upload token never downloads.
    const tokenScope = payload.scope ?? (typeof payload.owner === 'string' || payload.upsert !== undefined ? 'upload' : 'download');
    if (tokenScope !== scope) throw ERRORS.invalidSignature();
    return payload;
  }

  private async signOne(req: IncomingMessage, res: ServerResponse, segments: readonly string[]): Promise<void> {
    const caller = await this.caller(req);
    const { bucket, key } = this.bucketAndKey(segments);
    const body = await this.jsonBody(req);
    const expiresIn = this.expiresIn(body);
    const transform = body.transform && typeof body.transform === 'object' ? transformToString(transformFrom(body.transform as Record<string, unknown>)) : '';
    const object = await this.asCaller(req, caller, true, (client) => selectObject(client, bucket, key));
    if (!object) throw ERRORS.noSuchKey();
    sendJson(res, 200, { signedURL: await this.signUrl(bucket, key, expiresIn, transform) });
  }

  private async signMany(req: IncomingMessage, res: ServerResponse, rawBucket: string | undefined): Promise<void> {
    const caller = await this.caller(req);
    const bucket = bucketFromRawSegment(rawBucket);
    if (bucket === undefined) throw ERRORS.noSuchBucket();
    const body = await this.jsonBody(req);
    const expiresIn = this.expiresIn(body);
    const paths = body.paths;
    if (!Array.isArray(paths) || paths.length === 0 || paths.length > 1000 || !paths.every((p) => typeof p === 'string')) {
      throw ERRORS.invalidRequest('body/paths must be an array of 1 to 1000 strings');
    }
    const names = paths as string[];
    const visible = await this.asCaller(req, caller, true, async (client) => {
      const { rows } = await client.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
        [bucket, names],
      );
      return new Set(rows.map((row) => row.name));
    });
    const out = [];
    for (const name of names) {
      if (visible.has(name)) {
        out.push({ error: null, path: name, signedURL: await this.signUrl(bucket, name, expiresIn) });
      } else {
        out.push({ error: 'Either the object does not exist or you do not have access to it', path: name, signedURL: null });
      }
    }
    sendJson(res, 200, out);
  }

  private async getSigned(req: IncomingMessage, res: ServerResponse, route: Route, segments: readonly string[]): Promise<void> {
    const { bucket, key } = this.bucketAndKey(segments);
    await this.verifySignedToken(route.query.get('token'), bucket, key, 'download');
    const object = await selectObject(this.pool, bucket, key);
    if (!object) throw ERRORS.noSuchKey();
    await this.serveObject(req, res, object, route.query);
  }

  // ---- bucket changes (as the caller: the policies on storage.buckets decide) ----------------

  private bucketSettings(body: Record<string, unknown>, partial: boolean): { public?: boolean; fileSizeLimit?: number | null; allowedMimeTypes?: string[] | null } {
    const out: { public?: boolean; fileSizeLimit?: number | null; allowedMimeTypes?: string[] | null } = {};
    if (body.public !== undefined) {
      if (typeof body.public !== 'boolean') throw ERRORS.invalidRequest('body/public must be boolean');
      out.public = body.public;
    } else if (!partial) {
      out.public = false;
    }
    const limit = body.file_size_limit;
    if (limit === null) out.fileSizeLimit = null;
    else if (limit !== undefined) {
      const bytes = typeof limit === 'number' ? limit : typeof limit === 'string' ? sizeBytes(limit) : undefined;
      if (bytes === undefined || !Number.isInteger(bytes) || bytes < 0) throw ERRORS.invalidRequest('body/file_size_limit must be a size');
      if (bytes > ABSOLUTE_MAX_UPLOAD_BYTES) throw ERRORS.entityTooLarge();
      out.fileSizeLimit = bytes;
    }
    const types = body.allowed_mime_types;
    if (types === null) out.allowedMimeTypes = null;
    else if (types !== undefined) {
      if (!Array.isArray(types) || !types.every((t): t is string => typeof t === 'string')) {
        throw ERRORS.invalidRequest('body/allowed_mime_types must be array');
      }
      const list = types.filter((t) => t !== '');
      for (const type of list) {
        if (type.length > 1000 || !/^([a-zA-Z0-9+.-]+)\/([a-zA-Z0-9+.-]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(type)) throw ERRORS.invalidMimeType(type);
      }
      out.allowedMimeTypes = list;
    }
    return out;
  }

  private async createBucket(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const caller = await this.caller(req);
    const body = await this.jsonBody(req);
    const name = body.name;
    if (typeof name !== 'string') throw ERRORS.invalidRequest("body must have required property 'name'");
    const id = typeof body.id === 'string' && body.id !== '' ? body.id : name;
    for (const candidate of [name, id]) {
      if (candidate === '' || candidate.trim() !== candidate || candidate.length > 100 || !BUCKET_NAME.test(candidate) || candidate.includes('/')) {
        throw new StorageApiError(400, 'InvalidBucketName', 'Invalid Input', `Bucket name invalid`);
      }
    }
    const settings = this.bucketSettings(body, false);
    const owner = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
    await this.asCaller(req, caller, false, (client) =>
      client.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, case when $3::text ~ '^[0-9a-f-]{36}$' then $3::uuid end, $3, $4, $5, $6)`,
        [id, name, owner, settings.public ?? false, settings.fileSizeLimit ?? null, settings.allowedMimeTypes ?? null],
      ),
    );
    sendJson(res, 200, { name });
  }

  private async updateBucket(req: IncomingMessage, res: ServerResponse, rawId: string | undefined): Promise<void> {
    const caller = await this.caller(req);
    const id = bucketFromRawSegment(rawId);
    if (id === undefined) throw ERRORS.noSuchBucket();
    const body = await this.jsonBody(req);
    const settings = this.bucketSettings(body, true);
    if (Object.keys(settings).length === 0) throw ERRORS.invalidRequest('body must have at least one of public, file_size_limit, allowed_mime_types');
    const { rowCount } = await this.asCaller(req, caller, false, (client) =>
      client.query(
        `update storage.buckets set
           public = case when $2 then $3 else public end,
           file_size_limit = case when $4 then $5 else file_size_limit end,
           allowed_mime_types = case when $6 then $7::text[] else allowed_mime_types end,
           updated_at = now()
         where id = $1`,
        [
          id,
          settings.public !== undefined,
          settings.public ?? null,
          settings.fileSizeLimit !== undefined,
          settings.fileSizeLimit ?? null,
          settings.allowedMimeTypes !== undefined,
          settings.allowedMimeTypes ?? null,
        ],
      ),
    );
    if (!rowCount) throw ERRORS.noSuchBucket();
    sendJson(res, 200, { message: 'Successfully updated' });
  }

  private async deleteBucket(req: IncomingMessage, res: ServerResponse, rawId: string | undefined): Promise<void> {
    const caller = await this.caller(req);
    const id = bucketFromRawSegment(rawId);
    if (id === undefined) throw ERRORS.noSuchBucket();
    await this.asCaller(req, caller, false, async (client) => {
      // Counted as the stack's login, as Storage counts them: objects the caller cannot see count too.
      const { rows } = await this.pool.query<{ found: boolean }>('select exists (select 1 from storage.objects where bucket_id = $1) as found', [id]);
      if (rows[0]?.found) throw new StorageApiError(409, 'InvalidRequest', 'Conflict', 'The bucket you tried to delete is not empty');
      const deleted = await client.query('delete from storage.buckets where id = $1', [id]);
      if (!deleted.rowCount) throw ERRORS.noSuchBucket();
    });
    sendJson(res, 200, { message: 'Successfully deleted' });
  }

  /** Empties a bucket the caller can see: its objects go as Storage's background job removes them. */
  private async emptyBucket(req: IncomingMessage, res: ServerResponse, rawId: string | undefined): Promise<void> {
    const caller = await this.caller(req);
    const id = bucketFromRawSegment(rawId);
    if (id === undefined) throw ERRORS.noSuchBucket();
    const visible = await this.asCaller(req, caller, true, async (client) => (await client.query('select 1 from storage.buckets where id = $1', [id])).rowCount);
    if (!visible) throw ERRORS.noSuchBucket();
    const { rows } = await this.pool.query<{ version: string | null }>('delete from storage.objects where bucket_id = $1 returning version', [id]);
    for (const row of rows) {
      if (row.version) await removeFile(objectFilePath(this.storageDir, id, row.version)).catch(() => undefined);
    }
    sendJson(res, 200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' });
  }

  // ---- signed upload URLs -----------------------------------------------------------------------

  /**
   * POST /object/upload/sign/{bucket}/{path}: the caller must be allowed to insert the object (tried
   * as the caller and rolled back, as Storage does); the token carries the owner and x-upsert.
   */
  private async signUpload(req: IncomingMessage, res: ServerResponse, segments: readonly string[]): Promise<void> {
    const caller = await this.caller(req);
    const { bucket, key } = this.bucketAndKey(segments);
    const bucketRow = await findBucket(this.pool, bucket);
    if (!bucketRow) throw ERRORS.noSuchBucket();
    const declared = req.headers['content-type'];
    if (typeof declared === 'string' && declared !== '' && !declared.startsWith('application/json') && !isMimeTypeAllowed(declared, bucketRow.allowed_mime_types)) {
      throw ERRORS.invalidMimeType(declared);
    }
    const upsert = headerIsTrue(req.headers['x-upsert']);
    const rollback = new Error('permission checked');
    try {
      await this.asCaller(req, caller, false, async (client) => {
        const probe: ObjectMetadata = {
          eTag: '""',
          size: 0,
          mimetype: 'application/octet-stream',
          cacheControl: 'no-cache',
          lastModified: new Date().toISOString(),
          contentLength: 0,
          httpStatusCode: 200,
        };
        await writeObjectRow(client, { bucket, key, caller, metadata: probe, userMetadata: null, upsert });
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    const owner = typeof caller.claims.sub === 'string' ? caller.claims.sub : undefined;
    const iat = Math.floor(Date.now() / 1000);
    const token = await signJwt({ owner, url: `${bucket}/${key}`, upsert, scope: 'upload', iat, exp: iat + SIGNED_UPLOAD_SECONDS }, this.ctx.config.jwtSecret);
    sendJson(res, 200, { url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token });
  }

  /** PUT /object/upload/sign/{bucket}/{path}?token=: stored for the token's owner, within the bucket's limits. */
  private async uploadSigned(req: IncomingMessage, res: ServerResponse, route: Route, segments: readonly string[]): Promise<void> {
    const { bucket, key } = this.bucketAndKey(segments);
    const claims = await this.verifySignedToken(route.query.get('token'), bucket, key, 'upload');
    const received = await this.receiveForBucket(req, bucket);
    const owner = typeof claims.owner === 'string' ? claims.owner : undefined;
    const asOwner: Caller = { role: 'service_role', claims: { role: 'service_role', ...(owner ? { sub: owner } : {}) } };
    await this.storeReceived(req, asOwner, bucket, key, received, claims.upsert === true);
    sendJson(res, 200, { Key: `${bucket}/${key}` });
  }

  // ---- image transformations --------------------------------------------------------------------

  private async render(req: IncomingMessage, res: ServerResponse, route: Route, segments: readonly string[]): Promise<void> {
    const [kind, ...rest] = segments;
    const { bucket, key } = this.bucketAndKey(rest);
    let object: StoredObjectRow | undefined;
    let options = transformFrom(route.query);
    if (kind === 'public') {
      const bucketRow = await findBucket(this.pool, bucket);
      if (!bucketRow || !bucketRow.public) throw ERRORS.noSuchBucket();
      object = await selectObject(this.pool, bucket, key);
    } else if (kind === 'authenticated') {
      const caller = await this.caller(req);
      object = await this.asCaller(req, caller, true, (client) => selectObject(client, bucket, key));
    } else if (kind === 'sign') {
      const claims = await this.verifySignedToken(route.query.get('token'), bucket, key, 'download');
      options = transformFromString(typeof claims.transformations === 'string' ? claims.transformations : '');
      object = await selectObject(this.pool, bucket, key);
    } else {
      throw ERRORS.notFound();
    }
    if (!object?.version) throw ERRORS.noSuchKey();
    const filePath = objectFilePath(this.storageDir, object.bucket_id, object.version);
    const accept = typeof req.headers.accept === 'string' ? req.headers.accept : undefined;
    let rendered: { body: Buffer; contentType: string };
    try {
      rendered = await renderImage(filePath, options, accept);
    } catch (error) {
      if (!(error instanceof RenderLimitError)) throw error;
      sendJson(res, error.httpStatus, error.body(), error.headers());
      return;
    }
    const { body, contentType } = rendered;
    const headers: Record<string, string> = {
      'Content-Type': contentType,
      'Content-Length': String(body.length),
      'Cache-Control': object.metadata?.cacheControl ?? 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept',
    };
    // As Storage: the transformations asked of imgproxy (`height:200,width:200,resizing_type:fill,quality:60`).
    const transformations = imgproxyTransformations(options);
    if (transformations !== '') headers['X-Transformations'] = transformations;
    res.writeHead(200, headers);
    res.end((req.method ?? 'GET').toUpperCase() === 'HEAD' ? undefined : body);
  }

  // ---- list v2 ----------------------------------------------------------------------------------

  /**
   * POST /object/list-v2/{bucket}: keyset pages of the objects under a prefix ({prefix, limit ≤ 1000,
   * cursor, with_delimiter, sortBy name|created_at|updated_at asc|desc}), as the caller. With the
   * delimiter, the objects of each first-level folder are one folder entry and a page never holds a
   * folder twice nor repeats one on the next page. The cursor holds the last entry's name and sort value
   * to the microsecond (Storage rounds it to the millisecond), so page 2 starts exactly after page 1.
   */
  private async listV2(req: IncomingMessage, res: ServerResponse, rawBucket: string | undefined): Promise<void> {
    const caller = await this.caller(req);
    const bucket = bucketFromRawSegment(rawBucket);
    if (bucket === undefined) throw ERRORS.noSuchBucket();
    const body = await this.jsonBody(req);
    const prefix = typeof body.prefix === 'string' ? body.prefix : '';
    const limit = clampInt(body.limit, 1000, 1, 1000);
    const delimiter = body.with_delimiter === true;
    let cursor: { after: string; column: string; order: string; value?: string } | undefined;
    if (typeof body.cursor === 'string' && body.cursor !== '') {
      try {
        cursor = JSON.parse(Buffer.from(body.cursor, 'base64url').toString('utf8')) as typeof cursor;
      } catch {
        throw ERRORS.invalidRequest('Invalid cursor');
      }
      if (!cursor || typeof cursor.after !== 'string' || (cursor.value !== undefined && typeof cursor.value !== 'string')) throw ERRORS.invalidRequest('Invalid cursor');
    }
    const sortBy = (body.sortBy && typeof body.sortBy === 'object' ? body.sortBy : {}) as { column?: unknown; order?: unknown };
    const column = cursor?.column ?? (sortBy.column === 'created_at' || sortBy.column === 'updated_at' ? sortBy.column : 'name');
    const order = cursor?.order ?? (sortBy.order === 'desc' ? 'desc' : 'asc');
    if (!['name', 'created_at', 'updated_at'].includes(column) || !['asc', 'desc'].includes(order)) throw ERRORS.invalidRequest('Invalid cursor');
    const cmp = order === 'desc' ? '<' : '>';
    // A missing time sorts as the epoch, as Storage's search_v2 does.
    const sortValue = column === 'name' ? null : `coalesce(${column}, 'epoch'::timestamptz)`;
    const keyset = cursor === undefined ? 'true' : sortValue === null ? `name collate "C" ${cmp} $4` : `(${sortValue}, name collate "C") ${cmp} ($5::timestamptz, $4)`;
    const orderBy = sortValue === null ? `name collate "C" ${order}` : `${sortValue} ${order}, name collate "C" ${order}`;
    // With the delimiter the entries are the direct objects and one row per folder (its first times);
    // `column`, `order` and `cmp` come from the lists above, values are bind parameters.
    const entries = delimiter
      ? `select left(name, length($2) + slash) as name, null::uuid as id, null::jsonb as metadata, min(updated_at) as updated_at,
                min(created_at) as created_at, null::timestamptz as last_accessed_at
           from matching where slash > 0 group by 1
         union all
         select name, id, metadata, updated_at, created_at, last_accessed_at from matching where slash = 0`
      : 'select name, id, metadata, updated_at, created_at, last_accessed_at from matching';
    const sql = `with matching as (
                   select name, id, metadata, updated_at, created_at, last_accessed_at, position('/' in substr(name, length($2) + 1)) as slash
                     from storage.objects
                    where bucket_id = $1 and left(name, length($2)) = $2
                 ), entries as (${entries})
                 select name, id, metadata, updated_at, created_at, last_accessed_at,
                        to_char(${sortValue ?? 'null::timestamptz'} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_value
                   from entries
                  where ${keyset}
                  order by ${orderBy}
                  limit $3`;
    const params: unknown[] = [bucket, prefix, limit + 1];
    if (cursor !== undefined) params.push(cursor.after);
    if (cursor !== undefined && sortValue !== null) params.push(cursor.value ?? '1970-01-01T00:00:00Z');
    const rows = await this.asCaller(req, caller, true, async (client) => (await client.query<ListV2Row>(sql, params)).rows);
    const hasNext = rows.length > limit;
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    // As Storage: with the delimiter, `key` is the entry's own segment (search_v2's split_part(name, '/', levels)).
    const level = prefix === '' ? 1 : prefix.split('/').length;
    const shaped = page.map(({ sort_value: _sortValue, ...row }) => (delimiter ? { key: row.name.split('/')[level - 1] ?? '', ...row } : row));
    const nextCursor =
      hasNext && last
        ? Buffer.from(JSON.stringify({ after: last.name, column, order, value: last.sort_value ?? undefined })).toString('base64url')
        : undefined;
    sendJson(res, 200, {
      hasNext,
      ...(nextCursor ? { nextCursor, nextCursorKey: last?.name } : {}),
      folders: shaped.filter((entry) => entry.id === null),
      objects: shaped.filter((entry) => entry.id !== null),
    });
  }

  // ---- list ---------------------------------------------------------------------------------

  private async list(req: IncomingMessage, res: ServerResponse, rawBucket: string | undefined): Promise<void> {
    const caller = await this.caller(req);
    const bucket = bucketFromRawSegment(rawBucket);
    if (bucket === undefined) throw ERRORS.noSuchBucket();
    const body = await this.jsonBody(req);
    const prefix = normaliseListPrefix(typeof body.prefix === 'string' ? body.prefix : '');
    if (prefix === undefined) throw ERRORS.invalidKey(String(body.prefix));
    const limit = clampInt(body.limit, 100, 1, 1000);
    const offset = clampInt(body.offset, 0, 0, Number.MAX_SAFE_INTEGER);
    const sortBy = (body.sortBy && typeof body.sortBy === 'object' ? body.sortBy : {}) as { column?: unknown; order?: unknown };
    const column = typeof sortBy.column === 'string' && LIST_SORT_COLUMNS.has(sortBy.column) ? sortBy.column : 'name';
    const order = typeof sortBy.order === 'string' && sortBy.order.toLowerCase() === 'desc' ? 'desc' : 'asc';
    const search = typeof body.search === 'string' ? body.search : '';
    const searchPattern = `${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // `column` and `order` come from the whitelists above; every value is a bind parameter.
    const sql = `
      with matching as (
        select substr(name, $3::int + 1) as rest, id, updated_at, created_at, last_accessed_at, metadata
          from storage.objects
         where bucket_id = $1 and left(name, $3::int) = $2
      ), entries as (
        select split_part(rest, '/', 1) as name, position('/' in rest) > 0 as is_folder,
               id, updated_at, created_at, last_accessed_at, metadata
          from matching
      ), combined as (
        select distinct name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
               null::timestamptz as last_accessed_at, null::jsonb as metadata
          from entries where is_folder
        union all
        select name, id, updated_at, created_at, last_accessed_at, metadata from entries where not is_folder
      )
      select name, id, updated_at, created_at, last_accessed_at, metadata
        from combined
       where name ilike $4
       order by ${column === 'name' ? `name collate "C" ${order}` : `${column} ${order} nulls first, name collate "C" asc`}
       limit $5 offset $6`;
    const rows = await this.asCaller(req, caller, true, async (client) =>
      (await client.query(sql, [bucket, prefix, prefix.length, searchPattern, limit, offset])).rows,
    );
    sendJson(res, 200, rows);
  }

  // ---- remove -------------------------------------------------------------------------------

  private async deleteRows(req: IncomingMessage, caller: Caller, bucket: string, names: string[]): Promise<Record<string, unknown>[]> {
    const rows = await this.asCaller(req, caller, false, async (client) =>
      (
        await client.query<StoredObjectRow & { owner: string | null }>(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}, owner`,
          [bucket, names],
        )
      ).rows,
    );
    // Committed: now the bytes can go.
    for (const row of rows) {
      if (row.version) await removeFile(objectFilePath(this.storageDir, bucket, row.version)).catch(() => undefined);
    }
    return rows.map((row) => ({
      bucket_id: row.bucket_id,
      name: row.name,
      owner: row.owner,
      owner_id: row.owner_id,
      id: row.id,
      version: row.version,
      updated_at: row.updated_at,
      created_at: row.created_at,
      last_accessed_at: row.last_accessed_at,
      metadata: row.metadata,
      user_metadata: row.user_metadata,
    }));
  }

  private async removeMany(req: IncomingMessage, res: ServerResponse, rawBucket: string | undefined): Promise<void> {
    const caller = await this.caller(req);
    const bucket = bucketFromRawSegment(rawBucket);
    if (bucket === undefined) throw ERRORS.noSuchBucket();
    const body = await this.jsonBody(req);
    const prefixes = body.prefixes;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000 || !prefixes.every((p) => typeof p === 'string')) {
      throw ERRORS.invalidRequest('body/prefixes must be an array of 1 to 1000 strings');
    }
    sendJson(res, 200, await this.deleteRows(req, caller, bucket, prefixes as string[]));
  }

  private async removeOne(req: IncomingMessage, res: ServerResponse, segments: readonly string[]): Promise<void> {
    const caller = await this.caller(req);
    const { bucket, key } = this.bucketAndKey(segments);
    const rows = await this.deleteRows(req, caller, bucket, [key]);
    if (rows.length === 0) throw ERRORS.noSuchKey();
    sendJson(res, 200, { message: 'Successfully deleted' });
  }

  // ---- move / copy --------------------------------------------------------------------------

  private async transferArgs(req: IncomingMessage): Promise<{ bucket: string; source: string; destBucket: string; dest: string }> {
    const body = await this.jsonBody(req);
    const { bucketId, sourceKey, destinationKey, destinationBucket } = body;
    if (typeof bucketId !== 'string' || bucketId === '') throw ERRORS.missingParameter('bucketId');
    if (typeof sourceKey !== 'string') throw ERRORS.missingParameter('sourceKey');
    if (typeof destinationKey !== 'string') throw ERRORS.missingParameter('destinationKey');
    const destBucket = typeof destinationBucket === 'string' && destinationBucket !== '' ? destinationBucket : bucketId;
    const dest = validateKey(destinationKey);
    if (!dest.ok) throw ERRORS.invalidKey(destinationKey);
    return { bucket: bucketId, source: sourceKey, destBucket, dest: dest.key };
  }

  private async checkFitsBucket(bucket: string, object: StoredObjectRow): Promise<BucketRow> {
    const target = await findBucket(this.pool, bucket);
    if (!target) throw ERRORS.noSuchBucket();
    const meta = object.metadata ?? {};
    if (typeof meta.size === 'number' && meta.size > bucketLimit(target)) throw ERRORS.entityTooLarge();
    const mime = meta.mimetype ?? 'application/octet-stream';
    if (!isMimeTypeAllowed(mime, target.allowed_mime_types)) throw ERRORS.invalidMimeType(mime);
    return target;
  }

  private async move(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const caller = await this.caller(req);
    const { bucket, source, destBucket, dest } = await this.transferArgs(req);
    let moved: { from: string; to: string } | undefined;
    try {
      await this.asCaller(req, caller, false, async (client) => {
        const object = await selectObject(client, bucket, source);
        if (!object || !object.version) throw ERRORS.noSuchKey();
        if (destBucket !== bucket) await this.checkFitsBucket(destBucket, object);
        const { rowCount } = await client.query(
          `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
            where bucket_id = $1 and name = $2`,
          [bucket, source, destBucket, dest],
        );
        if (!rowCount) throw ERRORS.noSuchKey();
        if (destBucket !== bucket) {
          const from = objectFilePath(this.storageDir, bucket, object.version);
          const to = await commitTempFile(this.storageDir, from, destBucket, object.version);
          moved = { from, to };
        }
      });
    } catch (error) {
      if (moved) await commitTempFile(this.storageDir, moved.to, bucket, path.basename(moved.from)).catch(() => undefined);
      throw error;
    }
    sendJson(res, 200, { message: 'Successfully moved' });
  }

  private async copy(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const caller = await this.caller(req);
    const { bucket, source, destBucket, dest } = await this.transferArgs(req);
    const upsert = headerIsTrue(req.headers['x-upsert']);
    const object = await this.asCaller(req, caller, true, (client) => selectObject(client, bucket, source));
    if (!object || !object.version) throw ERRORS.noSuchKey();
    await this.checkFitsBucket(destBucket, object);
    const tempPath = path.join(tempDir(this.storageDir), `${randomUUID()}.part`);
    try {
      await copyFile(objectFilePath(this.storageDir, bucket, object.version), tempPath);
    } catch {
      throw ERRORS.noSuchKey();
    }
    const meta = object.metadata ?? {};
    const size = typeof meta.size === 'number' ? meta.size : 0;
    const result = await this.storeReceived(
      req,
      caller,
      destBucket,
      dest,
      {
        tempPath,
        size,
        md5: (meta.eTag ?? '').replace(/"/g, ''),
        mimeType: meta.mimetype ?? 'application/octet-stream',
        cacheControl: meta.cacheControl ?? 'no-cache',
        userMetadata: object.user_metadata,
      },
      upsert,
    );
    sendJson(res, 200, { Id: result.id, Key: `${destBucket}/${dest}` });
  }
}

/** A list-v2 entry: an object, or a folder (id null). */
interface ListV2Row {
  name: string;
  id: string | null;
  metadata: Record<string, unknown> | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  /** The sort value to the microsecond, UTC (for the cursor); null when sorting by name. */
  sort_value: string | null;
}

function headerIsTrue(value: string | string[] | undefined): boolean {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && text.trim().toLowerCase() === 'true';
}

function bucketLimit(bucket: BucketRow): number {
  const limit = bucket.file_size_limit === null ? Number.NaN : Number(bucket.file_size_limit);
  return Number.isFinite(limit) && limit > 0 ? Math.min(limit, ABSOLUTE_MAX_UPLOAD_BYTES) : ABSOLUTE_MAX_UPLOAD_BYTES;
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(Math.trunc(value), min), max);
}

function bucketJson(row: Record<string, unknown>): Record<string, unknown> {
  const limit = row.file_size_limit;
  return { ...row, file_size_limit: limit === null || limit === undefined ? null : Number(limit) };
}

export const createStorageModule: HttpModuleFactory = async (ctx: ApiContext) => {
  await ensureStorageDirs(ctx.config.storageDir);
  try {
    const report = await sweepStorage(ctx.config.storageDir, ctx.pool);
    if (report.tempFilesRemoved + report.orphanFilesRemoved > 0) {
      ctx.log(`[storage] removed ${report.tempFilesRemoved} temporary files and ${report.orphanFilesRemoved} files without a row.`);
    }
    if (report.rowsWithoutFile.length > 0) {
      const sample = report.rowsWithoutFile.slice(0, 5).map((o) => `${o.bucket}/${o.name}`).join(', ');
      ctx.log(`[storage] ${report.rowsWithoutFile.length} objects of storage.objects have no file: ${sample}`);
    }
  } catch (error) {
    ctx.log(`[storage] could not sweep the storage folder: ${error instanceof Error ? error.message : String(error)}`);
  }
  return new StorageService(ctx);
};

export { StorageApiError };
