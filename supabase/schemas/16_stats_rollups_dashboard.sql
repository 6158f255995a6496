-- Rollups that keep the dashboard and the finance screens' stat cards O(days) instead of O(rows)
-- (docs/database.md#stats-rollups-for-every-filter), maintained by statement-level triggers with
-- transition tables (one pass per statement, cheap for bulk writes too): the rows a statement adds
-- count +1, the rows it removes -1, so an UPDATE moves a row between keys. Days are counted in
-- Asia/Ho_Chi_Minh.
--   public.booking_stats_daily:    bookings per creation day and status, with their final_price sum.
--   public.commission_stats_daily: commissions per creation day (= completion day), with their money sums.
--   profiles.total_bookings:       bookings per customer.
--   private.profile_role_counts:   profiles per role (the dashboard's user counts).
--   private.commission_stats_service_daily: commissions per creation day and service, with their
--                                  money sums and the sum of their rates (the commissions screen's
--                                  cards, with or without a service and a period).
--   private.commission_stats_provider_monthly: commissions per creation month, provider and
--                                  service, with the same sums (the commissions screen's cards for a
--                                  search text or a provider: a provider's year is a dozen rows).
--   private.commission_stats_provider_service: the same sums per provider and service over all
--                                  time (the cards for a search text naming many providers, with
--                                  no period: one read of this small table instead of a lookup a
--                                  provider in the monthly rollup).
--   private.deposit_stats_daily:   deposits per creation day and status, with their amounts (the
--                                  deposit history's cards and the dashboard's deposits).
-- Admins read the public rollups; the private ones are read by the admin stats functions as their
-- owner (granted to no API role; their admin-only read policy keeps a grant added by mistake
-- harmless). Nobody writes a rollup through the API: the trigger functions and the rebuilds
-- (private.rebuild_rollups, private.rebuild_stats_rollups, after bulk loads without triggers) are
-- security definer; their small helpers (private.local_day, private.local_month, private.local_midnight,
-- private.period_days, private.rollup_delta) are security invoker. The dashboard's body
-- private.admin_dashboard (security definer, admin check first) reads only rollups, behind the
-- security invoker public.admin_dashboard.

create table public.booking_stats_daily (
  day date not null,
  status text not null,
  booking_count bigint not null default 0,
  final_price_total bigint not null default 0,
  primary key (day, status)
);
comment on table public.booking_stats_daily is 'Rollup of bookings by creation day (Asia/Ho_Chi_Minh) and status, maintained by trigger.';

create table public.commission_stats_daily (
  day date primary key,
  commission_count bigint not null default 0,
  service_price_total bigint not null default 0,
  final_price_total bigint not null default 0,
  platform_fee_total bigint not null default 0,
  provider_amount_total bigint not null default 0
);
comment on table public.commission_stats_daily is 'Rollup of commissions by creation day (Asia/Ho_Chi_Minh), maintained by trigger.';

alter table public.booking_stats_daily enable row level security;
alter table public.commission_stats_daily enable row level security;

revoke all on table public.booking_stats_daily, public.commission_stats_daily from anon, authenticated;
grant select on table public.booking_stats_daily, public.commission_stats_daily to authenticated;
grant all on table public.booking_stats_daily, public.commission_stats_daily to service_role;

create policy booking_stats_daily_admin_select on public.booking_stats_daily
  for select to authenticated using ((select private.is_admin()));
create policy commission_stats_daily_admin_select on public.commission_stats_daily
  for select to authenticated using ((select private.is_admin()));

create function private.local_day(ts timestamptz)
returns date
language sql
immutable
set search_path = ''
as $$
  select (ts at time zone 'Asia/Ho_Chi_Minh')::date
$$;
revoke all on function private.local_day(timestamptz) from public, anon;
grant execute on function private.local_day(timestamptz) to authenticated, service_role;

-- The first day of the Vietnam calendar month of an instant.
create function private.local_month(ts timestamptz)
returns date
language sql
immutable
set search_path = ''
as $$
  select date_trunc('month', (ts at time zone 'Asia/Ho_Chi_Minh')::date)::date
$$;
revoke all on function private.local_month(timestamptz) from public, anon;
grant execute on function private.local_month(timestamptz) to authenticated, service_role;

-- Both rollup functions serve the three statement triggers of their table (transition tables
-- need one trigger per event): the rows a statement adds count +1, the rows it removes -1, so an
-- UPDATE moves a row between days (and statuses); deltas that cancel out write nothing, and the
-- rollup rows are written in key order. A trigger has only the transition tables of its event, so
-- the union of them is SQL text run by EXECUTE; both select lists name their columns, since a
-- DELETE has only the second.
create function private.rollup_delta(p_op text, p_added text, p_removed text)
returns text
language sql
immutable
set search_path = ''
as $$
  select concat_ws(' union all ',
                   case when p_op in ('INSERT', 'UPDATE') then 'select ' || p_added || ' from new_rows' end,
                   case when p_op in ('UPDATE', 'DELETE') then 'select ' || p_removed || ' from old_rows' end)
$$;
revoke all on function private.rollup_delta(text, text, text) from public, anon, authenticated, service_role;

-- The statements of a rollup trigger, one per event ({"INSERT": …, "UPDATE": …, "DELETE": …}; the
-- trigger EXECUTEs the one of its TG_OP, since only the trigger function sees the transition
-- tables): each upserts into p_table (schema-qualified) the sums of the delta of the rows the
-- statement added and removed (private.rollup_delta), grouped by the key columns p_keys (in the
-- order of the table's unique key, also the order the rows are written in), each key from the
-- base row's expression p_key_exprs, each counter column p_sums adding p_sum_exprs (subtracted for
-- a removed row); groups whose sums are all zero write nothing. Immutable and called with
-- constants: evaluated once, when the trigger function's statement is planned, not per statement.
create function private.rollup_upserts(p_table text, p_keys text[], p_key_exprs text[], p_sums text[], p_sum_exprs text[])
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_object_agg(op, format(
    'insert into %1$s as s (%2$s, %3$s) select %2$s, %4$s from (%5$s) d group by %2$s having %6$s order by %2$s
     on conflict (%2$s) do update set %7$s',
    p_table, k.names, c.names, c.sums,
    private.rollup_delta(op, k.exprs || ', ' || c.added, k.exprs || ', ' || c.removed),
    c.nonzero, c.additions))
    from unnest(array['INSERT', 'UPDATE', 'DELETE']) as op,
         (select string_agg(quote_ident(key), ', ' order by i) as names,
                 string_agg(format('%s as %I', expr, key), ', ' order by i) as exprs
            from unnest(p_keys, p_key_exprs) with ordinality as x(key, expr, i)) k,
         (select string_agg(quote_ident(col), ', ' order by i) as names,
                 string_agg(format('sum(%I)', col), ', ' order by i) as sums,
                 string_agg(format('%s as %I', expr, col), ', ' order by i) as added,
                 string_agg(format('-(%s) as %I', expr, col), ', ' order by i) as removed,
                 string_agg(format('sum(%I) <> 0', col), ' or ' order by i) as nonzero,
                 string_agg(format('%1$I = s.%1$I + excluded.%1$I', col), ', ' order by i) as additions
            from unnest(p_sums, p_sum_exprs) with ordinality as x(col, expr, i)) c
$$;
revoke all on function private.rollup_upserts(text, text[], text[], text[], text[]) from public, anon, authenticated, service_role;

-- bookings -> booking_stats_daily and profiles.total_bookings
create function private.bookings_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute private.rollup_upserts('public.booking_stats_daily', array['day', 'status'],
    array['private.local_day(created_at)', 'status'], array['booking_count', 'final_price_total'], array['1', 'final_price']) ->> tg_op;
  execute 'with grouped as (
      select customer_id, sum(n)::integer as n
        from (' || private.rollup_delta(tg_op, 'customer_id, 1 as n', 'customer_id, -1 as n') || ') d
       where customer_id is not null group by customer_id having sum(n) <> 0
    )
    update public.profiles p set total_bookings = greatest(p.total_bookings + g.n, 0)
      from grouped g where p.id = g.customer_id';
  return null;
end
$$;
revoke all on function private.bookings_rollup() from public, anon, authenticated;

create trigger bookings_rollup_insert after insert on public.bookings
  referencing new table as new_rows
  for each statement execute function private.bookings_rollup();
create trigger bookings_rollup_update after update on public.bookings
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.bookings_rollup();
create trigger bookings_rollup_delete after delete on public.bookings
  referencing old table as old_rows
  for each statement execute function private.bookings_rollup();

-- commissions -> commission_stats_daily
create function private.commissions_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute private.rollup_upserts('public.commission_stats_daily', array['day'], array['private.local_day(created_at)'],
    array['commission_count', 'service_price_total', 'final_price_total', 'platform_fee_total', 'provider_amount_total'],
    array['1', 'service_price', 'final_price', 'platform_fee', 'provider_amount']) ->> tg_op;
  return null;
end
$$;
revoke all on function private.commissions_rollup() from public, anon, authenticated;

create trigger commissions_rollup_insert after insert on public.commissions
  referencing new table as new_rows
  for each statement execute function private.commissions_rollup();
create trigger commissions_rollup_update after update on public.commissions
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.commissions_rollup();
create trigger commissions_rollup_delete after delete on public.commissions
  referencing old table as old_rows
  for each statement execute function private.commissions_rollup();

-- Rebuilds every rollup from the base tables (used after bulk loads with triggers disabled).
create function private.rebuild_rollups()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.booking_stats_daily;
  insert into public.booking_stats_daily (day, status, booking_count, final_price_total)
  select private.local_day(created_at), status, count(*), sum(final_price)
    from public.bookings group by 1, 2;

  delete from public.commission_stats_daily;
  insert into public.commission_stats_daily
    (day, commission_count, service_price_total, final_price_total, platform_fee_total, provider_amount_total)
  select private.local_day(created_at), count(*), sum(service_price), sum(final_price), sum(platform_fee), sum(provider_amount)
    from public.commissions group by 1;

  -- The bookings list's word filters' values (private.booking_search_values), only added.
  insert into private.booking_search_values (field, value_folded)
  select distinct v.field, v.value_folded
    from public.bookings b
   cross join lateral (values ('customer', b.customer_name_folded), ('service', b.service_name_folded),
                              ('package', b.service_item_name_folded)) as v(field, value_folded)
   where v.value_folded is not null
  on conflict do nothing;

  update public.profiles p
     set total_bookings = coalesce(b.n, 0)
    from public.profiles p2
    left join (select customer_id, count(*)::integer as n from public.bookings group by customer_id) b
      on b.customer_id = p2.id
   where p.id = p2.id and p.total_bookings is distinct from coalesce(b.n, 0);

  update public.profiles p
     set total_earnings = coalesce(c.total, 0)
    from public.profiles p2
    left join (select provider_id, sum(provider_amount)::bigint as total from public.commissions group by provider_id) c
      on c.provider_id = p2.id
   where p.id = p2.id and p.total_earnings is distinct from coalesce(c.total, 0);
end
$$;
revoke all on function private.rebuild_rollups() from public, anon, authenticated;

-- Private rollups ---------------------------------------------------------------------------------

create table private.profile_role_counts (
  role text primary key,
  profile_count bigint not null default 0
);

create table private.commission_stats_service_daily (
  day date not null,
  -- The service (subcategory); commissions whose service was deleted count under the nil uuid.
  subcategory_id uuid not null,
  commission_count bigint not null default 0,
  service_price_total bigint not null default 0,
  platform_fee_total bigint not null default 0,
  provider_amount_total bigint not null default 0,
  commission_rate_total numeric not null default 0,
  primary key (day, subcategory_id)
);
create index commission_stats_service_daily_subcategory_idx on private.commission_stats_service_daily (subcategory_id, day);

create table private.commission_stats_provider_monthly (
  -- The first day of a Vietnam calendar month.
  month date not null,
  -- The provider and the service; commissions without one count under the nil uuid.
  provider_id uuid not null,
  subcategory_id uuid not null,
  commission_count bigint not null default 0,
  service_price_total bigint not null default 0,
  platform_fee_total bigint not null default 0,
  provider_amount_total bigint not null default 0,
  commission_rate_total numeric not null default 0,
  -- The key includes the sums: a search text's providers read their months from the index alone.
  primary key (provider_id, month, subcategory_id)
    include (commission_count, service_price_total, platform_fee_total, provider_amount_total, commission_rate_total)
);
create index commission_stats_provider_monthly_subcategory_idx
  on private.commission_stats_provider_monthly (subcategory_id, month);

-- A text typed in the commissions screen can name thousands of providers ("nguyen": 3,127 of 50,000
-- at 10M bookings); looking each up in the monthly rollup cost 3.6 buffers a provider (11,100).
-- With no period, their all-time sums come from this table read whole (100,000 provider-service
-- pairs, 1,280 pages at 10M), the providers matched by a hashed list. Its key leads with the
-- service so that no index offers a lookup a provider (the service filter uses it); a text naming
-- few providers, or a period, keeps the monthly rollup (private.admin_commission_stats).
create table private.commission_stats_provider_service (
  -- The service and the provider; commissions without one count under the nil uuid.
  subcategory_id uuid not null,
  provider_id uuid not null,
  commission_count bigint not null default 0,
  service_price_total bigint not null default 0,
  platform_fee_total bigint not null default 0,
  provider_amount_total bigint not null default 0,
  commission_rate_total numeric not null default 0,
  primary key (subcategory_id, provider_id)
);

create table private.deposit_stats_daily (
  day date not null,
  status text not null,
  deposit_count bigint not null default 0,
  amount_total bigint not null default 0,
  primary key (day, status)
);

alter table private.profile_role_counts enable row level security;
alter table private.commission_stats_service_daily enable row level security;
alter table private.commission_stats_provider_monthly enable row level security;
alter table private.commission_stats_provider_service enable row level security;
alter table private.deposit_stats_daily enable row level security;
revoke all on table private.profile_role_counts, private.commission_stats_service_daily,
  private.commission_stats_provider_monthly, private.commission_stats_provider_service, private.deposit_stats_daily
  from public, anon, authenticated, service_role;

comment on table private.profile_role_counts is 'Rollup: profiles per role, maintained by trigger (dashboard user counts).';
comment on table private.commission_stats_service_daily is
  'Rollup: commissions per creation day (Asia/Ho_Chi_Minh) and service (nil uuid: service deleted), maintained by trigger.';
comment on table private.commission_stats_provider_monthly is
  'Rollup: commissions per creation month (Asia/Ho_Chi_Minh), provider and service (nil uuid: none), maintained by trigger.';
comment on table private.commission_stats_provider_service is
  'Rollup: commissions of all time per service and provider (nil uuid: none), maintained by trigger.';
comment on table private.deposit_stats_daily is 'Rollup: deposits per creation day (Asia/Ho_Chi_Minh) and status, maintained by trigger.';

create policy profile_role_counts_admin_select on private.profile_role_counts
  for select to authenticated using ((select private.is_admin()));
create policy commission_stats_service_daily_admin_select on private.commission_stats_service_daily
  for select to authenticated using ((select private.is_admin()));
create policy commission_stats_provider_monthly_admin_select on private.commission_stats_provider_monthly
  for select to authenticated using ((select private.is_admin()));
create policy commission_stats_provider_service_admin_select on private.commission_stats_provider_service
  for select to authenticated using ((select private.is_admin()));
create policy deposit_stats_daily_admin_select on private.deposit_stats_daily
  for select to authenticated using ((select private.is_admin()));

-- The first instant of a Vietnam calendar day.
create function private.local_midnight(p_day date)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select p_day::timestamp at time zone 'Asia/Ho_Chi_Minh'
$$;
revoke all on function private.local_midnight(date) from public, anon;
grant execute on function private.local_midnight(date) to authenticated, service_role;

-- ------------------------------------------------------------------------------- the triggers

create function private.profiles_role_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute private.rollup_upserts('private.profile_role_counts', array['role'], array['role'], array['profile_count'], array['1']) ->> tg_op;
  return null;
end
$$;
revoke all on function private.profiles_role_rollup() from public, anon, authenticated;

create trigger profiles_role_rollup_insert after insert on public.profiles
  referencing new table as new_rows
  for each statement execute function private.profiles_role_rollup();
create trigger profiles_role_rollup_update after update on public.profiles
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.profiles_role_rollup();
create trigger profiles_role_rollup_delete after delete on public.profiles
  referencing old table as old_rows
  for each statement execute function private.profiles_role_rollup();

create function private.commissions_service_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute private.rollup_upserts('private.commission_stats_service_daily', array['day', 'subcategory_id'],
    array['private.local_day(created_at)', 'coalesce(subcategory_id, ''00000000-0000-0000-0000-000000000000'')'],
    array['commission_count', 'service_price_total', 'platform_fee_total', 'provider_amount_total', 'commission_rate_total'],
    array['1', 'service_price', 'platform_fee', 'provider_amount', 'commission_rate']) ->> tg_op;
  return null;
end
$$;
revoke all on function private.commissions_service_rollup() from public, anon, authenticated;

create trigger commissions_service_rollup_insert after insert on public.commissions
  referencing new table as new_rows
  for each statement execute function private.commissions_service_rollup();
create trigger commissions_service_rollup_update after update on public.commissions
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.commissions_service_rollup();
create trigger commissions_service_rollup_delete after delete on public.commissions
  referencing old table as old_rows
  for each statement execute function private.commissions_service_rollup();

create function private.commissions_provider_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute private.rollup_upserts('private.commission_stats_provider_monthly', array['provider_id', 'month', 'subcategory_id'],
    array['coalesce(provider_id, ''00000000-0000-0000-0000-000000000000'')', 'private.local_month(created_at)', 'coalesce(subcategory_id, ''00000000-0000-0000-0000-000000000000'')'],
    array['commission_count', 'service_price_total', 'platform_fee_total', 'provider_amount_total', 'commission_rate_total'],
    array['1', 'service_price', 'platform_fee', 'provider_amount', 'commission_rate']) ->> tg_op;
  execute private.rollup_upserts('private.commission_stats_provider_service', array['subcategory_id', 'provider_id'],
    array['coalesce(subcategory_id, ''00000000-0000-0000-0000-000000000000'')', 'coalesce(provider_id, ''00000000-0000-0000-0000-000000000000'')'],
    array['commission_count', 'service_price_total', 'platform_fee_total', 'provider_amount_total', 'commission_rate_total'],
    array['1', 'service_price', 'platform_fee', 'provider_amount', 'commission_rate']) ->> tg_op;
  return null;
end
$$;
revoke all on function private.commissions_provider_rollup() from public, anon, authenticated;

create trigger commissions_provider_rollup_insert after insert on public.commissions
  referencing new table as new_rows
  for each statement execute function private.commissions_provider_rollup();
create trigger commissions_provider_rollup_update after update on public.commissions
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.commissions_provider_rollup();
create trigger commissions_provider_rollup_delete after delete on public.commissions
  referencing old table as old_rows
  for each statement execute function private.commissions_provider_rollup();

create function private.deposits_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute private.rollup_upserts('private.deposit_stats_daily', array['day', 'status'],
    array['private.local_day(created_at)', 'status'], array['deposit_count', 'amount_total'], array['1', 'amount']) ->> tg_op;
  return null;
end
$$;
revoke all on function private.deposits_rollup() from public, anon, authenticated;

create trigger deposit_history_rollup_insert after insert on public.deposit_history
  referencing new table as new_rows
  for each statement execute function private.deposits_rollup();
create trigger deposit_history_rollup_update after update on public.deposit_history
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.deposits_rollup();
create trigger deposit_history_rollup_delete after delete on public.deposit_history
  referencing old table as old_rows
  for each statement execute function private.deposits_rollup();

-- ------------------------------------------------------------------------------- rebuild

-- Recomputes the five rollups above from the base tables (bulk loads run without triggers).
create function private.rebuild_stats_rollups()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.profile_role_counts;
  insert into private.profile_role_counts (role, profile_count)
  select role, count(*) from public.profiles group by role;

  delete from private.commission_stats_service_daily;
  insert into private.commission_stats_service_daily
    (day, subcategory_id, commission_count, service_price_total, platform_fee_total, provider_amount_total, commission_rate_total)
  select private.local_day(created_at), coalesce(subcategory_id, '00000000-0000-0000-0000-000000000000'),
         count(*), sum(service_price), sum(platform_fee), sum(provider_amount), sum(commission_rate)
    from public.commissions group by 1, 2;

  delete from private.commission_stats_provider_monthly;
  insert into private.commission_stats_provider_monthly
    (month, provider_id, subcategory_id, commission_count, service_price_total, platform_fee_total,
     provider_amount_total, commission_rate_total)
  select private.local_month(created_at), coalesce(provider_id, '00000000-0000-0000-0000-000000000000'),
         coalesce(subcategory_id, '00000000-0000-0000-0000-000000000000'),
         count(*), sum(service_price), sum(platform_fee), sum(provider_amount), sum(commission_rate)
    from public.commissions group by 1, 2, 3;

  delete from private.commission_stats_provider_service;
  insert into private.commission_stats_provider_service
    (subcategory_id, provider_id, commission_count, service_price_total, platform_fee_total, provider_amount_total,
     commission_rate_total)
  select coalesce(subcategory_id, '00000000-0000-0000-0000-000000000000'),
         coalesce(provider_id, '00000000-0000-0000-0000-000000000000'),
         count(*), sum(service_price), sum(platform_fee), sum(provider_amount), sum(commission_rate)
    from public.commissions group by 1, 2;

  delete from private.deposit_stats_daily;
  insert into private.deposit_stats_daily (day, status, deposit_count, amount_total)
  select private.local_day(created_at), status, count(*), sum(amount) from public.deposit_history group by 1, 2;
end
$$;
revoke all on function private.rebuild_stats_rollups() from public, anon, authenticated;

-- Periods of the stat cards ---------------------------------------------------------------------

-- Whole Vietnam days of a period [p_from, p_to): the first day starting at or after p_from and the
-- first day not wholly before p_to (null: unbounded), and whether the period holds any whole day.
create function private.period_days(p_from timestamptz, p_to timestamptz, out first_day date, out end_day date)
language sql
immutable
set search_path = ''
as $$
  select case when p_from is not null then private.local_day(p_from - interval '1 microsecond') + 1 end,
         case when p_to is not null then private.local_day(p_to) end
$$;
revoke all on function private.period_days(timestamptz, timestamptz) from public, anon;
grant execute on function private.period_days(timestamptz, timestamptz) to authenticated, service_role;

-- The dashboard -----------------------------------------------------------------------------------

-- Every dashboard figure in one call, from the rollups only: user counts from
-- private.profile_role_counts, bookings and money from the daily rollups, deposit figures from
-- private.deposit_stats_daily.
create function private.admin_dashboard()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := private.local_day(now());
  result jsonb;
begin
  perform private.assert_admin();

  with users as (
    select coalesce(sum(profile_count) filter (where role = 'customer'), 0) as customers,
           coalesce(sum(profile_count) filter (where role = 'provider'), 0) as providers,
           coalesce(sum(profile_count), 0) as total
      from private.profile_role_counts
  ), booking_totals as (
    select coalesce(jsonb_object_agg(status, n), '{}'::jsonb) as by_status,
           coalesce(sum(n), 0) as total,
           coalesce(sum(revenue) filter (where status = 'completed'), 0) as revenue
      from (select status, sum(booking_count) as n, sum(final_price_total) as revenue
              from public.booking_stats_daily group by status) s
  ), commission_totals as (
    select coalesce(sum(platform_fee_total), 0) as platform_income,
           coalesce(sum(provider_amount_total), 0) as provider_earnings,
           coalesce(sum(final_price_total), 0) as completed_final_price,
           coalesce(sum(commission_count), 0) as commission_count
      from public.commission_stats_daily
  ), deposits as (
    select coalesce(sum(amount_total) filter (where status = 'completed'), 0) as completed_amount,
           coalesce(sum(deposit_count) filter (where status = 'completed'), 0) as completed_count,
           coalesce(sum(amount_total) filter (where status = 'pending'), 0) as pending_amount,
           coalesce(sum(deposit_count) filter (where status = 'pending'), 0) as pending_count,
           coalesce(sum(amount_total) filter (where status = 'canceled'), 0) as canceled_amount,
           coalesce(sum(deposit_count) filter (where status = 'canceled'), 0) as canceled_count
      from private.deposit_stats_daily
  ), days as (
    select d::date as day from generate_series(today - 29, today, interval '1 day') d
  ), per_day as (
    select jsonb_agg(jsonb_build_object(
             'day', days.day,
             'total', coalesce(b.total, 0),
             'pending', coalesce(b.pending, 0),
             'confirmed', coalesce(b.confirmed, 0),
             'pending_completion', coalesce(b.pending_completion, 0),
             'completed', coalesce(b.completed, 0),
             'cancelled', coalesce(b.cancelled, 0)
           ) order by days.day) as bookings_per_day,
           jsonb_agg(jsonb_build_object(
             'day', days.day,
             'revenue', coalesce(c.final_price_total, 0),
             'platform_income', coalesce(c.platform_fee_total, 0),
             'provider_earnings', coalesce(c.provider_amount_total, 0),
             'completed', coalesce(c.commission_count, 0)
           ) order by days.day) as revenue_per_day
      from days
      left join (
        select day,
               sum(booking_count) as total,
               sum(booking_count) filter (where status = 'pending') as pending,
               sum(booking_count) filter (where status = 'confirmed') as confirmed,
               sum(booking_count) filter (where status = 'pending_completion') as pending_completion,
               sum(booking_count) filter (where status = 'completed') as completed,
               sum(booking_count) filter (where status = 'cancelled') as cancelled
          from public.booking_stats_daily
         where day between today - 29 and today
         group by day
      ) b on b.day = days.day
      left join public.commission_stats_daily c on c.day = days.day
  )
  select jsonb_build_object(
           'users', jsonb_build_object('total', users.total, 'customers', users.customers, 'providers', users.providers),
           'bookings', jsonb_build_object(
             'total', booking_totals.total,
             'pending', coalesce((booking_totals.by_status ->> 'pending')::bigint, 0),
             'confirmed', coalesce((booking_totals.by_status ->> 'confirmed')::bigint, 0),
             'pending_completion', coalesce((booking_totals.by_status ->> 'pending_completion')::bigint, 0),
             'completed', coalesce((booking_totals.by_status ->> 'completed')::bigint, 0),
             'cancelled', coalesce((booking_totals.by_status ->> 'cancelled')::bigint, 0)
           ),
           'revenue', booking_totals.revenue,
           'platform_income', commission_totals.platform_income,
           'provider_earnings', commission_totals.provider_earnings,
           'deposits', jsonb_build_object(
             'completed_amount', deposits.completed_amount, 'completed_count', deposits.completed_count,
             'pending_amount', deposits.pending_amount, 'pending_count', deposits.pending_count,
             'canceled_amount', deposits.canceled_amount, 'canceled_count', deposits.canceled_count
           ),
           'service_items', (select count(*) from public.service_items),
           'bookings_per_day', per_day.bookings_per_day,
           'revenue_per_day', per_day.revenue_per_day,
           'generated_at', now()
         )
    into result
    from users, booking_totals, commission_totals, deposits, per_day;
  return result;
end
$$;
comment on function private.admin_dashboard() is 'Body of public.admin_dashboard (security definer, admin check first).';
revoke all on function private.admin_dashboard() from public, anon;
grant execute on function private.admin_dashboard() to authenticated, service_role;

create function public.admin_dashboard()
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_dashboard()
$$;
comment on function public.admin_dashboard() is
  'Every dashboard figure in one jsonb: users, bookings per status, revenue, platform_income, provider_earnings, deposits, service_items, bookings_per_day and revenue_per_day (30 days, Asia/Ho_Chi_Minh). Admins only.';

revoke all on function public.admin_dashboard() from public, anon;
grant execute on function public.admin_dashboard() to authenticated, service_role;
