-- The dashboard reads only rollups (docs/database.md#stats-rollups-for-every-filter): user counts
-- from private.profile_role_counts (they were counted over every profile under RLS, a sequential
-- scan that grew with the users) and deposit figures from private.deposit_stats_daily. The body
-- moves to `private` (security definer, admin check first) since the rollups are not readable
-- through the API; public.admin_dashboard keeps its signature and answer.

create or replace function private.admin_dashboard()
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

create or replace function public.admin_dashboard()
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_dashboard()
$$;
