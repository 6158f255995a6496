// `npm run seed:large`: adds a large data set to the stack's database (loadConfig(): the embedded
// server, started if needed, or DATABASE_URL) for performance work: by default 100,000 users (5,000 providers,
// 95,000 customers, with auth.users and auth.identities rows sharing one precomputed bcrypt hash of
// "MatKhau@123") and 1,000,000 bookings over the last 365 days, with their commissions, reviews,
// conversations and messages, and provider deposits. Each provider offers two services
// (provider_service_types) and gets bookings of those only, as on the marketplace.
//
// Set-based SQL (generate_series, insert … select) in committed batches. Row triggers would be slow
// per row, so each batch runs with session_replication_role = replica (no triggers, no FK checks:
// the rows are consistent by construction) and the trigger-maintained figures are rebuilt at the
// end (private.rebuild_rollups(): dashboard rollups, total_bookings, total_earnings, the bookings
// list's word values private.booking_search_values; deposits and
// balances are computed directly). Nothing of this goes to the audit log.
//
// Idempotent and resumable: every generated row has a fixed id derived from its index (prefix
// e1… users, e2… bookings, e3… deposits, e4… conversations); a batch whose last row exists is skipped.
import { mkdirSync, statfsSync } from 'node:fs';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { loadConfig } from '../local-stack/config.ts';
import { prepareDatabase, redact } from '../local-stack/db.ts';

// Size: `--bookings=N --profiles=M` (or SEED_LARGE_BOOKINGS / SEED_LARGE_PROFILES). Bookings default
// to 1,000,000; profiles (the generated users) to a tenth of the bookings; providers are a twentieth
// of the profiles (200,000 bookings: 20,000 users, 1,000 providers; 10,000,000 / 1,000,000: 50,000
// providers). Reviews, commissions, conversations, messages and deposits hang off the bookings and
// providers in fixed proportions, whatever the size. One size per data folder (SDV_DATA_DIR): the
// ids and dates depend on it.
//
// Bounded: before adding anything it estimates the disk the set needs (BYTES_PER_BOOKING,
// BYTES_PER_PROFILE, measured here) and stops when the data folder's file system has less free
// (`--force` goes on anyway); each batch prints its rows/s and the ETA of the bookings.
const argValue = (name: string): string | undefined => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const BOOKINGS = Number(argValue('bookings') ?? process.env.SEED_LARGE_BOOKINGS ?? 1_000_000);
if (!Number.isInteger(BOOKINGS) || BOOKINGS < 10_000) throw new Error('--bookings (SEED_LARGE_BOOKINGS) must be an integer ≥ 10000');
const USERS = Number(argValue('profiles') ?? process.env.SEED_LARGE_PROFILES ?? Math.floor(BOOKINGS / 10));
if (!Number.isInteger(USERS) || USERS < 1_000) throw new Error('--profiles (SEED_LARGE_PROFILES) must be an integer ≥ 1000');
const FORCE = process.argv.includes('--force');
const PROVIDERS = Math.max(1, Math.floor(USERS / 20));
/**
 * Disk per generated row, with its share of commissions, reviews, conversations, messages, deposits
 * and every index: +454 MB for 200,000 bookings and 20,000 profiles here (docs/benchmarks.md#large-data-sets),
 * rounded up. The write-ahead log adds up to max_wal_size (4 GB, local-stack/db.ts) whatever the size.
 */
const BYTES_PER_BOOKING = 2_300;
const BYTES_PER_PROFILE = 1_500;
const WAL_BYTES = 4.5e9;
const USER_BATCH = 25_000;
const BOOKING_BATCH = 50_000;
const PASSWORD = 'MatKhau@123';

const userId = (expr: string): string => `('e1000000-0000-4000-8000-' || lpad((${expr})::text, 12, '0'))::uuid`;
const bookingId = (expr: string): string => `('e2000000-0000-4000-8000-' || lpad((${expr})::text, 12, '0'))::uuid`;

