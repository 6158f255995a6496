// bench:api measures what the screens send: every read of src/features/*/api and
// src/components/domain (RPC names, REST tables and their column lists), and every sort a list
// screen offers.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOKING_LIST_ALLOWED } from '../src/features/bookings/api/booking-filters.ts';
import { REVIEW_RATING_CHOICES } from '../src/features/reviews/api/reviews-url.ts';
import { auditLog } from '../src/lib/messages/audit-log.ts';
import { benchOptions, listCombos, listVariants, planBuffers, screenCalls, SCREEN_SORT_VALUES, SCREEN_SORTS, sortVariants, type BenchParameters } from './bench-api.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

const apiFiles = [
  ...readdirSync(path.join(ROOT, 'src/features')).flatMap((feature) => {
    try {
      return sources(`src/features/${feature}/api`);
    } catch {
      return [];
    }
  }),
  ...sources('src/api'),
];

/** Ids as uuids: the screens' translators drop anything else (isUuid). */
const ID = Object.fromEntries(['p1', 'p2', 'b1', 'b2', 's1', 'c1', 'v1', 'd1', 'i1'].map((key, index) => [key, `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`])) as Record<
  'p1' | 'p2' | 'b1' | 'b2' | 's1' | 'c1' | 'v1' | 'd1' | 'i1',
  string
>;

const params: BenchParameters = {
  provider: ID.p1,
  booking: ID.b1,
  bookingSubcategory: ID.s1,
  bookingProvider: ID.p1,
  bookingPeople: [ID.c1, ID.p1],
  item: 'Gói',
  service: 'xet nghiem',
  customer: ID.c1,
  customerPhone: '0912345678',
  customerEmail: 'khach@example.com',
  subcategory: ID.s1,
  conversationBooking: ID.b2,
  conversation: ID.v1,
  conversationPeople: [ID.p1, ID.c1],
  depositProvider: ID.p2,
  promotion: ID.d1,
  adminEmail: 'admin@sandichvu.vn',
  package: ID.i1,
  scheduled: '2026-12-01T03:00:00.000Z',
  from: '2026-10-27',
  to: '2026-11-26',
};

const calls = [
  ...listVariants(params).map((variant) => ({ method: 'POST', path: `/rpc/${variant.fn}` })),
  ...screenCalls(params, {
    catalogue: { profession_ids: ['k1'], service_ids: ['s1'], package_ids: ['i1'] },
    exportCursors: { bookings: 'x', commissions: 'y', deposits: 'z' },
    providerReviews: 25,
  }),
];

/** What the bench reads through REST: `table?select=columns` (and `table` alone). */
const measuredReads = new Set(
  calls.flatMap((call) => {
    if (call.method !== 'GET') return [];
    const url = new URL(call.path, 'http://bench');
    const table = url.pathname.slice(1);
    return [table, `${table}?select=${url.searchParams.get('select') ?? ''}`];
  }),
);
const measuredRpcs = new Set(calls.filter((call) => call.path.startsWith('/rpc/')).map((call) => call.path.slice('/rpc/'.length)));

