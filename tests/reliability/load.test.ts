// The short variant of `npm run bench:load`: the admin mix against an API server in a child
// process on this suite's database, 10 s at 10 connections, twice. No error and no non-2xx answer,
// a bounded p95, and the server's heap (after a full GC) does not grow between the runs.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminTokens, loadMix, pickLoadParameters, runLoad, type LoadResult } from '../../scripts/bench-load.ts';
import { spawnApi, type ApiProcess } from '../../local-stack/api-process.ts';
import { freePorts } from '../integration/free-ports.ts';
import { anonKey, dbUrl, prng } from './helpers.ts';
import { RELIABILITY_ENV } from './global-setup.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 10);
/** Generous for a shared 2-core machine; the seed data answers in tens of milliseconds. */
const P95_BOUND_MS = Number(process.env.LOAD_P95_MS ?? 1500);

let api: ApiProcess;

beforeAll(async () => {
  // The mailbox gets a free port too: API_PORT + 3 (the default) may be taken.
  const [port, mailPort] = (await freePorts(2)) as [number, number];
  api = await spawnApi({
    DATABASE_URL: dbUrl(),
    API_PORT: String(port),
    MAIL_PORT: String(mailPort),
    SDV_DATA_DIR: process.env.SDV_DATA_DIR ?? RELIABILITY_ENV.SDV_DATA_DIR!,
    SDV_PROFILE: 'test',
  });
});

afterAll(async () => {
  await api?.stop();
});

describe('load (short)', () => {
  it(`${CONNECTIONS} sessions for ${SECONDS} s, twice: no errors, bounded p95, flat heap`, { timeout: (SECONDS * 2 + 90) * 1000 }, async () => {
    const random = prng(20261122);
    const params = await pickLoadParameters(dbUrl());
    const tokens = await adminTokens(params, inject('jwtSecret'), CONNECTIONS);
    const mix = loadMix(params, random);
    const run = (seconds: number): Promise<LoadResult> => runLoad({ apiUrl: api.url, anonKey: anonKey(), tokens, mix, seconds, connections: CONNECTIONS, random });
    await run(2);
    const before = await api.memory();
    const first = await run(SECONDS);
    const between = await api.memory();
    const second = await run(SECONDS);
    const after = await api.memory();
    const mb = (n: number): string => (n / 1024 / 1024).toFixed(1);
    for (const [label, r] of [['run 1', first], ['run 2', second]] as const) {
      console.log(`[load] ${label}: ${r.requests} req, ${r.requestsPerSecond} req/s, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}, conflicts ${r.conflicts}`);
      expect(r.samples).toEqual([]);
      expect(r.errors).toBe(0);
      expect(r.non2xx).toBe(0);
      expect(r.requests).toBeGreaterThan(SECONDS * 10);
      expect(r.p95).toBeLessThan(P95_BOUND_MS);
      // Every route of the mix was exercised.
      for (const route of r.routes) expect(route.requests, route.name).toBeGreaterThan(0);
    }
    console.log(`[load] API heap/RSS: before ${mb(before.heapUsed)}/${mb(before.rss)} MB, after run 1 ${mb(between.heapUsed)}/${mb(between.rss)}, after run 2 ${mb(after.heapUsed)}/${mb(after.rss)}`);
    // Flat: the second run leaves the heap where the first left it (within 8 MB).
    expect(after.heapUsed - between.heapUsed).toBeLessThan(8 * 1024 * 1024);
  });
});
