// What the abuse tests of this suite share: an API server of their own, the abuser run in a
// process of its own, and the bystanders measured meanwhile (the demo customer writing messages
// the demo provider receives over Realtime, another client reading REST).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { spawnApi, type ApiProcess } from '../../local-stack/api-process.ts';
import { freePorts } from '../integration/free-ports.ts';
import { waitFor } from '../integration/realtime-helpers.ts';
import { RELIABILITY_ENV } from './global-setup.ts';
import { anonKey, dbUrl, DEMO_ACCOUNTS, sql } from './helpers.ts';

/** The demo conversation between the demo customer and the demo provider. */
export const CONVERSATION = '70000000-0000-4000-8000-000000000200';
const CUSTOMER_ID = '00000000-0000-4000-a000-000000000002';

type Transport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];

/** An API server on free ports on this suite's database and data folder (test profile), with `env` added. */
export async function ownApi(env: Record<string, string>): Promise<ApiProcess> {
  const [apiPort, mailPort] = (await freePorts(2)) as [number, number];
  return spawnApi({
    DATABASE_URL: dbUrl(),
    API_PORT: String(apiPort),
    MAIL_PORT: String(mailPort),
    SDV_DATA_DIR: process.env.SDV_DATA_DIR ?? RELIABILITY_ENV.SDV_DATA_DIR!,
    SDV_PROFILE: 'test',
    ...env,
  });
}

/**
 * Runs `node <args>` in a process of its own with `env` added to this one's; resolves with the JSON
 * it writes to stdout, rejects (`<name> exited with …`) unless it exits with 0.
 */
export function runChild<T>(name: string, args: string[], env: Record<string, string>): Promise<T> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as T);
      else reject(new Error(`${name} exited with ${code ?? 'a signal'}`));
    });
  });
}

/** A supabase-js client of the API server at `url`, Realtime over `ws`. */
export function realtimeClient(url: string): SupabaseClient {
  return createClient(url, anonKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as Transport },
  });
}

/** Subscribes; rejects on CHANNEL_ERROR or TIMED_OUT. */
export function subscribe(channel: RealtimeChannel): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
    });
  });
}

/**
 * Signs the demo provider in on a new client of `url` and subscribes it to message inserts; each
 * message's content is set in `arrivals` with the time it arrived.
 */
export async function watchingProvider(url: string, arrivals: Map<string, number>): Promise<SupabaseClient> {
  const provider = realtimeClient(url);
  const { error } = await provider.auth.signInWithPassword({ email: DEMO_ACCOUNTS.provider.email, password: DEMO_ACCOUNTS.provider.password });
  expect(error).toBeNull();
  await subscribe(
    provider
      .channel(`provider-${randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages' }, (payload: { new: Record<string, unknown> }) => {
        arrivals.set(String(payload.new.content), performance.now());
      }),
  );
  return provider;
}

/** Until `until` (a Date.now() time): another client reads categories over REST every 50 ms; resolves with the latencies. */
export async function readRest(url: string, until: number): Promise<number[]> {
  const rest: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const response = await fetch(`${url}/rest/v1/categories?select=id,name`, { headers: { apikey: anonKey() } });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    rest.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return rest;
}

/**
 * For `seconds`: the customer writes a message every 150 ms (committed, then timed until the
 * provider receives it, as `arrivals` records) and another client reads categories over REST every 50 ms.
 */
export async function measureOthers(
  url: string,
  arrivals: Map<string, number>,
  seconds: number,
  label: string,
): Promise<{ delivery: number[]; rest: number[]; written: string[] }> {
  const delivery: number[] = [];
  const written: string[] = [];
  const until = Date.now() + seconds * 1000;
  const writer = (async () => {
    while (Date.now() < until) {
      const content = `${label} ${randomUUID()}`;
      await sql('insert into public.messages (conversation_id, sender_id, content) values ($1, $2, $3)', [CONVERSATION, CUSTOMER_ID, content]);
      const committed = performance.now();
      written.push(content);
      void waitFor(() => arrivals.has(content), content, 30_000).then(
        () => delivery.push(arrivals.get(content)! - committed),
        () => undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  })();
  const [, rest] = await Promise.all([writer, readRest(url, until)]);
  return { delivery, rest, written };
}
