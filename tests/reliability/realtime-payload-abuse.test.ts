// Realtime's maximum payload size under abuse (local-stack/realtime/README.md, "Payload size"),
// against an API server of its own with Realtime's default limits (SDV_REALTIME_LIMITS=config,
// max_payload_size_in_kb 3000) on this suite's database: 4 sockets from 127.0.0.3 push 3.1 MB
// broadcasts (over the 3,000,500-byte limit, under the 5 MB frame bound) for 6 s, half as JSON
// frames and half as binary user broadcast frames, each waiting for its `ack`. Every push is answered
// payload_size_exceeded, no socket is closed, nothing reaches a subscriber of the topic. Meanwhile
// the provider receives every message the customer writes (none lost) with p95 < 250 ms from the
// commit, and another client's REST reads answer with p95 < 250 ms. < 30 s.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { spawnApi, type ApiProcess } from '../../local-stack/api-process.ts';
import { freePorts } from '../integration/free-ports.ts';
import { RELIABILITY_ENV } from './global-setup.ts';
import { anonKey, dbUrl, DEMO_ACCOUNTS, sql } from './helpers.ts';

const CONVERSATION = '70000000-0000-4000-8000-000000000200';
const CUSTOMER_ID = '00000000-0000-4000-a000-000000000002';
const ATTACKER = '127.0.0.3';
const P95_BOUND_MS = 250;
const ROOM = `payload-abuse-${randomUUID()}`;

type Transport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];

let api: ApiProcess;
let provider: SupabaseClient;
let bystander: SupabaseClient;
let abuseReceived = 0;
const arrivals = new Map<string, number>();

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

async function waitFor(condition: () => boolean, label: string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function supabase(): SupabaseClient {
  return createClient(api.url, anonKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as Transport },
  });
}

function subscribe(channel: ReturnType<SupabaseClient['channel']>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status));
    });
  });
}

/** Runs payload-abuser.ts in a process of its own; resolves with its JSON outcome. */
function abuse(env: Record<string, string>): Promise<Record<string, unknown>> {
  const url = `${api.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(anonKey())}&vsn=2.0.0`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/reliability/payload-abuser.ts'], {
    env: { ...process.env, URL: url, ATTACKER, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as Record<string, unknown>);
      else reject(new Error(`payload-abuser exited with ${code ?? 'a signal'}`));
    });
  });
}

/**
 * For `seconds`: the customer writes a message every 150 ms (committed, then timed until the
 * provider receives it) and another client reads categories over REST every 50 ms.
 */
async function measureOthers(seconds: number, label: string): Promise<{ delivery: number[]; rest: number[]; written: string[] }> {
  const delivery: number[] = [];
  const rest: number[] = [];
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
  const reader = (async () => {
    while (Date.now() < until) {
      const started = performance.now();
      const response = await fetch(`${api.url}/rest/v1/categories?select=id,name`, { headers: { apikey: anonKey() } });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      rest.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  await Promise.all([writer, reader]);
  return { delivery, rest, written };
}

beforeAll(async () => {
  await sql('update public.conversations set is_active = true where id = $1', [CONVERSATION]);
  const [apiPort, mailPort] = (await freePorts(2)) as [number, number];
  api = await spawnApi({
    DATABASE_URL: dbUrl(),
    API_PORT: String(apiPort),
    MAIL_PORT: String(mailPort),
    SDV_DATA_DIR: process.env.SDV_DATA_DIR ?? RELIABILITY_ENV.SDV_DATA_DIR!,
    SDV_PROFILE: 'test',
    SDV_REALTIME_LIMITS: 'config',
    SDV_CHILD_LOG: '1',
  });
  provider = supabase();
  const { error } = await provider.auth.signInWithPassword({ email: DEMO_ACCOUNTS.provider.email, password: DEMO_ACCOUNTS.provider.password });
  expect(error).toBeNull();
  await subscribe(
    provider
      .channel(`provider-${randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages' }, (payload: { new: Record<string, unknown> }) => {
        arrivals.set(String(payload.new.content), performance.now());
      }),
  );
  // A subscriber of the abused topic: nothing oversized may reach it.
  bystander = supabase();
  await subscribe(bystander.channel(ROOM).on('broadcast', { event: 'big' }, () => (abuseReceived += 1)));
});

afterAll(async () => {
  for (const client of [provider, bystander]) {
    await client?.removeAllChannels();
    client?.realtime.disconnect();
  }
  await api?.stop();
});

describe('oversized broadcast flood', () => {
  it('answers every push payload_size_exceeded, keeps the sockets, and keeps the others on time', { timeout: 45_000 }, async () => {
    const baseline = await measureOthers(3, 'quiet');
    const attack = abuse({ TOPIC: `realtime:${ROOM}`, SOCKETS: '4', SECONDS: '6', PAYLOAD_BYTES: '3100000' });
    const others = await measureOthers(6, 'payload flood');
    const outcome = (await attack) as { pushes: number; bytes: number; replies: Record<string, number>; closed: number };
    await waitFor(() => [...baseline.written, ...others.written].every((content) => arrivals.has(content)), 'every message at the provider', 20_000);
    console.log(
      `[realtime-payload-abuse] ${outcome.pushes} oversized pushes (${(outcome.bytes / 1e6).toFixed(0)} MB) from 4 sockets: replies ${JSON.stringify(outcome.replies)}, ` +
        `${outcome.closed} sockets closed; provider delivery p95 ${p95(others.delivery).toFixed(1)} ms over ${others.delivery.length} ` +
        `(quiet: ${p95(baseline.delivery).toFixed(1)} ms), REST p95 ${p95(others.rest).toFixed(1)} ms (quiet: ${p95(baseline.rest).toFixed(1)} ms)`,
    );
    expect(outcome.pushes).toBeGreaterThan(0);
    expect(outcome.replies).toEqual({ 'error: payload_size_exceeded': outcome.pushes });
    expect(outcome.closed).toBe(0);
    expect(abuseReceived).toBe(0);
    expect(others.delivery).toHaveLength(others.written.length);
    expect(p95(others.delivery)).toBeLessThan(P95_BOUND_MS);
    expect(p95(others.rest)).toBeLessThan(P95_BOUND_MS);
  });
});
