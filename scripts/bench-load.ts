// npm run bench:load — drives the local API server with autocannon (loopback only, bounded in
// time) with the admin screens' own requests (src/features/…/api): bookings / deposits /
// commissions / reviews / customers lists with filters, pages 1–5 and varied search words (with
// and without accents, short ones, SEARCH_WORDS), provider and customer lists and details with
// their stats, the dashboard, the finance stats with their filters, inline edits with the screens'
// updated_at check, and deposit status changes that move the provider's balance (conflicts when
// two admins change the same row: the rows are read again, as the screen does). CONNECTIONS
// concurrent sessions (default 50) carry the tokens of as many real sign-ins of the seeded admin,
// for DURATION seconds (default 60), twice, after a short warm-up.
// Reports requests/s, p50/p95/p99 per route, non-2xx, errors and the API process's RSS / heap (after a full
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
import { DEMO_ACCOUNTS, loadConfig } from '../local-stack/config.ts';
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
  /** Deposits whose status the mix changes (completed ↔ pending: the provider's balance moves). */
  deposits: { id: string; status: string; updated_at: string }[];
  /** A service with commissions (the commission stats' service filter). */
  subcategory: string;
  /** Customers opened on their detail page. */
  customerIds: string[];
}

/** What admins type in the search boxes: names and services, with and without accents, short ones too. */
export const SEARCH_WORDS = [
  'Nguyễn', 'nguyen', 'Trần', 'tran', 'Lê', 'le', 'Phạm', 'pham', 'Hoàng', 'hoang', 'Đỗ', 'do', 'Võ', 'vo',
  'Minh', 'minh', 'Thảo', 'thao', 'Hương', 'huong', 'an', 'vy', 'vệ sinh', 've sinh', 'sửa', 'sua', 'điện', 'dien',
  'nước', 'nuoc', 'tệ', 'te', 'hài lòng', 'hai long', 'Quận 1', 'quan',
];

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
      // Few rows, so that concurrent admins collide on them (conflicts answered by the updated_at check).
      deposits: (
        await client.query<{ id: string; status: string; updated_at: string }>(
          "select id::text, status, to_json(updated_at)#>>'{}' as updated_at from public.deposit_history where status in ('pending', 'completed') order by created_at desc limit 30",
        )
      ).rows,
      subcategory: await one('select subcategory_id::text as v from public.commissions where subcategory_id is not null order by created_at desc limit 1'),
      customerIds: (await client.query<{ id: string }>("select id::text from public.profiles where role = 'customer' order by created_at desc limit 50")).rows.map((r) => r.id),
    };
  } finally {
    await client.end();
  }
}

/** The requests of the admin screens, with weights (how often an admin makes them). */
/** Reads rows again after a conflict (the screen reloads them): table, ids, select → rows. */
export type Reload = (table: string, ids: string[], select: string) => Promise<Record<string, unknown>[]>;

