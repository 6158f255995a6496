-- The admin commissions screen (/admin/manage-commissions): a filtered page of commission rows
-- with provider and service names ({rows, total, total_exact, first_cursor, last_cursor, sort},
-- docs/database.md#admin-list-functions, docs/search.md), and the stat cards over every filtered row.
--
-- Filters (shared by the list and the cards, private.admin_list_where): search text
-- (provider name or service name, accent-insensitive; the start of a booking id or its short number), provider,
-- service, created from (inclusive) / to (exclusive) instants. Sorts: created_at (default, newest
-- first), final_price, platform_fee. Paging: numbered pages, cursors, or the export's legacy keyset
-- after (created_at, id) (CSV export, with p_count = false).
-- The stat cards are one sum over rollup rows and base rows (docs/database.md#stat-cards-one-way):
-- whole Vietnam days from the rollup private.commission_stats_service_daily when there is no
-- provider (the partial days at the edges of the period from the base rows), whole Vietnam months
-- from the rollup private.commission_stats_provider_monthly for a provider (the other days of the
-- period from the base rows), both for a search text (the rows of the services it names from the
-- service rollup, plus the rows of the providers it names in other services from the provider
-- rollup, whose key includes its sums: index-only scans; the days outside whole months read
-- provider by provider from the providers' covering index; with no period and many providers,
-- their all-time sums from private.commission_stats_provider_service read whole), and only base
-- rows for a booking id or a period without a whole day (a few rows).
--
-- The bodies (the list: private.admin_sorted_page; the cards: private.admin_commission_stats) run
-- as security definer in `private` behind security-invoker functions in `public`:
-- under row-level security a non-leakproof operator is never used for an index scan, so the
-- searches over provider and service names were sequential scans (npm run seed:large:
-- provider-name filters 120–310 ms). Access does not change: each body starts with
-- private.assert_admin() (42501 for anyone but an admin or the service role), and admins may read
-- every row of these tables anyway.

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
  -- The list's filter values (private.admin_list_where writes their SQL).
  v_values private.admin_list_filter := jsonb_populate_record(null::private.admin_list_filter, jsonb_build_object(
    'search', p_search, 'provider_id', p_provider_id, 'subcategory_id', p_subcategory_id, 'from_at', p_from, 'to_at', p_to));
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
  -- Whole months (the provider rollup's key): the first and the last of the period, the days of
  -- the period's first and last month outside them, each side its own range (one range of the
  -- provider's index each: an index-only scan, where the two ranges OR-ed were a bitmap scan).
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
  if (v_days.first_day is not null and v_days.end_day is not null and v_days.first_day >= v_days.end_day)
     or private.id_search_condition('c.booking_id', v_search) is not null then
    -- No whole day in the period, or a booking's id: a few rows, read as they are.
    v_parts := 'select 1 as n, c.service_price as sp, c.platform_fee as pf, c.provider_amount as pa, c.commission_rate as rt
                  from public.commissions c where '
      || (private.admin_list_where('commissions', v_values)).filter;
  elsif p_provider_id is not null then
    -- One provider's rows (a dozen rows a provider a year): the whole filter on the provider rollup.
    v_values.from_at := null;
    v_values.to_at := null;
    v_filter := (private.admin_list_where('commissions', v_values)).filter;
    v_parts := format(
      'select c.commission_count as n, c.service_price_total as sp, c.platform_fee_total as pf,
              c.provider_amount_total as pa, c.commission_rate_total as rt
         from private.commission_stats_provider_monthly c where (%s) and %s', v_filter, v_months)
      || coalesce((select string_agg(format(
           ' union all select 1, c.service_price, c.platform_fee, c.provider_amount, c.commission_rate
               from public.commissions c where (%s) and %s', v_filter, e), '') from unnest(v_month_edges) e), '');
  else
    -- Whole Vietnam days from the service rollup (a service's year is 365 rows, whatever its
    -- providers), the partial days at the edges of the period from the base rows. A search text
    -- names providers (P) and services (S): the rows of either are S, from the service rollup,
    -- plus the rows of P in another service, from the provider rollup. Each row is read once
    -- (P + S − (P and S) read the rows of P twice and walked the services' rows of the provider
    -- rollup: 25 ms at 1M for "do").
    v_sub := case when p_subcategory_id is null then '' else format(' and c.subcategory_id = %L::uuid', p_subcategory_id) end;
    v_services := case when v_search is null then 'true' else private.id_in_condition('c.subcategory_id', format(
      'select s.id from public.subcategories s where %s', private.vi_search_condition('private.vi_fold(s.name)', v_search))) end;
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
      v_services, v_sub, v_days.first_day, v_days.end_day)
      || coalesce((select string_agg(format(
           ' union all select 1, c.service_price, c.platform_fee, c.provider_amount, c.commission_rate
               from public.commissions c where %s%s and %s', v_services, v_sub, e), '')
           from unnest(v_day_edges) e), '');
    if v_search is not null then
      -- The providers' rows in other services, provider by provider (a lateral subquery, each part
      -- kept apart by `offset 0`: one range of an index each, index-only): their whole months from
      -- the provider rollup, the days of the period outside them from the commissions (as one scan
      -- over every provider the planner walked the whole period of commissions instead).
      v_provider_ids := private.lookup_ids(format('select p.id from public.profiles p where p.role = ''provider'' and %s',
                                                  private.vi_search_condition('p.name_folded', v_search)));
      if p_from is null and p_to is null
         and cardinality(v_provider_ids) * 4 > pg_catalog.pg_relation_size('private.commission_stats_provider_service') / 8192 then
        -- No period, and more providers than a quarter of the all-time rollup's pages (a lookup in
        -- the monthly rollup costs about 4 buffers a provider): their rows in other services from
        -- the all-time rollup read whole, the providers matched by a hashed list.
        v_parts := v_parts || format(
          ' union all
           select c.commission_count, c.service_price_total, c.platform_fee_total, c.provider_amount_total, c.commission_rate_total
             from private.commission_stats_provider_service c
            where c.provider_id = any (%L::uuid[]) and (%s) is not true%s', v_provider_ids, v_services, v_sub);
      elsif v_first_month is distinct from v_end_month or v_first_month is null then
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
    end if;
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
  select private.admin_sorted_page('commissions',
    jsonb_populate_record(null::private.admin_list_filter, jsonb_build_object(
      'search', p_search, 'provider_id', p_provider_id, 'subcategory_id', p_subcategory_id, 'from_at', p_from, 'to_at', p_to)),
    p_sort, p_limit, p_offset, p_count, p_after, p_before, p_last, p_after_created_at, p_after_id)
$$;

comment on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) is
  'Admin commissions list: {rows, total, total_exact, first_cursor, last_cursor, sort}, whitelisted sorts, offset window or cursor paging (the legacy created_at keyset for the default order). Admins only (42501).';

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
