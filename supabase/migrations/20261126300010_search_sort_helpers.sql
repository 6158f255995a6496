-- What every admin list shares for typed text, sorting and paging (docs/search.md):
--   * private.vi_search_condition: the WHERE condition of a typed text on a column;
--   * private.count_matches: an uncapped count when the planner expects few rows;
--   * private.list_sort: the whitelisted sort of a list ('key.asc' / 'key.desc', 22023 otherwise);
--   * private.admin_sorted_page: one page of a list in that sort, by offset (bounded window, from
--     the start or from the end) or by cursor, with the total and the page's cursors.

-- The condition "the folded column matches the typed text" as SQL with the text inlined as a quoted
-- literal; null for blank text. p_folded is SQL written by a list function (never typed text): a
-- column that holds private.vi_fold of the searched text (the `*_folded` generated columns, with a
-- trigram GIN index each), or a private.vi_fold(...) expression on the small catalogue tables.
--   3+ characters, or any text with punctuation: the folded value contains the folded text
--     (`like '%text%'`, LIKE's wildcards typed by the admin escaped);
--   1–2 letters or digits: a word starts with them, i.e. they follow the start or a space
--     (`~ '(^| )do'`): the same trigram index serves it exactly, through the trigrams pg_trgm keeps
--     for the start of every word ("  d", " do").
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
    return format('%s ~ %L', p_folded, '(^| )' || v_text);
  end if;
  return format('%s like %L', p_folded,
                '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%');
end
$$;

comment on function private.vi_search_condition(text, text) is
  'SQL condition: the folded column matches the typed text accent- and case-insensitively (3+ characters: contains; 1–2 letters: a word starts with them). Null for blank text.';

revoke all on function private.vi_search_condition(text, text) from public, anon, authenticated, service_role;

-- The total of an admin list (replaces 20261122000100's body, same contract): with
-- p_estimate_first, an estimate of at most 10,000 rows is now followed by an uncapped count. The
-- capped form (`limit 10001`) let the planner pick plans that stop early on paper and read a whole
-- table in practice (a provider-name search over the deposit history merged with every profile:
-- 66 ms instead of 6 ms on seed:large); below the cap the count ends anyway.
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
    execute 'select count(*) from ' || p_from into total;
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

-- The sort of a list: p_keys maps each offered key to [SQL expression over the aliased table, SQL
-- type of its value]; p_sort is 'key.asc' or 'key.desc' (null or '' = p_default). 22023 otherwise.
create or replace function private.list_sort(
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
create or replace function private.admin_default_order_keyset(
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
  p_offset_window integer default 2000
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
  v_id uuid;
  v_total bigint := p_total;
  v_exact boolean := p_total_exact;
  v_rows jsonb;
  v_first text;
  v_last text;
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
      v_id := ((v_cursor::jsonb) ->> 1)::uuid;
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
    v_filter := v_filter || format(' and (%s, %I.id) %s (%L::%s, %L::uuid)',
      v_sort.sort_expr, p_alias, case when v_walk_desc then '<' else '>' end, v_value, v_sort.sort_type, v_id);
  end if;

  execute
    'select coalesce(jsonb_agg(to_jsonb(r) - ''_cursor'' - ''_sort_key'' - ''_sort_id'' order by r._sort_key '
      || v_out_dir || ', r._sort_id ' || v_out_dir || '), ''[]''::jsonb),
            (array_agg(r._cursor order by r._sort_key ' || v_out_dir || ', r._sort_id ' || v_out_dir || '))[1],
            (array_agg(r._cursor order by r._sort_key ' || v_back_dir || ', r._sort_id ' || v_back_dir || '))[1]
       from (
         select ' || p_columns || ', ' || p_alias || '._sort_key, ' || p_alias || '.id as _sort_id,
                jsonb_build_array(' || p_alias || '._sort_key, ' || p_alias || '.id)::text as _cursor
           from (select ' || p_alias || '.*, ' || v_sort.sort_expr || ' as _sort_key
                   from ' || p_table || ' ' || p_alias || ' where ' || v_filter
             || ' order by ' || v_sort.sort_expr || ' ' || v_dir || ', ' || p_alias || '.id ' || v_dir
             || ' limit ' || v_limit || ' offset ' || v_offset || ') ' || p_alias
             || ' ' || coalesce(p_joins, '') || '
       ) r'
    into v_rows, v_first, v_last;

  return private.list_answer(v_rows, v_total, v_exact,
                             case when v_reverse or v_cursor is not null then 0 else greatest(coalesce(p_offset, 0), 0) end)
         || jsonb_build_object('first_cursor', v_first, 'last_cursor', v_last);
end
$$;

comment on function private.admin_sorted_page(text, text, text, jsonb, text, text, text, text, integer, integer, boolean, text, text, boolean, text, bigint, boolean, boolean, integer) is
  'One page of an admin list in a whitelisted sort: offset window (2,000 rows from either end) or cursors; {rows, total, total_exact, first_cursor, last_cursor} (docs/search.md#deep-pages).';

-- Only the list functions (security definer, running as the owner) call these.
revoke all on function private.list_sort(jsonb, text, text) from public, anon, authenticated, service_role;
revoke all on function private.admin_default_order_keyset(text, text, timestamptz, uuid) from public, anon, authenticated, service_role;
revoke all on function private.admin_sorted_page(text, text, text, jsonb, text, text, text, text, integer, integer, boolean, text, text, boolean, text, bigint, boolean, boolean, integer) from public, anon, authenticated, service_role;