describe('bench:api covers every read of the screens', () => {
  const text = apiFiles.map((file) => ({ file, body: readFileSync(path.join(ROOT, file), 'utf8') }));

  it('every RPC outside the mutations', () => {
    const rpcs = text.flatMap(({ file, body }) => (file.includes('mutation') ? [] : [...body.matchAll(/\.rpc\('(\w+)'/g)].map((m) => m[1]!)));
    // The paged lists go through fetchViewPage / walkListRows / fetchListPage with the function's name
    // (first argument), or through the helpers around them (lib/lists/list-query.ts, lib/lists/list-export.ts,
    // lib/supabase/rpc.ts): the name is the first argument, after the query key for the query options.
    const lists = text.flatMap(({ body }) =>
      [
        ...body.matchAll(/(?:fetchViewPage|walkListRows|fetchListPage|fetchListRows|exportListCsv|fetchRpc)\('(\w+)'/g),
        ...body.matchAll(/(?:listPageQueryOptions|listStatsQueryOptions)\((?:[^()']|\([^()]*\))*, '(\w+)'/g),
      ].map((m) => m[1]!),
    );
    expect(rpcs.length + lists.length).toBeGreaterThan(10);
    for (const name of [...rpcs, ...lists]) expect(measuredRpcs, name).toContain(name);
  });

  it('every REST read, with the columns the screen selects', () => {
    let checked = 0;
    for (const { file, body } of text) {
      for (const match of body.matchAll(/\.from\('(\w+)'\)\s*\.select\(\s*('([^']*)'|\w+)/g)) {
        const [, table, , literal] = match;
        const key = literal === undefined ? table! : `${table}?select=${literal.replace(/\s+/g, '')}`;
        expect(measuredReads, `${file}: ${key}`).toContain(key);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(25);
  });
});

describe('bench:api measures each sort a list screen offers', () => {
  // admin_list_<feature>: each list function is named after its feature's folder.
  const FEATURES = Object.keys(SCREEN_SORTS).map((fn) => [fn, fn.slice('admin_list_'.length)] as const);

  it.each(FEATURES)('%s: the sort keys of %s', (fn, feature) => {
    const keys = new Set<string>();
    for (const file of sources(`src/features/${feature}`)) {
      const body = readFileSync(path.join(ROOT, file), 'utf8');
      for (const m of body.matchAll(/sortKey: '(\w+)'/g)) keys.add(m[1]!);
      // sortValues([...]) of a screen's allowed sorts; the customers and providers lists name theirs
      // with profilesListAllowed(statuses, [...]) (lib/lists/profiles-list-filters.ts).
      for (const m of body.matchAll(/(?:sortValues\(|profilesListAllowed\(\w+, )\[([^\]]*)\]\)/g)) for (const key of m[1]!.matchAll(/'(\w+)'/g)) keys.add(key[1]!);
    }
    expect([...keys].sort()).toEqual([...SCREEN_SORTS[fn as keyof typeof SCREEN_SORTS].keys].sort());
  });

  it('every key in both directions except the default order', () => {
    const sorts = sortVariants(undefined).filter((v) => v.fn === 'admin_list_bookings').map((v) => v.sort);
    expect(sorts).toEqual(['created_at.asc', 'final_price.asc', 'final_price.desc', 'customer_name.asc', 'customer_name.desc']);
    expect(sortVariants({ admin_list_reviews: ['rating.desc'] }).filter((v) => v.fn === 'admin_list_reviews').map((v) => v.sort)).toEqual(['rating.desc']);
  });
});

describe('list filters as the screens send them', () => {
  it('translated by the screens’ own functions', () => {
    const byName = new Map(listVariants(params, new Date('2026-11-26T05:00:00Z')).map((v) => [v.name, v]));
    expect(byName.get('bookings, customer "do" (2 letters)')?.args).toEqual({ p_customer: 'do' });
    expect(byName.get('bookings, last 7 days')?.args).toEqual({ p_since: '2026-11-19T05:00:00.000Z' });
    expect(byName.get('bookings, provider')?.args).toEqual({ p_provider_id: ID.p1 });
    expect(byName.get('commissions, 30 days')?.args).toEqual({ p_from: '2026-10-26T17:00:00.000Z', p_to: '2026-11-26T17:00:00.000Z' });
    expect(byName.get('reviews, one star')?.args).toEqual({ p_rating: 1 });
    expect(byName.get('audit log, one booking')?.args).toEqual({ p_table: 'bookings', p_record: ID.b1 });
    expect(byName.get('conversations, open')?.args).toEqual({ p_status: 'active' });
  });

  it('names are unique (the growth table matches rows by name)', () => {
    const names = [...listVariants(params).map((v) => v.name), ...sortVariants(undefined).map((v) => v.name), ...calls.flatMap((c) => ('name' in c ? [c.name] : []))];
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('every filter × sort combination of the screens', () => {
  const now = new Date('2026-11-26T05:00:00Z');
  const all = listCombos(params, 'all', now, undefined);
  const single = listCombos(params, 'single', now, undefined);

  it('keeps the rows the bench always measured, under their names', () => {
    const names = new Set(all.map((c) => c.name));
    for (const variant of [...listVariants(params, now), ...sortVariants(undefined)]) expect(names, variant.name).toContain(variant.name);
    const singleNames = new Set(single.map((c) => c.name));
    for (const variant of [...listVariants(params, now), ...sortVariants(undefined)]) expect(singleNames, variant.name).toContain(variant.name);
  });

  it('each choice of each select filter, from the screens’ definitions', () => {
    const bookingStatuses = new Set(all.filter((c) => c.fn === 'admin_list_bookings').map((c) => c.args.p_status));
    for (const status of BOOKING_LIST_ALLOWED.status.filter((s) => s !== '')) expect(bookingStatuses).toContain(status);
    const ratings = new Set(all.filter((c) => c.fn === 'admin_list_reviews').map((c) => c.args.p_rating));
    for (const rating of REVIEW_RATING_CHOICES) expect(ratings).toContain(Number(rating));
    const tables = new Set(all.filter((c) => c.fn === 'admin_list_audit_log').map((c) => c.args.p_table));
    for (const table of Object.keys(auditLog.tables)) expect(tables).toContain(table);
    expect(all.find((c) => c.name === 'bookings, time 30d')?.args).toEqual({ p_since: '2026-10-27T05:00:00.000Z' });
    expect(all.find((c) => c.name === 'bookings, package "nguyen van" (no accents)')?.args).toEqual({ p_package: 'nguyen van' });
  });

  it('every filter in every order the screen offers (all), one factor at a time (single)', () => {
    for (const [fn, { allowed, defaultSort }] of Object.entries(SCREEN_SORT_VALUES)) {
      const combos = all.filter((c) => c.fn === fn);
      const filters = new Set(combos.map((c) => JSON.stringify(c.args)));
      const sorts = new Set(combos.map((c) => c.sort));
      expect([...sorts].sort(), fn).toEqual(['', ...allowed.filter((s) => s !== '' && s !== defaultSort)].sort());
      expect(combos, fn).toHaveLength(filters.size * sorts.size);
      expect(single.filter((c) => c.fn === fn), fn).toHaveLength(filters.size + sorts.size - 1);
    }
    expect(new Set(all.map((c) => c.name)).size).toBe(all.length);
  });
});

describe('bench:api options and buffers', () => {
  it('reads the options', () => {
    expect(benchOptions([])).toEqual({ combos: 'all', cold: false });
    expect(benchOptions(['--combos=single', '--only=^reviews', '--cold', '--max-buffers=5000'])).toEqual({ combos: 'single', only: /^reviews/, cold: 'os', maxBuffers: 5000 });
    expect(benchOptions(['--cold=postgres']).cold).toBe('postgres');
    expect(() => benchOptions(['--max-buffers=lots'])).toThrow(/positive integer/);
  });

  it('adds the top node’s and the planning’s shared buffers', () => {
    const explained = [{ Plan: { 'Node Type': 'Function Scan', 'Shared Hit Blocks': 112, 'Shared Read Blocks': 7, Plans: [{ 'Shared Hit Blocks': 100 }] }, Planning: { 'Shared Hit Blocks': 3, 'Shared Read Blocks': 1 } }];
    expect(planBuffers(explained)).toEqual({ hit: 115, read: 8 });
    expect(planBuffers([{ Plan: {} }])).toEqual({ hit: 0, read: 0 });
  });
});
