// npm run bench:load — drives the local API server with autocannon (loopback only, bounded in
// time) with the admin screens' own requests (src/features/*/api): bookings / deposits /
// commissions / reviews lists with filters, provider and customer lists, booking and customer
// details, the dashboard RPC, and inline edits (customer name, review status) with the screens'
// updated_at check. CONNECTIONS concurrent sessions (default 50, each request carrying one of 50
// admin session tokens) for DURATION seconds (default 60), twice, after a short warm-up.
// Reports requests/s, p50/p95/p99, non-2xx, errors and the API process's RSS / heap (after a full
// GC) before, between and after the two runs, then ENDS with one JSON object.
//
// Database: DATABASE_URL, else the stack of the current profile (local-stack/config.ts; SDV_DATA_DIR,
// DB_PORT … honoured), started if needed — the seed data, or the large set after `npm run seed:large`.
// API: API_URL (memory then only with API_PID, RSS from /proc) — else an API server in a child
// process of its own on API_PORT, so that its memory is the server's alone.
// Options: --duration=S (or DURATION), --connections=N (or CONNECTIONS), --sessions=N, --seed=N.
// Exit code 1 when any request failed or answered non-2xx.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../local-stack/config.ts';
import { prepareDatabase } from '../local-stack/db.ts';
import { signJwt, type Claims } from '../local-stack/jwt.ts';
import { spawnApi, type ApiMemory, type ApiProcess } from '../local-stack/api-process.ts';

// ---- autocannon (untyped CommonJS): the subset used here -------------------------------------

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface AutocannonContext {
  route?: number;
  started?: number;
}

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  pipelining?: number;
  timeout?: number;
  requests: {
    setupRequest: (request: AutocannonRequest, context: AutocannonContext) => AutocannonRequest;
    onResponse: (status: number, body: string, context: AutocannonContext) => void;
  }[];
}

interface AutocannonResult {
  requests: { total: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}

type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as Autocannon;

// ---- the admin mix --------------------------------------------------------------------------

export interface LoadParameters {
  adminId: string;
  adminEmail: string;
  provider: string;
  booking: string;
  service: string;
  item: string;
  /** Customers and reviews whose inline edits the mix makes (same value back, a real UPDATE). */
  customers: { id: string; name: string; updated_at: string }[];
  reviews: { id: string; status: string; updated_at: string }[];
}

export interface MixEntry {
  name: string;
  weight: number;
  method: 'GET' | 'POST' | 'PATCH';
  /** Path under /rest/v1 with its query string (built per request for the inline edits). */
  path: () => string;
  body?: () => string;
  headers?: Record<string, string>;
  /** Inline edits: the row's new updated_at (the screen reloads it), or a 0-row conflict. */
  onBody?: (body: string) => 'ok' | 'conflict';
}

const q = encodeURIComponent;

/** Picks real parameters from the database (newest rows, a busy provider, words of names). */
export async function pickLoadParameters(dbUrl: string): Promise<LoadParameters> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const one = async (text: string): Promise<string> => (await client.query<{ v: string | null }>(text)).rows[0]?.v ?? '';
    const admin = (
      await client.query<{ id: string; email: string }>(
        "select id::text, email from auth.users where coalesce(raw_app_meta_data->>'admin', 'false') = 'true' order by created_at limit 1",
      )
    ).rows[0];
    if (!admin) throw new Error('Không tìm thấy tài khoản quản trị trong auth.users (cần seed).');
    return {
      adminId: admin.id,
      adminEmail: admin.email,
      provider: await one('select provider_id::text as v from public.bookings where provider_id is not null order by created_at desc limit 1'),
      booking: await one('select id::text as v from public.bookings order by created_at desc limit 1'),
      service: await one("select split_part(service_name, ' ', 1) as v from public.bookings order by created_at desc limit 1"),
      item: await one("select split_part(service_item_name, ' ', 1) as v from public.bookings where service_item_name is not null order by created_at desc limit 1"),
      customers: (
        await client.query<{ id: string; name: string; updated_at: string }>(
          "select id::text, name, to_json(updated_at)#>>'{}' as updated_at from public.profiles where role = 'customer' order by created_at desc limit 200",
        )
      ).rows,
      reviews: (
        await client.query<{ id: string; status: string; updated_at: string }>(
          "select id::text, status, to_json(updated_at)#>>'{}' as updated_at from public.reviews order by created_at desc limit 200",
        )
      ).rows,
    };
  } finally {
    await client.end();
  }
}

