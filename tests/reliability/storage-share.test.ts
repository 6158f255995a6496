// One caller cannot monopolise Storage (local-stack/storage/README.md, "Per-caller share"): an API
// server with the per-caller share on (SDV_STORAGE_FAIR_SHARE=config) on this suite's database; the
// demo customer runs 60 parallel loops of uploads and lists into its conversation's folder for 8 s
// (tests/reliability/abuser.ts, in a process of its own),
// while the demo provider uploads into the same conversation every 150 ms and another client reads
// REST. The provider's uploads and the REST reads answer with p95 < 250 ms, every upload the
// provider was answered 200 for is stored (row and bytes), the abuser gets 429 TooManyRequests and
// nothing but 200 / 429 / 544.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProcess } from '../../local-stack/api-process.ts';
import { CONVERSATION, ownApi, readRest, runChild } from './bystanders.ts';
import { anonKey, DEMO_ACCOUNTS, sql } from './helpers.ts';

const ABUSERS = 60;
const SECONDS = 8;
const P95_BOUND_MS = 250;
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let api: ApiProcess;
let customerToken: string;
let providerToken: string;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

async function signIn(email: string, password: string): Promise<string> {
  const response = await fetch(`${api.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return body.access_token;
}

function upload(token: string, name: string): Promise<Response> {
  return fetch(`${api.url}/storage/v1/object/message-images/${CONVERSATION}/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, apikey: anonKey(), 'Content-Type': 'image/png' },
    body: PNG,
  });
}

beforeAll(async () => {
  await sql('update public.conversations set is_active = true where id = $1', [CONVERSATION]);
  api = await ownApi({ SDV_STORAGE_FAIR_SHARE: 'config' });
  customerToken = await signIn(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  providerToken = await signIn(DEMO_ACCOUNTS.provider.email, DEMO_ACCOUNTS.provider.password);
});

afterAll(async () => {
  await api?.stop();
  // Storage's delete guard (a statement trigger) refuses a direct delete unless the transaction
  // allows it, as the Storage server does for its own requests. CONVERSATION is a constant uuid.
  await sql(
    `begin; set local storage.allow_delete_query = 'true';
     delete from storage.objects where bucket_id = 'message-images' and name like '${CONVERSATION}/share-%'; commit;`,
  );
});

describe('Storage per-caller share', () => {
  it(`keeps the provider's uploads and REST under ${P95_BOUND_MS} ms p95 while the customer floods`, { timeout: 40_000 }, async () => {
    // The machine's own latency first (logged), then the same rounds under abuse.
    const quiet: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const started = performance.now();
      const response = await upload(providerToken, `share-quiet-${randomUUID()}.png`);
      await response.arrayBuffer();
      quiet.push(performance.now() - started);
    }
    const attack = runChild<{ statuses: Record<string, number>; codes: string[] }>('abuser', ['--import', 'tsx', 'tests/reliability/abuser.ts', 'storage'], {
      API: api.url,
      KEY: anonKey(),
      TOKEN: customerToken,
      FOLDER: CONVERSATION,
      LOOPS: String(ABUSERS),
      SECONDS: String(SECONDS),
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const until = Date.now() + (SECONDS - 1) * 1000;
    const stored: string[] = [];
    const uploads: number[] = [];
    const provider = (async () => {
      while (Date.now() < until) {
        const name = `share-provider-${randomUUID()}.png`;
        const started = performance.now();
        const response = await upload(providerToken, name);
        await response.arrayBuffer();
        uploads.push(performance.now() - started);
        expect(response.status).toBe(200);
        stored.push(`${CONVERSATION}/${name}`);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    })();
    const [, rest] = await Promise.all([provider, readRest(api.url, until)]);
    const { statuses, codes } = await attack;
    console.log(
      `[storage-share] abuser statuses ${JSON.stringify(statuses)}; provider upload p95 ${p95(uploads).toFixed(1)} ms over ${uploads.length} (quiet: ${p95(quiet).toFixed(1)} ms), REST p95 ${p95(rest).toFixed(1)} ms`,
    );
    expect(Object.keys(statuses).every((status) => ['200', '429', '544'].includes(status))).toBe(true);
    expect(statuses['429'] ?? 0).toBeGreaterThan(0);
    expect(codes).toEqual(['TooManyRequests']);
    const rows = await sql<{ name: string }>("select name from storage.objects where bucket_id = 'message-images' and name = any($1::text[])", [stored]);
    expect(rows).toHaveLength(stored.length);
    expect(p95(uploads)).toBeLessThan(P95_BOUND_MS);
    expect(p95(rest)).toBeLessThan(P95_BOUND_MS);
  });
});
