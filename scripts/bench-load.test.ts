// bench:load's mix sends what the screens send: the functions' real argument names, the screens'
// statuses and sorts, the column lists the screens select, no REST read a screen does not make.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '@/features/bookings/api/booking-filters.ts';
import { CUSTOMER_STATUSES } from '@/features/customers/api/customer-rules.ts';
import { DEPOSIT_STATUSES } from '@/features/deposits/api/deposit-rules.ts';
import { DISCOUNT_TYPES, PROMOTION_STATUSES } from '@/features/promotions/api/promotion-rules.ts';
import { PROVIDER_FILTER_STATUSES } from '../src/features/providers/api/provider-rules.ts';
import { SCREEN_SORTS } from './bench-api.ts';
import { loadMix, SCREEN_VALUES, type LoadParameters, type MixEntry } from './bench-load.ts';
import { prng } from './lib/prng.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

const uuid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const params: LoadParameters = {
  adminId: uuid(1),
  adminEmail: 'admin@sandichvu.vn',
  provider: uuid(2),
  booking: uuid(3),
  bookingPeople: [uuid(4), uuid(2)],
  bookingSubcategory: uuid(5),
  bookingProvider: uuid(2),
  service: 'Vệ',
  item: 'Gói',
  customers: [{ id: uuid(4), name: 'Khách', updated_at: '2026-11-20T01:00:00.000000+00:00' }],
  reviews: [{ id: uuid(6), status: 'active', updated_at: '2026-11-20T01:00:00.000000+00:00' }],
  deposits: [{ id: uuid(7), status: 'completed', updated_at: '2026-11-20T01:00:00.000000+00:00', provider_id: uuid(2) }],
  bookings: [{ id: uuid(8), status: 'completed', updated_at: '2026-11-20T01:00:00.000000+00:00' }],
  subcategory: uuid(5),
  customerIds: [uuid(4)],
  codeWords: ['gia', 'te'],
};

/** Many requests of one entry, as runLoad builds them (path first, then headers and body). */
function draw(entry: MixEntry, times = 300): { path: string; body: Record<string, unknown> | null; headers: Record<string, string> }[] {
  return Array.from({ length: times }, () => {
    const requestPath = entry.path();
    const headers = typeof entry.headers === 'function' ? entry.headers() : (entry.headers ?? {});
    const body = entry.body ? (JSON.parse(entry.body()) as Record<string, unknown>) : null;
    return { path: requestPath, body, headers };
  });
}

const mix = loadMix(params, prng(7));
const requests = mix.flatMap((entry) => draw(entry).map((request) => ({ entry, ...request })));

/** Argument names of a public function, from the generated types. */
const types = read('src/types/database.ts');
function argumentsOf(fn: string): string[] {
  const match = new RegExp(`"${fn}": \\{\\s*Args: (\\{[^}]*\\}|Record<PropertyKey, never>)`).exec(types);
  if (!match) throw new Error(`no function ${fn} in src/types/database.ts`);
  return [...match[1]!.matchAll(/"(\w+)"\??:/g)].map((m) => m[1]!);
}

