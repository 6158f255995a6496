// Serves the built site (dist/) for `npm start` (docs/architecture.md#public-site-prerendering):
// each prerendered public page from its own HTML file, the back office's shell (dist/spa.html,
// noindex) for /admin/*, the not-found page with status 404 for every other path; content types,
// long caching of hashed assets and versioned public files (`?v=`), gzip, security headers, and the
// runtime configuration injected into every HTML page. Compressed files are kept in memory (by
// path and modification time), so a cold load of an admin screen — some sixty chunks — does not
// compress them all again.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { TLSSocket } from 'node:tls';
import { createGzip, gzip as gzipCallback, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { StartupError } from './db.ts';
import { hardenServer, maxConnectionsPerAddress } from './http-util.ts';

export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

export interface StaticServerOptions {
  distDir: string;
  port: number;
  runtimeConfig: RuntimeConfig;
  log?: (line: string) => void;
}

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/;

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The `<script>` that hands the API URL and anon key to the SPA; `<` escaped so no value can close it. */
export function configScript(config: RuntimeConfig): string {
  const json = JSON.stringify({ supabaseUrl: config.supabaseUrl, supabaseAnonKey: config.supabaseAnonKey })
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script>window.__SDV_CONFIG__=${json}</script>`;
}

function apiOrigin(config: RuntimeConfig): string | undefined {
  try {
    return new URL(config.supabaseUrl).origin;
  } catch {
    return undefined;
  }
}

/** The API preconnect a prerendered page carries from its build (src/features/public-site/prerender.tsx). */
const BUILT_API_PRECONNECT = /<link rel="preconnect"[^>]*\bdata-api\b[^>]*>\n?/gi;

/**
 * Inserts the configuration script right after `<head …>` (before every other script), and a
 * preconnect to the API so the connection is open when the page asks for its data. It replaces
 * the API preconnect baked in at build time, which names the API of the build's environment.
 */
export function injectConfig(html: string, config: RuntimeConfig): string {
  const origin = apiOrigin(config);
  const preconnect = origin ? `<link rel="preconnect" href="${origin.replace(/"/g, '&quot;')}" crossorigin>` : '';
  const script = `${configScript(config)}${preconnect}`;
  const page = html.replace(BUILT_API_PRECONNECT, '');
  const head = /<head(\s[^>]*)?>/i.exec(page);
  if (head) {
    const at = head.index + head[0].length;
    return `${page.slice(0, at)}\n    ${script}${page.slice(at)}`;
  }
  return `${script}\n${page}`;
}

/**
 * The Content-Security-Policy of every answer: our own scripts plus the one inline configuration
 * script (by hash), the API for data, images and live updates (websockets), nothing may frame us.
 */