/** The requests of the admin screens, with weights (how often an admin makes them). */
export function loadMix(p: LoadParameters, random: () => number): MixEntry[] {
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  const rpc = (name: string, weight: number, fn: string, args: () => Record<string, unknown>): MixEntry => ({
    name,
    weight,
    method: 'POST',
    path: () => `/rpc/${fn}`,
    body: () => JSON.stringify(args()),
    headers: { 'Content-Type': 'application/json' },
  });
  const since = (): string => new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString();
  /**
   * An inline edit with the updated_at check, as the screens send it (the same value back: a real
   * UPDATE): the row's new updated_at is kept for the next edit, a 0-row answer is a conflict.
   */
  const inlineEdit = <R extends { id: string; updated_at: string }>(
    name: string,
    weight: number,
    table: string,
    rows: R[],
    select: string,
    value: (row: R | undefined) => Record<string, unknown>,
  ): MixEntry => {
    let current: R | undefined;
    return {
      name,
      weight,
      method: 'PATCH',
      path: () => {
        current = pick(rows);
        return `/${table}?id=eq.${current?.id ?? ''}&updated_at=eq.${q(current?.updated_at ?? '')}&select=${q(select)}`;
      },
      body: () => JSON.stringify(value(current)),
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      onBody: (body) => {
        const row = (JSON.parse(body) as { id: string; updated_at: string }[])[0];
        if (!row) return 'conflict';
        const target = rows.find((candidate) => candidate.id === row.id);
        if (target) target.updated_at = row.updated_at;
        return 'ok';
      },
    };
  };
  const mix: MixEntry[] = [
    rpc('dashboard (admin_dashboard)', 8, 'admin_dashboard', () => ({})),
    {
      name: 'dashboard recent bookings',
      weight: 4,
      method: 'GET',
      path: () => `/bookings?select=${q('id,created_at,status,customer_name,service_name,service_item_name,final_price')}&order=created_at.desc&limit=10`,
    },
    rpc('bookings list, first page', 12, 'admin_list_bookings', () => ({ p_limit: 50, p_offset: 0, p_count: true })),
    rpc('bookings list, status filter', 8, 'admin_list_bookings', () => ({
      p_status: pick(['pending', 'confirmed', 'completed', 'cancelled']),
      p_limit: 50,
      p_offset: 50 * Math.floor(random() * 3),
      p_count: true,
    })),
    rpc('bookings list, provider + 7 days', 4, 'admin_list_bookings', () => ({ p_provider_id: p.provider, p_since: since(), p_limit: 50, p_offset: 0, p_count: true })),
    rpc('bookings list, service / package text', 4, 'admin_list_bookings', () =>
      random() < 0.5 ? { p_service: p.service, p_limit: 50, p_offset: 0, p_count: true } : { p_package: p.item, p_limit: 50, p_offset: 0, p_count: true },
    ),
    {
      name: 'booking detail',
      weight: 6,
      method: 'GET',
      path: () => `/bookings?select=*&id=eq.${p.booking}`,
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    },
    {
      name: 'providers list (count=exact)',
      weight: 5,
      method: 'GET',
      path: () =>
        `/profiles?select=${q('id,name,phone,email,status,deposit,total_earnings,created_at')}&role=eq.provider${random() < 0.3 ? '&status=eq.active' : ''}&order=created_at.desc,id.desc&offset=0&limit=50`,
      headers: { Prefer: 'count=exact' },
    },
    // What the customers screen sends, half of the time with a name-or-e-mail search.
    rpc('customers list, name or e-mail search (admin_list_customers)', 5, 'admin_list_customers', () => ({
      ...(random() < 0.5 ? { p_search: 'Nguyễn' } : {}),
      p_limit: 50,
      p_offset: 0,
    })),
    {
      name: 'customer detail',
      weight: 4,
      method: 'GET',
      path: () => `/profiles?select=${q('id,name,email,phone,avatar_url,status,total_bookings,last_login_at,created_at,updated_at')}&id=eq.${pick(p.customers)?.id ?? p.provider}&role=eq.customer`,
    },
    rpc('deposits list', 6, 'admin_list_deposits', () => ({ p_limit: 50, p_offset: 0 })),
    rpc('deposit stats', 3, 'admin_deposit_stats', () => ({})),
    rpc('commissions list', 5, 'admin_list_commissions', () => ({ p_limit: 50, p_offset: 0 })),
    rpc('commission stats', 3, 'admin_commission_stats', () => ({})),
    rpc('reviews list', 4, 'admin_list_reviews', () => ({ p_limit: 50, p_offset: 0 })),
  ];
  if (p.customers.length > 0) {
    mix.push(inlineEdit('inline edit: customer name (updated_at check)', 3, 'profiles', p.customers, 'id,name,updated_at', (c) => ({ name: c?.name ?? '' })));
  }
  if (p.reviews.length > 0) {
    mix.push(inlineEdit('inline edit: review status (updated_at check)', 2, 'reviews', p.reviews, 'id,updated_at', (r) => ({ status: r?.status ?? 'visible' })));
  }
  return mix;
}

