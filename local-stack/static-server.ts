// Serves the built SPA (dist/) for `npm start`: SPA fallback to index.html, content types, long
// caching of hashed assets, gzip, and the runtime configuration injected into index.html.
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { gzipSync, createGzip } from 'node:zlib';
import { StartupError } from './db.ts';

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

/** Inserts the configuration script right after `<head …>` (before every other script). */
export function injectConfig(html: string, config: RuntimeConfig): string {
  const script = configScript(config);
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) {
    const at = head.index + head[0].length;
    return `${html.slice(0, at)}\n    ${script}${html.slice(at)}`;
  }
  return `${script}\n${html}`;
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
  let indexCache: { mtimeMs: number; body: Buffer; gzipped: Buffer } | undefined;

  const indexHtml = async (): Promise<{ body: Buffer; gzipped: Buffer }> => {
    const info = await fileInfo(indexFile);
    if (!info) throw new Error('dist/index.html không tồn tại');
    if (!indexCache || indexCache.mtimeMs !== info.mtimeMs) {
      const body = Buffer.from(injectConfig(await readFile(indexFile, 'utf8'), options.runtimeConfig));
      indexCache = { mtimeMs: info.mtimeMs, body, gzipped: gzipSync(body) };
    }
    return indexCache;
  };

  const sendIndex = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const { body, gzipped } = await indexHtml();
    const gzip = acceptsGzip(req);
    const payload = gzip ? gzipped : body;
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Length': payload.length.toString(),
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : payload);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      send(res, 405, 'Method Not Allowed');
      return;
    }
    const rawPath = (req.url ?? '/').split(/[?#]/)[0] ?? '/';
    const file = resolveInside(root, rawPath);
    if (!file) {
      send(res, 400, 'Bad Request');
      return;
    }
    if (file === root || file === indexFile) {
      await sendIndex(req, res);
      return;
    }
    const info = await fileInfo(file);
    // Symbolic links inside dist/ must not lead outside it either.
    const real = info ? await realpath(file).catch(() => undefined) : undefined;
    const realInside = real !== undefined && !path.relative(root, real).startsWith('..') && !path.isAbsolute(path.relative(root, real));
    if (!info || !realInside) {
      // Client-side routes (/admin/bookings/…) get the SPA; missing files with an extension get a 404.
      if (path.extname(rawPath) === '' || rawPath.endsWith('.html')) {
        await sendIndex(req, res);
      } else {
        send(res, 404, 'Not Found');
      }
      return;
    }
    const type = contentTypeFor(file);
    const isAsset = rawPath.startsWith('/assets/');
    const gzip = COMPRESSIBLE.test(type) && info.size > 512 && acceptsGzip(req);
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': isAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      'Last-Modified': new Date(info.mtimeMs).toUTCString(),
      Vary: 'Accept-Encoding',
    };
    if (gzip) headers['Content-Encoding'] = 'gzip';
    else headers['Content-Length'] = info.size.toString();
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (gzip) await pipeline(createReadStream(file), createGzip(), res);
    else await pipeline(createReadStream(file), res);
  };

  const server = http.createServer((req, res) => {
    res.on('error', () => undefined);
    handle(req, res).catch((error: unknown) => {
      log(`[web] lỗi phục vụ ${req.url ?? ''}: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) send(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new StartupError(
            `Cổng ${options.port} của trang web đang bị chiếm (port ${options.port} in use). Đặt biến môi trường WEB_PORT sang cổng khác hoặc dừng tiến trình đang dùng cổng này.`,
          ),
        );
      } else {
        reject(error);
      }
    });
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  server.on('error', (error) => log(`[web] lỗi máy chủ: ${error.message}`));

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