/** `table?select=columns` of every REST read and every write's returned columns in the screens. */
function screenSelects(): { reads: Set<string>; writes: Set<string> } {
  const files = readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => read(path.join('src', file)));
  const constants = new Map<string, string>();
  for (const text of files) for (const m of text.matchAll(/const (\w+_COLUMNS) =\s*'([^']*)'/g)) constants.set(m[1]!, m[2]!);
  const columns = (raw: string): string => (raw.startsWith("'") ? raw.slice(1, -1) : (constants.get(raw) ?? raw)).replace(/\s+/g, '');
  const reads = new Set<string>();
  const writes = new Set<string>();
  for (const text of files) {
    for (const m of text.matchAll(/\.from\('(\w+)'\)\s*\.select\(\s*('[^']*'|\w+)/g)) reads.add(`${m[1]}?select=${columns(m[2]!)}`);
    for (const m of text.matchAll(/\.from\('(\w+)'\)\s*\.update\([^;]*?\.select\(\s*('[^']*'|\w+)/g)) writes.add(`${m[1]}?select=${columns(m[2]!)}`);
  }
  return { reads, writes };
}

describe('bench:load mix', () => {
  it('calls the list RPCs the screens call, not the REST reads they replaced', () => {
    const rpcs = new Set(requests.filter((r) => r.path.startsWith('/rpc/')).map((r) => r.path.slice('/rpc/'.length)));
    for (const fn of ['admin_list_providers', 'admin_list_promotions', 'admin_provider_options', 'admin_list_audit_log', 'admin_catalogue_matches', 'admin_discount_code_stats']) {
      expect(rpcs, fn).toContain(fn);
    }
    expect(requests.some((r) => r.path.startsWith('/profiles') && r.path.includes('role=eq.provider') && r.path.includes('order='))).toBe(false);
  });

  it('sends only argument names the functions take, and never p_count (fetchViewPage counts by default)', () => {
    for (const request of requests) {
      if (!request.path.startsWith('/rpc/')) continue;
      const names = argumentsOf(request.path.slice('/rpc/'.length));
      for (const key of Object.keys(request.body ?? {})) expect(names, `${request.entry.name}: ${key}`).toContain(key);
      expect(request.body, request.entry.name).not.toHaveProperty('p_count');
    }
  });

  it('uses the statuses and sorts the screens offer', () => {
    expect(SCREEN_VALUES.bookingStatuses).toEqual([...BOOKING_STATUSES]);
    expect(SCREEN_VALUES.depositStatuses).toEqual([...DEPOSIT_STATUSES]);
    expect(SCREEN_VALUES.customerStatuses).toEqual([...CUSTOMER_STATUSES]);
    expect(SCREEN_VALUES.providerStatuses).toEqual([...PROVIDER_FILTER_STATUSES]);
    expect(SCREEN_VALUES.promotionTypes).toEqual([...DISCOUNT_TYPES]);
    expect(SCREEN_VALUES.promotionStatuses).toEqual([...PROMOTION_STATUSES]);
    for (const [fn, { keys, defaultSort }] of Object.entries(SCREEN_SORTS)) {
      const offered = keys.flatMap((key) => [`${key}.asc`, `${key}.desc`]).filter((sort) => sort !== defaultSort);
      expect([...SCREEN_VALUES.sorts[fn as keyof typeof SCREEN_VALUES.sorts]], fn).toEqual(offered);
    }
    const statuses = new Set(requests.filter((r) => r.path === '/rpc/admin_list_bookings').map((r) => r.body?.p_status).filter((s) => s !== undefined));
    expect([...statuses].sort()).toEqual([...BOOKING_STATUSES].sort());
  });

  it('reads and writes the columns the screens select', () => {
    const { reads, writes } = screenSelects();
    for (const request of requests) {
      if (request.path.startsWith('/rpc/')) continue;
      const url = new URL(request.path, 'http://bench');
      const key = `${url.pathname.slice(1)}?select=${url.searchParams.get('select') ?? ''}`;
      if (request.entry.method === 'GET') expect(reads, request.entry.name).toContain(key);
      else expect(writes, request.entry.name).toContain(key);
    }
  });

  it('single-row reads ask for an object as .single() does', () => {
    const singles = requests.filter((r) => r.headers.Accept === 'application/vnd.pgrst.object+json').map((r) => new URL(r.path, 'http://bench').searchParams.get('select'));
    expect(new Set(singles)).toEqual(new Set(['name,deposit,status', 'deposit,status']));
  });

  it('status changes that move money alternate, with conflicts from the updated_at check', () => {
    const booking = mix.find((entry) => entry.name.startsWith('booking status change, moves money'))!;
    const deposit = mix.find((entry) => entry.name.startsWith('deposit status change, moves the balance'))!;
    const fresh = { ...params.bookings[0]!, status: 'pending_completion', updated_at: '2026-11-20T02:00:00.000000+00:00' };
    expect(booking.path()).toContain(`updated_at=eq.${encodeURIComponent('2026-11-20T01:00:00.000000+00:00')}`);
    expect(JSON.parse(booking.body!())).toEqual({ status: 'pending_completion' });
    expect(booking.onBody!(JSON.stringify([fresh]))).toBe('ok');
    booking.path();
    expect(JSON.parse(booking.body!())).toEqual({ status: 'completed' });
    expect(booking.onBody!('[]')).toBe('conflict');
    deposit.path();
    expect(JSON.parse(deposit.body!())).toEqual({ status: 'pending' });
  });
});
