-- What every admin list shares for counting, sorting and paging (docs/database.md#admin-list-functions,
-- docs/search.md): the total (private.count_matches, private.count_text_matches,
-- private.plan_rows), the answer (private.list_answer), the whitelisted sort (private.list_sort),
-- the exports' legacy keyset (private.keyset_after, private.admin_default_order_keyset), one page
-- of a list in its sort with its answer (private.admin_sorted_page), and the filters that name rows
-- by the ids of other rows or by their own id (private.lookup_ids, private.id_in_condition,
-- private.id_search_condition).
-- Every function here is security invoker and executable by no API role: only the security
-- definer list functions, running as the owner, call them (most of them build or run SQL text
-- given by those functions; EXPLAIN makes count_matches and plan_rows volatile).

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

-- The total of an admin list: the matching rows counted up to 10,000 (the count stops at the
-- 10,001st row), above that the planner's estimate, never below 10,001, with total_exact = false.
-- With p_estimate_first (for filters whose count would read a large part of the table) the planner
-- is asked first: its estimate is the answer when it expects more than 10,000 rows, otherwise the
-- rows are counted without the cap. The capped form (`limit 10001`) let the planner pick plans that
-- stop early on paper and read a whole table in practice (a provider-name search over the deposit
-- history merged with every profile: 66 ms instead of 6 ms on seed:large); below the cap the count
-- ends anyway, through private.count_text_matches. p_from is "<table> <alias> where <filter>" with
-- every value inlined as a quoted literal.
create function private.count_matches(
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

comment on function private.count_matches(text, boolean) is
  'Total of an admin list: exact up to 10,000 matching rows, otherwise the planner''s estimate (total_exact false).';

-- The planner's row estimate of a query (EXPLAIN, nothing executed).
create function private.plan_rows(p_query text)
returns bigint
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_plan jsonb;
begin
  execute 'explain (format json) ' || p_query into v_plan;
  return round((v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric)::bigint;
end
$$;

-- The answer of every admin list: {rows, total, total_exact}. An estimated total never stays below
-- the rows the page shows (offset + rows); without a count (p_total null) both keys are null.
create function private.list_answer(p_rows jsonb, p_total bigint, p_total_exact boolean, p_offset integer)
returns jsonb
language sql
immutable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'rows', p_rows,
    'total', case
               when p_total is null then null
               when p_total_exact then p_total
               else greatest(p_total, p_offset + jsonb_array_length(p_rows))
             end,
    'total_exact', case when p_total is not null then p_total_exact end
  )
$$;

-- The keyset condition of an admin list's export (rows after (created_at, id) in the order
-- created_at desc, id desc) on the table aliased p_alias, values inlined as quoted literals; null
-- without a keyset; 22023 when only one of the two values is given.
create function private.keyset_after(p_alias text, p_after_created_at timestamptz, p_after_id uuid)
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if (p_after_created_at is null) <> (p_after_id is null) then
    raise exception 'p_after_created_at and p_after_id go together' using errcode = '22023';
  end if;
  if p_after_created_at is null then
    return null;
  end if;
  return format(' and %1$I.created_at <= %2$L::timestamptz and (%1$I.created_at < %2$L::timestamptz or %1$I.id < %3$L::uuid)',
                p_alias, p_after_created_at, p_after_id);
end
$$;

-- Only the list functions (security definer, running as the owner) call these: no API role may run
-- SQL text through them.
revoke all on function private.count_matches(text, boolean) from public, anon, authenticated, service_role;
revoke all on function private.plan_rows(text) from public, anon, authenticated, service_role;
revoke all on function private.list_answer(jsonb, bigint, boolean, integer) from public, anon, authenticated, service_role;
revoke all on function private.keyset_after(text, timestamptz, uuid) from public, anon, authenticated, service_role;

-- The sort of a list: p_keys maps each offered key to [SQL expression over the aliased table, SQL
-- type of its value]; p_sort is 'key.asc' or 'key.desc' (null or '' = p_default). 22023 otherwise.
create function private.list_sort(
  p_keys jsonb,
  p_sort text,
  p_default text,
  out sort_expr text,
  out sort_type text,
  out descending boolean
)
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_sort text := coalesce(nullif(btrim(coalesce(p_sort, '')), ''), p_default);
  v_parts text[] := regexp_match(v_sort, '^([a-z_]+)\.(asc|desc)$');
begin
  if v_parts is null or not (p_keys ? v_parts[1]) then
    raise exception 'invalid sort: % (offered: %)', p_sort,
      (select string_agg(k, ', ' order by k) from jsonb_object_keys(p_keys) k)
      using errcode = '22023';
  end if;
  sort_expr := p_keys -> v_parts[1] ->> 0;
  sort_type := p_keys -> v_parts[1] ->> 1;
  descending := v_parts[2] = 'desc';
end
$$;

-- The exports' legacy keyset (p_after_created_at, p_after_id: private.keyset_after) pages the
-- default order (created_at desc) only: with another p_sort it is refused (22023), use p_after.
create function private.admin_default_order_keyset(
  p_alias text, p_sort text, p_after_created_at timestamptz, p_after_id uuid
)
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_keyset text := private.keyset_after(p_alias, p_after_created_at, p_after_id);
begin
  if v_keyset is not null and coalesce(nullif(btrim(coalesce(p_sort, '')), ''), 'created_at.desc') <> 'created_at.desc' then
    raise exception 'p_after_created_at / p_after_id page the default order only: use p_after' using errcode = '22023';
  end if;
  return v_keyset;
