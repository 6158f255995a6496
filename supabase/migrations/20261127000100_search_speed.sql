-- Faster typed-text searches of the admin lists and of the commissions screen's stat cards
-- (docs/search.md): at 1,000,000 bookings every numbered page of a two-letter search stays well
-- under 20 ms, and the stat cards with a search text under 10 ms.
--
-- * Two letters match the start of a word with LIKE (`col like 'do%' or col like '% do%'`) instead
--   of the regular expression `(^| )do`: the same rows, the same trigram index conditions, but a
--   row is tested about three times faster, and a deep page of a frequent word tests thousands of
--   rows (reviews "tệ" at offset 500: 12,600 comments).
-- * When a page skips rows or typed text filters it, its ids are found first, from the columns of
--   the filter and the order only, and its rows read by id afterwards (private.admin_sorted_page);
--   the default order's index of each searched list includes the searched columns, so the rows a
--   deep page skips are index entries (an index-only scan), not table rows. These covering
--   indexes replace the plain ones on the same leading columns. The exact count of a typed text
--   runs without index-only scans (private.count_text_matches), through the trigram indexes.
-- * The name lookups of private.id_in_condition run without index-only scans
--   (private.lookup_ids): the covering index of profiles includes the folded names, and the
--   planner would walk it whole rather than read the trigram index. The providers' names get their
--   own (partial) trigram index: a provider-name lookup reads a few hundred entries.
-- * The stat cards for a search text add the services' rows (service rollup) to the providers'
--   rows in other services (provider rollup) instead of P + S − (P and S), which read the
--   providers' rows twice; the provider rollup's key includes its sums (index-only scans), and the
--   days outside whole months are read provider by provider from the providers' index.
-- * The conversations list counts a name's matches at once (a table of tens of thousands of rows)
--   instead of asking the planner first: each statement parses and plans the literal array of
--   the matching people's ids again.

-- Matching typed text -----------------------------------------------------------------------------

