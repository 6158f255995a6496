-- Rollups that keep the dashboard O(days) instead of O(bookings), maintained by statement-level
-- triggers with transition tables (one pass per statement, cheap for bulk writes too).
--   booking_stats_daily:    bookings per creation day (Asia/Ho_Chi_Minh) and status, with their final_price sum.
--   commission_stats_daily: commissions per creation day (= completion day), with their money sums.
--   profiles.total_bookings: bookings per customer.
-- Admins read the rollups; nobody writes them through the API.

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

-- bookings -> booking_stats_daily and profiles.total_bookings (transition tables need one trigger per event)
create or replace function private.bookings_rollup_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  with grouped as (
    select private.local_day(created_at) as day, status, count(*)::bigint as n, sum(final_price)::bigint as total
      from new_rows group by 1, 2
  )
  insert into public.booking_stats_daily as s (day, status, booking_count, final_price_total)
  select day, status, n, total from grouped order by day, status
  on conflict (day, status) do update
    set booking_count = s.booking_count + excluded.booking_count,
        final_price_total = s.final_price_total + excluded.final_price_total;

  with grouped as (
    select customer_id, count(*)::integer as n from new_rows where customer_id is not null group by customer_id
  )
  update public.profiles p set total_bookings = p.total_bookings + g.n
    from grouped g where p.id = g.customer_id;
  return null;
end
$$;

create or replace function private.bookings_rollup_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  with delta as (
    select private.local_day(created_at) as day, status, 1 as n, final_price from new_rows
    union all
    select private.local_day(created_at), status, -1, -final_price from old_rows
  ), grouped as (
    select day, status, sum(n)::bigint as n, sum(final_price)::bigint as total
      from delta group by day, status
    having sum(n) <> 0 or sum(final_price) <> 0
  )
  insert into public.booking_stats_daily as s (day, status, booking_count, final_price_total)
  select day, status, n, total from grouped order by day, status
  on conflict (day, status) do update
    set booking_count = s.booking_count + excluded.booking_count,
        final_price_total = s.final_price_total + excluded.final_price_total;

  with delta as (
    select customer_id, 1 as n from new_rows where customer_id is not null
    union all
    select customer_id, -1 from old_rows where customer_id is not null
  ), grouped as (
    select customer_id, sum(n)::integer as n from delta group by customer_id having sum(n) <> 0
  )
  update public.profiles p set total_bookings = greatest(p.total_bookings + g.n, 0)
    from grouped g where p.id = g.customer_id;
  return null;
end
$$;

create or replace function private.bookings_rollup_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  with grouped as (
    select private.local_day(created_at) as day, status, count(*)::bigint as n, sum(final_price)::bigint as total
      from old_rows group by 1, 2
  )
  update public.booking_stats_daily s
     set booking_count = s.booking_count - g.n,
         final_price_total = s.final_price_total - g.total
    from grouped g
   where s.day = g.day and s.status = g.status;

  with grouped as (
    select customer_id, count(*)::integer as n from old_rows where customer_id is not null group by customer_id
  )
  update public.profiles p set total_bookings = greatest(p.total_bookings - g.n, 0)
    from grouped g where p.id = g.customer_id;
  return null;
end
$$;
revoke all on function private.bookings_rollup_insert() from public, anon, authenticated;
revoke all on function private.bookings_rollup_update() from public, anon, authenticated;
revoke all on function private.bookings_rollup_delete() from public, anon, authenticated;

create trigger bookings_rollup_insert after insert on public.bookings
  referencing new table as new_rows
  for each statement execute function private.bookings_rollup_insert();
create trigger bookings_rollup_update after update on public.bookings
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.bookings_rollup_update();
create trigger bookings_rollup_delete after delete on public.bookings
  referencing old table as old_rows
  for each statement execute function private.bookings_rollup_delete();

-- commissions -> commission_stats_daily
create or replace function private.commissions_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.commission_stats_daily as s
      (day, commission_count, service_price_total, final_price_total, platform_fee_total, provider_amount_total)
    select private.local_day(created_at), count(*), sum(service_price), sum(final_price), sum(platform_fee), sum(provider_amount)
      from new_rows group by 1 order by 1
    on conflict (day) do update
      set commission_count = s.commission_count + excluded.commission_count,
          service_price_total = s.service_price_total + excluded.service_price_total,
          final_price_total = s.final_price_total + excluded.final_price_total,
          platform_fee_total = s.platform_fee_total + excluded.platform_fee_total,
          provider_amount_total = s.provider_amount_total + excluded.provider_amount_total;
  elsif tg_op = 'DELETE' then
    update public.commission_stats_daily s
       set commission_count = s.commission_count - g.n,
           service_price_total = s.service_price_total - g.sp,
           final_price_total = s.final_price_total - g.fp,
           platform_fee_total = s.platform_fee_total - g.pf,
           provider_amount_total = s.provider_amount_total - g.pa
      from (select private.local_day(created_at) as day, count(*) as n, sum(service_price) as sp, sum(final_price) as fp,
                   sum(platform_fee) as pf, sum(provider_amount) as pa
              from old_rows group by 1) g
     where s.day = g.day;
  else
    insert into public.commission_stats_daily as s
      (day, commission_count, service_price_total, final_price_total, platform_fee_total, provider_amount_total)
    select day, sum(n), sum(sp), sum(fp), sum(pf), sum(pa)
      from (
        select private.local_day(created_at) as day, 1 as n, service_price as sp, final_price as fp,
               platform_fee as pf, provider_amount as pa
          from new_rows
        union all
        select private.local_day(created_at), -1, -service_price, -final_price, -platform_fee, -provider_amount
          from old_rows
      ) d
     group by day
    having sum(n) <> 0 or sum(sp) <> 0 or sum(fp) <> 0 or sum(pf) <> 0 or sum(pa) <> 0
     order by day
    on conflict (day) do update
      set commission_count = s.commission_count + excluded.commission_count,
          service_price_total = s.service_price_total + excluded.service_price_total,
          final_price_total = s.final_price_total + excluded.final_price_total,
          platform_fee_total = s.platform_fee_total + excluded.platform_fee_total,
          provider_amount_total = s.provider_amount_total + excluded.provider_amount_total;
  end if;
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
