// The local Supabase-compatible API server: one node:http server that routes /auth/v1, /rest/v1,
// /storage/v1 and the /realtime/v1/websocket upgrade to their modules, adds CORS to every
// response, and turns anything unexpected into a JSON error instead of a crash.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createAuthModule } from './auth/index.ts';
import type pg from 'pg';
import { platformUrl, StartupError } from './db.ts';
import { createPool } from './db-session.ts';
import { hardenServer, maxConnectionsPerAddress, sendJson } from './http-util.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, isConnectionError } from './pg-errors.ts';
import { createRealtimeModule } from './realtime/index.ts';
import { createRestModule } from './rest/index.ts';
import { createStorageModule } from './storage/index.ts';
import type { ApiContext, HttpModule, HttpModuleFactory, RealtimeModule } from './types.ts';

export const CORS_ALLOW_HEADERS = [
  'apikey',
  'authorization',
  'x-client-info',
  'content-type',
  'prefer',
  'accept-profile',
  'content-profile',
  'x-supabase-api-version',
  'x-upsert',
  'cache-control',
  'x-retry-count',
].join(', ');
export const CORS_EXPOSE_HEADERS = ['content-range', 'x-supabase-api-version', 'x-total-count', 'link'].join(', ');
export const CORS_ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD';
export const CORS_MAX_AGE = '86400';

export interface ApiServer {
  url: string;
  close(): Promise<void>;
}

interface Mount {
  prefix: string;
  module: HttpModule;
}

const REALTIME_PATH = '/realtime/v1/websocket';

function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
  } else {
    res.setHeader('Access-Control-Allow-Origin', '*');
  }
  res.setHeader('Access-Control-Allow-Methods', CORS_ALLOW_METHODS);
  res.setHeader('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
  res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
  res.setHeader('Access-Control-Max-Age', CORS_MAX_AGE);
}

/** The path of a request URL without its query string (still percent-encoded). */
function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const end = raw.search(/[?#]/);
  return end === -1 ? raw : raw.slice(0, end);
}

function findMount(mounts: readonly Mount[], path: string): { mount: Mount; subpath: string } | undefined {
  for (const mount of mounts) {
    if (path === mount.prefix) return { mount, subpath: '/' };
    if (path.startsWith(`${mount.prefix}/`)) return { mount, subpath: path.slice(mount.prefix.length) };
  }
  return undefined;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

let guardsInstalled = false;

/**
 * Keeps the process alive when some code path throws outside a request (a socket error, a
 * rejected promise nobody awaited): the error is logged, the server keeps serving.
 */
export function installProcessGuards(log: (line: string) => void): void {
  if (guardsInstalled) return;
  guardsInstalled = true;
  process.on('uncaughtException', (error) => {
    log(`[api] uncaught exception: ${describeError(error)}`);
  });
  process.on('unhandledRejection', (reason) => {
    log(`[api] unhandled rejection: ${describeError(reason)}`);
  });
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(
          new StartupError(
            `Port ${port} for the API is in use. Set the environment variable API_PORT to another port or stop the process using this one.`,
          ),
        );
      } else if (error.code === 'EACCES') {
        reject(new StartupError(`No permission to open port ${port} for the API. Set API_PORT to another port (> 1024).`));
      } else {
        reject(error);
      }
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, '127.0.0.1');
  });
}

/**
 * Each module connects as the login its Supabase counterpart uses (docs/architecture.md#the-platform-mirror):
 * the Data API as `authenticator`, Auth as `supabase_auth_admin`, Storage as `supabase_storage_admin`
 * with `storage.allow_delete_query` on (Storage sets it for every request it serves, which lets its
 * own deletes past the delete guard); Realtime keeps the superuser's pool, as Supabase's Realtime
 * connects as supabase_admin.
 */
function modulePools(ctx: ApiContext): { rest: pg.Pool; auth: pg.Pool; storage: pg.Pool } {
  const max = ctx.pool.options.max ?? 20;
  return {
    rest: createPool(platformUrl(ctx.dbUrl, 'authenticator'), max),
    auth: createPool(platformUrl(ctx.dbUrl, 'supabase_auth_admin'), Math.min(max, 10)),
    storage: createPool(platformUrl(ctx.dbUrl, 'supabase_storage_admin'), Math.min(max, 10), { 'storage.allow_delete_query': 'true' }),
  };
}