const NAME_SQL = `
  (array['Nguyễn','Trần','Lê','Phạm','Hoàng','Huỳnh','Phan','Vũ','Võ','Đặng','Bùi','Đỗ','Hồ','Ngô','Dương','Lý'])[1 + (i * 7) % 16]
  || ' ' || (array['Văn','Thị','Hữu','Đức','Minh','Thanh','Ngọc','Quốc','Gia','Thu'])[1 + (i * 3) % 10]
  || ' ' || (array['An','Bình','Cường','Dũng','Giang','Hà','Hải','Hạnh','Hiếu','Hoa','Hùng','Hương','Khánh','Lan','Linh',
                   'Long','Mai','Minh','Nam','Nga','Phong','Phúc','Quân','Quang','Sơn','Tâm','Thảo','Trang','Tuấn','Vy'])[1 + (i * 11) % 30]`;

function insertUsersSql(): string {
  return `
  with g as (
    select i, ${userId('i')} as id, i <= ${PROVIDERS} as is_provider,
           case when i <= ${PROVIDERS} then 'tho.lon' else 'khach.lon' end || lpad(i::text, greatest(6, length(i::text)), '0') || '@example.com' as email,
           -- Accounts of each role are written oldest first, over the 600 days before the bookings: the
           -- table's pages then follow created_at, as on a live marketplace, and a name or a status is
           -- spread over time (docs/benchmarks.md#large-data-sets).
           now() - interval '400 days' - (case when i <= ${PROVIDERS} then (${PROVIDERS} - i)::double precision / ${PROVIDERS}
                                               else (${USERS} - i)::double precision / ${Math.max(1, USERS - PROVIDERS)} end)
                                         * interval '600 days' as created_at
      from generate_series($1::int, $2::int) i
  ), users as (
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                            raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                            confirmation_token, recovery_token, email_change_token_new, email_change)
    select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email, $3, created_at,
           case when is_provider then '{"provider":"email","providers":["email"],"role":"provider"}'::jsonb
                else '{"provider":"email","providers":["email"]}'::jsonb end,
           '{}'::jsonb, created_at, created_at, '', '', '', ''
      from g
    on conflict (id) do nothing
    returning id
  ), identities as (
    insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
    select g.id::text, g.id, jsonb_build_object('sub', g.id::text, 'email', g.email, 'email_verified', true), 'email',
           g.created_at, g.created_at
      from g
    on conflict (provider_id, provider) do nothing
  )
  insert into public.profiles (id, role, name, email, phone, status, saved_addresses, created_at, updated_at)
  select id, case when is_provider then 'provider' else 'customer' end, ${NAME_SQL}, email,
         '03' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'),
         case when is_provider then (array['active','active','active','active','active','active','pending_approval','inactive','banned'])[1 + i % 9]
              else (array['active','active','active','active','active','active','active','inactive','banned','pending_approval'])[1 + i % 10] end,
         case when is_provider then '[]'::jsonb
              else jsonb_build_array(jsonb_build_object('address', (i % 300 + 1) || ' Đường số ' || (i % 40 + 1) || ', TP. Hồ Chí Minh',
                                                        'label', 'Nhà riêng', 'is_default', true)) end,
         created_at, created_at
    from g
  on conflict (id) do nothing`;
}

// The two services of provider n (numbers of sdv_large_items.sub_n), as SQL: a provider takes bookings
// of its own services only, as on the marketplace (docs/marketplace.md), so a provider's commissions
// fall in one or two services, not in every one.
const SERVICE_COUNT = '(select max(sub_n) from sdv_large_items)';
const firstService = (n: string): string => `(1 + ((${n}) * 7) % ${SERVICE_COUNT})`;
const secondService = (n: string): string => `(1 + ((${n}) * 7 + 5) % ${SERVICE_COUNT})`;
const PROVIDER_SERVICES_SQL = `
  insert into public.provider_service_types (provider_id, subcategory_id, created_at)
  select distinct ${userId('n')}, si.subcategory_id, now() - interval '400 days'
    from generate_series(1, ${PROVIDERS}) n
    join sdv_large_items si on si.k = 1 and si.sub_n in (${firstService('n')}, ${secondService('n')})
  on conflict do nothing`;

