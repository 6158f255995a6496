// Small HTTP helpers shared by the modules of the local API server.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body larger than ${limit} bytes`);
  }
}

/** Reads the whole request body, refusing (and draining no further than) `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new BodyTooLargeError(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (!failed) {
        failed = true;
        reject(error);
      }
    });
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const payload = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload).toString(),
    ...headers,
  });
  res.end(payload);
}

/** Lower-case header map with single string values. */
export function headerMap(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Client address for rate limiting (the socket's; the local stack sits behind no proxy). */
export function clientAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/** Default cap on concurrently open connections from one client address (SDV_MAX_CONNECTIONS_PER_ADDRESS). */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;

/** The per-address connection cap from the environment (a positive integer, else the default). */
export function maxConnectionsPerAddress(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SDV_MAX_CONNECTIONS_PER_ADDRESS;
  if (raw === undefined || raw === '') return DEFAULT_MAX_CONNECTIONS_PER_ADDRESS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`SDV_MAX_CONNECTIONS_PER_ADDRESS must be a positive integer (got "${raw}")`);
  }
  return value;
}

export interface HardenOptions {
  /** Most connections one client address may hold open at once; the excess is closed at once. */
  maxConnectionsPerAddress?: number;
  /** Called once per address and burst when connections are refused. */
  onRefused?: (address: string, open: number) => void;
}

/**
 * Bounds what one client can hold of a node:http server: a time limit on request headers and
 * whole requests, a short keep-alive, sockets that sent something unparsable answered with a 400
 * and destroyed, and a cap on concurrently open connections per client address, so that thousands
 * of idle TCP connections from one address cannot use up the process's file handles.
 */
export function hardenServer(server: Server, options: HardenOptions = {}): void {
  server.headersTimeout = 30_000;
  server.requestTimeout = 120_000;
  server.keepAliveTimeout = 5_000;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (socket.destroyed) return;
    if (socket.writable) {
      const status =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? '431 Request Header Fields Too Large'
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? '408 Request Timeout'
            : '400 Bad Request';
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
      // A peer that does not read its answer does not keep the socket either.
      setTimeout(() => socket.destroy(), 1_000).unref();
    } else {
      socket.destroy();
    }
  });
  const max = options.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS;
  const open = new Map<string, number>();
  const refusedLogged = new Set<string>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      if (!refusedLogged.has(address)) {
        refusedLogged.add(address);
        options.onRefused?.(address, count);
      }
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) {
        open.delete(address);
        refusedLogged.delete(address);
      } else {
        open.set(address, left);
      }
    });
  });
}
