// npm run bench:load — drives the local API server with autocannon (loopback only, bounded in
// time) with what admins do on the screens, each request as the screen sends it (src/features/…/api,
// loadMix): the lists through their RPCs (bookings, customers, providers, reviews, conversations,
// commissions, deposits, promotions, audit log) with the screens' filters and statuses, offered
// sorts, pages 1–5 and the deepest numbered page, search words from a word list (with and without
// accents, short ones: SEARCH_WORDS); the provider picker and the catalogue search; the dashboard,
// the stat cards and the detail pages' reads; inline edits with the screens' updated_at check, and
// the status changes that move money — deposits (the provider's balance) and bookings (the
// commission and the provider's earnings) — on a few rows, so that concurrent admins collide
// (conflicts: the rows are read again, as the screen does), put back to their status at the end.
// CONNECTIONS concurrent sessions (default 50) carry the tokens of as many real sign-ins of the
// seeded admin (the login form's password grant), for DURATION seconds (default 60), twice, after a
// short warm-up. Reports requests/s, p50/p95/p99, non-2xx and conflicts per route, errors and the API
// process's RSS / heap (after a full GC) before, between and after the two runs, then ENDS with one
// JSON object.
//
// Database: DATABASE_URL, else the stack of the current profile (local-stack/config.ts; SDV_DATA_DIR,
// DB_PORT … honoured), started if needed — the seed data, or the large set after `npm run seed:large`.
// API: API_URL (memory then only with API_PID, RSS from /proc; run it with SDV_REST_FAIR_SHARE=relaxed:
// the sessions share one admin, local-stack/rest/README.md) — else an API server in a child process of
// its own on API_PORT, fair share relaxed, so that its memory is the server's alone.
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
import { prng } from './lib/prng.ts';

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

/** A row whose status the mix changes, with the updated_at check the screens send. */
export interface ChangedRow {
  id: string;
  status: string;
  updated_at: string;
}

export interface LoadParameters {
  adminId: string;
  adminEmail: string;
  provider: string;
  /** The booking opened on its detail page, and what that page reads with it. */
  booking: string;
  bookingPeople: string[];
  bookingSubcategory: string;
  bookingProvider: string;
  service: string;
  item: string;
  /** Customers and reviews whose inline edits the mix makes (same value back, a real UPDATE). */
  customers: { id: string; name: string; updated_at: string }[];
  reviews: ChangedRow[];
  /** Deposits whose status the mix changes (completed ↔ pending: the provider's balance moves). */
  deposits: (ChangedRow & { provider_id: string })[];
  /** Completed bookings with a provider whose status the mix changes (completed ↔ pending_completion: commission and earnings move). */
  bookings: ChangedRow[];
  /** A service with commissions (the commission stats' service filter). */
  subcategory: string;
  /** Customers opened on their detail page. */
  customerIds: string[];
  /** What admins type in the promotions' code search: the start of real codes. */
  codeWords: string[];
}

/** What admins type in the search boxes: names and services, with and without accents, short ones too. */
export const SEARCH_WORDS = [
  'Nguyễn', 'nguyen', 'Trần', 'tran', 'Lê', 'le', 'Phạm', 'pham', 'Hoàng', 'hoang', 'Đỗ', 'do', 'Võ', 'vo',
  'Minh', 'minh', 'Thảo', 'thao', 'Hương', 'huong', 'an', 'vy', 'vệ sinh', 've sinh', 'sửa', 'sua', 'điện', 'dien',
  'nước', 'nuoc', 'tệ', 'te', 'hài lòng', 'hai long', 'Quận 1', 'quan',
];

/**
 * The values the screens send (bench-load.test.ts checks them against the screens' own lists):
 * booking statuses (bookings/api/booking-filters.ts), deposit statuses (deposits/api/deposit-rules.ts),
 * the sorts each list offers (docs/search.md#sorting), review ratings and statuses, provider and
 * customer statuses of the filters.
 */
