-- Rollups that keep the dashboard's user counts and the finance screens' stat cards O(days)
-- instead of O(rows) (docs/database.md#stats-rollups-for-every-filter):
--   private.profile_role_counts:          profiles per role (the dashboard's user counts).
--   private.commission_stats_service_daily: commissions per creation day (Asia/Ho_Chi_Minh) and
--                                          service, with their money sums and the sum of their rates
--                                          (the commissions screen's cards, with or without a service
--                                          and a period).
--   private.deposit_stats_daily:          deposits per creation day and status, with their amounts
--                                          (the deposit history's cards and the dashboard's deposits).
-- They are maintained like the rollups of 20261122001600: statement-level triggers with transition
-- tables, +1 for the rows a statement adds, -1 for those it removes (an UPDATE moves a row between
-- keys). They live in `private`: nobody reads or writes them through the API; the stats functions
-- (security definer, admin check first) do.
--
-- The stats functions answer from the rollups whenever the filters allow it: no search text and no
-- provider. A period is split into whole Vietnam days (rollup) and at most two partial days at its
-- edges (base rows, through the created_at index). A provider filter reads the provider's own rows
-- through the (provider_id, created_at) index; a search text still scans through the screen's
-- filter function (private.admin_*_filter).

-- ------------------------------------------------------------------------------- the tables

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

create table private.deposit_stats_daily (
  day date not null,
  status text not null,
  deposit_count bigint not null default 0,
  amount_total bigint not null default 0,
  primary key (day, status)
);

alter table private.profile_role_counts enable row level security;
alter table private.commission_stats_service_daily enable row level security;
alter table private.deposit_stats_daily enable row level security;
revoke all on table private.profile_role_counts, private.commission_stats_service_daily, private.deposit_stats_daily
  from public, anon, authenticated, service_role;

comment on table private.profile_role_counts is 'Rollup: profiles per role, maintained by trigger (dashboard user counts).';
comment on table private.commission_stats_service_daily is
  'Rollup: commissions per creation day (Asia/Ho_Chi_Minh) and service (nil uuid: service deleted), maintained by trigger.';
comment on table private.deposit_stats_daily is 'Rollup: deposits per creation day (Asia/Ho_Chi_Minh) and status, maintained by trigger.';

-- The first instant of a Vietnam calendar day.
create or replace function private.local_midnight(p_day date)
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

create or replace function private.profiles_role_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute 'insert into private.profile_role_counts as s (role, profile_count)
    select role, sum(n) from (' || private.rollup_delta(tg_op, 'role, 1 as n', 'role, -1 as n') || ') d
     group by role having sum(n) <> 0 order by role
    on conflict (role) do update set profile_count = s.profile_count + excluded.profile_count';
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

create or replace function private.commissions_service_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute 'insert into private.commission_stats_service_daily as s
      (day, subcategory_id, commission_count, service_price_total, platform_fee_total, provider_amount_total, commission_rate_total)
    select day, sub, sum(n), sum(sp), sum(pf), sum(pa), sum(rt)
      from (' || private.rollup_delta(tg_op,
        'private.local_day(created_at) as day, coalesce(subcategory_id, ''00000000-0000-0000-0000-000000000000'') as sub,
         1 as n, service_price as sp, platform_fee as pf, provider_amount as pa, commission_rate as rt',
        'private.local_day(created_at) as day, coalesce(subcategory_id, ''00000000-0000-0000-0000-000000000000'') as sub,
         -1 as n, -service_price as sp, -platform_fee as pf, -provider_amount as pa, -commission_rate as rt') || ') d
     group by day, sub
    having sum(n) <> 0 or sum(sp) <> 0 or sum(pf) <> 0 or sum(pa) <> 0 or sum(rt) <> 0
     order by day, sub
    on conflict (day, subcategory_id) do update
      set commission_count = s.commission_count + excluded.commission_count,
          service_price_total = s.service_price_total + excluded.service_price_total,
          platform_fee_total = s.platform_fee_total + excluded.platform_fee_total,
          provider_amount_total = s.provider_amount_total + excluded.provider_amount_total,
          commission_rate_total = s.commission_rate_total + excluded.commission_rate_total';
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

create or replace function private.deposits_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute 'insert into private.deposit_stats_daily as s (day, status, deposit_count, amount_total)
    select day, status, sum(n), sum(amount)
      from (' || private.rollup_delta(tg_op,
        'private.local_day(created_at) as day, status, 1 as n, amount',
        'private.local_day(created_at) as day, status, -1 as n, -amount as amount') || ') d
     group by day, status
    having sum(n) <> 0 or sum(amount) <> 0
     order by day, status
    on conflict (day, status) do update
      set deposit_count = s.deposit_count + excluded.deposit_count,
          amount_total = s.amount_total + excluded.amount_total';
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

-- Recomputes the three rollups above from the base tables (bulk loads run without triggers).
create or replace function private.rebuild_stats_rollups()
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

  delete from private.deposit_stats_daily;
  insert into private.deposit_stats_daily (day, status, deposit_count, amount_total)
  select private.local_day(created_at), status, count(*), sum(amount) from public.deposit_history group by 1, 2;
end
$$;
revoke all on function private.rebuild_stats_rollups() from public, anon, authenticated;

select private.rebuild_stats_rollups();

-- ------------------------------------------------------------------------------- stats functions

-- Whole Vietnam days of a period [p_from, p_to): the first day starting at or after p_from and the
-- first day not wholly before p_to (null: unbounded), and whether the period holds any whole day.
create or replace function private.period_days(p_from timestamptz, p_to timestamptz, out first_day date, out end_day date)
language sql
immutable
set search_path = ''
as $$
  select case when p_from is not null then private.local_day(p_from - interval '1 microsecond') + 1 end,
         case when p_to is not null then private.local_day(p_to) end
$$;
revoke all on function private.period_days(timestamptz, timestamptz) from public, anon;
grant execute on function private.period_days(timestamptz, timestamptz) to authenticated, service_role;

-- The scans of 20261122002000 / 20261122002100 stay, renamed: the stats functions call them when
-- the filters need the base rows (a search text, a provider, a period inside one day).
alter function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) rename to admin_commission_stats_scan;
alter function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) rename to admin_deposit_stats_scan;
comment on function private.admin_commission_stats_scan(text, uuid, uuid, timestamptz, timestamptz) is
  'Commission stat cards computed over the filtered base rows (private.admin_commission_filter); used by private.admin_commission_stats.';
