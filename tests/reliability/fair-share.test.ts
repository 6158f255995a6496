// One customer cannot starve everyone (local-stack/rest/README.md, "Fair share and request cost"):
// sixty parallel heavy embedded reads from one customer token, repeated for several seconds against an
// API server with config.toml's own limits (pool of 20), while a second client measures anonymous
// public-site reads and another customer's reads: both keep p95 < 200 ms, the abuser gets 429s.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApiProcess } from '../../local-stack/api-process.ts';
import { signJwt } from '../../local-stack/jwt.ts';
import { ownApi, runChild } from './bystanders.ts';
import { anonKey, sql } from './helpers.ts';

/** Service packages of the test's own service: each heavy read embeds, per package, a count over all of them. */
const PACKAGES = Number(process.env.FAIR_PACKAGES ?? 400);
const ABUSERS = 60;
const ABUSE_SECONDS = Number(process.env.FAIR_SECONDS ?? 8);
const P95_BOUND_MS = 200;

let api: ApiProcess;
let categoryId: string;
let subcategoryId: string;

beforeAll(async () => {
  const [category] = await sql<{ id: string }>("insert into public.categories (name, sort_order) values ('Chia sẻ công bằng', 900) returning id");
  categoryId = category!.id;
  const [subcategory] = await sql<{ id: string }>(
    "insert into public.subcategories (category_id, name, icon, sort_order) values ($1, 'Gói nặng', 'box', 900) returning id",
    [categoryId],
  );
  subcategoryId = subcategory!.id;
  await sql(
    `insert into public.service_items (subcategory_id, name, price, duration, description, job_details, sort_order)
     select $1, 'Gói ' || n, 100000 + n, '1 giờ', 'Mô tả gói ' || n, 'Công việc ' || n, n from generate_series(1, $2) as n`,
    [subcategoryId, PACKAGES],
  );
  await sql('analyze public.service_items');
  api = await ownApi({
    // config.toml's per-caller limits, not the test profile's relaxed ones.
    SDV_REST_FAIR_SHARE: 'config',
    SDV_POOL_MAX: '20',
  });
});

afterAll(async () => {
  await api?.stop();
  if (subcategoryId) {
    await sql('delete from public.service_items where subcategory_id = $1', [subcategoryId]);
    await sql('delete from public.subcategories where id = $1', [subcategoryId]);
  }
  if (categoryId) await sql('delete from public.categories where id = $1', [categoryId]);
});

async function customerToken(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub: randomUUID(), role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600, app_metadata: {}, user_metadata: {} }, inject('jwtSecret'));
}

function get(pathAndQuery: string, token?: string): Promise<Response> {
  return fetch(`${api.url}/rest/v1/${pathAndQuery}`, { headers: { apikey: anonKey(), Authorization: `Bearer ${token ?? anonKey()}` } });
}

/** Every package with its service and, per package, the count of the service's packages (PACKAGES² rows visited). */
const heavyRead = (): string => `service_items?select=id,name,price,description,subcategories(id,name,categories(id,name),service_items(count))&subcategory_id=eq.${subcategoryId}`;

/**
 * The abusive customer, in a process of its own (a client apart from the measuring one): ABUSERS
 * loops of the heavy read for ABUSE_SECONDS, each pausing 100 ms after a 429 (Retry-After ignored).
 * Resolves with the count of answers per status.
 */