end
$$;

-- One page of an admin list in a whitelisted sort, and its answer
-- {rows, total, total_exact, first_cursor, last_cursor} (docs/search.md#contract).
--   p_table, p_alias, p_filter: the rows (filter SQL with the values inlined as quoted literals);
--   p_keys, p_sort, p_default_sort: the sort (private.list_sort), always followed by the id;
--   p_columns, p_joins: each row of the answer, over the page (aliased p_alias) and its joins;
--   p_after / p_before: a cursor (rows after / just before it); p_last: p_offset counts from the end;
--   p_keyset: an extra condition of the page only (the exports' legacy created_at keyset);
--   p_total / p_total_exact: a total the caller counted itself (else private.count_matches);
--   p_offset_window: the deepest offset served (a caller that bounded p_filter itself may allow
--     more); 500 at most with p_estimate_first (a list filtered by typed text).
-- Offsets beyond the window (2,000 rows from the start, or from the end) are refused (22023,
-- detail offset_window), except that a list with an exact total reads a page near its end from the end.
-- An offset is paid row by row (with a search matching 6 % of the bookings, offset 10,000 read
-- 160,000 rows: 300 ms); 2,000 rows keeps every numbered page in the tens of milliseconds at 1M.
-- p_id_type is the type of the listed table's id ('uuid' unless told): the audit log's ids are
-- bigint, and its cursors compare them as such.
-- When the page skips rows (an offset) or typed text filters the list, the page's ids are found
-- first, from the columns of the filter and the order only, and its rows are read by id afterwards:
-- the default order's index of each searched list includes the searched columns, so the rows a
-- deep page skips are index entries (an index-only scan), not table rows.
create function private.admin_sorted_page(
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

comment on function private.admin_sorted_page(text, text, text, jsonb, text, text, text, text, integer, integer, boolean, text, text, boolean, text, bigint, boolean, boolean, integer, text) is
  'One page of an admin list in a whitelisted sort: offset window (2,000 rows from either end) or cursors; {rows, total, total_exact, first_cursor, last_cursor} (docs/search.md#deep-pages).';

-- Only the list functions (security definer, running as the owner) call these.
revoke all on function private.list_sort(jsonb, text, text) from public, anon, authenticated, service_role;
revoke all on function private.admin_default_order_keyset(text, text, timestamptz, uuid) from public, anon, authenticated, service_role;
revoke all on function private.admin_sorted_page(text, text, text, jsonb, text, text, text, text, integer, integer, boolean, text, text, boolean, text, bigint, boolean, boolean, integer, text) from public, anon, authenticated, service_role;

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

-- "<p_column> is one of the ids <p_query> returns", for a list filter built as SQL text
-- (docs/search.md#matching-typed-text). The ids are read first and written into the condition as a
-- literal array when there are at most 5,000 of them: the planner then knows how many there are, so
-- a rare name reads its few rows through the column's index, and a name nobody has matches nothing
-- at once (as an `array(select …)` the planner guessed, and walked a whole list in its order to find
-- no row: 0.6–1 s on 550,000 commissions). More ids than that are many matches, found at once by
-- walking the list in its order: the condition then holds the lookup as a scalar subquery (one run
-- per statement). Either way the ids are read by private.lookup_ids.
create function private.id_in_condition(p_column text, p_query text)
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

comment on function private.id_in_condition(text, text) is
  'SQL condition: the column is one of the ids the query returns, as a literal uuid array up to 5,000 ids (else the query as a subquery).';

-- The part of a search box that names a row by its id (docs/search.md#matching-typed-text): 8 hex
-- digits or more (a leading # and dashes ignored, any case) are the start of the id, or, exactly 8,
-- its short number (the last 8 digits the screens show after #). Both are index conditions: a range
-- of the id's btree and the short number's expression index. Null for any other text ("de", "cafe"
-- are words, not ids).
create function private.id_search_condition(p_column text, p_text text)
returns text
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_hex text := lower(replace(ltrim(btrim(coalesce(p_text, '')), '#'), '-', ''));
  v_condition text;
begin
  if v_hex !~ '^[0-9a-f]{8,32}$' then
    return null;
  end if;
  v_condition := format('%s between %L::uuid and %L::uuid', p_column, rpad(v_hex, 32, '0'), rpad(v_hex, 32, 'f'));
  if char_length(v_hex) = 8 then
    v_condition := v_condition || format(' or right(%s::text, 8) = %L', p_column, v_hex);
  end if;
  return '(' || v_condition || ')';
end
$$;

comment on function private.id_search_condition(text, text) is
  'SQL condition: the uuid column starts with the typed hex digits (8 or more; # and dashes ignored) or, for exactly 8, ends with them (the short number). Null for other text.';

revoke all on function private.id_in_condition(text, text) from public, anon, authenticated, service_role;
revoke all on function private.id_search_condition(text, text) from public, anon, authenticated, service_role;