// ---- one run ---------------------------------------------------------------------------------

export interface RouteFigures {
  name: string;
  requests: number;
  non2xx: number;
  p50: number;
  p95: number;
}

export interface LoadResult {
  seconds: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  conflicts: number;
  routes: RouteFigures[];
  /** A few non-2xx answers, for diagnosis. */
  samples: string[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const round = (n: number): number => Math.round(n * 10) / 10;

export interface LoadOptions {
  apiUrl: string;
  anonKey: string;
  tokens: string[];
  mix: MixEntry[];
  seconds: number;
  connections: number;
  random: () => number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { mix, random, tokens } = options;
  const totalWeight = mix.reduce((sum, entry) => sum + entry.weight, 0);
  const choose = (): number => {
    let roll = random() * totalWeight;
    for (const [index, entry] of mix.entries()) {
      roll -= entry.weight;
      if (roll < 0) return index;
    }
    return mix.length - 1;
  };
  const latencies: number[] = [];
  const perRoute = mix.map(() => ({ latencies: [] as number[], non2xx: 0 }));
  const samples: string[] = [];
  let conflicts = 0;
  let session = 0;
  const result = await autocannon({
    url: options.apiUrl,
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
    timeout: 30,
    requests: [
      {
        setupRequest: (request, context) => {
          const route = choose();
          const entry = mix[route]!;
          context.route = route;
          context.started = performance.now();
          session = (session + 1) % tokens.length;
          return {
            ...request,
            method: entry.method,
            path: `/rest/v1${entry.path()}`,
            headers: { apikey: options.anonKey, Authorization: `Bearer ${tokens[session]!}`, ...entry.headers },
            body: entry.body?.(),
          };
        },
        onResponse: (status, body, context) => {
          const route = context.route ?? 0;
          const elapsed = performance.now() - (context.started ?? performance.now());
          latencies.push(elapsed);
          perRoute[route]!.latencies.push(elapsed);
          if (status < 200 || status >= 300) {
            perRoute[route]!.non2xx += 1;
            if (samples.length < 5) samples.push(`${mix[route]!.name}: ${status} ${body.slice(0, 200)}`);
          } else if (mix[route]!.onBody?.(body) === 'conflict') {
            conflicts += 1;
          }
        },
      },
    ],
  });
  latencies.sort((a, b) => a - b);
  return {
    seconds: options.seconds,
    connections: options.connections,
    requests: result.requests.total,
    requestsPerSecond: round(result.requests.total / options.seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies[latencies.length - 1] ?? 0),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    conflicts,
    routes: mix.map((entry, index) => {
      const sorted = perRoute[index]!.latencies.sort((a, b) => a - b);
      return { name: entry.name, requests: sorted.length, non2xx: perRoute[index]!.non2xx, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)) };
    }),
    samples,
  };
}

/** `count` admin session tokens (distinct session ids) of the seeded admin, signed like Auth signs them. */
export async function adminTokens(p: LoadParameters, secret: string, count: number): Promise<string[]> {
  const now = Math.floor(Date.now() / 1000);
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const claims: Claims = {
      sub: p.adminId,
      role: 'authenticated',
      aud: 'authenticated',
      email: p.adminEmail,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'], admin: true },
      user_metadata: {},
      aal: 'aal1',
      session_id: crypto.randomUUID(),
      iat: now,
      exp: now + 4 * 3600,
      is_anonymous: false,
    };
    tokens.push(await signJwt(claims, secret));
  }
  return tokens;
}

// ---- the command -----------------------------------------------------------------------------