// One batch of bookings ($1..$2) plus what hangs off them: commissions of completed ones, reviews
// of half of those, and a conversation with four messages for one booking in twenty that has a provider.
function insertBookingsSql(): string {
  return `
  with g0 as (
    select i,
           -- rising with i, as a column that defaults to now() rises with the order rows are written in:
           -- the table's pages then follow created_at, as on a live marketplace (docs/benchmarks.md#large-data-sets)
           now() - make_interval(mins => 30) - ((${BOOKINGS} - i)::double precision / ${BOOKINGS}) * interval '365 days' as created_at,
           -- status from a multiplicative hash, independent of the customer / provider choice
           case when (i * 2654435761) % 4294967296 / 42949673 < 55 then 'completed'
                when (i * 2654435761) % 4294967296 / 42949673 < 65 then 'cancelled'
                when (i * 2654435761) % 4294967296 / 42949673 < 75 then 'confirmed'
                when (i * 2654435761) % 4294967296 / 42949673 < 85 then 'pending_completion'
                else 'pending' end as status,
           ${PROVIDERS} + 1 + (i * 7919) % (${USERS} - ${PROVIDERS}) as customer_n,
           1 + (i * 104729) % ${PROVIDERS} as provider_n,
           (i * 2246822519) % 4294967296 / 42949673 as h_a,
           (i * 3266489917) % 4294967296 / 42949673 as h_b
      from generate_series($1::bigint, $2::bigint) i
  ), g as (
    -- A provider works in its two services (provider_service_types): two bookings in three for the first.
    select g0.*, case when g0.i % 3 = 0 then ${secondService('g0.provider_n')} else ${firstService('g0.provider_n')} end as sub_n
      from g0
  )
  insert into public.bookings (id, customer_id, customer_name, customer_email, customer_phone, provider_id, provider_queue,
                               subcategory_id, service_name, category_name, service_item_id, service_item_name,
                               service_item_description, service_item_job_details, service_item_duration, service_item_price,
                               status, scheduled_at, address, note, payment_method, original_price, final_price,
                               discount_code, discount_type, discount_value, discount_amount,
                               completion_reported_at, completed_at, created_at, updated_at)
  select ${bookingId('g.i')}, cp.id, cp.name, cp.email, cp.phone,
         case when g.status = 'pending' and g.h_a < 50 then null else ${userId('g.provider_n')} end,
         array[${userId('g.provider_n')}],
         si.subcategory_id, si.service_name, si.category_name, si.id, si.name,
         si.description, si.job_details, si.duration, si.price,
         g.status, g.created_at + make_interval(days => (1 + g.i % 3)::int, hours => (8 + g.i % 10)::int),
         (g.i % 500 + 1) || ' Đường số ' || (g.i % 60 + 1) || ', TP. Hồ Chí Minh', null,
         case when g.i % 3 = 0 then 'bank_transfer' else 'cash' end,
         si.price,
         case when g.h_b < 10 then si.price - round(si.price * 0.1)::bigint else si.price end,
         case when g.h_b < 10 then 'GIAM10' end, case when g.h_b < 10 then 'percentage' end,
         case when g.h_b < 10 then 10 end, case when g.h_b < 10 then round(si.price * 0.1)::bigint end,
         case when g.status in ('pending_completion', 'completed') then g.created_at + interval '20 hours' end,
         case when g.status = 'completed' then least(g.created_at + interval '1 day', now() - interval '1 minute') end,
         g.created_at, g.created_at
    from g
    join sdv_large_items si on si.sub_n = g.sub_n and si.k = 1 + (g.i * 31) % si.sub_count
    join public.profiles cp on cp.id = ${userId('g.customer_n')}
   -- in the order of created_at: without it the rows came out of the join in the customers' order,
   -- so a batch's 1.8 days lay over its 4,000 table pages at random (docs/benchmarks.md#large-data-sets)
   order by g.i
  on conflict (id) do nothing`;
}

