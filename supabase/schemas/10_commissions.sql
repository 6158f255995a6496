-- Commission of a completed booking (docs/decisions.md#commission-amounts,
-- docs/decisions.md#commission-rows-follow-completion). Rows are written by the database only:
-- private.bookings_sync_commission keeps one row per completed booking and
-- private.commissions_sync_earnings keeps the providers' total_earnings (both security definer).
-- Amounts are bounded (docs/product.md#input-rules); btree indexes serve the admin list's sorts.

create table public.commissions (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  provider_id uuid references public.profiles (id) on delete set null,
  subcategory_id uuid references public.subcategories (id) on delete set null,
  -- The platform's percentage, snapshotted when the booking completed.
  commission_rate numeric(5, 2) not null constraint commissions_commission_rate_check check (commission_rate between 0 and 100),
  service_price bigint not null constraint commissions_service_price_check check (service_price >= 0),
  -- Platform income.
  platform_fee bigint generated always as (round(service_price * commission_rate / 100)::bigint) stored,
  -- What the provider earns.
  provider_amount bigint generated always as (service_price - round(service_price * commission_rate / 100)::bigint) stored,
  final_price bigint not null constraint commissions_final_price_check check (final_price >= 0),
  booking_completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint commissions_booking_id_key unique (booking_id),
  -- Input bounds.
  constraint commissions_service_price_range check (service_price <= 1000000000),
  constraint commissions_final_price_range check (final_price <= 1000000000)
);
comment on table public.commissions is 'One row per completed booking, created/removed by trigger on bookings.status. platform_fee = round(service_price * commission_rate / 100), provider_amount = service_price - platform_fee.';

alter table public.commissions enable row level security;

-- The admin commissions list's default order; the index includes what its typed text and its other filters
-- read, so that a page's ids (and the rows a deep page skips) come from the index alone
-- (private.admin_sorted_page, docs/search.md).
create index commissions_created_at_search_idx on public.commissions (created_at desc, id desc)
  include (provider_id, subcategory_id, booking_id);
-- A provider's commissions newest first; the sums of the stat cards are in the index too, so the
-- days of a period outside the monthly rollup are read from it alone (index-only scans).
create index commissions_provider_id_created_at_idx on public.commissions (provider_id, created_at desc)
  include (subcategory_id, service_price, platform_fee, provider_amount, commission_rate);
create index commissions_subcategory_id_created_at_idx on public.commissions (subcategory_id, created_at desc);
-- A booking's short number (the last 8 digits of its id, shown after #) typed in the search box
-- (private.id_search_condition).
create index commissions_booking_short_idx on public.commissions ((right(booking_id::text, 8)));
-- Sorts of the admin commissions list; each includes what the list's filters read (period,
-- provider, service, booking), so that a page in that order walks its index alone
-- (docs/search.md#sorting). The period is a key column after the id (it never orders: the id is
-- unique), so the index scan itself tests it and an entry outside the period costs no
-- visibility-map check (as an included column, 30 days by fee, page 41 at 10M bookings: 18,000
-- buffers -> 900).
create index commissions_final_price_id_idx on public.commissions (final_price, id, created_at)
  include (provider_id, subcategory_id, booking_id);
create index commissions_platform_fee_id_idx on public.commissions (platform_fee, id, created_at)
  include (provider_id, subcategory_id, booking_id);
-- One service's commissions in those orders: its fees and prices follow its own rate, so walking
-- the whole order for its rows read most of the table (at 10M bookings, one service by fee, page 1:
-- 1.1M buffers); the service first makes its rows one range of the index.
create index commissions_subcategory_platform_fee_idx on public.commissions (subcategory_id, platform_fee, id, created_at)
  include (provider_id, booking_id);
create index commissions_subcategory_final_price_idx on public.commissions (subcategory_id, final_price, id, created_at)
  include (provider_id, booking_id);

create trigger commissions_set_updated_at
  before update on public.commissions
  for each row execute function private.set_updated_at();

revoke all on table public.commissions from anon, authenticated;
grant select on table public.commissions to authenticated;
grant all on table public.commissions to service_role;

create policy commissions_select on public.commissions
  for select to authenticated
  using ((select private.is_admin()) or provider_id = (select auth.uid()));

-- docs/decisions.md#commission-rows-follow-completion: a booking that becomes completed gets its
-- commission row (rate of its service, else the settings default); leaving completed removes the
-- row. Providers' total_earnings follow their commissions.
create function private.bookings_sync_commission()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  rate numeric(5, 2);
begin
  if new.status = 'completed' and (tg_op = 'INSERT' or old.status <> 'completed') then
    select coalesce(
             (select s.commission_rate from public.subcategories s where s.id = new.subcategory_id),
             (select st.commission_rate from public.settings st where st.id = 'app'),
             10
           )
      into rate;
    insert into public.commissions
      (booking_id, provider_id, subcategory_id, commission_rate, service_price, final_price, booking_completed_at, created_at)
    values
      (new.id, new.provider_id, new.subcategory_id, rate, new.original_price, new.final_price, new.completed_at,
       coalesce(new.completed_at, now()))
    on conflict (booking_id) do nothing;
  elsif tg_op = 'UPDATE' and old.status = 'completed' and new.status <> 'completed' then
    delete from public.commissions where booking_id = new.id;
  elsif tg_op = 'UPDATE' and new.status = 'completed' and (
           new.provider_id is distinct from old.provider_id
        or new.subcategory_id is distinct from old.subcategory_id
        or new.original_price is distinct from old.original_price
        or new.final_price is distinct from old.final_price) then
    -- Corrections to a completed booking carry over; the snapshotted rate stays.
    update public.commissions
       set provider_id = new.provider_id,
           subcategory_id = new.subcategory_id,
           service_price = new.original_price,
           final_price = new.final_price
     where booking_id = new.id;
  end if;
  return null;
end
$$;
revoke all on function private.bookings_sync_commission() from public, anon, authenticated;

create trigger bookings_sync_commission
  after insert or update of status, provider_id, subcategory_id, original_price, final_price on public.bookings
  for each row execute function private.bookings_sync_commission();

-- total_earnings = sum(provider_amount) of the provider's commissions, kept incrementally under the
-- provider row's lock (concurrent changes serialise on the UPDATE).
create function private.commissions_sync_earnings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.provider_id is not null then
    update public.profiles
       set total_earnings = greatest(total_earnings - old.provider_amount, 0)
     where id = old.provider_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.provider_id is not null then
    update public.profiles
       set total_earnings = total_earnings + new.provider_amount
     where id = new.provider_id;
  end if;
  return null;
end
$$;
revoke all on function private.commissions_sync_earnings() from public, anon, authenticated;

create trigger commissions_sync_earnings
  after insert or delete or update of provider_id, service_price, commission_rate on public.commissions
  for each row execute function private.commissions_sync_earnings();