export const SCREEN_VALUES = {
  bookingStatuses: ['pending', 'confirmed', 'pending_completion', 'completed', 'cancelled'],
  depositStatuses: ['pending', 'completed', 'canceled'],
  customerStatuses: ['active', 'inactive', 'banned', 'pending_approval'],
  providerStatuses: ['inactive', 'pending_approval', 'active'],
  reviewStatuses: ['active', 'inactive'],
  conversationStatuses: ['active', 'completed'],
  promotionTypes: ['percentage', 'fixed_amount'],
  promotionStatuses: ['active', 'inactive'],
  sorts: {
    admin_list_bookings: ['created_at.asc', 'final_price.asc', 'final_price.desc', 'customer_name.asc', 'customer_name.desc'],
    admin_list_customers: ['created_at.asc', 'name.asc', 'name.desc', 'total_bookings.asc', 'total_bookings.desc'],
    admin_list_providers: ['created_at.asc', 'name.asc', 'name.desc', 'deposit.asc', 'deposit.desc', 'total_earnings.asc', 'total_earnings.desc'],
    admin_list_reviews: ['created_at.asc', 'rating.asc', 'rating.desc'],
    admin_list_conversations: ['last_message_at.asc'],
    admin_list_commissions: ['created_at.asc', 'final_price.asc', 'final_price.desc', 'platform_fee.asc', 'platform_fee.desc'],
    admin_list_deposits: ['created_at.asc', 'amount.asc', 'amount.desc'],
    admin_list_promotions: ['created_at.asc', 'code.asc', 'code.desc', 'uses_count.asc', 'uses_count.desc', 'expires_at.asc', 'expires_at.desc'],
  },
} as const;

/** The column lists the screens select (postgrest-js drops the spaces). */
const COLUMNS = {
  recentBookings: 'id,created_at,status,customer_name,service_name,service_item_name,final_price',
  person: 'id,name,email,phone,avatar_url,status',
  customer: 'id,name,email,phone,avatar_url,status,total_bookings,last_login_at,created_at,updated_at',
  provider: 'id,role,name,email,phone,avatar_url,status,deposit,total_earnings,saved_addresses,last_login_at,created_at,updated_at',
  ledger: 'id,kind,amount,status,old_balance,new_balance,note,created_at',
  providerReviews: 'id,booking_id,customer_name,rating,comment,created_at',
  history: 'id,created_at,actor_email,action,changes',
  bookingReview: 'id,rating,comment,status,customer_name,created_at',
} as const;

