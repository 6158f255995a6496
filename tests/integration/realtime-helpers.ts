// Helpers of the Realtime integration tests (broadcast, presence, private channels, scale, limits).
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { spawnApi, type ApiProcess } from '../../local-stack/api-process.ts';
import { anonKey, apiUrl, dbUrl } from './helpers.ts';
import { freePorts } from './free-ports.ts';

type Transport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];

export async function waitFor(condition: () => boolean, label: string, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Proves that nothing more is on its way to these clients, without sleeping. The server delivers
 * changes one commit after another, each to every subscriber before the next, so once a later change
 * has reached another connection (the callers wait for that first), every frame of the earlier
 * changes has been written to these sockets; a heartbeat's reply on each socket then arrives after
 * any such frame.
 */
export async function settled(...subscribers: SupabaseClient[]): Promise<void> {
  for (const subscriber of subscribers) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no heartbeat reply within 5 s')), 5000);
      subscriber.realtime.onHeartbeat((status) => {
        if (status !== 'ok') return;
        clearTimeout(timer);
        resolve();
      });
      void subscriber.realtime.sendHeartbeat();
    });
  }
}

/** Leaves every channel of the clients and closes their sockets (afterAll of the suites). */
export async function closeClients(clients: readonly SupabaseClient[]): Promise<void> {
  for (const client of clients) {
    await client.removeAllChannels();
    client.realtime.disconnect();
  }
}

/**
 * Subscribes and resolves with the outcome: SUBSCRIBED, or the error status with its message;
 * `onStatus` sees every status on the way.
 */
export function subscribeOutcome(
  channel: RealtimeChannel,
  onStatus: (status: string) => void = () => {},
): Promise<{ status: string; message?: string }> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      onStatus(status);
      if (status === 'SUBSCRIBED') resolve({ status });
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve({ status, message: error?.message });
    });
  });
}

/** Subscribes; throws unless the join succeeds within 10 s. */
export async function subscribed(channel: RealtimeChannel, onStatus?: (status: string) => void): Promise<RealtimeChannel> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('subscribe timed out')), 10_000);
  });
  try {
    const outcome = await Promise.race([subscribeOutcome(channel, onStatus), timedOut]);
    if (outcome.status !== 'SUBSCRIBED') throw new Error(`subscribe failed: ${outcome.status} ${outcome.message ?? ''}`);
    return channel;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `count` distinct tokens of the user holding `token`, as sign-ins and refreshes would give them
 * (each its own `iat` and `session_id`), signed with the test stack's secret.
 */
export async function distinctTokens(token: string, count: number): Promise<string[]> {
  const claims = decodeJwt(token);
  const key = new TextEncoder().encode(inject('jwtSecret'));
  const iat = Math.floor(Date.now() / 1000);
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      new SignJWT({ ...claims, iat: iat - i, session_id: randomUUID() }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key),
    ),
  );
}

/** A raw Phoenix vsn 2.0.0 socket, for what supabase-js hides (frames, many channels cheaply). */
export interface RawSocket {
  ws: WebSocket;
  frames: unknown[];
  next(match: (frame: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
  close(): void;
}

/** `keep` chooses the text frames parsed and kept (all by default); `onText` sees every one. */
export async function rawSocket(apikey: string, options: { keep?: (text: string) => boolean; onText?: (text: string) => void } = {}): Promise<RawSocket> {
  const ws = new WebSocket(`${apiUrl().replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=2.0.0`);
  const frames: unknown[] = [];
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const text = data.toString();
    options.onText?.(text);
    if (!options.keep || options.keep(text)) frames.push(JSON.parse(text));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    async next(match, timeoutMs = 5000) {
      await waitFor(() => frames.some(match), 'frame', timeoutMs);
      return frames.find(match);
    },
    close: () => ws.close(),
  };
}

/** The phx_reply to the push with this ref. */
export function replyTo(ref: string): (frame: unknown) => boolean {
  return (frame) => Array.isArray(frame) && frame[1] === ref && frame[3] === 'phx_reply';
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** API servers a suite starts for itself, and the supabase-js clients it opens on them. */
export interface OwnServers {
  /** Creates the suite's temporary data folder (beforeAll). */
  open(): Promise<void>;
  /** An API server on free ports with `baseEnv` and then `env`, its data in a folder of its own. */
  start(env: Record<string, string>): Promise<ApiProcess>;
  /** A supabase-js client of `api` (ws transport, Realtime logging errors only). */
  client(api: ApiProcess): SupabaseClient;
  /** Closes every client, stops every server and removes the data folder (afterAll). */
  close(): Promise<void>;
}

/** Servers of a suite of its own: data folders under a temporary folder named `${tmpPrefix}…`. */
export function ownServers(tmpPrefix: string, baseEnv: Record<string, string> = {}): OwnServers {
  let dataDir: string | undefined;
  const servers: ApiProcess[] = [];
  const clients: SupabaseClient[] = [];
  return {
    async open() {
      dataDir = await mkdtemp(path.join(os.tmpdir(), tmpPrefix));
    },
    async start(env) {
      if (!dataDir) throw new Error('ownServers: open() first');
      const [apiPort, mailPort] = (await freePorts(2)) as [number, number];
      const api = await spawnApi({
        DATABASE_URL: dbUrl(),
        API_PORT: String(apiPort),
        MAIL_PORT: String(mailPort),
        SDV_DATA_DIR: path.join(dataDir, String(apiPort)),
        SDV_PROFILE: 'test',
        ...baseEnv,
        SDV_CHILD_LOG: '1',
        ...env,
      });
      servers.push(api);
      return api;
    },
    client(api) {
      const created = createClient(api.url, anonKey(), {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as unknown as Transport, params: { log_level: 'error' } },
      });
      clients.push(created);
      return created;
    },
    async close() {
      await closeClients(clients);
      await Promise.all(servers.map((api) => api.stop()));
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
