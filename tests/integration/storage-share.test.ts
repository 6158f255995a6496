// The per-caller share of /storage/v1 (local-stack/storage/README.md, "Per-caller share") through
// supabase-js, on an API server of its own with SDV_STORAGE_FAIR_SHARE=config (the test profile
// relaxes it): one signed-in user sending far more than its share gets 429 TooManyRequests with
// Retry-After, while another user and the service role are served every time.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { spawnApi, type ApiProcess } from '../../local-stack/api-process.ts';
import { accessTokenOf, anonKey, dbUrl, DEMO_ACCOUNTS, serviceRoleKey } from './helpers.ts';
import { freePorts } from './free-ports.ts';

let dataDir: string;
let api: ApiProcess;
let abuser: SupabaseClient;
let other: SupabaseClient;

type Transport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];
// Node 20 has no global WebSocket: supabase-js needs `ws` for its (unused here) realtime client.
const OPTIONS = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as Transport },
};

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const client = createClient(api.url, anonKey(), OPTIONS);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in of ${email} failed: ${error.message}`);
  return client;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sdv-storage-share-'));
  const [apiPort, mailPort] = (await freePorts(2)) as [number, number];
  api = await spawnApi({
    DATABASE_URL: dbUrl(),
    API_PORT: String(apiPort),
    MAIL_PORT: String(mailPort),
    SDV_DATA_DIR: path.join(dataDir, 'data'),
    SDV_PROFILE: 'test',
    SDV_STORAGE_FAIR_SHARE: 'config',
  });
  abuser = await signedIn(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  other = await signedIn(DEMO_ACCOUNTS.provider.email, DEMO_ACCOUNTS.provider.password);
});

afterAll(async () => {
  await api?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('per-caller share of Storage', () => {
  it('answers one caller over its share 429 TooManyRequests, and serves another caller every time', async () => {
    // 200 list requests at once from one user (under the 256 connections per address): over its 16
    // requests in flight and its burst of 120.
    const flood = Promise.all(Array.from({ length: 200 }, () => abuser.storage.from('banners').list('', { limit: 5 })));
    const others: (string | null)[] = [];
    for (let i = 0; i < 10; i += 1) {
      const { error } = await other.storage.from('banners').list('', { limit: 5 });
      others.push(error ? error.message : null);
    }
    const results = await flood;
    expect(others).toEqual(Array.from({ length: 10 }, () => null));
    const refused = results.filter((r) => r.error !== null);
    expect(refused.length).toBeGreaterThan(0);
    expect(results.length - refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.error?.message).toMatch(/^Too many requests( in flight)?: /);

    // The raw answer: 429 with Retry-After, in Storage's error shape.
    const token = await accessTokenOf(abuser);
    const raw = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${api.url}/storage/v1/object/list/banners`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, apikey: anonKey(), 'Content-Type': 'application/json' },
          body: JSON.stringify({ prefix: '', limit: 1 }),
        }),
      ),
    );
    const tooMany = raw.find((r) => r.status === 429);
    expect(tooMany).toBeDefined();
    expect(Number(tooMany!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await tooMany!.json()).toMatchObject({ statusCode: '429', code: 'TooManyRequests', error: 'TooManyRequests' });
    await Promise.all(raw.filter((r) => r !== tooMany).map((r) => r.body?.cancel()));
  });

  it('never limits the service role', async () => {
    const service = createClient(api.url, serviceRoleKey(), OPTIONS);
    const results = await Promise.all(Array.from({ length: 100 }, () => service.storage.from('banners').list('', { limit: 1 })));
    expect(results.filter((r) => r.error !== null)).toEqual([]);
  });
});
