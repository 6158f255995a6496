-- Admin statistics as RPC functions: security invoker (RLS applies) and refused outright to
-- non-admins with 42501. Days are counted in Asia/Ho_Chi_Minh.

create or replace function private.assert_admin()
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not (private.is_admin() or current_user in ('service_role', 'postgres') or auth.role() = 'service_role') then
    raise exception 'permission denied' using errcode = '42501';
  end if;
end
$$;
revoke all on function private.assert_admin() from public, anon;
grant execute on function private.assert_admin() to authenticated, service_role;

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

-- The search text of commission_stats / deposit_stats is matched literally: the LIKE wildcards
-- % and _ (and the escape character) an admin types are escaped.
create or replace function private.literal_like_pattern(p_text text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case
    when nullif(btrim(coalesce(p_text, '')), '') is null then null
    else '%' || replace(replace(replace(btrim(p_text), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end
$$;
revoke all on function private.literal_like_pattern(text) from public, anon;
grant execute on function private.literal_like_pattern(text) to authenticated, service_role;

-- Commission list stat cards under the list's filters.
create or replace function public.commission_stats(
  p_search text default null,
  p_provider_id uuid default null,
  p_subcategory_id uuid default null,
  p_from timestamptz default null,
  p_to timestamptz default null
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  pattern text := private.literal_like_pattern(p_search);
  result jsonb;
begin
  perform private.assert_admin();
  select jsonb_build_object(
           'count', count(*),
           'total_service_price', coalesce(sum(c.service_price), 0),
           'total_final_price', coalesce(sum(c.final_price), 0),
           'total_platform_fee', coalesce(sum(c.platform_fee), 0),
           'total_provider_amount', coalesce(sum(c.provider_amount), 0),
           'average_rate', coalesce(round(avg(c.commission_rate), 2), 0)
         )
    into result
    from public.commissions c
   where (p_provider_id is null or c.provider_id = p_provider_id)
     and (p_subcategory_id is null or c.subcategory_id = p_subcategory_id)
     and (p_from is null or c.created_at >= p_from)
     and (p_to is null or c.created_at < p_to)
     and (pattern is null
          or c.booking_id::text ilike pattern
          or exists (select 1 from public.profiles p where p.id = c.provider_id and p.name ilike pattern)
          or exists (select 1 from public.subcategories s where s.id = c.subcategory_id and s.name ilike pattern));
  return result;
end
$$;

-- Deposit list stat cards under the list's filters.
create or replace function public.deposit_stats(
  p_search text default null,
  p_provider_id uuid default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  pattern text := private.literal_like_pattern(p_search);
  result jsonb;
begin
  perform private.assert_admin();
  select jsonb_build_object(
           'count', count(*),
           'total_amount', coalesce(sum(d.amount), 0),
           'pending_count', count(*) filter (where d.status = 'pending'),
           'pending_amount', coalesce(sum(d.amount) filter (where d.status = 'pending'), 0),
           'completed_count', count(*) filter (where d.status = 'completed'),
           'completed_amount', coalesce(sum(d.amount) filter (where d.status = 'completed'), 0),
           'canceled_count', count(*) filter (where d.status = 'canceled'),
           'canceled_amount', coalesce(sum(d.amount) filter (where d.status = 'canceled'), 0)
         )
    into result
    from public.deposit_history d
   where (p_provider_id is null or d.provider_id = p_provider_id)
     and (p_status is null or d.status = p_status)
     and (p_from is null or d.created_at >= p_from)
     and (p_to is null or d.created_at < p_to)
     and (pattern is null
          or d.id::text ilike pattern
          or exists (select 1 from public.profiles p
                      where p.id = d.provider_id
                        and (p.name ilike pattern or p.email ilike pattern or p.phone ilike pattern)));
  return result;
end
$$;

create or replace function public.discount_code_stats()
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.assert_admin();
  select jsonb_build_object(
           'total', count(*),
           'active', count(*) filter (where status = 'active'),
           'inactive', count(*) filter (where status = 'inactive'),
           'total_uses', coalesce(sum(uses_count), 0)
         )
    into result
    from public.discount_codes;
  return result;
end
$$;

create or replace function public.provider_stats(p_provider_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.assert_admin();
  select jsonb_build_object(
           'total', count(*),
           'pending', count(*) filter (where status = 'pending'),
           'confirmed', count(*) filter (where status = 'confirmed'),
           'pending_completion', count(*) filter (where status = 'pending_completion'),
           'completed', count(*) filter (where status = 'completed'),
           'cancelled', count(*) filter (where status = 'cancelled'),
           'in_progress', count(*) filter (where status in ('pending', 'confirmed', 'pending_completion')),
           'total_revenue', coalesce(sum(final_price) filter (where status = 'completed'), 0)
         )
    into result
    from public.bookings
   where provider_id = p_provider_id;
  return result;
end
$$;

create or replace function public.customer_stats(p_customer_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.assert_admin();
  select jsonb_build_object(
           'total', count(*),
           'pending', count(*) filter (where status = 'pending'),
           'confirmed', count(*) filter (where status = 'confirmed'),
           'pending_completion', count(*) filter (where status = 'pending_completion'),
           'completed', count(*) filter (where status = 'completed'),
           'cancelled', count(*) filter (where status = 'cancelled'),
           'in_progress', count(*) filter (where status in ('pending', 'confirmed', 'pending_completion')),
           'total_spent', coalesce(sum(final_price) filter (where status = 'completed'), 0)
         )
    into result
    from public.bookings
   where customer_id = p_customer_id;
  return result;
end
$$;

-- Only active reviews count (docs/product.md#review-status).
create or replace function public.provider_review_summary(p_provider_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.assert_admin();
  select jsonb_build_object(
           'count', count(*),
           'average', coalesce(round(avg(rating), 2), 0),
           'distribution', jsonb_build_object(
             '1', count(*) filter (where rating = 1),
             '2', count(*) filter (where rating = 2),
             '3', count(*) filter (where rating = 3),
             '4', count(*) filter (where rating = 4),
             '5', count(*) filter (where rating = 5)
           )
         )
    into result
    from public.reviews
   where provider_id = p_provider_id and status = 'active';
  return result;
end
$$;

revoke all on function public.admin_dashboard() from public, anon;
revoke all on function public.commission_stats(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
revoke all on function public.deposit_stats(text, uuid, text, timestamptz, timestamptz) from public, anon;
revoke all on function public.discount_code_stats() from public, anon;
revoke all on function public.provider_stats(uuid) from public, anon;
revoke all on function public.customer_stats(uuid) from public, anon;
revoke all on function public.provider_review_summary(uuid) from public, anon;
grant execute on function public.admin_dashboard() to authenticated, service_role;
grant execute on function public.commission_stats(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;
grant execute on function public.deposit_stats(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;
grant execute on function public.discount_code_stats() to authenticated, service_role;
grant execute on function public.provider_stats(uuid) to authenticated, service_role;
grant execute on function public.customer_stats(uuid) to authenticated, service_role;
grant execute on function public.provider_review_summary(uuid) to authenticated, service_role;