async function createModules(ctx: ApiContext, pools: ReturnType<typeof modulePools>): Promise<{ mounts: Mount[]; realtime: RealtimeModule }> {
  const factories: [string, HttpModuleFactory, ApiContext][] = [
    ['/auth/v1', createAuthModule, { ...ctx, pool: pools.auth }],
    ['/rest/v1', createRestModule, { ...ctx, pool: pools.rest, dbUrl: platformUrl(ctx.dbUrl, 'authenticator') }],
    ['/storage/v1', createStorageModule, { ...ctx, pool: pools.storage }],
  ];
  const mounts: Mount[] = [];
  try {
    for (const [prefix, factory, moduleCtx] of factories) {
      mounts.push({ prefix, module: await factory(moduleCtx) });
    }
    const realtime = await createRealtimeModule(ctx);
    // REST broadcast (/realtime/v1/api/broadcast); the module is closed with the WebSocket side.
    mounts.push({ prefix: '/realtime/v1', module: { handle: (req, res, subpath) => realtime.handle(req, res, subpath), close: async () => undefined } });
    return { mounts, realtime };
  } catch (error) {
    await Promise.allSettled(mounts.map((mount) => mount.module.close()));
    throw error;
  }
}

/** Starts the API server on 127.0.0.1:config.apiPort with every module mounted. */
export async function startApiServer(ctx: ApiContext): Promise<ApiServer> {
  installProcessGuards(ctx.log);
  const pools = modulePools(ctx);
  const endPools = async (): Promise<void> => {
    await Promise.allSettled(Object.values(pools).map((pool) => pool.end()));
  };
  const { mounts, realtime } = await createModules(ctx, pools).catch(async (error: unknown) => {
    await endPools();
    throw error;
  });
  const logRequests = process.env.SDV_LOG_REQUESTS === '1';

  const handleRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    if (logRequests) {
      res.on('finish', () => {
        ctx.log(`[api] ${req.method ?? '?'} ${pathOf(req.url)} → ${res.statusCode} (${(performance.now() - started).toFixed(1)} ms)`);
      });
    }
    res.on('error', () => undefined);
    req.on('error', () => undefined);
    applyCors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Content-Length': '0' });
      res.end();
      return;
    }
    const path = pathOf(req.url);
    const match = findMount(mounts, path);
    if (!match) {
      sendJson(res, 404, { message: 'no Route matched with those values', code: 'not_found', path });
      return;
    }
    try {
      await match.mount.module.handle(req, res, match.subpath);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (isConnectionError(error)) {
        sendJson(res, 503, { code: 'database_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE });
        return;
      }
      ctx.log(`[api] error handling ${req.method ?? '?'} ${path}: ${describeError(error)}`);
      sendJson(res, 500, { code: 'internal_error', message: 'Lỗi máy chủ nội bộ (internal server error)' });
    }
  };

  const server = http.createServer((req, res) => {
    handleRequest(req, res).catch((error: unknown) => {
      ctx.log(`[api] unexpected error: ${describeError(error)}`);
      if (!res.headersSent) sendJson(res, 500, { code: 'internal_error', message: 'Lỗi máy chủ nội bộ (internal server error)' });
      else res.destroy();
    });
  });
  hardenServer(server, {
    maxConnectionsPerAddress: maxConnectionsPerAddress(),
    onRefused: (address, open) => ctx.log(`[api] ${address} holds ${open} connections: further ones are closed`),
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    if (pathOf(req.url) !== REALTIME_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    try {
      realtime.handleUpgrade(req, socket, head);
    } catch (error) {
      ctx.log(`[api] websocket error: ${describeError(error)}`);
      socket.destroy();
    }
  });

  try {
    await listen(server, ctx.config.apiPort);
  } catch (error) {
    await Promise.allSettled([realtime.close(), ...mounts.map((mount) => mount.module.close())]);
    await endPools();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${ctx.config.apiPort}`,
    close: () => {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await realtime.close().catch((error: unknown) => ctx.log(`[api] closing realtime: ${describeError(error)}`));
        server.closeAllConnections();
        await closed;
        for (const mount of mounts) {
          await mount.module.close().catch((error: unknown) => ctx.log(`[api] closing ${mount.prefix}: ${describeError(error)}`));
        }
        await endPools();
      })();
      return closing;
    },
  };
}