export function contentSecurityPolicy(config: RuntimeConfig): string {
  const scriptBody = configScript(config).replace(/^<script>|<\/script>$/g, '');
  const hash = createHash('sha256').update(scriptBody).digest('base64');
  const origin = apiOrigin(config) ?? '';
  const socket = origin.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    `script-src 'self' 'sha256-${hash}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${origin}`.trim(),
    "font-src 'self' data:",
    `connect-src 'self' ${origin} ${socket}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers sent with every answer (the same list is documented for static hosts in README.md). */
export function securityHeaders(config: RuntimeConfig, secure: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(secure ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}

/** Cache lifetime of a file: a year for hashed assets and versioned public files, an hour otherwise. */
export function cacheControlFor(requestPath: string, query: string): string {
  if (requestPath.startsWith('/assets/') || /(^|&)v=[0-9a-f]{8,}(&|$)/.test(query)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Maps a request path to a file inside `root`, or undefined when the path is malformed or would
 * leave `root` (`..`, encoded slashes or backslashes, NUL).
 */
export function resolveInside(root: string, requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  if (/%2f|%5c/i.test(requestPath)) return undefined;
  const segments = decoded.split('/').filter((segment) => segment.length > 0);
  if (segments.some((segment) => segment === '..' || segment === '.')) return undefined;
  const file = path.resolve(root, ...segments);
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return file;
}

function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return /\bgzip\b/i.test(value) && !/\bgzip\s*;\s*q=0(\.0*)?\b/i.test(value);
}

function send(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text).toString() });
  res.end(text);
}

/** The back office's client-rendered area. */
function isAdminPath(requestPath: string): boolean {
  return requestPath === '/admin' || requestPath.startsWith('/admin/');
}

const gzipAsync = promisify(gzipCallback);

/** Files larger than this are compressed as a stream on each request, not kept in memory. */
const GZIP_CACHE_FILE_MAX = 4 * 1024 * 1024;
/** The memory the compressed copies may take together; past it the cache starts again empty. */
const GZIP_CACHE_TOTAL_MAX = 64 * 1024 * 1024;

async function fileInfo(file: string): Promise<{ size: number; mtimeMs: number } | undefined> {
  try {
    const info = await stat(file);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const log = options.log ?? (() => undefined);
  const root = await realpath(options.distDir);
  const indexFile = path.join(root, 'index.html');
  const htmlCache = new Map<string, { mtimeMs: number; body: Buffer; gzipped: Buffer }>();
  const gzipCache = new Map<string, { mtimeMs: number; size: number; gzipped: Buffer }>();
  let gzipCacheBytes = 0;

  /** The gzip of a file, compressed once per version of the file. */
  const gzippedFile = async (file: string, info: { size: number; mtimeMs: number }): Promise<Buffer> => {
    const cached = gzipCache.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.gzipped;
    const gzipped = await gzipAsync(await readFile(file));
    if (gzipCacheBytes + gzipped.length > GZIP_CACHE_TOTAL_MAX) {
      gzipCache.clear();
      gzipCacheBytes = 0;
    }
    if (cached) gzipCacheBytes -= cached.gzipped.length;
    gzipCache.set(file, { mtimeMs: info.mtimeMs, size: info.size, gzipped });
    gzipCacheBytes += gzipped.length;
    return gzipped;
  };
  const headersFor = (req: IncomingMessage) => securityHeaders(options.runtimeConfig, (req.socket as Partial<TLSSocket>).encrypted === true);

  const htmlPage = async (file: string): Promise<{ body: Buffer; gzipped: Buffer } | undefined> => {
    const info = await fileInfo(file);
    if (!info) return undefined;
    const cached = htmlCache.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached;
    const body = Buffer.from(injectConfig(await readFile(file, 'utf8'), options.runtimeConfig));
    const entry = { mtimeMs: info.mtimeMs, body, gzipped: gzipSync(body) };
    htmlCache.set(file, entry);
    return entry;
  };

  const sendHtml = async (req: IncomingMessage, res: ServerResponse, candidates: string[], status = 200): Promise<void> => {
    let page: { body: Buffer; gzipped: Buffer } | undefined;
    for (const candidate of candidates) {
      page = await htmlPage(path.join(root, candidate));
      if (page) break;
    }
    if (!page) throw new Error('dist/index.html does not exist');
    const gzip = acceptsGzip(req);
    const payload = gzip ? page.gzipped : page.body;
    res.writeHead(status, {
      ...headersFor(req),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Length': payload.length.toString(),
      Vary: 'Accept-Encoding',
      ...(status === 404 || candidates[0] === 'spa.html' ? { 'X-Robots-Tag': 'noindex' } : {}),
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : payload);
  };

  /** A path without a file: its prerendered page, the admin shell, or the not-found page (404). */
  const sendPage = async (req: IncomingMessage, res: ServerResponse, requestPath: string): Promise<void> => {
    if (isAdminPath(requestPath)) return sendHtml(req, res, ['spa.html', 'index.html']);
    const folder = requestPath.replace(/\/+$/, '');
    const own = folder === '' ? undefined : resolveInside(root, `${folder}/index.html`);
    if (own && (await fileInfo(own))) return sendHtml(req, res, [path.relative(root, own)]);
    // A dist/ built before prerendering existed has no 404.html: the SPA answers as before.
    if (!(await fileInfo(path.join(root, '404.html')))) return sendHtml(req, res, ['index.html']);
    return sendHtml(req, res, ['404.html'], 404);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      send(res, 405, 'Method Not Allowed');
      return;
    }
    const [rawPath = '/', query = ''] = (req.url ?? '/').split('#')[0]?.split('?') ?? [];
    const file = resolveInside(root, rawPath);
    if (!file) {
      send(res, 400, 'Bad Request');
      return;
    }
    if (file === root || file === indexFile) {
      await sendHtml(req, res, ['index.html']);
      return;
    }
    const info = await fileInfo(file);
    // Symbolic links inside dist/ must not lead outside it either.
    const real = info ? await realpath(file).catch(() => undefined) : undefined;
    const realInside = real !== undefined && !path.relative(root, real).startsWith('..') && !path.isAbsolute(path.relative(root, real));
    if (!info || !realInside) {
      // Pages (/contact, /admin/bookings/…, unknown paths) as above; missing files with an extension get a 404.
      if (path.extname(rawPath) === '' || rawPath.endsWith('.html')) {
        await sendPage(req, res, path.extname(rawPath) === '' ? rawPath : '/404.html');
      } else {
        send(res, 404, 'Not Found');
      }
      return;
    }
    if (file.endsWith('.html')) {
      await sendHtml(req, res, [path.relative(root, file)], path.basename(file) === '404.html' ? 404 : 200);
      return;
    }
    const type = contentTypeFor(file);
    const gzip = COMPRESSIBLE.test(type) && info.size > 512 && acceptsGzip(req);
    const headers: Record<string, string> = {
      ...headersFor(req),
      'Content-Type': type,
      'Cache-Control': cacheControlFor(rawPath, query),
      'Last-Modified': new Date(info.mtimeMs).toUTCString(),
      Vary: 'Accept-Encoding',
    };
    const body = gzip && info.size <= GZIP_CACHE_FILE_MAX ? await gzippedFile(file, info) : undefined;
    if (gzip) headers['Content-Encoding'] = 'gzip';
    if (body) headers['Content-Length'] = body.length.toString();
    else if (!gzip) headers['Content-Length'] = info.size.toString();
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (body) res.end(body);
    else if (gzip) await pipeline(createReadStream(file), createGzip(), res);
    else await pipeline(createReadStream(file), res);
  };

  const server = http.createServer((req, res) => {
    res.on('error', () => undefined);
    handle(req, res).catch((error: unknown) => {
      log(`[web] error serving ${req.url ?? ''}: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) send(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  });
  hardenServer(server, {
    maxConnectionsPerAddress: maxConnectionsPerAddress(),
    onRefused: (address, open) => log(`[web] ${address} holds ${open} connections: further ones are closed`),
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new StartupError(
            `Port ${options.port} for the web site is in use. Set the environment variable WEB_PORT to another port or stop the process using this one.`,
          ),
        );
      } else {
        reject(error);
      }
    });
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  server.on('error', (error) => log(`[web] server error: ${error.message}`));

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${options.port}`,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