const COMMISSIONS_SQL = `
  insert into public.commissions (booking_id, provider_id, subcategory_id, commission_rate, service_price, final_price,
                                  booking_completed_at, created_at, updated_at)
  select b.id, b.provider_id, b.subcategory_id, si.rate, b.original_price, b.final_price, b.completed_at, b.completed_at, b.completed_at
    from public.bookings b
    join sdv_large_items si on si.id = b.service_item_id
   where b.id between ${bookingId('$1::int')} and ${bookingId('$2::int')} and b.status = 'completed'
  on conflict (booking_id) do nothing`;

const REVIEWS_SQL = `
  insert into public.reviews (booking_id, provider_id, customer_id, customer_name, rating, comment, status, created_at, updated_at)
  select b.id, b.provider_id, b.customer_id, b.customer_name, r.rating,
         (array['Làm rất tệ, không đúng hẹn.', 'Chưa hài lòng lắm.', 'Tạm được.', 'Làm tốt, sẽ đặt lại.', 'Rất hài lòng!'])[r.rating],
         case when n.i % 31 = 0 then 'inactive' else 'active' end,
         b.completed_at + interval '3 hours', b.completed_at + interval '3 hours'
    from public.bookings b
    cross join lateral (select right(b.id::text, 12)::int as i) n
    cross join lateral (select case when n.i % 23 = 0 then 1 when n.i % 17 = 0 then 2 when n.i % 7 = 0 then 3
                                    when n.i % 3 = 0 then 4 else 5 end as rating) r
   where b.id between ${bookingId('$1::int')} and ${bookingId('$2::int')} and b.status = 'completed'
     -- half of them, by a hash independent of the customer / provider choice
     and (n.i * 3266489917) % 4294967296 / 42949673 < 50
  on conflict (booking_id) do nothing`;

const CONVERSATIONS_SQL = `
  with c as (
    insert into public.conversations (id, booking_id, provider_id, customer_id, is_active, last_message, last_message_at, created_at, updated_at)
    select ('e4000000-0000-4000-8000-' || right(b.id::text, 12))::uuid, b.id, b.provider_id, b.customer_id,
           b.status <> 'completed', 'Dạ em cảm ơn anh/chị ạ.', b.created_at + interval '40 minutes', b.created_at, b.created_at
      from public.bookings b
     where b.id between ${bookingId('$1::int')} and ${bookingId('$2::int')}
       and b.provider_id is not null
       -- one booking in twenty, by a hash independent of the customer / provider choice
       and (right(b.id::text, 12)::bigint * 2246822519) % 4294967296 / 42949673 < 5
    on conflict (booking_id) do nothing
    returning id, booking_id, provider_id, customer_id, created_at
  )
  insert into public.messages (conversation_id, booking_id, sender_id, type, content, created_at, is_read, read_at)
  select c.id, c.booking_id, case when m.k % 2 = 1 then c.customer_id else c.provider_id end, 'text', m.content,
         c.created_at + make_interval(mins => m.k * 10), true, c.created_at + make_interval(mins => m.k * 10 + 2)
    from c
    cross join (values (1, 'Chào anh/chị, anh/chị đến lúc mấy giờ ạ?'), (2, 'Dạ khoảng 30 phút nữa em tới ạ.'),
                       (3, 'Vâng, cảm ơn anh/chị.'), (4, 'Dạ em cảm ơn anh/chị ạ.')) as m(k, content)`;