-- The condition "the folded column matches the typed text", as SQL with the text inlined as quoted
-- literals; null for blank text (docs/search.md#matching-typed-text).
--   3+ characters, or any text with punctuation: the folded value contains the folded text
--     (`like '%text%'`, LIKE's wildcards typed by the admin escaped);
--   1–2 letters or digits: a word starts with them, i.e. they start the value or follow a space
--     (`col like 'do%' or col like '% do%'`; letters and digits need no escaping). Each LIKE is an
--     exact condition of the trigram index, through the trigrams pg_trgm keeps for the start of
--     every word ("  d", " do").
create or replace function private.vi_search_condition(p_folded text, p_text text)
returns text
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_text text := private.vi_fold(btrim(coalesce(p_text, '')));
begin
  if v_text = '' then
    return null;
  end if;
  if char_length(v_text) <= 2 and v_text ~ '^[[:alnum:]]+$' then
    return format('(%1$s like %2$L or %1$s like %3$L)', p_folded, v_text || '%', '% ' || v_text || '%');
  end if;
  return format('%s like %L', p_folded,
                '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%');
end
$$;

-- The ids a lookup of private.id_in_condition returns (SQL text written by a list function, never
-- typed text), read with its trigram index: index-only scans are off while it runs, so an index
-- that includes a folded column for a list's order (profiles_role_created_at_search_idx) is not
-- walked whole instead (every customer for "nguyen": 15 ms, against 5 ms from the trigram index).
create function private.lookup_ids(p_query text)
returns uuid[]
language plpgsql
stable
security invoker
set search_path = ''
set enable_indexonlyscan = off
as $$
declare
  v_ids uuid[];
begin
  execute 'select array(' || p_query || ')' into v_ids;
  return v_ids;
end
$$;

comment on function private.lookup_ids(text) is
  'The uuid array a lookup query returns, read without index-only scans (the trigram index of the folded column); used by private.id_in_condition.';

revoke all on function private.lookup_ids(text) from public, anon, authenticated, service_role;

-- "<p_column> is one of the ids <p_query> returns", as before (a literal array up to 5,000 ids, the
-- planner then knows how many there are), the ids read by private.lookup_ids. Above 5,000 ids the
-- condition holds the lookup as a scalar subquery (one run per statement, as the `array(select …)`
-- it replaces), through private.lookup_ids too.
create or replace function private.id_in_condition(p_column text, p_query text)
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  id_cap constant integer := 5000;
  v_ids uuid[];
begin
  v_ids := private.lookup_ids(p_query || ' limit ' || (id_cap + 1));
  if cardinality(v_ids) > id_cap then
    return format('%s = any ((select private.lookup_ids(%L))::uuid[])', p_column, p_query);
  end if;
  return format('%s = any (%L::uuid[])', p_column, v_ids);
end
$$;

-- Counting --------------------------------------------------------------------------------------

-- The exact count of private.count_matches with p_estimate_first (typed text, or a list without a
-- filter) when the planner expects 10,000 rows or fewer, read without index-only scans: a typed
-- text's matches through the trigram indexes, not by a walk of every entry of a covering index
-- that includes the searched columns (customers "nguyen": 56 ms walking 95,000 entries, 8 ms from
-- the trigram indexes).
create function private.count_text_matches(p_from text)
returns bigint
language plpgsql
volatile
security invoker
set search_path = ''
set enable_indexonlyscan = off
as $$
declare
  v_total bigint;
begin
  execute 'select count(*) from ' || p_from into v_total;
  return v_total;
end
$$;

comment on function private.count_text_matches(text) is
  'Exact count of "select from <p_from>", without index-only scans (the trigram indexes of a typed text); used by private.count_matches.';

revoke all on function private.count_text_matches(text) from public, anon, authenticated, service_role;

-- The total of an admin list, as before; the exact count of typed text through
-- private.count_text_matches.
create or replace function private.count_matches(
  p_from text,
  p_estimate_first boolean default false,
  out total bigint,
  out total_exact boolean
)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  count_cap constant integer := 10000;
  v_estimate bigint;
begin
  if p_estimate_first then
    v_estimate := private.plan_rows('select 1 from ' || p_from);
    if v_estimate > count_cap then
      total := v_estimate;
      total_exact := false;
      return;
    end if;
    total := private.count_text_matches(p_from);
    total_exact := total <= count_cap;
    if not total_exact then
      total := greatest(v_estimate, count_cap + 1);
    end if;
    return;
  end if;
  execute 'select count(*) from (select 1 from ' || p_from || ' limit ' || (count_cap + 1) || ') capped'
    into total;
  total_exact := total <= count_cap;
  if not total_exact then
    total := greatest(private.plan_rows('select 1 from ' || p_from), count_cap + 1);
  end if;
end
$$;


-- Paging ------------------------------------------------------------------------------------------

create or replace function private.admin_sorted_page(
  p_table text,
  p_alias text,
  p_filter text,
  p_keys jsonb,
  p_sort text,
  p_default_sort text,
  p_columns text,
  p_joins text,
  p_limit integer,
  p_offset integer,
  p_count boolean,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_keyset text default null,
  p_total bigint default null,
  p_total_exact boolean default null,
  p_estimate_first boolean default false,
  p_offset_window integer default 2000,
  p_id_type text default 'uuid'
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  -- Typed text (p_estimate_first) can match a few percent of the rows, each skipped row then
  -- costs the rows between two matches: its window is 500 rows (page 11 at 50 a page).
  offset_window constant integer := case when p_estimate_first then least(p_offset_window, 500) else p_offset_window end;
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 1000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_sort record;
  v_cursor text := coalesce(p_after, p_before);
  v_reverse boolean := coalesce(p_last, false) or p_before is not null;
  v_walk_desc boolean;
  v_dir text;
  v_out_dir text;
  v_back_dir text;
  v_filter text := p_filter;
  v_value text;
  v_id text;
  v_total bigint := p_total;
  v_exact boolean := p_total_exact;
  v_rows jsonb;
  v_first text;
  v_last text;
  v_source text;
begin
  select * into v_sort from private.list_sort(p_keys, p_sort, p_default_sort);
  if p_after is not null and p_before is not null then
    raise exception 'p_after and p_before exclude each other' using errcode = '22023';
  end if;

  if p_count and v_total is null then
    select m.total, m.total_exact into v_total, v_exact
      from private.count_matches(p_table || ' ' || p_alias || ' where ' || p_filter,
                                 -- Without a filter the planner's estimate is the table's row count.
                                 p_estimate_first or p_filter = 'true') m;
  end if;

  if v_cursor is not null then
    begin
      v_value := (v_cursor::jsonb) ->> 0;
      v_id := (v_cursor::jsonb) ->> 1;
      execute format('select %L::%s', v_id, p_id_type);
      if jsonb_typeof(v_cursor::jsonb) <> 'array' or jsonb_array_length(v_cursor::jsonb) <> 2 or v_id is null then
        raise exception 'bad cursor';
      end if;
      execute format('select %L::%s', v_value, v_sort.sort_type);
    exception when others then
      raise exception 'invalid cursor: %', v_cursor using errcode = '22023';
    end;
    v_offset := 0;
  elsif p_keyset is not null then
    v_offset := 0;
    v_filter := v_filter || p_keyset;
  elsif v_offset > offset_window then
    if not v_reverse and v_exact and v_offset < v_total and v_total - v_offset <= offset_window + v_limit then
      -- Rows [offset, offset + limit) of the order are rows [total - offset - limit, total - offset)
      -- of the reversed order.
      v_reverse := true;
      v_limit := least(v_limit, (v_total - v_offset)::integer);
      v_offset := (v_total - v_offset - v_limit)::integer;
    elsif not v_reverse and v_exact and v_offset >= v_total then
      v_limit := 0;
    else
      raise exception 'offset % is beyond the numbered pages (% rows from either end): page with cursors',
        v_offset, offset_window using errcode = '22023', detail = 'offset_window';
    end if;
  end if;

  v_walk_desc := v_sort.descending <> v_reverse;
  v_dir := case when v_walk_desc then 'desc' else 'asc' end;
  v_out_dir := case when v_sort.descending then 'desc' else 'asc' end;
  v_back_dir := case when v_sort.descending then 'asc' else 'desc' end;
  if v_cursor is not null then
    -- Strictly after the cursor in the walking order: one row comparison, which a btree index on
    -- (key, id) (or on the key alone) serves as an index condition.
    v_filter := v_filter || format(' and (%s, %I.id) %s (%L::%s, %L::%s)',
      v_sort.sort_expr, p_alias, case when v_walk_desc then '<' else '>' end, v_value, v_sort.sort_type, v_id, p_id_type);
  end if;

  -- A filtered list in another order than its default, with few matches, is filtered first and then
  -- sorted (`offset 0` keeps the planner from merging the two): walking the sort's index and
  -- testing the filter row by row assumes the matches are spread over the order, and a filter that
  -- follows the order (the comments saying "tệ" are the low ratings; a service's fees sit together)
  -- made that walk read most of the table (0.3–0.9 s at 1M) for a page of a few thousand matches.
  v_source := p_table || ' ' || p_alias;
  if p_filter <> 'true' and v_total is not null and v_total <= 20000
     and split_part(coalesce(nullif(p_sort, ''), p_default_sort), '.', 1) <> split_part(p_default_sort, '.', 1) then
    v_source := '(select * from ' || p_table || ' ' || p_alias || ' where ' || p_filter || ' offset 0) ' || p_alias;
  end if;

  -- When the page skips rows (an offset) or typed text filters the list, the page's ids are found
  -- first, reading only the columns of the filter and the order (an index-only scan where an index
  -- of the order includes them: the rows a deep page skips, and the rows a typed text rejects
  -- between its matches, are then index entries, not table rows), and the page's rows are read by
  -- id afterwards. A first page or a cursor's page without typed text reads its rows at once (an
  -- export's 1,000 rows by id would cost a thousand more index lookups).
  if v_offset > 0 or p_estimate_first then
    v_source := p_table || ' ' || p_alias || ' where ' || p_alias || '.id in (select ' || p_alias || '.id from ' || v_source
      || ' where ' || v_filter
      || ' order by ' || v_sort.sort_expr || ' ' || v_dir || ', ' || p_alias || '.id ' || v_dir
      || ' limit ' || v_limit || ' offset ' || v_offset || ')';
  else
    v_source := v_source || ' where ' || v_filter
      || ' order by ' || v_sort.sort_expr || ' ' || v_dir || ', ' || p_alias || '.id ' || v_dir
      || ' limit ' || v_limit || ' offset ' || v_offset;
  end if;

  -- Each row is built once as the record of p_columns (to_jsonb of a row without the sort helpers:
  -- deleting three keys from every row's jsonb cost a third of the page's time).
  execute
    'select coalesce(jsonb_agg(to_jsonb(r.o) order by r._sort_key ' || v_out_dir || ', r._sort_id ' || v_out_dir || '), ''[]''::jsonb),
            (array_agg(r._cursor order by r._sort_key ' || v_out_dir || ', r._sort_id ' || v_out_dir || '))[1],
            (array_agg(r._cursor order by r._sort_key ' || v_back_dir || ', r._sort_id ' || v_back_dir || '))[1]
       from (
         select (select o from (select ' || p_columns || ') o) as o, ' || p_alias || '._sort_key, ' || p_alias || '.id as _sort_id,
                jsonb_build_array(' || p_alias || '._sort_key, ' || p_alias || '.id)::text as _cursor
           from (select ' || p_alias || '.*, ' || v_sort.sort_expr || ' as _sort_key
                   from ' || v_source || ') ' || p_alias
             || ' ' || coalesce(p_joins, '') || '
       ) r'
    into v_rows, v_first, v_last;

  return private.list_answer(v_rows, v_total, v_exact,
                             case when v_reverse or v_cursor is not null then 0 else greatest(coalesce(p_offset, 0), 0) end)
         || jsonb_build_object('first_cursor', v_first, 'last_cursor', v_last);
end
$$;

-- Covering indexes of the searched lists' default orders --------------------------------------------
-- Each includes what the list's typed text and its other filters read, so that a page's ids (and
-- the rows a deep page skips) come from the index alone; each replaces the index on its leading
-- columns.

create index if not exists bookings_created_at_search_idx on public.bookings (created_at desc, id desc)
  include (customer_name_folded, service_item_name_folded, service_name_folded, status);
drop index if exists public.bookings_created_at_idx;

-- The providers' names have their own trigram index: a provider-name lookup (commissions,
-- deposits, conversations, the stat cards) reads a few hundred entries instead of a common word's
-- thousands of customers filtered by role.
create index if not exists profiles_provider_name_folded_trgm_idx on public.profiles
  using gin (name_folded extensions.gin_trgm_ops) with (fastupdate = off) where role = 'provider';

create index if not exists profiles_role_created_at_search_idx on public.profiles (role, created_at desc, id desc)
  include (name_folded, email_folded, status);
drop index if exists public.profiles_role_created_at_idx;

create index if not exists reviews_created_at_search_idx on public.reviews (created_at desc, id desc)
  include (customer_name_folded, comment_folded, rating, status);
drop index if exists public.reviews_created_at_idx;

create index if not exists commissions_created_at_search_idx on public.commissions (created_at desc, id desc)
  include (provider_id, subcategory_id, booking_id);
drop index if exists public.commissions_created_at_idx;

create index if not exists conversations_last_message_search_idx
  on public.conversations (coalesce(last_message_at, '-infinity'::timestamptz), id)
  include (provider_id, customer_id, is_active, last_message_at);
drop index if exists public.conversations_last_message_sort_idx;

-- The provider rollup's key includes its sums: a search text's providers (hundreds) read their
-- months from the index alone.
alter table private.commission_stats_provider_monthly
  drop constraint commission_stats_provider_monthly_pkey,
  add constraint commission_stats_provider_monthly_pkey primary key (provider_id, month, subcategory_id)
    include (commission_count, service_price_total, platform_fee_total, provider_amount_total, commission_rate_total);

-- Stat cards of the commissions screen ------------------------------------------------------------

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

-- The conversations list ------------------------------------------------------------------------

create or replace function private.admin_list_conversations(
  p_provider_name text default null,
  p_customer_name text default null,
  p_status text default null,
  p_since timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0,
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
declare
  v_provider text := private.vi_search_condition('p.name_folded', p_provider_name);
  v_customer text := private.vi_search_condition('p.name_folded', p_customer_name);
  v_filter text := 'true';
begin
  perform private.assert_admin();
  if p_status is not null and p_status not in ('active', 'completed') then
    raise exception 'invalid conversation status: %', p_status using errcode = '22023';
  end if;
  if v_provider is not null then
    v_filter := v_filter || ' and ' || private.id_in_condition('c.provider_id',
      'select p.id from public.profiles p where p.role = ''provider'' and ' || v_provider);
  end if;
  if v_customer is not null then
    v_filter := v_filter || ' and ' || private.id_in_condition('c.customer_id',
      'select p.id from public.profiles p where p.role = ''customer'' and ' || v_customer);
  end if;
  if p_status = 'active' then v_filter := v_filter || ' and c.is_active'; end if;
  if p_status = 'completed' then v_filter := v_filter || ' and not c.is_active'; end if;
  if p_since is not null then v_filter := v_filter || format(' and c.last_message_at >= %L::timestamptz', p_since); end if;

  return private.admin_sorted_page(
    'public.conversations', 'c', v_filter,
    -- Conversations without messages sort as the oldest (last in the default order).
    '{"last_message_at": ["coalesce(c.last_message_at, ''-infinity''::timestamptz)", "timestamptz"],
      "created_at": ["c.created_at", "timestamptz"]}'::jsonb,
    p_sort, 'last_message_at.desc',
    'c.id, c.booking_id, c.provider_id, pp.name as provider_name,
     c.customer_id, pc.name as customer_name, c.is_active, c.last_message, c.last_message_at,
     c.created_at',
    'left join public.profiles pp on pp.id = c.provider_id
     left join public.profiles pc on pc.id = c.customer_id',
    p_limit, p_offset, p_count, p_after, p_before, p_last,
    -- Names are turned into thousands of ids at most, whose literal array every statement parses
    -- and plans again: the matches are counted at once (up to 10,001, on a table of tens of
    -- thousands of rows) instead of asking the planner first, in the window of typed text.
    p_offset_window => case when coalesce(v_provider, v_customer) is not null then 500 else 2000 end);
end
$$;