export interface MixEntry {
  name: string;
  weight: number;
  method: 'GET' | 'POST' | 'PATCH';
  /** Path under /rest/v1 with its query string (built per request: called first, body and headers after it). */
  path: () => string;
  body?: () => string;
  headers?: Record<string, string> | (() => Record<string, string>);
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
    const rows = async <R extends object>(text: string): Promise<R[]> => (await client.query<R>(text)).rows;
    const admin = (
      await client.query<{ id: string; email: string }>(
        "select id::text, email from auth.users where coalesce(raw_app_meta_data->>'admin', 'false') = 'true' order by created_at limit 1",
      )
    ).rows[0];
    if (!admin) throw new Error('No admin account in auth.users (the seed is needed).');
    const [booking] = await rows<{ id: string; subcategory_id: string | null; provider_id: string | null; people: string[] }>(
      `select b.id::text, b.subcategory_id::text, b.provider_id::text,
              array(select distinct x::text from unnest(array[b.customer_id, b.provider_id] || b.provider_queue) x where x is not null) as people
         from public.bookings b where b.provider_id is not null order by b.created_at desc limit 1`,
    );
    return {
      adminId: admin.id,
      adminEmail: admin.email,
      provider: await one('select provider_id::text as v from public.bookings where provider_id is not null order by created_at desc limit 1'),
      booking: booking?.id ?? '',
      bookingPeople: booking?.people ?? [],
      bookingSubcategory: booking?.subcategory_id ?? '',
      bookingProvider: booking?.provider_id ?? '',
      service: await one("select split_part(service_name, ' ', 1) as v from public.bookings order by created_at desc limit 1"),
      item: await one("select split_part(service_item_name, ' ', 1) as v from public.bookings where service_item_name is not null order by created_at desc limit 1"),
      customers: await rows<{ id: string; name: string; updated_at: string }>(
        "select id::text, name, to_json(updated_at)#>>'{}' as updated_at from public.profiles where role = 'customer' order by created_at desc limit 200",
      ),
      reviews: await rows<ChangedRow>("select id::text, status, to_json(updated_at)#>>'{}' as updated_at from public.reviews order by created_at desc limit 200"),
      // Few rows, so that concurrent admins collide on them (conflicts answered by the updated_at check).
      deposits: await rows<ChangedRow & { provider_id: string }>(
        "select id::text, status, to_json(updated_at)#>>'{}' as updated_at, provider_id::text from public.deposit_history where kind = 'deposit' and status in ('pending', 'completed') order by created_at desc limit 30",
      ),
      bookings: await rows<ChangedRow>(
        "select id::text, status, to_json(updated_at)#>>'{}' as updated_at from public.bookings where status = 'completed' and provider_id is not null order by created_at desc limit 20",
      ),
      subcategory: await one('select subcategory_id::text as v from public.commissions where subcategory_id is not null order by created_at desc limit 1'),
      customerIds: (await rows<{ id: string }>("select id::text from public.profiles where role = 'customer' order by created_at desc limit 50")).map((r) => r.id),
      codeWords: [
        ...new Set(
          (await rows<{ code: string }>('select code from public.discount_codes order by created_at desc limit 20')).flatMap((r) => {
            const code = r.code.trim().toLowerCase();
            return [code.slice(0, 3), code.slice(0, 2)].filter((word) => word !== '');
          }),
        ),
      ],
    };
  } finally {
    await client.end();
  }
}

/** Reads rows again after a conflict (the screen reloads them): table, ids, select → rows. */
export type Reload = (table: string, ids: string[], select: string) => Promise<Record<string, unknown>[]>;

/**
 * The requests of the admin screens, with weights (how often an admin makes them): what each
 * screen sends (src/features/…/api), the lists with their filters, sorts, search words and pages.
 */
