// npm run bench:api — latency of every call the admin screens make (list RPCs on page 1, a middle
// page and the last page, with short and accent-less searches and each offered sort; every stats
// and detail call; the dashboard) through the local API server, next to the very same SQL run directly (the statement the REST module builds, in the same kind
// of transaction: the admin's role and claims via withRoleTransaction). Prints a table and ENDS
// with a JSON array, one object per query: {"query","rows","api_median_ms","api_p95_ms","sql_median_ms"}.
//
// Uses API_URL (and DATABASE_URL) when set; otherwise the stack of the current profile when it is
// already running, else starts it (local-stack/stack.ts, without the SPA) and stops it afterwards.
// --sizes=label:dir,… measures several data folders in turn and prints the growth (sizesOption).
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
      customer: await one('select customer_id::text as v from public.bookings where customer_id is not null order by created_at desc limit 1'),
      subcategory: await one('select subcategory_id::text as v from public.commissions where subcategory_id is not null order by created_at desc limit 1'),
      // The finance screens' periods are whole Vietnam days (00:00 +07:00).
      monthAgo: new Date(`${new Date(Date.now() - 30 * 24 * 3600 * 1000 + 7 * 3600 * 1000).toISOString().slice(0, 10)}T00:00:00+07:00`).toISOString(),
      tomorrow: new Date(`${new Date(Date.now() + 31 * 3600 * 1000).toISOString().slice(0, 10)}T00:00:00+07:00`).toISOString(),
    };
  } finally {
    await client.end();
  }
}

/**
 * The admin screens' list RPCs (src/features/…/api): each is measured on page 1, a middle page and
 * the last page (offsets from its total), with the searches the screens send, short and without
 * accents as Vietnamese users type them.
 */
interface ListRpc {
  name: string;
  fn: string;
  args: Record<string, unknown>;
}

function listRpcs(p: Record<string, string>): ListRpc[] {
  return [
    { name: 'bookings', fn: 'admin_list_bookings', args: {} },
    { name: 'bookings, status', fn: 'admin_list_bookings', args: { p_status: 'completed' } },
    { name: 'bookings, provider', fn: 'admin_list_bookings', args: { p_provider_id: p.provider } },
    { name: 'bookings, package text', fn: 'admin_list_bookings', args: { p_package: p.item } },
    { name: 'bookings, service "ve sinh" (no accents)', fn: 'admin_list_bookings', args: { p_service: 've sinh' } },
    { name: 'bookings, last 7 days', fn: 'admin_list_bookings', args: { p_since: p.since } },
    { name: 'customers', fn: 'admin_list_customers', args: {} },
    { name: 'customers, "Nguyễn"', fn: 'admin_list_customers', args: { p_search: 'Nguyễn' } },
    { name: 'customers, "nguyen" (no accents)', fn: 'admin_list_customers', args: { p_search: 'nguyen' } },
    { name: 'customers, "an" (2 letters)', fn: 'admin_list_customers', args: { p_search: 'an' } },
    { name: 'reviews', fn: 'admin_list_reviews', args: {} },
    { name: 'reviews, "tệ" (2 letters)', fn: 'admin_list_reviews', args: { p_search: 'tệ' } },
    { name: 'commissions', fn: 'admin_list_commissions', args: {} },
    { name: 'commissions, provider name "do" (no accents)', fn: 'admin_list_commissions', args: { p_search: 'do' } },
    { name: 'deposits', fn: 'admin_list_deposits', args: {} },
    { name: 'deposits, status pending', fn: 'admin_list_deposits', args: { p_status: 'pending' } },
    { name: 'conversations', fn: 'admin_list_conversations', args: {} },
  ];
}

/**
 * The sorts each list offers (docs/search.md#sorting), as `p_sort` values; BENCH_SORTS (JSON,
 * {"admin_list_bookings": ["final_price.desc", …]}) overrides them. A database whose function has
 * no `p_sort` yet reports them as not offered instead of failing.
 */
const DEFAULT_SORTS: Record<string, string[]> = {
  admin_list_bookings: ['created_at.asc', 'final_price.desc', 'customer_name.asc'],
  admin_list_customers: ['name.asc', 'total_bookings.desc', 'created_at.asc'],
  admin_list_providers: ['name.asc', 'deposit.desc', 'total_earnings.desc'],
  admin_list_reviews: ['rating.asc', 'created_at.asc'],
  admin_list_commissions: ['final_price.desc', 'platform_fee.desc'],
  admin_list_deposits: ['amount.desc', 'created_at.asc'],
  admin_list_conversations: ['created_at.desc'],
  admin_list_promotions: ['code.asc', 'uses_count.desc', 'expires_at.asc'],
};
const SORTS: Record<string, string[]> = process.env.BENCH_SORTS ? (JSON.parse(process.env.BENCH_SORTS) as Record<string, string[]>) : DEFAULT_SORTS;