function option(name: string, fallback: number): number {
  const flag = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  const raw = flag?.split('=')[1] ?? process.env[name.toUpperCase()];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} phải là số dương (được: ${raw ?? ''})`);
  return value;
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

function printRun(label: string, r: LoadResult): void {
  console.log(
    `${label}: ${r.requests} requests in ${r.seconds} s = ${r.requestsPerSecond} req/s · p50 ${r.p50} ms · p95 ${r.p95} ms · p99 ${r.p99} ms · max ${r.max} ms · non-2xx ${r.non2xx} · errors ${r.errors} (timeouts ${r.timeouts}) · inline-edit conflicts ${r.conflicts}`,
  );
  const width = Math.max(...r.routes.map((x) => x.name.length));
  for (const route of r.routes) {
    console.log(`   ${route.name.padEnd(width)}  ${String(route.requests).padStart(7)}  p50 ${route.p50.toFixed(1).padStart(7)}  p95 ${route.p95.toFixed(1).padStart(7)}  non-2xx ${route.non2xx}`);
  }
  for (const sample of r.samples) console.log(`   ! ${sample}`);
}

async function main(): Promise<void> {
  const seconds = option('duration', 60);
  const connections = option('connections', 50);
  const sessions = option('sessions', 50);
  const seed = option('seed', 20261122);
  const config = loadConfig(process.env);

  let random = seed >>> 0;
  const next = (): number => {
    random = (random + 0x6d2b79f5) >>> 0;
    let t = random;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  let stopDb: (() => Promise<void>) | undefined;
  let api: ApiProcess | undefined;
  try {
    let dbUrl = config.databaseUrl;
    if (!dbUrl) {
      const db = await prepareDatabase(config, (line) => console.log(line));
      dbUrl = db.url;
      if (db.embedded) stopDb = () => db.stop();
    }
    let apiUrl = process.env.API_URL;
    let memory: (() => Promise<ApiMemory | { rss: number; heapUsed: number }>) | undefined;
    if (apiUrl) {
      const pid = Number(process.env.API_PID ?? NaN);
      if (Number.isInteger(pid)) memory = () => Promise.resolve({ rss: rssOf(pid), heapUsed: Number.NaN });
    } else {
      api = await spawnApi({ DATABASE_URL: dbUrl, API_PORT: String(config.apiPort), SDV_DATA_DIR: config.dataDir });
      apiUrl = api.url;
      const child = api;
      memory = () => child.memory();
    }

    const params = await pickLoadParameters(dbUrl);
    const tokens = await adminTokens(params, config.jwtSecret, sessions);
    const bookings = await (async () => {
      const client = new pg.Client({ connectionString: dbUrl });
      await client.connect();
      try {
        const text =
          "select case when c.reltuples < 0 then (select count(*) from public.bookings) else c.reltuples::bigint end::text as n from pg_class c where c.oid = 'public.bookings'::regclass";
        return (await client.query<{ n: string }>(text)).rows[0]?.n ?? '?';
      } finally {
        await client.end();
      }
    })();
    console.log(`API ${apiUrl} · ~${bookings} bookings · ${connections} connections · ${sessions} admin sessions · ${seconds} s × 2 · seed ${seed}`);

    const mix = loadMix(params, next);
    const run = (s: number): Promise<LoadResult> => runLoad({ apiUrl: apiUrl!, anonKey: config.anonKey, tokens, mix, seconds: s, connections, random: next });
    await run(Math.min(5, seconds));
    const before = await memory?.();
    const first = await run(seconds);
    printRun('run 1', first);
    const between = await memory?.();
    const second = await run(seconds);
    printRun('run 2', second);
    const after = await memory?.();
    const figures = (m: { rss: number; heapUsed: number } | undefined) => (m ? { rss_mb: mb(m.rss), heap_used_mb: mb(m.heapUsed) } : null);
    if (before && between && after) {
      console.log(
        `API memory (after GC): before ${mb(before.rss)} MB RSS / ${mb(before.heapUsed)} MB heap · after run 1 ${mb(between.rss)} / ${mb(between.heapUsed)} · after run 2 ${mb(after.rss)} / ${mb(after.heapUsed)}`,
      );
    }
    const summary = {
      api: apiUrl,
      bookings: Number(bookings),
      connections,
      sessions,
      seconds,
      runs: [first, second].map(({ routes: _routes, samples: _samples, ...rest }) => rest),
      memory: { before: figures(before), after_run_1: figures(between), after_run_2: figures(after) },
    };
    console.log(JSON.stringify(summary, null, 2));
    if (first.errors + second.errors + first.non2xx + second.non2xx > 0) process.exitCode = 1;
  } finally {
    await api?.stop();
    await stopDb?.();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
