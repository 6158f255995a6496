-- Two lists meet the later work: the deposit history carries each row's kind ('deposit' or the
-- ledger's 'adjustment', docs/decisions.md#money-only-through-the-ledger) so the screen can label
-- adjustments and leave them read-only; the audit log pages like every other admin list
-- (docs/search.md#contract: whitelisted sorts, cursors, numbered pages near either end).

-- private.admin_sorted_page learns the type of the listed table's id (p_id_type, 'uuid' unless
-- told): the audit log's ids are bigint, and its cursors compare them as such.
drop function private.admin_sorted_page(text, text, text, jsonb, text, text, text, text, integer, integer, boolean, text, text, boolean, text, bigint, boolean, boolean, integer);

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

comment on function private.admin_sorted_page(text, text, text, jsonb, text, text, text, text, integer, integer, boolean, text, text, boolean, text, bigint, boolean, boolean, integer, text) is
  'One page of an admin list in a whitelisted sort: offset window (2,000 rows from either end) or cursors; {rows, total, total_exact, first_cursor, last_cursor} (docs/search.md#deep-pages).';

revoke all on function private.admin_sorted_page(text, text, text, jsonb, text, text, text, text, integer, integer, boolean, text, text, boolean, text, bigint, boolean, boolean, integer, text) from public, anon, authenticated, service_role;

create or replace function private.admin_list_deposits(
  p_search text default null,
  p_provider_id uuid default null,
  p_status text default null,
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
    'public.deposit_history', 'd',
    private.admin_deposit_filter(p_search, p_provider_id, p_status, p_from, p_to),
    '{"created_at": ["d.created_at", "timestamptz"], "amount": ["d.amount", "bigint"]}'::jsonb,
    p_sort, 'created_at.desc',
    'd.id, d.provider_id, p.name as provider_name, p.email as provider_email,
     p.deposit as provider_balance, p.status as provider_status,
     d.kind, d.amount, d.status, d.old_balance, d.new_balance, d.note, d.created_at, d.updated_at',
    'left join public.profiles p on p.id = d.provider_id',
    p_limit, p_offset, p_count, p_after, p_before, p_last,
    private.admin_default_order_keyset('d', p_sort, p_after_created_at, p_after_id),
    p_estimate_first => nullif(btrim(coalesce(p_search, '')), '') is not null);
end
$$;

drop function public.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, boolean);
drop function private.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, boolean);

create or replace function private.admin_list_audit_log(
  p_table text default null,
  p_actor text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_record text default null,
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
  v_filter text := 'true';
  v_actor text := nullif(btrim(coalesce(p_actor, '')), '');
  v_table text := nullif(btrim(coalesce(p_table, '')), '');
  v_record text := nullif(btrim(coalesce(p_record, '')), '');
begin
  perform private.assert_admin();
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'p_from is after p_to' using errcode = '22023';
  end if;

  if v_table is not null then v_filter := v_filter || format(' and a.table_name = %L', v_table); end if;
  if v_record is not null then v_filter := v_filter || format(' and a.row_id = %L', v_record); end if;
  if v_actor is not null then
    if v_actor ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      v_filter := v_filter || format(' and a.actor_id = %L::uuid', v_actor);
    else
      v_filter := v_filter || format(' and lower(a.actor_email) = lower(%L)', v_actor);
    end if;
  end if;
  if p_from is not null then v_filter := v_filter || format(' and a.created_at >= %L::timestamptz', p_from); end if;
  if p_to is not null then v_filter := v_filter || format(' and a.created_at < %L::timestamptz', p_to); end if;

  return private.admin_sorted_page(
    'public.audit_log', 'a', v_filter,
    '{"created_at": ["a.created_at", "timestamptz"]}'::jsonb,
    p_sort, 'created_at.desc',
    'a.id, a.created_at, a.table_name, a.row_id, a.action, a.changes, a.actor_id,
     coalesce(a.actor_email, pa.email) as actor_email, pa.name as actor_name',
    'left join public.profiles pa on pa.id = a.actor_id',
    p_limit, p_offset, p_count, p_after, p_before, p_last, p_id_type => 'bigint');
end
$$;

comment on function private.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) is
  'Body of public.admin_list_audit_log (security definer, admin check first).';

create or replace function public.admin_list_audit_log(
  p_table text default null, p_actor text default null, p_from timestamptz default null, p_to timestamptz default null,
  p_record text default null, p_limit integer default 50, p_offset integer default 0, p_sort text default null,
  p_after text default null, p_before text default null, p_last boolean default false, p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_audit_log(p_table, p_actor, p_from, p_to, p_record, p_limit, p_offset,
                                      p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin audit log list: {rows, total, total_exact, first_cursor, last_cursor}, newest first; filters table, actor (id or e-mail), [from, to), record id. Admins only.';

revoke all on function private.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;
revoke all on function public.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;