const DEPOSITS_SQL = `
  with d as (
    select ${userId('p')} as provider_id, k,
           ('e3000000-0000-4000-8000-' || lpad((p * 10 + k)::text, 12, '0'))::uuid as id,
           (array[200000, 500000, 1000000, 2000000])[1 + (p + k) % 4]::bigint as amount,
           case when (p + k) % 5 < 3 then 'completed' when (p + k) % 5 = 3 then 'pending' else 'canceled' end as status,
           now() - make_interval(days => 360 - k * 100 - p % 50) as created_at
      from generate_series(1, ${PROVIDERS}) p cross join generate_series(1, 3) k
  ), running as (
    select d.*, sum(case when status = 'completed' then amount else 0 end)
                  over (partition by provider_id order by created_at, k) as balance_after
      from d
  )
  insert into public.deposit_history (id, provider_id, amount, status, old_balance, new_balance, created_at, updated_at)
  select id, provider_id, amount, status,
         case when status = 'completed' then balance_after - amount end,
         case when status = 'completed' then balance_after end,
         created_at, created_at
    from running
   -- written in time order, as deposits arrive (not provider by provider)
   order by created_at, id
  on conflict (id) do nothing`;

const PROVIDER_DEPOSITS_SQL = `
  update public.profiles p
     set deposit = t.total
    from (select provider_id, sum(amount)::bigint as total from public.deposit_history
           where id::text like 'e3000000-%' and status = 'completed' group by provider_id) t
   where p.id = t.provider_id and p.deposit is distinct from t.total`;

// The visible packages, numbered within their service (k of sub_count) and their services numbered
// (sub_n of the services that have packages).
const ITEMS_SQL = `
  create temporary table sdv_large_items as
  select dense_rank() over (order by si.subcategory_id) as sub_n,
         row_number() over (partition by si.subcategory_id order by si.id) as k,
         count(*) over (partition by si.subcategory_id) as sub_count,
         si.id, si.subcategory_id, si.name, si.description, si.job_details,
         si.duration, si.price, s.name as service_name, c.name as category_name,
         coalesce(s.commission_rate, (select commission_rate from public.settings where id = 'app'), 10) as rate
    from public.service_items si
    join public.subcategories s on s.id = si.subcategory_id
    join public.categories c on c.id = s.category_id
   where si.active and s.active`;

async function exists(client: pg.Client, sql: string): Promise<boolean> {
  const result = await client.query<{ found: boolean }>(`select exists (${sql}) as found`);
  return result.rows[0]?.found === true;
}