export function loadMix(p: LoadParameters, random: () => number, reload?: Reload): MixEntry[] {
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  const chance = (share: number): boolean => random() < share;
  const rpc = (name: string, weight: number, fn: string, args: () => Record<string, unknown>): MixEntry => ({
    name,
    weight,
    method: 'POST',
    path: () => `/rpc/${fn}`,
    body: () => JSON.stringify(args()),
    headers: { 'Content-Type': 'application/json' },
  });
  /** A screen's reads, one of them per request (the page reads them together). */
  type Read = { path: string | (() => string); single?: boolean };
  const reads = (name: string, weight: number, requests: Read[]): MixEntry => {
    let current: Read | undefined;
    return {
      name,
      weight,
      method: 'GET',
      path: () => {
        current = pick(requests);
        const path = current?.path ?? '/';
        return typeof path === 'string' ? path : path();
      },
      headers: (): Record<string, string> => (current?.single ? { Accept: 'application/vnd.pgrst.object+json' } : {}),
    };
  };
  /** The bookings list's "7 ngày" filter (lib/format/format.ts timeRangeStart: the last 7 × 24 hours). */
  const since = (): string => new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString();
  /**
   * An inline edit with the updated_at check, as the screens send it: the row's new updated_at is
   * kept for the next edit, a 0-row answer is a conflict (the rows are read again, as the screen does).
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
  /** The finance screens' periods (lib/lists/finance-filters.ts): whole Vietnam days, the last 30, the end day inclusive. */
  const period = (): { p_from: string; p_to: string } => {
    const day = (offsetDays: number): string => new Date(Date.now() + offsetDays * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10);
    return { p_from: new Date(`${day(-30)}T00:00:00+07:00`).toISOString(), p_to: new Date(`${day(1)}T00:00:00+07:00`).toISOString() };
  };
  /** A page the admin opens by number near the start: 1–5 mostly, sometimes the deepest numbered page (41). */
  const offset = (): number => (chance(0.1) ? 2000 : 50 * Math.floor(random() * 5));
  const sorted = (fn: keyof typeof SCREEN_VALUES.sorts, share: number): { p_sort?: string } => (chance(share) ? { p_sort: pick(SCREEN_VALUES.sorts[fn])! } : {});
  const recent = (filter: string): string => `/bookings?select=${q(COLUMNS.recentBookings)}${filter}&order=created_at.desc,id.desc&limit=10`;
  const customer = (): string => pick(p.customerIds) ?? p.provider;
  const deposit = (): string => pick(p.deposits)?.provider_id ?? p.provider;
  const mix: MixEntry[] = [
    // /admin
    rpc('dashboard (admin_dashboard)', 6, 'admin_dashboard', () => ({})),
    { name: 'dashboard recent bookings', weight: 3, method: 'GET', path: () => recent('') },
    // /admin/bookings (bookings/api/booking-filters.ts filterArgs, lib/lists/paged-list.ts fetchViewPage: p_limit, p_offset, no p_count).
    rpc('bookings list, first page', 8, 'admin_list_bookings', () => ({ p_limit: 50, p_offset: 0 })),
    rpc('bookings list, status filter, pages 1–5', 6, 'admin_list_bookings', () => ({ p_status: pick(SCREEN_VALUES.bookingStatuses), p_limit: 50, p_offset: 50 * Math.floor(random() * 5) })),
    rpc('bookings list, sort, pages 1–5 / 41', 3, 'admin_list_bookings', () => ({ ...sorted('admin_list_bookings', 1), p_limit: 50, p_offset: offset() })),
    rpc('bookings list, provider + 7 days', 2, 'admin_list_bookings', () => ({ p_provider_id: p.provider, p_since: since(), p_limit: 50, p_offset: 0 })),
    rpc('bookings list, service / package / customer word', 4, 'admin_list_bookings', () => {
      const roll = random();
      const text = roll < 0.34 ? { p_service: word() } : roll < 0.67 ? { p_package: word() } : { p_customer: word() };
      return { ...text, p_limit: 50, p_offset: 0 };
    }),
    // /admin/bookings/:id (bookings/api/booking-query.ts, booking-conversation-query.ts, booking-history-query.ts).
    reads('booking detail (booking, people, review, conversation, history)', 5, [
      { path: `/bookings?select=*&id=eq.${p.booking}` },
      { path: `/profiles?select=${q(COLUMNS.person)}&id=in.(${p.bookingPeople.join(',')})` },
      { path: `/reviews?select=${q(COLUMNS.bookingReview)}&booking_id=eq.${p.booking}` },
      { path: `/conversations?select=id&booking_id=eq.${p.booking}` },
      { path: `/audit_log?select=${q(COLUMNS.history)}&table_name=eq.bookings&row_id=eq.${p.booking}&order=created_at.desc,id.desc&limit=100` },
    ]),
    // Before a status change that moves money the screen shows its effect (booking-status-effect-query.ts).
    reads('booking status change: what moves (rate, settings, commission, earnings)', 2, [
      { path: `/subcategories?select=commission_rate&id=eq.${p.bookingSubcategory}` },
      { path: '/settings?select=commission_rate&id=eq.app' },
      { path: `/commissions?select=${q('platform_fee,provider_amount')}&booking_id=eq.${p.booking}` },
      { path: `/profiles?select=${q('name,total_earnings')}&id=eq.${p.bookingProvider}` },
    ]),
    // /admin/providers (providers/api/provider-filters.ts toProviderArgs) and the provider picker of the filters.
    rpc('providers list (admin_list_providers)', 4, 'admin_list_providers', () => ({
      ...(chance(0.3) ? { p_search: word() } : {}),
      ...(chance(0.2) ? { p_status: pick(SCREEN_VALUES.providerStatuses) } : {}),
      ...sorted('admin_list_providers', 0.25),
      p_limit: 50,
      p_offset: chance(0.8) ? 0 : 50 * Math.floor(random() * 3),
    })),
    rpc('provider picker (admin_provider_options)', 3, 'admin_provider_options', () => ({ p_limit: 20, ...(chance(0.7) ? { p_search: word() } : {}) })),
    // /admin/providers/:id (providers/api/*-query.ts).
    reads('provider detail (profile, ledger, reviews, recent bookings)', 3, [
      { path: `/profiles?select=${q(COLUMNS.provider)}&id=eq.${p.provider}&role=eq.provider` },
      { path: `/deposit_history?select=${q(COLUMNS.ledger)}&provider_id=eq.${p.provider}&order=created_at.desc,id.desc&limit=10` },
      { path: `/reviews?select=${q(COLUMNS.providerReviews)}&provider_id=eq.${p.provider}&status=eq.active&order=created_at.desc,id.desc&offset=0&limit=10` },
      { path: recent(`&provider_id=eq.${p.provider}`) },
    ]),
    rpc('provider detail stats (provider_stats)', 2, 'provider_stats', () => ({ p_provider_id: p.provider })),
    rpc('provider review summary (provider_review_summary)', 2, 'provider_review_summary', () => ({ p_provider_id: p.provider })),
    // /admin/customers (customers/api/customer-filters.ts toCustomerArgs).
    rpc('customers list, search word (admin_list_customers)', 5, 'admin_list_customers', () => ({
      ...(chance(0.5) ? { p_search: word() } : {}),
      ...(chance(0.15) ? { p_status: pick(SCREEN_VALUES.customerStatuses) } : {}),
      ...sorted('admin_list_customers', 0.2),
      p_limit: 50,
      p_offset: 0,
    })),
    // /admin/customers/:id (customers/api/customer-query.ts, customer-recent-bookings-query.ts).
    {
      name: 'customer detail',
      weight: 3,
      method: 'GET',
      path: () => `/profiles?select=${q(COLUMNS.customer)}&id=eq.${customer()}&role=eq.customer`,
    },
    { name: 'customer recent bookings', weight: 2, method: 'GET', path: () => recent(`&customer_id=eq.${customer()}`) },
    rpc('customer detail stats (customer_stats)', 2, 'customer_stats', () => ({ p_customer_id: customer() })),
    // /admin/manage-deposit-history (deposits/api/deposit-filters.ts toDepositArgs).
    rpc('deposits list', 4, 'admin_list_deposits', () => ({
      ...(chance(0.25) ? { p_status: pick(SCREEN_VALUES.depositStatuses) } : {}),
      ...(chance(0.2) ? { p_search: word() } : {}),
      ...sorted('admin_list_deposits', 0.2),
      p_limit: 50,
      p_offset: 0,
    })),
    rpc('deposit stats, status / 30 days', 3, 'admin_deposit_stats', () => (chance(0.5) ? {} : { p_status: pick(SCREEN_VALUES.depositStatuses), ...period() })),
    // Around a deposit status change: the provider and the minimum before (deposit-status-effect-query.ts), the balance after (deposit-update-mutation.ts).
    reads('deposit status change: provider balance before / after', 2, [
      { path: () => `/profiles?select=${q('name,deposit,status')}&id=eq.${deposit()}`, single: true },
      { path: '/settings?select=min_deposit_amount&id=eq.app' },
      { path: () => `/profiles?select=${q('deposit,status')}&id=eq.${deposit()}`, single: true },
    ]),
    // /admin/manage-commissions (commissions/api/commission-filters.ts toCommissionArgs).
    rpc('commissions list, search word', 4, 'admin_list_commissions', () => ({
      ...(chance(0.4) ? { p_search: word() } : {}),
      ...sorted('admin_list_commissions', 0.2),
      p_limit: 50,
      p_offset: 0,
    })),
    rpc('commission stats, service / 30 days', 3, 'admin_commission_stats', () =>
      chance(0.34) ? {} : chance(0.5) ? { p_subcategory_id: p.subcategory } : period(),
    ),
    // /admin/manage-reviews (reviews/api/review-filters.ts toReviewArgs).
    rpc('reviews list, search word / stars', 4, 'admin_list_reviews', () => ({
      ...(chance(0.4) ? { p_search: word() } : {}),
      ...(chance(0.2) ? { p_rating: 1 + Math.floor(random() * 5) } : {}),
      ...(chance(0.1) ? { p_status: pick(SCREEN_VALUES.reviewStatuses) } : {}),
      ...sorted('admin_list_reviews', 0.2),
      p_limit: 50,
      p_offset: 0,
    })),
    // /admin/manage-conversations (conversations/api/conversation-filters.ts toConversationArgs).
    rpc('conversations list', 2, 'admin_list_conversations', () => ({
      ...(chance(0.3) ? (chance(0.5) ? { p_customer_name: word() } : { p_provider_name: word() }) : {}),
      ...(chance(0.2) ? { p_status: pick(SCREEN_VALUES.conversationStatuses) } : {}),
      ...sorted('admin_list_conversations', 0.1),
      p_limit: 50,
      p_offset: 0,
    })),
    // /admin/manage-discount-codes (promotions-query.ts toPromotionArgs) and its stat cards.
    rpc('promotions list (admin_list_promotions)', 2, 'admin_list_promotions', () => ({
      ...(chance(0.4) && p.codeWords.length > 0 ? { p_search: pick(p.codeWords) } : {}),
      ...(chance(0.2) ? { p_type: pick(SCREEN_VALUES.promotionTypes) } : {}),
      ...(chance(0.2) ? { p_status: pick(SCREEN_VALUES.promotionStatuses) } : {}),
      ...sorted('admin_list_promotions', 0.3),
      p_limit: 50,
      p_offset: 0,
    })),
    rpc('promotion stats (admin_discount_code_stats)', 2, 'admin_discount_code_stats', () => ({})),
    // /admin/audit-log (audit-log/api/audit-log-filters.ts toAuditLogArgs).
    rpc('audit log list', 2, 'admin_list_audit_log', () => ({
      ...(chance(0.3) ? { p_table: pick(['bookings', 'profiles', 'deposit_history', 'reviews']) } : {}),
      ...(chance(0.1) ? { p_actor: p.adminEmail } : {}),
      p_limit: 50,
      p_offset: 0,
    })),
    // The catalogue screens' search box (catalogue/api/catalogue-matches.ts).
    rpc('catalogue search (admin_catalogue_matches)', 2, 'admin_catalogue_matches', () => ({ p_search: word() })),
  ];
  if (p.customers.length > 0) {
    // customers/api/customer-update-mutation.ts: the new profile comes back with the detail's columns.
    mix.push(inlineEdit('inline edit: customer name (updated_at check)', 2, 'profiles', p.customers, COLUMNS.customer, (c) => ({ name: c?.name ?? '' })));
  }
  if (p.reviews.length > 0) {
    // reviews/api/review-status-update-mutation.ts: the same status back.
    mix.push(inlineEdit('inline edit: review status (updated_at check)', 2, 'reviews', p.reviews, 'id,status,updated_at', (r) => ({ status: r?.status ?? 'active' })));
  }
  if (p.deposits.length > 0) {
    // deposits/api/deposit-update-mutation.ts: completing a deposit credits the provider's balance,
    // un-completing it debits it back (the deposit trigger); concurrent admins on the same rows get conflicts.
    mix.push(
      inlineEdit('deposit status change, moves the balance (updated_at check)', 3, 'deposit_history', p.deposits, 'id,status,amount,old_balance,new_balance,updated_at', (d) => ({
        status: d?.status === 'completed' ? 'pending' : 'completed',
      })),
    );
  }
  if (p.bookings.length > 0) {
    // bookings/api/booking-status-update-mutation.ts: leaving `completed` removes the commission and
    // takes the provider's earnings back, entering it writes them again (docs/product.md#commissions).
    mix.push(
      inlineEdit('booking status change, moves money (updated_at check)', 3, 'bookings', p.bookings, 'id,status,updated_at', (b) => ({
        status: b?.status === 'completed' ? 'pending_completion' : 'completed',
      })),
    );
  }
  return mix;
}

