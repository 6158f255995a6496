// npm run bench:api — latency of the admin screens' REST queries through the local API server,
// next to the very same SQL run directly (the statement the REST module builds, in the same kind
// of transaction: the admin's role and claims via withRoleTransaction). Prints a table and ENDS
// with a JSON array, one object per query: {"query","rows","api_median_ms","api_p95_ms","sql_median_ms"}.
//
// Uses API_URL (and DATABASE_URL) when set; otherwise the stack of the current profile when it is
// already running, else starts it (local-stack/stack.ts, without the SPA) and stops it afterwards.
// BENCH_RUNS (default 30) measured runs per query after BENCH_WARMUP (default 5) warm-up runs.
import pg from 'pg';
import { loadConfig } from '../local-stack/config.ts';
import { createPool, withRoleTransaction } from '../local-stack/db-session.ts';
import { signJwt, type Claims } from '../local-stack/jwt.ts';
import { parseQuery } from '../local-stack/rest/parse-query.ts';
import { loadSchemaCache, type SchemaCache } from '../local-stack/rest/schema-cache.ts';
import { buildScalarCall, chooseRoutine } from '../local-stack/rest/sql-rpc.ts';
import { buildPlannedCount, buildReadStatement, ESTIMATE_THRESHOLD, planRead, relationSource, type CountKind } from '../local-stack/rest/sql-read.ts';
import { startStack, type Stack } from '../local-stack/stack.ts';

interface BenchQuery {
  name: string;
  /** Path under /rest/v1 with its query string. */
  path: string;
  method: 'GET' | 'POST';
  body?: Record<string, unknown>;
  count?: Exclude<CountKind, null>;
  single?: boolean;
  /** Who calls (default: the admin). */
  as?: 'customer' | 'provider';
  /** The direct-SQL column's statement, when it is not the one the REST module would build. */
  direct?: { sql: string; values: unknown[] };
}

/** Marks the bookings create_booking writes while measuring; they are deleted at the end. */
const BENCH_NOTE = 'bench:api — xoá sau khi đo';

interface Result {
  query: string;
  rows: number;
  api_median_ms: number;
  api_p95_ms: number;
  sql_median_ms: number;
}

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

const round = (n: number) => Math.round(n * 100) / 100;