async function counts(client: pg.Client): Promise<Record<string, number>> {
  const result = await client.query<Record<string, string>>(`
    select (select count(*) from public.profiles where id::text like 'e1000000-%') as users,
           (select count(*) from public.bookings where id::text like 'e2000000-%') as bookings,
           (select count(*) from public.commissions) as commissions,
           (select count(*) from public.reviews) as reviews,
           (select count(*) from public.deposit_history) as deposits,
           (select count(*) from public.conversations) as conversations,
           (select count(*) from public.messages) as messages,
           (select count(*) from public.bookings) as bookings_total,
           (select count(*) from public.profiles) as profiles_total`);
  const row = result.rows[0] ?? {};
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

async function databaseSize(client: pg.Client): Promise<number> {
  const result = await client.query<{ n: string }>('select pg_database_size(current_database())::text as n');
  return Number(result.rows[0]?.n ?? 0);
}

async function inBatch(client: pg.Client, fn: () => Promise<void>): Promise<void> {
  await client.query('begin');
  try {
    // No row triggers (audit, snapshots, rollups, commissions) and no FK trigger checks for bulk rows.
    await client.query("set local session_replication_role = 'replica'");
    await fn();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** "1.2 GB" */
function bytes(n: number): string {
  return n >= 1e9 ? `${(n / 1e9).toFixed(1)} GB` : `${Math.round(n / 1e6)} MB`;
}

/** Bytes free on the file system of `dir` (made first when missing). */
function freeBytes(dir: string): number {
  mkdirSync(dir, { recursive: true });
  const info = statfsSync(dir);
  return Number(info.bavail) * Number(info.bsize);
}

/** Rows/s and the remaining time of a phase, after `done` of `total` rows in `ms`. */
function progress(done: number, total: number, ms: number): string {
  const rate = done / Math.max(ms / 1000, 0.001);
  const left = (total - done) / Math.max(rate, 1);
  const eta = left >= 3600 ? `${Math.floor(left / 3600)} h ${Math.round((left % 3600) / 60)} min` : left >= 60 ? `${Math.floor(left / 60)} min ${Math.round(left % 60)} s` : `${Math.round(left)} s`;
  return `${Math.round((done / total) * 100)} %, ${Math.round(rate).toLocaleString('en-US')} rows/s, ETA ${eta}`;
}

async function main(): Promise<void> {
  const started = Date.now();
  const elapsed = (): string => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const config = loadConfig(process.env);
  console.log(`Size: ${BOOKINGS.toLocaleString('en-US')} bookings, ${USERS.toLocaleString('en-US')} profiles (${PROVIDERS.toLocaleString('en-US')} providers).`);
  const needed = BOOKINGS * BYTES_PER_BOOKING + USERS * BYTES_PER_PROFILE + WAL_BYTES;
  const free = freeBytes(config.dataDir);
  console.log(`Disk: about ${bytes(needed)} needed with the write-ahead log (at most; less when resuming), ${bytes(free)} free under ${config.dataDir}.`);
  if (needed > free * 0.9 && !FORCE) throw new Error(`Not enough free disk for this size (${bytes(needed)} needed, ${bytes(free)} free); --force to go on anyway.`);
  const db = await prepareDatabase(config, (line) => console.log(line));
  console.log(`Database: ${redact(db.url)}`);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query('set statement_timeout = 0');
    await client.query("set synchronous_commit = 'off'");
    const before = await counts(client);
    const sizeBefore = await databaseSize(client);
    console.log('Present:', before, bytes(sizeBefore));
    if (before.users === USERS && before.bookings === BOOKINGS) {
      console.log('The large data set is complete, nothing added.');
      return;
    }
    await client.query(ITEMS_SQL);
    const items = await client.query<{ n: string }>('select count(*)::text as n from sdv_large_items');
    if (Number(items.rows[0]?.n ?? 0) === 0) throw new Error('No service catalogue (service_items) yet: run the seed first.');

    const hash = await bcrypt.hash(PASSWORD, 10);
    let phaseStarted = Date.now();
    let phaseDone = 0;
    for (let from = 1; from <= USERS; from += USER_BATCH) {
      const to = Math.min(from + USER_BATCH - 1, USERS);
      if (await exists(client, `select 1 from public.profiles where id = ${userId(String(to))}`)) continue;
      await inBatch(client, async () => {
        await client.query(insertUsersSql(), [from, to, hash]);
      });
      phaseDone += to - from + 1;
      console.log(`  users ${from}–${to} (${elapsed()}; ${progress(phaseDone, USERS - from + 1 + phaseDone - (to - from + 1), Date.now() - phaseStarted)})`);
    }

    if (!(await exists(client, `select 1 from public.deposit_history where id::text like 'e3000000-%'`))) {
      await inBatch(client, async () => {
        await client.query(DEPOSITS_SQL);
        await client.query(PROVIDER_DEPOSITS_SQL);
      });
      console.log(`  deposits of ${PROVIDERS} providers (${elapsed()})`);
    }
    if (!(await exists(client, `select 1 from public.provider_service_types where provider_id = ${userId('1')}`))) {
      await inBatch(client, async () => {
        await client.query(PROVIDER_SERVICES_SQL);
      });
      console.log(`  services of ${PROVIDERS} providers (${elapsed()})`);
    }

    phaseStarted = Date.now();
    phaseDone = 0;
    for (let from = 1; from <= BOOKINGS; from += BOOKING_BATCH) {
      const to = Math.min(from + BOOKING_BATCH - 1, BOOKINGS);
      if (await exists(client, `select 1 from public.bookings where id = ${bookingId(String(to))}`)) continue;
      await inBatch(client, async () => {
        await client.query(insertBookingsSql(), [from, to]);
        await client.query(COMMISSIONS_SQL, [from, to]);
        await client.query(REVIEWS_SQL, [from, to]);
        await client.query(CONVERSATIONS_SQL, [from, to]);
      });
      phaseDone += to - from + 1;
      console.log(`  bookings ${from}–${to} with commissions, reviews, conversations (${elapsed()}; ${progress(phaseDone, BOOKINGS - from + 1 + phaseDone - (to - from + 1), Date.now() - phaseStarted)})`);
    }

    // A promotion code's uses are the bookings that hold it and were not cancelled (docs/product.md#promotion-codes),
    // and never above its maximum: the GIAM10 bookings above count as its uses.
    // Without row triggers too: these updates are bookkeeping of the generated rows, not changes an
    // admin made, and with the audit trigger on, rebuild_rollups' new total_bookings / total_earnings
    // wrote one audit entry per generated profile (100,000 at 1M bookings, 1M at 10M).
    console.log(`Promotion code uses … (${elapsed()})`);
    await inBatch(client, async () => {
      await client.query(`
        update public.discount_codes c
           set max_uses = greatest(c.max_uses, u.uses), uses_count = u.uses
          from (select dc.id, (select count(*) from public.bookings b where b.discount_code = dc.code and b.status <> 'cancelled')::integer as uses
                  from public.discount_codes dc) u
         where u.id = c.id and c.uses_count <> u.uses`);
    });
    console.log(`Recomputing the aggregates (rollups, total_bookings, total_earnings) … (${elapsed()})`);
    await inBatch(client, async () => {
      await client.query('select private.rebuild_rollups()');
      // The rollups of the stats screens (user counts, commissions per service, deposits per status).
      await client.query("do $$ begin if to_regprocedure('private.rebuild_stats_rollups()') is not null then perform private.rebuild_stats_rollups(); end if; end $$");
    });
    // The recompute updated every profile in one statement, and each new version went wherever there
    // was room (a live marketplace updates one row at a time, and the table's fillfactor keeps each
    // new version on its row's page): the table is rewritten in the order the accounts were created
    // in, both roles together, as a live table stays (docs/database.md#profiles-stay-in-creation-order).
    console.log(`Profiles in creation order (CLUSTER) … (${elapsed()})`);
    await inBatch(client, async () => {
      await client.query('create index sdv_large_profiles_created_at on public.profiles (created_at, id)');
      await client.query('cluster public.profiles using sdv_large_profiles_created_at');
      await client.query('drop index public.sdv_large_profiles_created_at');
    });
    // VACUUM as well as ANALYZE: the visibility map then says every page is all-visible, as
    // autovacuum leaves an insert-mostly table in steady state, so index-only scans read no heap
    // pages. Without it a fresh set answered the same deep page with 3 times the buffers of a set
    // autovacuum had reached (reviews, one star, page 41: 41,600 against 14,262), which made
    // before/after benchmarks on two fresh sets compare vacuum timing, not code.
    console.log(`VACUUM (ANALYZE) … (${elapsed()})`);
    await client.query('vacuum (analyze)');
    const sizeAfter = await databaseSize(client);
    console.log('After adding:', await counts(client));
    console.log(`Database size ${bytes(sizeAfter)} (+${bytes(sizeAfter - sizeBefore)}).`);
    console.log(`✓ Done in ${elapsed()}.`);
  } finally {
    await client.end();
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