/**
 * Puts the rows whose status the mix changed back to the status they had (through the API, as an
 * admin would): the deposits' balances and the bookings' commissions move back with them.
 */
export async function restoreStatuses(
  apiUrl: string,
  headers: Record<string, string>,
  original: { table: 'bookings' | 'deposit_history'; rows: ChangedRow[] }[],
): Promise<number> {
  let restored = 0;
  for (const { table, rows } of original) {
    for (const row of rows) {
      const response = await fetch(`${apiUrl}/rest/v1/${table}?id=eq.${row.id}&status=neq.${row.status}&select=id`, {
        method: 'PATCH',
        headers: { ...headers, 'Content-Type': 'application/json', Prefer: 'return=representation' },
        body: JSON.stringify({ status: row.status }),
      });
      const body = (await response.json()) as unknown[];
      if (!response.ok) throw new Error(`Could not put ${table} ${row.id} back to "${row.status}" (HTTP ${response.status})`);
      restored += Array.isArray(body) ? body.length : 0;
    }
  }
  return restored;
}

// ---- one run ---------------------------------------------------------------------------------

export interface RouteFigures {
  name: string;
  requests: number;
  non2xx: number;
  /** Inline edits answered by the updated_at check with no row (another admin changed it first). */
  conflicts: number;
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
  const perRoute = mix.map(() => ({ latencies: [] as number[], non2xx: 0, conflicts: 0 }));
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
            headers: { apikey: options.anonKey, Authorization: `Bearer ${tokens[session]!}`, ...(typeof entry.headers === 'function' ? entry.headers() : entry.headers) },
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
            perRoute[route]!.conflicts += 1;
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
      const figures = perRoute[index]!;
      return {
        name: entry.name,
        requests: sorted.length,
        non2xx: figures.non2xx,
        conflicts: figures.conflicts,
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        p99: round(percentile(sorted, 99)),
      };
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
    if (!response.ok || !body.access_token) throw new Error(`Admin sign-in failed (HTTP ${response.status}): ${body.msg ?? ''}`);
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
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number (got: ${raw ?? ''})`);
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
      `   ${route.name.padEnd(width)}  ${String(route.requests).padStart(7)}  ${(route.requests / r.seconds).toFixed(1).padStart(6)}/s  p50 ${route.p50.toFixed(1).padStart(7)}  p95 ${route.p95.toFixed(1).padStart(7)}  p99 ${route.p99.toFixed(1).padStart(7)}  non-2xx ${route.non2xx}${route.conflicts > 0 ? `  conflicts ${route.conflicts}` : ''}`,
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

  const next = prng(seed);

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
      api = await spawnApi({ DATABASE_URL: apiDbUrl ?? dbUrl, API_PORT: String(config.apiPort), SDV_DATA_DIR: config.dataDir, SDV_REST_FAIR_SHARE: 'relaxed',
        // Its 50 sessions sign in from one address, beyond config.toml's 30 sign-ins per 5 minutes.
        SDV_AUTH_RATE_LIMIT_ADDRESS: '1000' });
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
    // The statuses before the run: the status changes move money, put back once measured.
    const original = [
      { table: 'bookings' as const, rows: params.bookings.map((row) => ({ ...row })) },
      { table: 'deposit_history' as const, rows: params.deposits.map((row) => ({ ...row })) },
    ];
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
    const restored = await restoreStatuses(apiUrl, { apikey: config.anonKey, Authorization: `Bearer ${tokens[0]!}` }, original);
    console.log(`Put ${restored} rows (bookings, deposits) back to their state before the run.`);
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
