-- The admin commissions screen (/admin/manage-commissions): a filtered page of commission rows
-- with provider and service names ({rows, total, total_exact, first_cursor, last_cursor},
-- docs/database.md#admin-list-functions, docs/search.md), and the stat cards over every filtered row.
--
-- Filters (shared by the list and the cards, private.admin_commission_filter): search text
-- (provider name or service name, accent-insensitive; the start of a booking id or its short number), provider,
-- service, created from (inclusive) / to (exclusive) instants. Sorts: created_at (default, newest
-- first), final_price, platform_fee. Paging: numbered pages, cursors, or the export's legacy keyset
-- after (created_at, id) (CSV export, with p_count = false).
-- The stat cards come from the rollup private.commission_stats_service_daily when there is no
-- search text and no provider (whole Vietnam days from the rollup, the partial days at the edges of
-- the period from the base rows, docs/database.md#stats-rollups-for-every-filter), from the rollup
-- private.commission_stats_provider_monthly for a provider (whole Vietnam months, the other days
-- of the period from the base rows), from both for a search text (the rows of the services it names
-- from the service rollup, plus the rows of the providers it names in other services from the
-- provider rollup, whose key includes its sums: index-only scans; the days outside whole months
-- read provider by provider from the providers' covering index), and from a scan of the filtered
-- rows (private.admin_commission_stats_scan) for a booking id or a period without a whole day.
--
-- The bodies run as security definer in `private` behind security-invoker functions in `public`:
-- under row-level security a non-leakproof operator is never used for an index scan, so the
-- searches over provider and service names were sequential scans (npm run seed:large:
-- provider-name filters 120–310 ms). Access does not change: each body starts with
-- private.assert_admin() (42501 for anyone but an admin or the service role), and admins may read
-- every row of these tables anyway. The filter function is security invoker.

-- The WHERE clause of the list and the scan, values inlined as quoted literals. A name search is
-- the array of the matching providers' and services' ids (private.id_in_condition: a literal array
-- the planner can size; as an `in (select …)` semi-join the planner sometimes merged the list with
-- every profile in id order, 113 ms instead of a few ms on seed:large); 8 hex digits or more also
-- name a booking (private.id_search_condition).
create function private.admin_commission_filter(
  p_search text, p_provider_id uuid, p_subcategory_id uuid, p_from timestamptz, p_to timestamptz
)
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_filter text := 'true';
begin
  if nullif(btrim(coalesce(p_search, '')), '') is not null then
    v_filter := v_filter || ' and ('
      || private.id_in_condition('c.provider_id', format('select p.id from public.profiles p where p.role = ''provider'' and %s',
                                                       private.vi_search_condition('p.name_folded', p_search)))
      || ' or ' || private.id_in_condition('c.subcategory_id', format('select s.id from public.subcategories s where %s',
                                                                    private.vi_search_condition('private.vi_fold(s.name)', p_search)))
      || coalesce(' or ' || private.id_search_condition('c.booking_id', p_search), '')
      || ')';
  end if;
  if p_provider_id is not null then v_filter := v_filter || format(' and c.provider_id = %L::uuid', p_provider_id); end if;
  if p_subcategory_id is not null then v_filter := v_filter || format(' and c.subcategory_id = %L::uuid', p_subcategory_id); end if;
  if p_from is not null then v_filter := v_filter || format(' and c.created_at >= %L::timestamptz', p_from); end if;
  if p_to is not null then v_filter := v_filter || format(' and c.created_at < %L::timestamptz', p_to); end if;
  return v_filter;
end
$$;

revoke all on function private.admin_commission_filter(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_commission_filter(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;

create function private.admin_list_commissions(
  p_search text default null,
  p_provider_id uuid default null,
  p_subcategory_id uuid default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_after_created_at timestamptz default null,
  p_after_id uuid default null,
  p_sort text default null,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.assert_admin();
  return private.admin_sorted_page(
    'public.commissions', 'c',
    private.admin_commission_filter(p_search, p_provider_id, p_subcategory_id, p_from, p_to),
    '{"created_at": ["c.created_at", "timestamptz"],
      "final_price": ["c.final_price", "bigint"],
      "platform_fee": ["c.platform_fee", "bigint"]}'::jsonb,
    p_sort, 'created_at.desc',
    'c.id, c.booking_id, c.provider_id, p.name as provider_name, c.subcategory_id,
     s.name as service_name, c.commission_rate, c.service_price, c.platform_fee,
     c.provider_amount, c.final_price, c.booking_completed_at, c.created_at',
    'left join public.profiles p on p.id = c.provider_id
     left join public.subcategories s on s.id = c.subcategory_id',
    p_limit, p_offset, p_count, p_after, p_before, p_last,
    private.admin_default_order_keyset('c', p_sort, p_after_created_at, p_after_id),
    p_estimate_first => nullif(btrim(coalesce(p_search, '')), '') is not null);
end
$$;

comment on function private.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) is
  'Body of public.admin_list_commissions (security definer, admin check first).';

revoke all on function private.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) to authenticated, service_role;

-- The stat cards over the filtered base rows: what private.admin_commission_stats answers when the
-- filters need the base rows (a search text, a provider, a period inside one day).
create function private.admin_commission_stats_scan(
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
begin
  perform private.assert_admin();
  execute
    'select jsonb_build_object(
         ''count'', count(*),
         ''service_value'', coalesce(sum(c.service_price), 0),
         ''platform_fee'', coalesce(sum(c.platform_fee), 0),
         ''provider_amount'', coalesce(sum(c.provider_amount), 0),
         ''average_rate'', coalesce(round(avg(c.commission_rate), 2), 0))
       from public.commissions c where '
      || private.admin_commission_filter(p_search, p_provider_id, p_subcategory_id, p_from, p_to)
    into v_result;
  return v_result;
end
$$;

comment on function private.admin_commission_stats_scan(text, uuid, uuid, timestamptz, timestamptz) is
  'Commission stat cards computed over the filtered base rows (private.admin_commission_filter); used by private.admin_commission_stats.';

revoke all on function private.admin_commission_stats_scan(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_commission_stats_scan(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;

create function private.admin_commission_stats(
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
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
  v_first_month date;
  v_end_month date;
  v_months text;
  v_month_edges text[];
  v_day_edges text[];
  v_sub text;
  v_filter text;
  v_provider_ids uuid[];
  v_provider_parts text[] := '{}';
  v_services text;
  v_parts text;
begin
  perform private.assert_admin();
  if v_days.first_day is not null and v_days.end_day is not null and v_days.first_day >= v_days.end_day then
    -- No whole day in the period: its few rows are read as they are.
    return private.admin_commission_stats_scan(p_search, p_provider_id, p_subcategory_id, p_from, p_to);
  end if;
  if v_search is null and p_provider_id is null then
    -- Whole days from the service rollup, the partial days at the edges from the base rows.
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
  if private.id_search_condition('c.booking_id', v_search) is not null then
    -- A booking's id names a few rows.
    return private.admin_commission_stats_scan(p_search, p_provider_id, p_subcategory_id, p_from, p_to);
  end if;

  -- A search text or a provider: whole months from the provider rollup (a dozen rows a provider a
  -- year), the days of the period's first and last month outside them from the base rows, each
  -- side its own range (one range of the provider's index each: an index-only scan, where the two
  -- ranges OR-ed were a bitmap scan of the table).
  v_first_month := case when v_days.first_day is null then null
                        when extract(day from v_days.first_day) = 1 then v_days.first_day
                        else (date_trunc('month', v_days.first_day) + interval '1 month')::date end;
  v_end_month := case when v_days.end_day is null then null else date_trunc('month', v_days.end_day)::date end;
  if v_first_month is not null and v_end_month is not null and v_first_month >= v_end_month then
    -- No whole month in the period: every row from the base rows.
    v_month_edges := array[format('c.created_at >= %L::timestamptz and c.created_at < %L::timestamptz', p_from, p_to)];
    v_first_month := v_end_month;
  else
    v_month_edges := array_remove(array[
      case when p_from is not null then format('c.created_at >= %L::timestamptz and c.created_at < %L::timestamptz',
                                              p_from, private.local_midnight(v_first_month)) end,
      case when p_to is not null then format('c.created_at >= %L::timestamptz and c.created_at < %L::timestamptz',
                                            private.local_midnight(v_end_month), p_to) end], null);
  end if;
  v_months := format('c.month >= coalesce(%L::date, ''-infinity''::date) and c.month < coalesce(%L::date, ''infinity''::date)',
                     v_first_month, v_end_month);
  v_sub := case when p_subcategory_id is null then '' else format(' and c.subcategory_id = %L::uuid', p_subcategory_id) end;

  if p_provider_id is not null or v_search is null then
    -- One provider's rows: the whole filter on the provider rollup.
    v_filter := private.admin_commission_filter(v_search, p_provider_id, p_subcategory_id, null, null);
    v_parts := format(
      'select c.commission_count as n, c.service_price_total as sp, c.platform_fee_total as pf,
              c.provider_amount_total as pa, c.commission_rate_total as rt
         from private.commission_stats_provider_monthly c where (%1$s) and %2$s',
      v_filter, v_months)
      || coalesce((select string_agg(format(
           ' union all select 1, c.service_price, c.platform_fee, c.provider_amount, c.commission_rate
               from public.commissions c where (%s) and %s', v_filter, e), '') from unnest(v_month_edges) e), '');
  else
    -- A search text names providers (P) and services (S): the rows of either are S, from the
    -- service rollup (a service's year is 365 rows, whatever its providers), plus the rows of P in
    -- another service, from the provider rollup. Each row is read once (P + S − (P and S) read
    -- the rows of P twice and walked the services' rows of the provider rollup: 25 ms at 1M for "do").
    v_provider_ids := private.lookup_ids(format('select p.id from public.profiles p where p.role = ''provider'' and %s',
                                                private.vi_search_condition('p.name_folded', v_search)));
    v_services := private.id_in_condition('c.subcategory_id', format(
      'select s.id from public.subcategories s where %s', private.vi_search_condition('private.vi_fold(s.name)', v_search)));
    v_day_edges := array_remove(array[
      case when p_from is not null then format('c.created_at >= %L::timestamptz and c.created_at < %L::timestamptz',
                                              p_from, private.local_midnight(v_days.first_day)) end,
      case when p_to is not null then format('c.created_at >= %L::timestamptz and c.created_at < %L::timestamptz',
                                            private.local_midnight(v_days.end_day), p_to) end], null);
    v_parts := format(
      'select c.commission_count as n, c.service_price_total as sp, c.platform_fee_total as pf,
              c.provider_amount_total as pa, c.commission_rate_total as rt
         from private.commission_stats_service_daily c
        where %1$s%2$s and c.day >= coalesce(%3$L::date, ''-infinity''::date) and c.day < coalesce(%4$L::date, ''infinity''::date)',
      v_services, v_sub, v_days.first_day, v_days.end_day);
    -- The providers' rows in other services, provider by provider (a lateral subquery, each part
    -- kept apart by `offset 0`: one range of an index each, index-only): their whole months from
    -- the provider rollup, the days of the period outside them from the commissions (as one scan
    -- over every provider the planner walked the whole period of commissions instead).
    if v_first_month is distinct from v_end_month or v_first_month is null then
      v_provider_parts := array[format(
        '(select c.commission_count as n, c.service_price_total as sp, c.platform_fee_total as pf,
                 c.provider_amount_total as pa, c.commission_rate_total as rt
            from private.commission_stats_provider_monthly c
           where c.provider_id = pid.id and (%s) is not true%s and %s offset 0)', v_services, v_sub, v_months)];
    end if;
    v_provider_parts := v_provider_parts || array(
      select format('(select 1 as n, c.service_price as sp, c.platform_fee as pf, c.provider_amount as pa, c.commission_rate as rt
                        from public.commissions c
                       where c.provider_id = pid.id and (%s) is not true%s and %s offset 0)', v_services, v_sub, e)
        from unnest(v_month_edges) e);
    if cardinality(v_provider_parts) > 0 then
      v_parts := v_parts || format(
        ' union all
         select c.n, c.sp, c.pf, c.pa, c.rt from unnest(%L::uuid[]) pid(id) cross join lateral (%s) c',
        v_provider_ids, array_to_string(v_provider_parts, ' union all '));
    end if;
    v_parts := v_parts
      || coalesce((select string_agg(format(
           ' union all select 1, c.service_price, c.platform_fee, c.provider_amount, c.commission_rate
               from public.commissions c where %s%s and %s', v_services, v_sub, e), '')
           from unnest(v_day_edges) e), '');
  end if;
  execute
    'select jsonb_build_object(
              ''count'', coalesce(sum(n), 0),
              ''service_value'', coalesce(sum(sp), 0),
              ''platform_fee'', coalesce(sum(pf), 0),
              ''provider_amount'', coalesce(sum(pa), 0),
              ''average_rate'', coalesce(round(sum(rt) / nullif(sum(n), 0), 2), 0))
       from (' || v_parts || ') parts'
    into v_result;
  return v_result;
end
$$;

comment on function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) is
  'Stat cards of the admin commissions screen for the given filters: count, service_value, platform_fee (platform income), provider_amount (provider earnings), average_rate. From the service rollup, or the provider rollup for a search text or a provider; base rows only for the days outside whole days / months and for a booking id.';

revoke all on function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;

create function public.admin_list_commissions(
  p_search text default null, p_provider_id uuid default null, p_subcategory_id uuid default null,
  p_from timestamptz default null, p_to timestamptz default null, p_limit integer default 50,
  p_offset integer default 0, p_after_created_at timestamptz default null, p_after_id uuid default null,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_commissions(p_search, p_provider_id, p_subcategory_id, p_from, p_to, p_limit, p_offset,
                                        p_after_created_at, p_after_id, p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) is
  'Admin commissions list: {rows, total, total_exact, first_cursor, last_cursor}, whitelisted sorts, offset window or cursor paging (the legacy created_at keyset for the default order). Admins only (42501).';

revoke all on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_commission_stats(
  p_search text default null, p_provider_id uuid default null, p_subcategory_id uuid default null,
  p_from timestamptz default null, p_to timestamptz default null
)
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_commission_stats(p_search, p_provider_id, p_subcategory_id, p_from, p_to)
$$;

comment on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) is
  'Stat cards of the admin commissions screen for the given filters: count, service_value, platform_fee (platform income), provider_amount (provider earnings), average_rate. Admins only.';

revoke all on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;