export function loadMix(p: LoadParameters, random: () => number, reload?: Reload): MixEntry[] {
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
    let reloading = false;
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
        const row = (JSON.parse(body) as R[])[0];
        if (!row) {
          // Another admin changed the row first: read the rows again, as the screen does.
          if (reload && !reloading) {
            reloading = true;
            void reload(table, rows.map((r) => r.id), select)
              .then((fresh) => {
                for (const value of fresh) Object.assign(rows.find((r) => r.id === value.id) ?? {}, value);
              })
              .catch(() => undefined)
              .finally(() => {
                reloading = false;
              });
          }
          return 'conflict';
        }
        Object.assign(rows.find((candidate) => candidate.id === row.id) ?? {}, row);
        return 'ok';
      },
    };
  };
  const word = (): string => pick(SEARCH_WORDS) ?? 'an';
  /** The finance screens' periods: whole Vietnam days, the last 30. */
  const monthAgo = (): string => new Date(`${new Date(Date.now() - 30 * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10)}T00:00:00+07:00`).toISOString();
  const page = (): number => 50 * Math.floor(random() * 5);
  const mix: MixEntry[] = [
    rpc('dashboard (admin_dashboard)', 8, 'admin_dashboard', () => ({})),
    {
      name: 'dashboard recent bookings',
      weight: 4,
      method: 'GET',
      path: () => `/bookings?select=${q('id,created_at,status,customer_name,service_name,service_item_name,final_price')}&order=created_at.desc,id.desc&limit=10`,
    },
    rpc('bookings list, first page', 10, 'admin_list_bookings', () => ({ p_limit: 50, p_offset: 0, p_count: true })),
    rpc('bookings list, status filter, pages 1–5', 8, 'admin_list_bookings', () => ({
      p_status: pick(['pending', 'confirmed', 'completed', 'cancelled']),
      p_limit: 50,
      p_offset: page(),
      p_count: true,
    })),
    rpc('bookings list, provider + 7 days', 3, 'admin_list_bookings', () => ({ p_provider_id: p.provider, p_since: since(), p_limit: 50, p_offset: 0, p_count: true })),
    rpc('bookings list, service / package word', 4, 'admin_list_bookings', () =>
      random() < 0.5 ? { p_service: word(), p_limit: 50, p_offset: 0, p_count: true } : { p_package: word(), p_limit: 50, p_offset: 0, p_count: true },
    ),
    {
      name: 'booking detail',
      weight: 5,
      method: 'GET',
      path: () => `/bookings?select=*&id=eq.${p.booking}`,
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    },
    {
      name: 'providers list (count=exact)',
      weight: 4,
      method: 'GET',
      path: () =>
        `/profiles?select=${q('id,name,phone,email,status,deposit,total_earnings,created_at')}&role=eq.provider${random() < 0.3 ? '&status=eq.active' : ''}&order=created_at.desc,id.desc&offset=0&limit=50`,
      headers: { Prefer: 'count=exact' },
    },
    rpc('provider detail stats (provider_stats)', 3, 'provider_stats', () => ({ p_provider_id: p.provider })),
    // What the customers screen sends, half of the time with a search word.
    rpc('customers list, search word (admin_list_customers)', 5, 'admin_list_customers', () => ({
      ...(random() < 0.5 ? { p_search: word() } : {}),
      p_limit: 50,
      p_offset: 0,
    })),
    {
      name: 'customer detail',
      weight: 3,
      method: 'GET',
      path: () => `/profiles?select=${q('id,name,email,phone,avatar_url,status,total_bookings,last_login_at,created_at,updated_at')}&id=eq.${pick(p.customerIds) ?? p.provider}&role=eq.customer`,
    },
    rpc('customer detail stats (customer_stats)', 2, 'customer_stats', () => ({ p_customer_id: pick(p.customerIds) ?? p.provider })),
    rpc('deposits list', 5, 'admin_list_deposits', () => ({ p_limit: 50, p_offset: 0 })),
    rpc('deposit stats, status / 30 days', 3, 'admin_deposit_stats', () =>
      random() < 0.5 ? {} : { p_status: pick(['pending', 'completed', 'canceled']), p_from: monthAgo() },
    ),
    rpc('commissions list, search word', 4, 'admin_list_commissions', () => ({ ...(random() < 0.4 ? { p_search: word() } : {}), p_limit: 50, p_offset: 0 })),
    rpc('commission stats, service / 30 days', 3, 'admin_commission_stats', () =>
      random() < 0.34 ? {} : random() < 0.5 ? { p_subcategory_id: p.subcategory } : { p_from: monthAgo() },
    ),
    rpc('reviews list, search word', 4, 'admin_list_reviews', () => ({ ...(random() < 0.4 ? { p_search: word() } : {}), p_limit: 50, p_offset: 0 })),
  ];
  if (p.customers.length > 0) {
    mix.push(inlineEdit('inline edit: customer name (updated_at check)', 3, 'profiles', p.customers, 'id,name,updated_at', (c) => ({ name: c?.name ?? '' })));
  }
  if (p.reviews.length > 0) {
    mix.push(inlineEdit('inline edit: review status (updated_at check)', 2, 'reviews', p.reviews, 'id,updated_at', (r) => ({ status: r?.status ?? 'visible' })));
  }
  if (p.deposits.length > 0) {
    // Completing a deposit credits the provider's balance, un-completing it debits it back (the
    // deposit trigger); concurrent admins on the same rows get conflicts, as on the screen.
    mix.push(
      inlineEdit('deposit status change, moves the balance (updated_at check)', 3, 'deposit_history', p.deposits, 'id,status,updated_at', (d) => {
        const next = d?.status === 'completed' ? 'pending' : 'completed';
        return { status: next };
      }),
    );
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
  p99: number;
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
      return { name: entry.name, requests: sorted.length, non2xx: perRoute[index]!.non2xx, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)) };
    }),
    samples,
  };
}