function startAbuser(pathAndQuery: string, token: string): Promise<Record<string, number>> {
  const script = `
    const { URL: url, KEY: key, TOKEN: token, LOOPS: loops, SECONDS: seconds } = process.env;
    const until = Date.now() + Number(seconds) * 1000;
    const statuses = {};
    const loop = async () => {
      while (Date.now() < until) {
        const response = await fetch(url, { headers: { apikey: key, Authorization: 'Bearer ' + token } });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status === 429) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    Promise.all(Array.from({ length: Number(loops) }, loop)).then(() => process.stdout.write(JSON.stringify(statuses)));
  `;
  return runChild('abuser', ['-e', script], {
    URL: `${api.url}/rest/v1/${pathAndQuery}`,
    KEY: anonKey(),
    TOKEN: token,
    LOOPS: String(ABUSERS),
    SECONDS: String(ABUSE_SECONDS),
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const ROUND_MS = 250;

interface Measured {
  latencies: number[];
  statuses: number[];
}

/**
 * Runs `request` until `until`, timing each round; a round starts every ROUND_MS at most (8 requests a
 * second of two-request rounds), as a visitor opening pages does: the measuring clients stay inside
 * their own fair share (config.toml: 20 requests a second per caller), so a 429 they get is the
 * abuser's doing, not theirs.
 */
async function measure(request: () => Promise<Response[]>, until: () => boolean): Promise<Measured> {
  const result: Measured = { latencies: [], statuses: [] };
  while (!until()) {
    const started = performance.now();
    const responses = await request();
    const elapsed = performance.now() - started;
    for (const response of responses) {
      result.statuses.push(response.status);
      await response.arrayBuffer();
    }
    result.latencies.push(elapsed);
    await new Promise((resolve) => setTimeout(resolve, Math.max(20, ROUND_MS - elapsed)));
  }
  return result;
}

describe('fair share under one abusive customer', () => {
  it(`${ABUSERS} parallel heavy reads of one customer: anonymous and another customer keep p95 < ${P95_BOUND_MS} ms, the abuser gets 429s`, { timeout: 120_000 }, async () => {
    const abuser = await customerToken();
    const other = await customerToken();
    const single = performance.now();
    const alone = await get(heavyRead(), abuser);
    expect(alone.status).toBe(200);
    expect(((await alone.json()) as unknown[]).length).toBe(Math.min(PACKAGES, 1000));
    console.log(`[fair-share] one heavy read alone: ${(performance.now() - single).toFixed(0)} ms`);
    // Let the abuser's bucket refill after the probe.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const visitorRound = (): Promise<Response[]> =>
      Promise.all([get('settings?select=site_name,maintenance_mode&id=eq.app'), get('categories?select=id,name,icon,sort_order&order=sort_order.asc')]);
    const customerRound = (): Promise<Response[]> =>
      Promise.all([get('subcategories?select=id,name&active=is.true&limit=50', other), get('bookings?select=id,status,created_at&limit=20', other)]);
    // The same rounds without abuse, for the log (how loaded the machine is).
    const quietUntil = Date.now() + 1500;
    const quiet = await measure(visitorRound, () => Date.now() > quietUntil);

    const abuse = startAbuser(heavyRead(), abuser);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const deadline = Date.now() + (ABUSE_SECONDS - 1) * 1000;
    const done = (): boolean => Date.now() > deadline;
    const [visitor, customer] = await Promise.all([
      // The public site's home page (settings and professions), and another customer's catalogue and bookings.
      measure(visitorRound, done),
      measure(customerRound, done),
    ]);
    const abuserStatuses = await abuse;

    const summary = (label: string, m: Measured): string =>
      `${label}: ${m.latencies.length} rounds, p50 ${percentile(m.latencies, 50).toFixed(0)} ms, p95 ${percentile(m.latencies, 95).toFixed(0)} ms, max ${Math.max(...m.latencies).toFixed(0)} ms`;
    console.log(`[fair-share] ${summary('anonymous without abuse', quiet)}`);
    console.log(`[fair-share] ${summary('anonymous', visitor)}; ${summary('other customer', customer)}; abuser statuses ${JSON.stringify(abuserStatuses)}`);

    expect(visitor.statuses.filter((s) => s !== 200)).toEqual([]);
    expect(customer.statuses.filter((s) => s !== 200)).toEqual([]);
    expect(visitor.latencies.length).toBeGreaterThan(10);
    expect(customer.latencies.length).toBeGreaterThan(10);
    expect(percentile(visitor.latencies, 95)).toBeLessThan(P95_BOUND_MS);
    expect(percentile(customer.latencies, 95)).toBeLessThan(P95_BOUND_MS);
    // The abuser is served within its share and refused beyond it (429; 504 PGRST003 when one of its
    // own queued requests waited past queue_timeout), never with another error.
    expect(abuserStatuses['200'] ?? 0).toBeGreaterThan(0);
    expect(abuserStatuses['429'] ?? 0).toBeGreaterThan(ABUSERS);
    expect(Object.keys(abuserStatuses).filter((s) => s !== '200' && s !== '429' && s !== '504')).toEqual([]);
  });
});
