-- Rollups that keep the dashboard O(days) instead of O(bookings), maintained by statement-level
-- triggers with transition tables (one pass per statement, cheap for bulk writes too).
--   booking_stats_daily:    bookings per creation day (Asia/Ho_Chi_Minh) and status, with their final_price sum.
--   commission_stats_daily: commissions per creation day (= completion day), with their money sums.
--   profiles.total_bookings: bookings per customer.
-- Admins read the rollups; nobody writes them through the API. public.admin_dashboard (security
-- invoker, admins only) answers every dashboard figure from them. Days are counted in Asia/Ho_Chi_Minh.

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

create or replace function private.local_day(ts timestamptz)
returns date
language sql
immutable
set search_path = ''
as $$
  select (ts at time zone 'Asia/Ho_Chi_Minh')::date
$$;
revoke all on function private.local_day(timestamptz) from public, anon;
grant execute on function private.local_day(timestamptz) to authenticated, service_role;

-- Both rollup functions serve the three statement triggers of their table (transition tables
-- need one trigger per event): the rows a statement adds count +1, the rows it removes -1, so an
-- UPDATE moves a row between days (and statuses); deltas that cancel out write nothing, and the
-- rollup rows are written in key order. A trigger has only the transition tables of its event, so
-- the union of them is SQL text run by EXECUTE; both select lists name their columns, since a
-- DELETE has only the second.
create or replace function private.rollup_delta(p_op text, p_added text, p_removed text)
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

-- bookings -> booking_stats_daily and profiles.total_bookings
create or replace function private.bookings_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_delta text := private.rollup_delta(tg_op,
    'private.local_day(created_at) as day, status, customer_id, 1 as n, final_price',
    'private.local_day(created_at) as day, status, customer_id, -1 as n, -final_price as final_price');
begin
  execute 'with delta as (' || v_delta || '), grouped as (
      select day, status, sum(n)::bigint as n, sum(final_price)::bigint as total
        from delta group by day, status
      having sum(n) <> 0 or sum(final_price) <> 0
    )
    insert into public.booking_stats_daily as s (day, status, booking_count, final_price_total)
    select day, status, n, total from grouped order by day, status
    on conflict (day, status) do update
      set booking_count = s.booking_count + excluded.booking_count,
          final_price_total = s.final_price_total + excluded.final_price_total';

  execute 'with delta as (' || v_delta || '), grouped as (
      select customer_id, sum(n)::integer as n from delta
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
create or replace function private.commissions_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_delta text := private.rollup_delta(tg_op,
    'private.local_day(created_at) as day, 1 as n, service_price as sp, final_price as fp, platform_fee as pf, provider_amount as pa',
    'private.local_day(created_at) as day, -1 as n, -service_price as sp, -final_price as fp, -platform_fee as pf,
     -provider_amount as pa');
begin
  execute 'insert into public.commission_stats_daily as s
      (day, commission_count, service_price_total, final_price_total, platform_fee_total, provider_amount_total)
    select day, sum(n), sum(sp), sum(fp), sum(pf), sum(pa)
      from (' || v_delta || ') d
     group by day
    having sum(n) <> 0 or sum(sp) <> 0 or sum(fp) <> 0 or sum(pf) <> 0 or sum(pa) <> 0
     order by day
    on conflict (day) do update
      set commission_count = s.commission_count + excluded.commission_count,
          service_price_total = s.service_price_total + excluded.service_price_total,
          final_price_total = s.final_price_total + excluded.final_price_total,
          platform_fee_total = s.platform_fee_total + excluded.platform_fee_total,
          provider_amount_total = s.provider_amount_total + excluded.provider_amount_total';
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
create or replace function private.rebuild_rollups()
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

-- Every dashboard figure in one call; reads the rollups, never scans bookings.
create or replace function public.admin_dashboard()
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  today date := private.local_day(now());
  result jsonb;
begin
  perform private.assert_admin();

  with users as (
    select count(*) filter (where role = 'customer') as customers,
           count(*) filter (where role = 'provider') as providers,
           count(*) as total
      from public.profiles
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
    select coalesce(sum(amount) filter (where status = 'completed'), 0) as completed_amount,
           count(*) filter (where status = 'completed') as completed_count,
           coalesce(sum(amount) filter (where status = 'pending'), 0) as pending_amount,
           count(*) filter (where status = 'pending') as pending_count,
           coalesce(sum(amount) filter (where status = 'canceled'), 0) as canceled_amount,
           count(*) filter (where status = 'canceled') as canceled_count
      from public.deposit_history
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
comment on function public.admin_dashboard() is
  'Every dashboard figure in one jsonb: users, bookings per status, revenue, platform_income, provider_earnings, deposits, service_items, bookings_per_day and revenue_per_day (30 days, Asia/Ho_Chi_Minh). Admins only.';

revoke all on function public.admin_dashboard() from public, anon;
grant execute on function public.admin_dashboard() to authenticated, service_role;