/**
 * `count` admin sessions from real sign-ins (POST /auth/v1/token?grant_type=password with the
 * seeded admin's e-mail and password, as the login screen does): each is a session of its own.
 */
export async function signInTokens(apiUrl: string, anonKey: string, count: number, credentials: { email: string; password: string }): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    const body = (await response.json()) as { access_token?: string; msg?: string };
    if (!response.ok || !body.access_token) throw new Error(`Đăng nhập quản trị thất bại (HTTP ${response.status}): ${body.msg ?? ''}`);
    tokens.push(body.access_token);
  }
  return tokens;
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
    console.log(
      `   ${route.name.padEnd(width)}  ${String(route.requests).padStart(7)}  ${(route.requests / r.seconds).toFixed(1).padStart(6)}/s  p50 ${route.p50.toFixed(1).padStart(7)}  p95 ${route.p95.toFixed(1).padStart(7)}  p99 ${route.p99.toFixed(1).padStart(7)}  non-2xx ${route.non2xx}`,
    );
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
    let apiDbUrl = dbUrl;
    if (!dbUrl) {
      const db = await prepareDatabase(config, (line) => console.log(line));
      dbUrl = db.url;
      apiDbUrl = db.socketUrl ?? db.url;
      if (db.embedded) stopDb = () => db.stop();
    }
    let apiUrl = process.env.API_URL;
    let memory: (() => Promise<ApiMemory | { rss: number; heapUsed: number }>) | undefined;
    if (apiUrl) {
      const pid = Number(process.env.API_PID ?? NaN);
      if (Number.isInteger(pid)) memory = () => Promise.resolve({ rss: rssOf(pid), heapUsed: Number.NaN });
    } else {
      // The 50 sessions share the demo admin's identity: the per-caller fair share (local-stack/rest/README.md)
      // would measure one caller's quota, not the server. A server given by API_URL needs the same setting.
      api = await spawnApi({ DATABASE_URL: apiDbUrl ?? dbUrl, API_PORT: String(config.apiPort), SDV_DATA_DIR: config.dataDir, SDV_REST_FAIR_SHARE: 'relaxed' });
      apiUrl = api.url;
      const child = api;
      memory = () => child.memory();
    }

    const params = await pickLoadParameters(dbUrl);
    const tokens = await signInTokens(apiUrl, config.anonKey, sessions, DEMO_ACCOUNTS.admin);
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

    // After a conflict the rows are read again, as the screens do (one admin session).
    const reload: Reload = async (table, ids, select) => {
      const response = await fetch(`${apiUrl}/rest/v1/${table}?id=in.(${ids.join(',')})&select=${encodeURIComponent(select)}`, {
        headers: { apikey: config.anonKey, Authorization: `Bearer ${tokens[0]!}` },
      });
      return (await response.json()) as Record<string, unknown>[];
    };
    const mix = loadMix(params, next, reload);
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
