// Realtime's maximum payload size under abuse (local-stack/realtime/README.md, "Payload size"),
// against an API server of its own with Realtime's default limits (SDV_REALTIME_LIMITS=config,
// max_payload_size_in_kb 3000) on this suite's database: 4 sockets from 127.0.0.3 push 3.1 MB
// broadcasts (over the 3,000,500-byte limit, under the 5 MB frame bound) for 6 s, half as JSON
// frames and half as binary user broadcast frames, each waiting for its `ack`. Every push is answered
// payload_size_exceeded, no socket is closed, nothing reaches a subscriber of the topic. Meanwhile
// the provider receives every message the customer writes (none lost) with p95 < 250 ms from the
// commit, and another client's REST reads answer with p95 < 250 ms. < 30 s.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProcess } from '../../local-stack/api-process.ts';
import { waitFor } from '../integration/realtime-helpers.ts';
import { CONVERSATION, measureOthers as measure, ownApi, realtimeClient, runChild, subscribe, watchingProvider } from './bystanders.ts';
import { anonKey, sql } from './helpers.ts';

const ATTACKER = '127.0.0.3';
const P95_BOUND_MS = 250;
const ROOM = `payload-abuse-${randomUUID()}`;

let api: ApiProcess;
let provider: SupabaseClient;
let bystander: SupabaseClient;
let abuseReceived = 0;
const arrivals = new Map<string, number>();

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

/** Runs payload-abuser.ts in a process of its own; resolves with its JSON outcome. */
function abuse(env: Record<string, string>): Promise<Record<string, unknown>> {
  const url = `${api.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(anonKey())}&vsn=2.0.0`;
  return runChild('payload-abuser', ['--import', 'tsx', 'tests/reliability/payload-abuser.ts'], { URL: url, ATTACKER, ...env });
}

/** bystanders.ts's measureOthers against this test's server and provider. */
function measureOthers(seconds: number, label: string): ReturnType<typeof measure> {
  return measure(api.url, arrivals, seconds, label);
}

beforeAll(async () => {
  await sql('update public.conversations set is_active = true where id = $1', [CONVERSATION]);
  api = await ownApi({ SDV_REALTIME_LIMITS: 'config', SDV_CHILD_LOG: '1' });
  provider = await watchingProvider(api.url, arrivals);
  // A subscriber of the abused topic: nothing oversized may reach it.
  bystander = realtimeClient(api.url);
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