comment on function private.admin_deposit_stats_scan(text, uuid, text, timestamptz, timestamptz) is
  'Deposit stat cards computed over the filtered base rows (private.admin_deposit_filter); used by private.admin_deposit_stats.';

create or replace function private.admin_commission_stats(
  p_search text default null,
  p_provider_id uuid default null,
  p_subcategory_id uuid default null,
  p_from timestamptz default null,
  p_to timestamptz default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
  v_days record := private.period_days(p_from, p_to);
begin
  perform private.assert_admin();
  if nullif(btrim(coalesce(p_search, '')), '') is null and p_provider_id is null
     and (v_days.first_day is null or v_days.end_day is null or v_days.first_day < v_days.end_day) then
    -- Whole days from the rollup, the partial days at the edges from the base rows.
    with parts as (
      select r.commission_count as n, r.service_price_total as sp, r.platform_fee_total as pf,
             r.provider_amount_total as pa, r.commission_rate_total as rt
        from private.commission_stats_service_daily r
       where (p_subcategory_id is null or r.subcategory_id = p_subcategory_id)
         and (v_days.first_day is null or r.day >= v_days.first_day)
         and (v_days.end_day is null or r.day < v_days.end_day)
      union all
      select 1, c.service_price, c.platform_fee, c.provider_amount, c.commission_rate
        from public.commissions c
       where (p_subcategory_id is null or c.subcategory_id = p_subcategory_id)
         and ((c.created_at >= p_from and c.created_at < private.local_midnight(v_days.first_day))
              or (c.created_at >= private.local_midnight(v_days.end_day) and c.created_at < p_to))
    )
    select jsonb_build_object(
             'count', coalesce(sum(n), 0),
             'service_value', coalesce(sum(sp), 0),
             'platform_fee', coalesce(sum(pf), 0),
             'provider_amount', coalesce(sum(pa), 0),
             'average_rate', coalesce(round(sum(rt) / nullif(sum(n), 0), 2), 0))
      into v_result
      from parts;
    return v_result;
  end if;
  return private.admin_commission_stats_scan(p_search, p_provider_id, p_subcategory_id, p_from, p_to);
end
$$;

create or replace function private.admin_deposit_stats(
  p_search text default null,
  p_provider_id uuid default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
  v_days record := private.period_days(p_from, p_to);
begin
  perform private.assert_admin();
  if p_status is not null and p_status not in ('pending', 'completed', 'canceled') then
    raise exception 'invalid deposit status: %', p_status using errcode = '22023';
  end if;
  if nullif(btrim(coalesce(p_search, '')), '') is null and p_provider_id is null
     and (v_days.first_day is null or v_days.end_day is null or v_days.first_day < v_days.end_day) then
    with parts as (
      select r.status, r.deposit_count as n, r.amount_total as amount
        from private.deposit_stats_daily r
       where (p_status is null or r.status = p_status)
         and (v_days.first_day is null or r.day >= v_days.first_day)
         and (v_days.end_day is null or r.day < v_days.end_day)
      union all
      select d.status, 1, d.amount
        from public.deposit_history d
       where (p_status is null or d.status = p_status)
         and ((d.created_at >= p_from and d.created_at < private.local_midnight(v_days.first_day))
              or (d.created_at >= private.local_midnight(v_days.end_day) and d.created_at < p_to))
    )
    select jsonb_build_object(
             'count', coalesce(sum(n), 0),
             'total_amount', coalesce(sum(amount), 0),
             'pending_count', coalesce(sum(n) filter (where status = 'pending'), 0),
             'pending_amount', coalesce(sum(amount) filter (where status = 'pending'), 0),
             'completed_count', coalesce(sum(n) filter (where status = 'completed'), 0),
             'completed_amount', coalesce(sum(amount) filter (where status = 'completed'), 0),
             'canceled_count', coalesce(sum(n) filter (where status = 'canceled'), 0),
             'canceled_amount', coalesce(sum(amount) filter (where status = 'canceled'), 0))
      into v_result
      from parts;
    return v_result;
  end if;
  return private.admin_deposit_stats_scan(p_search, p_provider_id, p_status, p_from, p_to);
end
$$;

comment on function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) is
  'Stat cards of the admin commissions screen for the given filters: count, service_value, platform_fee (platform income), provider_amount (provider earnings), average_rate. From the rollup unless a search text or a provider needs the base rows.';
comment on function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) is
  'Stat cards of the admin deposit history for the given filters: total / pending / completed / canceled amounts with counts. From the rollup unless a search text or a provider needs the base rows.';
revoke all on function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
revoke all on function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;
grant execute on function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;