/** Every other call of the screens: stats and dashboard RPCs, detail reads, the marketplace's two writes/reads. */
function queries(p: Record<string, string>): BenchQuery[] {
  const recent = `select=${encodeURIComponent('id,created_at,status,customer_name,service_name,service_item_name,final_price')}&order=created_at.desc,id.desc&limit=10`;
  const rpc = (name: string, fn: string, body: Record<string, unknown> = {}): BenchQuery => ({ name, method: 'POST', path: `/rpc/${fn}`, body });
  return [
    rpc('dashboard: admin_dashboard', 'admin_dashboard'),
    { name: 'dashboard: recent bookings', method: 'GET', path: `/bookings?${recent}` },
    rpc('stats: commissions, no filter', 'admin_commission_stats'),
    rpc('stats: commissions, one service', 'admin_commission_stats', { p_subcategory_id: p.subcategory }),
    rpc('stats: commissions, 30 days', 'admin_commission_stats', { p_from: p.monthAgo, p_to: p.tomorrow }),
    rpc('stats: commissions, service + 30 days', 'admin_commission_stats', { p_subcategory_id: p.subcategory, p_from: p.monthAgo, p_to: p.tomorrow }),
    rpc('stats: commissions, provider', 'admin_commission_stats', { p_provider_id: p.provider }),
    rpc('stats: commissions, search "do"', 'admin_commission_stats', { p_search: 'do' }),
    rpc('stats: deposits, no filter', 'admin_deposit_stats'),
    rpc('stats: deposits, pending + 30 days', 'admin_deposit_stats', { p_status: 'pending', p_from: p.monthAgo, p_to: p.tomorrow }),
    rpc('stats: deposits, provider', 'admin_deposit_stats', { p_provider_id: p.provider }),
    rpc('stats: promotion codes', 'admin_discount_code_stats'),
    { name: 'providers list (count=exact)', method: 'GET', count: 'exact', path: '/profiles?select=id,name,phone,email,status,deposit,total_earnings,created_at&role=eq.provider&order=created_at.desc,id.desc&offset=0&limit=50' },
    { name: 'promotion codes list (count=exact)', method: 'GET', count: 'exact', path: '/discount_codes?select=*&order=created_at.desc,id.desc&offset=0&limit=50' },
    { name: 'detail: booking', method: 'GET', single: true, path: `/bookings?select=*&id=eq.${p.booking}` },
    { name: 'detail: booking history (audit log)', method: 'GET', path: `/audit_log?select=id,created_at,actor_email,action,changes&table_name=eq.bookings&row_id=eq.${p.booking}&order=created_at.desc,id.desc` },
    { name: 'detail: provider', method: 'GET', single: true, path: `/profiles?select=*&id=eq.${p.provider}&role=eq.provider` },
    rpc('detail: provider_stats', 'provider_stats', { p_provider_id: p.provider }),
    rpc('detail: provider_review_summary', 'provider_review_summary', { p_provider_id: p.provider }),
    { name: 'detail: provider recent bookings', method: 'GET', path: `/bookings?${recent}&provider_id=eq.${p.provider}` },
    { name: 'detail: customer', method: 'GET', single: true, path: `/profiles?select=*&id=eq.${p.customer}&role=eq.customer` },
    rpc('detail: customer_stats', 'customer_stats', { p_customer_id: p.customer }),
    { name: 'detail: customer recent bookings', method: 'GET', path: `/bookings?${recent}&customer_id=eq.${p.customer}` },
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

/** Page 1, a middle page and the last page of a list RPC, from its total (exact or estimated). */
async function pagedQueries(apiUrl: string, headers: Record<string, string>, list: ListRpc): Promise<BenchQuery[]> {
  const response = await fetch(`${apiUrl}/rest/v1/rpc/${list.fn}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...list.args, p_limit: 50, p_offset: 0 }),
  });
  const value = (await response.json()) as { total?: number };
  const pages = Math.max(1, Math.ceil(Number(value.total ?? 0) / 50));
  const page = (label: string, n: number): BenchQuery => ({
    name: `${list.name}: ${label}`,
    method: 'POST',
    path: `/rpc/${list.fn}`,
    body: { ...list.args, p_limit: 50, p_offset: (n - 1) * 50 },
  });
  const result = [page('page 1', 1)];
  if (pages > 2) result.push(page(`middle page (p. ${Math.ceil(pages / 2)})`, Math.ceil(pages / 2)));
  if (pages > 1) result.push(page(`last page (p. ${pages})`, pages));
  return result;
}

/** One sort of a list on page 1, or null when the database's function offers no `p_sort`. */
function sortQuery(cache: SchemaCache, fn: string, sort: string): BenchQuery | null {
  try {
    chooseRoutine(cache, fn, ['p_sort', 'p_limit', 'p_offset'], true);
  } catch {
    return null;
  }
  return { name: `${fn}: sort ${sort}`, method: 'POST', path: `/rpc/${fn}`, body: { p_sort: sort, p_limit: 50, p_offset: 0 } };
}

/** Measures every query against one database (one size) and prints its table. */
async function measure(label: string, env: NodeJS.ProcessEnv | undefined): Promise<{ results: Result[]; failures: string[]; bookings: string }> {
  const config = loadConfig({ ...process.env, ...env });
  let stack: Stack | undefined;
  let apiUrl = env ? undefined : process.env.API_URL;
  let dbUrl = (env ? undefined : process.env.DATABASE_URL) ?? `postgres://postgres:postgres@127.0.0.1:${config.dbPort}/postgres`;
  if (!apiUrl) {
    if (!env && (await reachable(config.apiUrl))) {
      apiUrl = config.apiUrl;
    } else {
      console.log(`Khởi động local stack cho benchmark (${label}) …`);
      stack = await startStack({ web: false, log: () => undefined, env });
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
    const bookings = countRow?.n ?? '?';
    console.log(`[${label}] API ${apiUrl} · ${bookings} bookings · ${RUNS} lần đo sau ${WARMUP} lần khởi động mỗi truy vấn\n`);

    const admin = identities.admin as Identity;
    const adminHeaders = { apikey: config.anonKey, Authorization: `Bearer ${admin.token}` };
    const all: BenchQuery[] = [];
    const notOffered: string[] = [];
    for (const list of listRpcs(params)) all.push(...(await pagedQueries(apiUrl, adminHeaders, list)));
    for (const [fn, sorts] of Object.entries(SORTS)) {
      for (const sort of sorts) {
        const q = sortQuery(cache, fn, sort);
        if (q) all.push(q);
        else notOffered.push(`${fn}: sort ${sort}`);
      }
    }
    all.push(...queries(params));

    const results: Result[] = [];
    const failures: string[] = [];
    for (const q of all) {
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
    for (const name of notOffered) console.log(`(không đo: ${name} — hàm chưa có tham số p_sort)`);
    for (const failure of failures) console.error(`LỖI (không đo được): ${failure}`);
    const removed = await pool.query('delete from public.bookings where note = $1', [BENCH_NOTE]);
    if (removed.rowCount) console.log(`Đã xoá ${removed.rowCount} đơn do create_booking tạo khi đo.`);
    console.log('');
    return { results, failures, bookings };
  } finally {
    await pool.end();
    if (stack) await stack.stop();
  }
}

/**
 * Sizes: `--sizes=seed:.data-seed,200k:.data-200k,1m:.data` (label:data folder, each its own stack,
 * one after the other; see scripts/seed-large.ts for the large sets), else the current profile only.
 * With several sizes a last table gives each query's SQL median per size and the growth from the
 * first size to the last.
 */
function sizesOption(): { label: string; env: NodeJS.ProcessEnv | undefined }[] {
  const raw = process.argv.find((arg) => arg.startsWith('--sizes='))?.slice('--sizes='.length) ?? process.env.BENCH_SIZES;
  if (!raw) return [{ label: 'current', env: undefined }];
  return raw.split(',').map((item) => {
    const [label, dir] = item.split(':');
    if (!label || !dir) throw new Error(`--sizes: "${item}" phải có dạng nhãn:thư-mục-dữ-liệu`);
    return { label, env: { SDV_DATA_DIR: dir } };
  });
}

async function main(): Promise<number> {
  const measured: { label: string; bookings: string; results: Result[] }[] = [];
  let failed = 0;
  for (const size of sizesOption()) {
    const { results, failures, bookings } = await measure(size.label, size.env);
    failed += failures.length;
    measured.push({ label: size.label, bookings, results });
  }
  if (measured.length > 1) {
    // Middle and last pages are compared by position, whatever their number at each size.
    const key = (name: string): string => name.replace(/ \(p\. \d+\)$/, '');
    const names = [...new Set(measured.flatMap((m) => m.results.map((r) => key(r.query))))];
    const width = Math.max(...names.map((n) => n.length));
    console.log(`SQL p50 (ms) theo cỡ dữ liệu — ${measured.map((m) => `${m.label} = ${m.bookings} bookings`).join(' · ')}`);
    console.log(`${'truy vấn'.padEnd(width)}  ${measured.map((m) => m.label.padStart(9)).join('  ')}  ${'tăng'.padStart(7)}`);
    for (const name of names) {
      const values = measured.map((m) => m.results.find((r) => key(r.query) === name)?.sql_median_ms);
      const first = values[0];
      const last = values[values.length - 1];
      const growth = first !== undefined && last !== undefined && first > 0 ? `×${(last / first).toFixed(1)}` : '—';
      console.log(`${name.padEnd(width)}  ${values.map((v) => (v === undefined ? '—' : v.toFixed(2)).padStart(9)).join('  ')}  ${growth.padStart(7)}`);
    }
    console.log('');
  }
  console.log(JSON.stringify(measured.length === 1 ? measured[0]!.results : measured, null, 2));
  return failed;
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