async function reachable(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/rest/v1/`, { signal: AbortSignal.timeout(1500) });
    return response.status > 0;
  } catch {
    return false;
  }
}

type Identity = { token: string; claims: Claims };

/** A token of the first auth.users row matching `where` (the admin, or the marketplace's users). */
async function tokenOf(dbUrl: string, secret: string, where: string, missing: string): Promise<Identity> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const result = await client.query<{ id: string; email: string; app: Record<string, unknown> }>(
      `select u.id, u.email, u.raw_app_meta_data as app from auth.users u where ${where} limit 1`,
    );
    const user = result.rows[0];
    if (!user) throw new Error(missing);
    const now = Math.floor(Date.now() / 1000);
    const claims: Claims = {
      sub: user.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: user.email,
      phone: '',
      app_metadata: user.app,
      user_metadata: {},
      aal: 'aal1',
      iat: now,
      exp: now + 3600,
      is_anonymous: false,
    };
    return { token: await signJwt(claims, secret), claims };
  } finally {
    await client.end();
  }
}

const adminToken = (dbUrl: string, secret: string): Promise<Identity> =>
  tokenOf(dbUrl, secret, "coalesce(u.raw_app_meta_data->>'admin', 'false') = 'true' order by u.created_at", 'Không tìm thấy tài khoản quản trị trong auth.users (cần seed).');

/** An active customer, and the active provider (with the minimum deposit) offering the most services. */
const customerToken = (dbUrl: string, secret: string): Promise<Identity> =>
  tokenOf(dbUrl, secret, "exists (select 1 from public.profiles p where p.id = u.id and p.role = 'customer' and p.status = 'active') order by u.created_at", 'Không có khách hàng đang hoạt động.');
const providerToken = (dbUrl: string, secret: string): Promise<Identity> =>
  tokenOf(
    dbUrl,
    secret,
    `exists (select 1 from public.profiles p where p.id = u.id and p.role = 'provider' and p.status = 'active'
                and p.deposit >= (select s.min_deposit_amount from public.settings s where s.id = 'app'))
     order by (select count(*) from public.provider_service_types t where t.provider_id = u.id) desc, u.created_at`,
    'Không có nhà cung cấp đang hoạt động đủ ký quỹ.',
  );

/** Picks realistic parameters (a busy provider, a booking, words of service and package names). */
async function pickParameters(dbUrl: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const one = async (text: string): Promise<string> => {
      const result = await client.query<{ v: string | null }>(text);
      return result.rows[0]?.v ?? '';
    };
    return {
      provider: await one('select provider_id::text as v from public.bookings where provider_id is not null order by created_at desc limit 1'),
      booking: await one('select id::text as v from public.bookings order by created_at desc limit 1'),
      service: await one("select split_part(service_name, ' ', 1) as v from public.bookings order by created_at desc limit 1"),
      item: await one("select split_part(service_item_name, ' ', 1) as v from public.bookings where service_item_name is not null order by created_at desc limit 1"),
      since: new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString(),
      package: await one('select si.id::text as v from public.service_items si join public.subcategories s on s.id = si.subcategory_id where si.active and s.active order by si.price limit 1'),
      scheduled: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString(),
    };
  } finally {
    await client.end();
  }
}

function queries(p: Record<string, string>): BenchQuery[] {
  const list = 'id,status,created_at,scheduled_at,final_price,service_name,service_item_name,customer_name,customer:profiles!bookings_customer_id_fkey(id,name,phone),provider:profiles!bookings_provider_id_fkey(id,name,phone)';
  const page = `select=${encodeURIComponent(list)}&order=created_at.desc&limit=50`;
  return [
    { name: 'bookings: first page, newest first (count=estimated)', method: 'GET', path: `/bookings?${page}`, count: 'estimated' },
    { name: 'bookings: status=pending', method: 'GET', path: `/bookings?${page}&status=eq.pending` },
    { name: 'bookings: by provider', method: 'GET', path: `/bookings?${page}&provider_id=eq.${p.provider}` },
    { name: 'bookings: package text (ilike)', method: 'GET', path: `/bookings?${page}&service_item_name=ilike.${encodeURIComponent(`*${p.item}*`)}` },
    { name: 'bookings: service text (ilike)', method: 'GET', path: `/bookings?${page}&service_name=ilike.${encodeURIComponent(`*${p.service}*`)}` },
    { name: 'bookings: last 7 days', method: 'GET', path: `/bookings?${page}&created_at=gte.${encodeURIComponent(p.since!)}` },
    {
      name: 'booking detail with embeds',
      method: 'GET',
      single: true,
      path: `/bookings?id=eq.${p.booking}&select=${encodeURIComponent('*,customer:profiles!bookings_customer_id_fkey(*),provider:profiles!bookings_provider_id_fkey(*),reviews(*),commissions(*),service_items(id,name,price)')}`,
    },
    { name: 'providers list (screen: count=exact)', method: 'GET', count: 'exact', path: '/profiles?select=id,name,phone,email,status,deposit,total_earnings,created_at&role=eq.provider&order=created_at.desc,id.desc&offset=0&limit=50' },
    { name: 'customers screen RPC: first page', method: 'POST', path: '/rpc/admin_list_customers', body: { p_limit: 50, p_offset: 0 } },
    { name: 'customers screen RPC: name or e-mail search', method: 'POST', path: '/rpc/admin_list_customers', body: { p_search: 'Nguyễn', p_limit: 50, p_offset: 0 } },
    { name: 'reviews list', method: 'GET', path: '/reviews?select=id,rating,comment,status,customer_name,created_at,provider:profiles!reviews_provider_id_fkey(name)&order=created_at.desc&limit=50' },
    { name: 'commissions list', method: 'GET', path: '/commissions?select=*,provider:profiles!commissions_provider_id_fkey(name)&order=created_at.desc&limit=50' },
    { name: 'deposits list', method: 'GET', path: '/deposit_history?select=*,provider:profiles!deposit_history_provider_id_fkey(name)&order=created_at.desc&limit=50' },
    { name: 'promotion codes list (screen: count=exact)', method: 'GET', count: 'exact', path: '/discount_codes?select=*&order=created_at.desc,id.desc&offset=0&limit=50' },
    { name: 'dashboard RPC (admin_dashboard)', method: 'POST', path: '/rpc/admin_dashboard', body: {} },
    { name: 'bookings screen RPC: first page', method: 'POST', path: '/rpc/admin_list_bookings', body: { p_limit: 50, p_offset: 0 } },
    { name: 'bookings screen RPC: status', method: 'POST', path: '/rpc/admin_list_bookings', body: { p_status: 'pending', p_limit: 50 } },
    { name: 'bookings screen RPC: provider', method: 'POST', path: '/rpc/admin_list_bookings', body: { p_provider_id: p.provider, p_limit: 50 } },
    { name: 'bookings screen RPC: package text', method: 'POST', path: '/rpc/admin_list_bookings', body: { p_package: p.item, p_limit: 50 } },
    { name: 'bookings screen RPC: service text', method: 'POST', path: '/rpc/admin_list_bookings', body: { p_service: p.service, p_limit: 50 } },
    { name: 'bookings screen RPC: last 7 days', method: 'POST', path: '/rpc/admin_list_bookings', body: { p_since: p.since, p_limit: 50 } },
    { name: 'reviews screen RPC (admin_list_reviews)', method: 'POST', path: '/rpc/admin_list_reviews', body: { p_limit: 50, p_offset: 0 } },
    { name: 'commissions screen RPC (admin_list_commissions)', method: 'POST', path: '/rpc/admin_list_commissions', body: { p_limit: 50, p_offset: 0 } },
    { name: 'deposits screen RPC (admin_list_deposits)', method: 'POST', path: '/rpc/admin_list_deposits', body: { p_limit: 50, p_offset: 0 } },
    {
      name: 'marketplace: create_booking (customer, writes a booking)',
      method: 'POST',
      path: '/rpc/create_booking',
      as: 'customer',
      body: { p_service_item_id: p.package, p_scheduled_at: p.scheduled, p_address: '1 Lê Lợi, Quận 1', p_note: BENCH_NOTE },
      direct: { sql: 'select to_json(b)::text as body from public.create_booking($1, $2, $3, $4) b', values: [p.package, p.scheduled, '1 Lê Lợi, Quận 1', BENCH_NOTE] },
    },
    {
      name: 'marketplace: list_open_bookings (provider, 50)',
      method: 'POST',
      path: '/rpc/list_open_bookings',
      as: 'provider',
      body: { p_limit: 50 },
      direct: { sql: 'select json_agg(o)::text as body from public.list_open_bookings(50) o', values: [] },
    },
  ];
}

/** The statement the REST module runs for this request, for the direct-SQL column. */
function statementFor(cache: SchemaCache, q: BenchQuery): { sql: string; values: unknown[]; planned?: { sql: string; values: unknown[] } } {
  if (q.direct) return q.direct;
  const url = new URL(q.path, 'http://bench');
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments[0] === 'rpc') {
    const name = segments[1]!;
    const keys = Object.keys(q.body ?? {});
    const routine = chooseRoutine(cache, name, keys, true);
    return buildScalarCall(routine, JSON.stringify(q.body ?? {}), routine.params.filter((x) => keys.includes(x.name)).map((x) => x.name), false);
  }
  const parsed = parseQuery(url.searchParams);
  const root = parsed.nodes.get('')!;
  const plan = planRead(cache, relationSource(cache, segments[0]!)!, parsed);
  const statement = buildReadStatement(plan, { count: q.count ?? null, head: false, limit: root.limit, offset: root.offset });
  return q.count === 'estimated' || q.count === 'planned' ? { ...statement, planned: buildPlannedCount(plan) } : statement;
}

async function main(): Promise<number> {
  const config = loadConfig();
  let stack: Stack | undefined;
  let apiUrl = process.env.API_URL;
  let dbUrl = process.env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${config.dbPort}/postgres`;
  if (!apiUrl) {
    if (await reachable(config.apiUrl)) {
      apiUrl = config.apiUrl;
    } else {
      console.log('Khởi động local stack cho benchmark …');
      stack = await startStack({ web: false, log: () => undefined });
      apiUrl = stack.apiUrl;
      dbUrl = stack.dbUrl;
    }
  }
  const pool = createPool(dbUrl, 4);
  try {
    const cache = await loadSchemaCache(pool);
    const identities: Record<'admin' | 'customer' | 'provider', Identity | Error> = {
      admin: await adminToken(dbUrl, config.jwtSecret),
      customer: await customerToken(dbUrl, config.jwtSecret).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
      provider: await providerToken(dbUrl, config.jwtSecret).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
    };
    const params = await pickParameters(dbUrl);
    const [countRow] = (await pool.query<{ n: string }>('select count(*)::text as n from public.bookings')).rows;
    console.log(`API ${apiUrl} · ${countRow?.n ?? '?'} bookings · ${RUNS} lần đo sau ${WARMUP} lần khởi động mỗi truy vấn\n`);

    const results: Result[] = [];
    const failures: string[] = [];
    for (const q of queries(params)) {
      const identity = identities[q.as ?? 'admin'];
      if (identity instanceof Error) {
        failures.push(`${q.name}: ${identity.message}`);
        continue;
      }
      const { token, claims } = identity;
      const headers: Record<string, string> = { apikey: config.anonKey, Authorization: `Bearer ${token}` };
      if (q.count) headers.Prefer = `count=${q.count}`;
      if (q.single) headers.Accept = 'application/vnd.pgrst.object+json';
      if (q.method === 'POST') headers['Content-Type'] = 'application/json';
      let rows = 0;
      const callApi = async (): Promise<void> => {
        const response = await fetch(`${apiUrl}/rest/v1${q.path}`, { method: q.method, headers, body: q.body ? JSON.stringify(q.body) : undefined });
        const text = await response.text();
        if (response.status >= 300) throw new Error(`${q.name}: HTTP ${response.status} ${text.slice(0, 300)}`);
        const value = JSON.parse(text) as unknown;
        // Lists come as arrays; the screens' RPCs answer {rows: [...], total …}.
        const inner = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as { rows?: unknown }).rows : undefined;
        rows = Array.isArray(value) ? value.length : Array.isArray(inner) ? inner.length : 1;
      };
      const statement = statementFor(cache, q);
      const callSql = async (): Promise<void> => {
        await withRoleTransaction(pool, { role: 'authenticated', claims, readOnly: q.method === 'GET', request: { method: q.method, path: q.path, headers: {} } }, async (client) => {
          const result = await client.query<{ total?: string | null }>({ text: statement.sql, values: statement.values });
          const total = Number(result.rows[0]?.total ?? 0);
          if (statement.planned && (q.count === 'planned' || total > ESTIMATE_THRESHOLD)) await client.query({ text: statement.planned.sql, values: statement.planned.values });
        });
      };
      try {
        for (let i = 0; i < WARMUP; i += 1) {
          await callApi();
          await callSql();
        }
      } catch (error) {
        // A query the database refuses is reported (and fails the run) without hiding the others.
        failures.push(error instanceof Error ? error.message : `${q.name}: ${String(error)}`);
        continue;
      }
      const api: number[] = [];
      const direct: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        let started = performance.now();
        await callApi();
        api.push(performance.now() - started);
        started = performance.now();
        await callSql();
        direct.push(performance.now() - started);
      }
      api.sort((a, b) => a - b);
      direct.sort((a, b) => a - b);
      results.push({
        query: q.name,
        rows,
        api_median_ms: round(percentile(api, 50)),
        api_p95_ms: round(percentile(api, 95)),
        sql_median_ms: round(percentile(direct, 50)),
      });
    }

    const width = Math.max(...results.map((r) => r.query.length));
    console.log(`${'truy vấn'.padEnd(width)}  ${'rows'.padStart(5)}  ${'api p50'.padStart(8)}  ${'api p95'.padStart(8)}  ${'sql p50'.padStart(8)}  ${'+ms'.padStart(6)}`);
    for (const r of results) {
      console.log(
        `${r.query.padEnd(width)}  ${String(r.rows).padStart(5)}  ${r.api_median_ms.toFixed(2).padStart(8)}  ${r.api_p95_ms.toFixed(2).padStart(8)}  ${r.sql_median_ms.toFixed(2).padStart(8)}  ${(r.api_median_ms - r.sql_median_ms).toFixed(2).padStart(6)}`,
      );
    }
    for (const failure of failures) console.error(`LỖI (không đo được): ${failure}`);
    const removed = await pool.query('delete from public.bookings where note = $1', [BENCH_NOTE]);
    if (removed.rowCount) console.log(`Đã xoá ${removed.rowCount} đơn do create_booking tạo khi đo.`);
    console.log('');
    console.log(JSON.stringify(results, null, 2));
    return failures.length;
  } finally {
    await pool.end();
    if (stack) await stack.stop();
  }
}

main().then(
  (failed) => {
    if (failed > 0) process.exit(1);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
