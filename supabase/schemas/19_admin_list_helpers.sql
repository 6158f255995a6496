-- What every admin list shares for counting, sorting and paging (docs/database.md#admin-list-functions,
-- docs/search.md): the total (private.count_matches, private.plan_rows), the answer
-- (private.list_answer), the whitelisted sort (private.list_sort), the exports' legacy keyset
-- (private.keyset_after, private.admin_default_order_keyset), the lists themselves as values
-- (private.admin_list, private.admin_list_filter) with their fixed SQL (private.admin_list_shape,
-- private.admin_list_where), one page of a list in its sort with its answer
-- (private.admin_sorted_page), and the filters that name rows by the ids of other rows or by their
-- own id (private.lookup_ids, private.id_in_condition, private.id_search_condition).
-- private.admin_sorted_page is the security definer body of the lists (admin check first), executable
-- by authenticated and service_role; every other function here is security invoker and executable
-- by no API role: only the security definer list functions, running as the owner, call them (they
-- build or run SQL text written in this file; EXPLAIN makes count_matches and plan_rows volatile).

-- The total of an admin list: the planner is asked first, and its estimate is the answer (with
-- total_exact = false) when it expects more than p_exact_up_to rows (10,000; 5,000 for typed text
-- counted from its table rows, below); otherwise the matching rows are
-- counted up to 10,000 (the count stops at the 10,001st row; above that the estimate, never below
-- 10,001). With p_uncapped (typed text, a list without a filter, the audit log) the rows are
-- counted without the cap. The capped form (`limit 10001`) let the planner pick plans that stop early on
-- paper and read a whole table in practice (a provider-name search over the deposit history merged
-- with every profile: 66 ms instead of 6 ms on seed:large); below the cap the count ends anyway.
-- That uncapped count names the whole row (`count(p.*)`, the same number as count(*)), so it is
-- read from the table, through the trigram indexes of the typed text: counted from an index that
-- includes the searched columns, the planner walked every entry of the list's default order and
-- tested the text on each, which it prices like an equality (customers "nguyen" at 1M bookings:
-- 17 ms over 95,000 entries against 7 ms from the trigram indexes, for 5,948 rows). A null p_alias
-- counts `count(*)`: the commissions' and deposits' typed text is an array of provider and service
-- ids (private.id_in_condition), which an index-only scan counts without the table (deposits of the
-- 3,127 providers named "nguyen" at 10M bookings: 3,347 -> 2,126 buffers); the providers are at
-- most a twentieth of the profiles, and an index-only walk of all of them (600 pages at 1M
-- profiles) costs less than reading one table page per match of a common word (3,155 for "do").
-- That count of typed text reads one table page per match where the matches are spread over the
-- table, as a name is: the 11,876 customers "nguyen van" at 1M profiles read 10,818 pages (13,700
-- buffers, 120 ms from the OS cache), so the lists pass p_exact_up_to = 5,000 for it and an
-- exact total of typed text costs at most about 5,000 pages.
-- p_from is "<table> <p_alias> where <filter>" with every value inlined as a quoted literal.
create function private.count_matches(
  p_from text,
  p_alias text,
  p_uncapped boolean default false,
  p_exact_up_to integer default 10000,
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
  v_estimate bigint := private.plan_rows('select 1 from ' || p_from);
begin
  -- Asked first whatever the filter. Besides typed text, the other filters (a status, a rating, a
  -- period) have estimates from each column's own statistics, and a count stopped at the 10,001st
  -- row still walked 10,001 index entries in the table's random order, switching visibility-map
  -- pages at nearly every one on a table larger than 256 MB (the hidden four-star reviews at 10M
  -- bookings: 5,200 buffers for 10,001 entries of a 40-page range).
  if v_estimate > least(p_exact_up_to, count_cap) then
    total := v_estimate;
    total_exact := false;
    return;
  end if;
  if p_uncapped then
    execute 'select count(' || coalesce(quote_ident(p_alias) || '.*', '*') || ') from ' || p_from into total;
  else
    execute 'select count(*) from (select 1 from ' || p_from || ' limit ' || (count_cap + 1) || ') capped'
      into total;
  end if;
  total_exact := total <= count_cap;
  if not total_exact then
    total := greatest(v_estimate, count_cap + 1);
  end if;
end
$$;

comment on function private.count_matches(text, text, boolean, integer) is
  'Total of an admin list: the planner''s estimate (total_exact false) when it expects more than p_exact_up_to rows (at most 10,000), else exact up to 10,000 matching rows.';

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
revoke all on function private.count_matches(text, text, boolean, integer) from public, anon, authenticated, service_role;
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

-- The admin lists the engine below serves. Each list's table, sorts, columns and filters are fixed
-- SQL inside private.admin_list_shape and private.admin_list_where: the list functions pass values
-- only (this enum and private.admin_list_filter), never SQL text.
create type private.admin_list as enum (
  'bookings', 'customers', 'providers', 'commissions', 'deposits', 'promotions', 'conversations', 'reviews', 'audit_log'
);

-- The filter values of every admin list, each field read by the lists named after it (null: no
-- filter). from_at / to_at bound the list's time column (created_at; the last message for
-- conversations) inclusive / exclusive; created_before is the bookings' deep-page bound
-- (21_admin_list_bookings.sql).
create type private.admin_list_filter as (
  search text,            -- customers, providers (name or e-mail), commissions, deposits, promotions, reviews
  status text,            -- bookings, customers, providers, deposits, promotions, conversations, reviews
  provider_id uuid,       -- bookings, commissions, deposits
  customer_id uuid,       -- bookings
  subcategory_id uuid,    -- commissions
  package text,           -- bookings
  service text,           -- bookings
  customer_name text,     -- bookings, conversations
  provider_name text,     -- conversations
  discount_type text,     -- promotions
  rating integer,         -- reviews
  table_name text,        -- audit_log
  actor text,             -- audit_log (a user id or an e-mail)
  record text,            -- audit_log
  from_at timestamptz,    -- every list but customers, providers, promotions, reviews
  to_at timestamptz,      -- commissions, deposits, audit_log
  created_before timestamptz -- bookings
);

-- What a list reads: its table and alias, its sorts (key -> [SQL expression, SQL type of the
-- value], for private.list_sort) and default sort, the columns of a row and their joins, the type
-- of its id (the audit log's ids are bigint).
create function private.admin_list_shape(
  p_list private.admin_list,
  out source text,
  out alias text,
  out keys jsonb,
  out default_sort text,
  out columns text,
  out joins text,
  out id_type text
)
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  default_sort := 'created_at.desc';
  joins := '';
  id_type := 'uuid';
  case p_list
    when 'bookings' then
      source := 'public.bookings'; alias := 'b';
      keys := '{"created_at": ["b.created_at", "timestamptz"], "final_price": ["b.final_price", "bigint"],
                "customer_name": ["b.customer_name collate private.vi", "text"]}';
      columns := 'b.id, b.created_at, b.status, b.customer_id, b.customer_name, b.customer_phone,
        b.provider_id, p.name as provider_name, b.category_name, b.service_name,
        b.service_item_name, b.final_price, b.scheduled_at, b.payment_method';
      joins := 'left join public.profiles p on p.id = b.provider_id';
    when 'customers' then
      source := 'public.profiles'; alias := 'p';
      keys := '{"created_at": ["p.created_at", "timestamptz"], "name": ["p.name collate private.vi", "text"],
                "total_bookings": ["p.total_bookings", "integer"]}';
      columns := 'p.id, p.name, p.phone, p.email, p.status, p.total_bookings, p.created_at';
    when 'providers' then
      source := 'public.profiles'; alias := 'p';
      keys := '{"created_at": ["p.created_at", "timestamptz"], "name": ["p.name collate private.vi", "text"],
                "deposit": ["p.deposit", "bigint"], "total_earnings": ["p.total_earnings", "bigint"]}';
      columns := 'p.id, p.name, p.phone, p.email, p.status, p.deposit, p.total_earnings, p.created_at';
    when 'commissions' then
      source := 'public.commissions'; alias := 'c';
      keys := '{"created_at": ["c.created_at", "timestamptz"], "final_price": ["c.final_price", "bigint"],
                "platform_fee": ["c.platform_fee", "bigint"]}';
      columns := 'c.id, c.booking_id, c.provider_id, p.name as provider_name, c.subcategory_id,
        s.name as service_name, c.commission_rate, c.service_price, c.platform_fee,
        c.provider_amount, c.final_price, c.booking_completed_at, c.created_at';
      joins := 'left join public.profiles p on p.id = c.provider_id
        left join public.subcategories s on s.id = c.subcategory_id';
    when 'deposits' then
      source := 'public.deposit_history'; alias := 'd';
      keys := '{"created_at": ["d.created_at", "timestamptz"], "amount": ["d.amount", "bigint"]}';
      columns := 'd.id, d.provider_id, p.name as provider_name, p.email as provider_email,
        p.deposit as provider_balance, p.status as provider_status,
        d.kind, d.amount, d.status, d.old_balance, d.new_balance, d.balance_reason, d.amount_before, d.note, d.created_at, d.updated_at';
      joins := 'left join public.profiles p on p.id = d.provider_id';
    when 'promotions' then
      source := 'public.discount_codes'; alias := 'd';
      keys := '{"created_at": ["d.created_at", "timestamptz"], "code": ["d.code", "text"],
                "uses_count": ["d.uses_count", "integer"], "expires_at": ["d.expires_at", "timestamptz"]}';
      columns := 'd.id, d.code, d.discount_type, d.discount_value, d.max_uses, d.uses_count, d.expires_at, d.status,
        d.created_at, d.updated_at';
    when 'conversations' then
      source := 'public.conversations'; alias := 'c';
      -- Conversations without messages sort as the oldest (last in the default order).
      keys := '{"last_message_at": ["coalesce(c.last_message_at, ''-infinity''::timestamptz)", "timestamptz"],
                "created_at": ["c.created_at", "timestamptz"]}';
      default_sort := 'last_message_at.desc';
      columns := 'c.id, c.booking_id, c.provider_id, pp.name as provider_name,
        c.customer_id, pc.name as customer_name, c.is_active, c.last_message, c.last_message_at, c.created_at';
      joins := 'left join public.profiles pp on pp.id = c.provider_id
        left join public.profiles pc on pc.id = c.customer_id';
    when 'reviews' then
      source := 'public.reviews'; alias := 'r';
      keys := '{"created_at": ["r.created_at", "timestamptz"], "rating": ["r.rating", "integer"]}';
      columns := 'r.id, r.booking_id, r.customer_id, coalesce(r.customer_name, pc.name) as customer_name,
        r.provider_id, pp.name as provider_name, r.rating, r.comment, r.status, r.created_at, r.updated_at';
      joins := 'left join public.profiles pp on pp.id = r.provider_id
        left join public.profiles pc on pc.id = r.customer_id';
    when 'audit_log' then
      source := 'public.audit_log'; alias := 'a';
      keys := '{"created_at": ["a.created_at", "timestamptz"]}';
      columns := 'a.id, a.created_at, a.table_name, a.row_id, a.action, a.changes, a.actor_id,
        coalesce(a.actor_email, pa.email) as actor_email, pa.name as actor_name';
      joins := 'left join public.profiles pa on pa.id = a.actor_id';
      id_type := 'bigint';
  end case;
end
$$;

comment on function private.admin_list_shape(private.admin_list) is
  'Table, alias, sorts, columns, joins and id type of an admin list (fixed SQL, read by private.admin_sorted_page).';

-- A word filter of the bookings list (p_field: customer, service or package; p_folded: its folded
-- column over the alias b): private.vi_search_condition, or `false` when no value of that field in
-- private.booking_search_values matches the word, so that the list, its total and its stat cards
-- answer "no booking" without the bookings' trigram indexes (docs/search.md#words-no-booking-holds).
-- Null for blank text.
create function private.booking_word_condition(p_field text, p_folded text, p_text text)
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_values text := private.vi_search_condition('v.value_folded', p_text);
  v_found boolean;
begin
  if v_values is null then
    return null;
  end if;
  execute format('select exists (select 1 from private.booking_search_values v where v.field = %L and %s)', p_field, v_values)
    into v_found;
  return case when v_found then private.vi_search_condition(p_folded, p_text) else 'false' end;
end
$$;

comment on function private.booking_word_condition(text, text, text) is
  'SQL condition of a bookings word filter: the trigram match, or false when no booking''s value of that field matches (private.booking_search_values). Null for blank text.';

revoke all on function private.booking_word_condition(text, text, text) from public, anon, authenticated, service_role;

-- The WHERE clause of a list (over the alias of private.admin_list_shape), values inlined as quoted
-- literals, and whether typed text filters it (then the planner is asked first for the total, and
-- the offset window is 500 rows). Invalid values are refused with 22023. Typed text matches the
-- `*_folded` columns through private.vi_search_condition (docs/search.md#matching-typed-text). A
-- name search of the commissions and the deposits is the array of the matching providers' (and
-- services') ids (private.id_in_condition: a literal array the planner can size; as an
-- `in (select …)` semi-join the planner sometimes merged the list with every profile in id order,
-- 113 ms instead of a few ms on seed:large); 8 hex digits or more also name a booking / a deposit
-- (private.id_search_condition). The commission stat cards read the commission filter over their
-- rollups too (same column names, alias c).
create function private.admin_list_where(
  p_list private.admin_list,
  f private.admin_list_filter,
  out filter text,
  out typed boolean
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_alias text := (private.admin_list_shape(p_list)).alias;
  v_search text := nullif(btrim(coalesce(f.search, '')), '');
  v_status text := nullif(btrim(coalesce(f.status, '')), '');
  v_type text := nullif(btrim(coalesce(f.discount_type, '')), '');
  v_actor text := nullif(btrim(coalesce(f.actor, '')), '');
  v_statuses text[] := case p_list
    when 'bookings' then array['pending', 'confirmed', 'pending_completion', 'completed', 'cancelled']
    when 'customers' then array['active', 'inactive', 'banned', 'pending_approval']
    when 'providers' then array['active', 'inactive', 'banned', 'pending_approval']
    when 'deposits' then array['pending', 'completed', 'canceled']
    when 'promotions' then array['active', 'inactive']
    when 'conversations' then array['active', 'completed']
    when 'reviews' then array['active', 'inactive'] end;
  v_text text[] := '{}';
  v_parts text[] := '{}';
begin
  -- The lists of profiles and promotions trim the status they are given; the others take it as it is.
  if (case when p_list in ('customers', 'providers', 'promotions') then v_status else f.status end) <> all (v_statuses) then
    raise exception 'invalid % status: %',
      case p_list when 'bookings' then 'booking' when 'customers' then 'customer' when 'providers' then 'provider'
                  when 'deposits' then 'deposit' when 'promotions' then 'promotion' when 'conversations' then 'conversation'
                  else 'review' end,
      coalesce(f.status, '') using errcode = '22023';
  end if;
  case p_list
    when 'bookings' then
      v_text := array_remove(array[private.booking_word_condition('package', 'b.service_item_name_folded', f.package),
                                   private.booking_word_condition('service', 'b.service_name_folded', f.service),
                                   private.booking_word_condition('customer', 'b.customer_name_folded', f.customer_name)], null);
    when 'customers', 'providers' then
      filter := format('p.role = %L', case p_list when 'customers' then 'customer' else 'provider' end);
      -- Name or e-mail: two trigram indexes combined by a BitmapOr.
      if v_search is not null then
        v_text := array[format('(%s or %s)', private.vi_search_condition('p.name_folded', v_search),
                                             private.vi_search_condition('p.email_folded', v_search))];
      end if;
    when 'commissions' then
      if v_search is not null then
        v_text := array['(' || private.id_in_condition('c.provider_id', format(
                         'select p.id from public.profiles p where p.role = ''provider'' and %s',
                         private.vi_search_condition('p.name_folded', v_search)))
                  || ' or ' || private.id_in_condition('c.subcategory_id', format(
                         'select s.id from public.subcategories s where %s',
                         private.vi_search_condition('private.vi_fold(s.name)', v_search)))
                  || coalesce(' or ' || private.id_search_condition('c.booking_id', v_search), '') || ')'];
      end if;
    when 'deposits' then
      if v_search is not null then
        v_text := array['(' || private.id_in_condition('d.provider_id', format(
                         'select p.id from public.profiles p where p.role = ''provider'' and (%s or %s)',
                         private.vi_search_condition('p.name_folded', v_search),
                         private.vi_search_condition('p.email_folded', v_search)))
                  || coalesce(' or ' || private.id_search_condition('d.id', v_search), '') || ')'];
      end if;
    when 'promotions' then
      if v_type not in ('percentage', 'fixed_amount') then
        raise exception 'invalid discount type: %', v_type using errcode = '22023';
      end if;
      v_text := array_remove(array[private.vi_search_condition('d.code_folded', f.search)], null);
      v_parts := case when v_type is not null then array[format('d.discount_type = %L', v_type)] else '{}' end;
    when 'conversations' then
      v_text := array_remove(array[private.vi_search_condition('c.provider_name_folded', f.provider_name),
                                   private.vi_search_condition('c.customer_name_folded', f.customer_name)], null);
      v_parts := case f.status when 'active' then array['c.is_active'] when 'completed' then array['not c.is_active'] else '{}' end;
      v_status := null;
    when 'reviews' then
      if f.rating not between 1 and 5 then
        raise exception 'invalid rating: %', f.rating using errcode = '22023';
      end if;
      if v_search is not null then
        v_text := array[format('(%s or %s)', private.vi_search_condition('r.customer_name_folded', v_search),
                                             private.vi_search_condition('r.comment_folded', v_search))];
      end if;
      v_parts := case when f.rating is not null then array[format('r.rating = %s', f.rating)] else '{}' end;
    when 'audit_log' then
      if f.from_at > f.to_at then
        raise exception 'p_from is after p_to' using errcode = '22023';
      end if;
      v_parts := array_remove(array[
        case when btrim(f.table_name) <> '' then format('a.table_name = %L', btrim(f.table_name)) end,
        case when btrim(f.record) <> '' then format('a.row_id = %L', btrim(f.record)) end,
        case when v_actor ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
               then format('a.actor_id = %L::uuid', v_actor)
             when v_actor is not null then format('lower(a.actor_email) = lower(%L)', v_actor) end], null);
  end case;
  typed := cardinality(v_text) > 0;
  -- The filters several lists share, on the list's own columns; the period on the time of the list
  -- (the last message for the conversations, else the creation). The conversations' period is
  -- written on the key of their order, coalesce(last_message_at, '-infinity') (the same rows for
  -- any finite instant: a conversation without messages is before it), so that the index of that
  -- order bounds the walk: on last_message_at the planner walked the index from the oldest
  -- conversation to the period (last 30 days, last page at 1M: 24,449 buffers).
  v_parts := v_text || v_parts || array_remove(array[
    case when v_status is not null then format('%I.status = %L', v_alias, v_status) end,
    case when f.provider_id is not null then format('%I.provider_id = %L::uuid', v_alias, f.provider_id) end,
    case when f.customer_id is not null then format('%I.customer_id = %L::uuid', v_alias, f.customer_id) end,
    case when f.subcategory_id is not null then format('%I.subcategory_id = %L::uuid', v_alias, f.subcategory_id) end,
    case when f.from_at is not null then format('%s >= %L::timestamptz',
      case when p_list <> 'conversations' then v_alias || '.created_at'
           when isfinite(f.from_at) then 'coalesce(c.last_message_at, ''-infinity''::timestamptz)'
           else 'c.last_message_at' end, f.from_at) end,
    case when f.to_at is not null then format('%I.created_at < %L::timestamptz', v_alias, f.to_at) end,
    case when f.created_before is not null then format('%I.created_at < %L::timestamptz', v_alias, f.created_before) end], null);
  filter := coalesce(filter, 'true') || coalesce((select string_agg(' and ' || x, '' order by n) from unnest(v_parts) with ordinality u(x, n)), '');
end
$$;

comment on function private.admin_list_where(private.admin_list, private.admin_list_filter) is
  'WHERE clause of an admin list for the given filter values (fixed SQL, values as quoted literals) and whether typed text filters it; 22023 for an invalid value.';

-- One page of an admin list in a whitelisted sort, and its answer
-- {rows, total, total_exact, first_cursor, last_cursor, sort} (docs/search.md#contract).
--   p_list, p_filter: the list and its filter values (private.admin_list_shape, private.admin_list_where);
--   p_sort: 'key.asc' / 'key.desc' of the list's sorts (null: its default), always followed by the id;
--   p_after / p_before: a cursor (rows after / just before it); p_last: p_offset counts from the end;
--   p_after_created_at, p_after_id: the exports' legacy keyset of the default order
--     (private.admin_default_order_keyset).
-- The total (p_count): private.count_matches, or for the bookings without typed text their rollup
-- (private.admin_bookings_total). The offset window is 2,000 rows, 500 when typed text filters the
-- list or a period filters the bookings in another order than their default.
-- Offsets beyond the window (2,000 rows from the start, or from the end) are refused (22023,
-- detail offset_window), except that a list with an exact total reads a page near its end from the end.
-- An offset is paid row by row (with a search matching 6 % of the bookings, offset 10,000 read
-- 160,000 rows: 300 ms); 2,000 rows keeps every numbered page in the tens of milliseconds at 1M.
-- When the page skips rows (an offset) or typed text filters the list, the page's ids are found
-- first, from the columns of the filter and the order only, and its rows are read by id afterwards:
-- the default order's index of each searched list includes the searched columns, so the rows a
-- deep page skips are index entries (an index-only scan), not table rows.
-- It is the body of the lists' `public.admin_list_*` functions (security invoker, called as the
-- caller): security definer, so that row-level security keeps no index of a search out of use
-- (under RLS a non-leakproof operator such as LIKE never drives an index scan), after
-- private.assert_admin() (42501 for anyone but an admin or the service role).
create function private.admin_sorted_page(
  p_list private.admin_list,
  p_filter private.admin_list_filter,
  p_sort text,
  p_limit integer,
  p_offset integer,
  p_count boolean,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_after_created_at timestamptz default null,
  p_after_id uuid default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_shape record := private.admin_list_shape(p_list);
  v_where record;
  offset_window integer;
  v_alias text := v_shape.alias;
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 1000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_sort record;
  v_keyset text;
  v_cursor text := coalesce(p_after, p_before);
  v_reverse boolean := coalesce(p_last, false) or p_before is not null;
  v_walk_desc boolean;
  v_dir text;
  v_out_dir text;
  v_back_dir text;
  v_filter text;
  -- The page's own conditions on top of the filter: the exports' keyset, a cursor.
  v_page_cond text := '';
  v_value text;
  v_id text;
  v_total bigint;
  v_exact boolean;
  v_bookings record;
  v_rows jsonb;
  v_first text;
  v_last text;
  v_source text;
  v_filtered_first boolean := false;
  -- The planner's estimate of the rows the typed text alone matches, when other filters narrow it.
  v_typed_rows bigint;
  v_typed_only private.admin_list_filter;
  -- Another order than the list's default one.
  v_other_order boolean;
  -- The matches of typed text up to which its total is exact and its list sorted as asked: each
  -- match is rechecked on its table row, one table page per match where the matches are spread
  -- over the table (a name is), so 5,000 keeps such a call near 5,000 pages; the commissions' and
  -- deposits' typed text is a list of ids counted from an index alone, and the providers' is counted
  -- from their own indexes alone (at most their 600 pages at 1M profiles): bounded like any filter.
  v_text_bound integer := case when p_list in ('commissions', 'deposits', 'providers') then 10000 else 5000 end;
  -- The order the page is in ('key.asc' / 'key.desc'): p_sort, or the default one (below).
  v_sorted_as text := coalesce(nullif(btrim(coalesce(p_sort, '')), ''), v_shape.default_sort);
begin
  perform private.assert_admin();
  -- The filter's lookups run only for an admin.
  v_where := private.admin_list_where(p_list, p_filter);
  select * into v_sort from private.list_sort(v_shape.keys, p_sort, v_shape.default_sort);
  v_other_order := split_part(v_sorted_as, '.', 1) <> split_part(v_shape.default_sort, '.', 1);
  -- Typed text can match a few percent of the rows, each skipped row then costs the rows between
  -- two matches: its window is 500 rows (page 11 at 50 a page). So can a period of the bookings in
  -- another order (the last 7 days are 1.7 % of 10M bookings, and 0.23 % of the cheapest ones:
  -- page 41 by price walked 890,000 index entries, 12,200 buffers; page 11, 1,900).
  offset_window := case when v_where.typed or (p_list = 'bookings' and p_filter.from_at is not null and v_other_order)
                        then 500 else 2000 end;
  if p_after is not null and p_before is not null then
    raise exception 'p_after and p_before exclude each other' using errcode = '22023';
  end if;
  v_keyset := private.admin_default_order_keyset(v_alias, p_sort, p_after_created_at, p_after_id);

  -- Typed text beside other filters (a search and a rating, a customer's name and a status): the
  -- planner multiplies their selectivities as if they were independent, and they are not (the
  -- comments saying "tệ" are the low ratings, a customer's bookings sit in a few weeks), so its
  -- estimate of the two together can be wrong by 20x either way. What the typed text matches on its
  -- own is estimated from the trigram statistics alone, and it bounds the work of both things that
  -- read every match: an exact count, which rechecks each candidate of the trigram indexes on its
  -- table row (customers "do" pending approval at 10M bookings: 12,000 buffers for 11,875 matches
  -- estimated at 6,780), and a sort of the matches in another order (reviews "nguyen van" with four
  -- stars by rating: the 707,000 four-star entries walked, 388,000 buffers). The lists whose typed
  -- text names other rows' ids (commissions, deposits: private.id_in_condition) count from an index
  -- alone, and are left as they are.
  -- Typed text alone (the common case) is the whole filter: nothing is built or estimated twice.
  if v_where.typed and p_list not in ('commissions', 'deposits') then
    v_typed_only := jsonb_populate_record(null::private.admin_list_filter, jsonb_build_object(
      'search', p_filter.search, 'package', p_filter.package, 'service', p_filter.service,
      'customer_name', p_filter.customer_name, 'provider_name', p_filter.provider_name));
    if p_filter is distinct from v_typed_only then
      v_typed_rows := private.plan_rows('select 1 from ' || v_shape.source || ' ' || v_alias || ' where '
        || (private.admin_list_where(p_list, v_typed_only)).filter);
    end if;
  end if;

  if p_count and p_list = 'bookings' and not v_where.typed then
    -- The bookings count from their rollup (21_admin_list_bookings.sql), and a deep page of their
    -- default order starts in the day that holds its first row: the offset left is inside that
    -- day, served even beyond the usual window.
    select * into v_bookings from private.admin_bookings_total(p_filter, p_sort, v_offset,
      p_after is null and p_before is null and p_after_created_at is null and not coalesce(p_last, false));
    v_total := v_bookings.total;
    v_exact := true;
    if v_bookings.created_before is not null then
      p_filter.created_before := v_bookings.created_before;
      v_where := private.admin_list_where(p_list, p_filter);
      v_offset := v_bookings.page_offset;
      offset_window := greatest(offset_window, v_offset);
    end if;
  elsif p_count and v_typed_rows > 10000 then
    -- The typed text alone matches more than 10,000 rows: the total is the planner's
    -- estimate of every filter together, flagged as one (the screen writes "khoảng").
    -- Between 5,000 and 10,000 the filters together are still counted when the planner expects
    -- 5,000 rows or fewer of them: such a count reads the rows both filters' indexes leave (a
    -- bitmap of the text's trigrams and the status), and a combination nobody has then answers
    -- an exact 0 without reading a page (the inactive customers "nguyen van" at 10M bookings: 0 rows;
    -- as an estimate, each page walked the status's 95,000 entries, 51,000 buffers).
    v_total := private.plan_rows('select 1 from ' || v_shape.source || ' ' || v_alias || ' where ' || v_where.filter);
    v_exact := false;
  elsif p_count then
    select m.total, m.total_exact into v_total, v_exact
      from private.count_matches(v_shape.source || ' ' || v_alias || ' where ' || v_where.filter,
                                 case when p_list not in ('commissions', 'deposits', 'providers', 'audit_log') then v_alias end,
                                 -- Without a filter the planner's estimate is the table's row count.
                                 -- The audit log is asked first too: its filters follow time (an
                                 -- admin's entries are the recent ones), and the capped count was a
                                 -- sequential scan from the oldest page that stops at the 10,001st
                                 -- match on paper: an admin's entries at 10M bookings read 19,600
                                 -- pages (0.48 s after a restart; warm runs hid it by starting where
                                 -- the previous scan stopped). Below 10,000 expected it is count(*)
                                 -- through the filter's index.
                                 v_where.typed or v_where.filter = 'true' or p_list = 'audit_log',
                                 -- Typed text counted from its table rows: exact up to 5,000 (above).
                                 case when v_where.typed then v_text_bound else 10000 end) m;
  end if;

  -- Typed text with more than 5,000 matches (v_text_bound; a total that is an estimate), or beside
  -- other filters typed text that matches more than 5,000 rows on its own, is listed in the default
  -- order, whatever order was asked (docs/search.md#sorting). No index serves a trigram match and another key at once, so such
  -- a page walks the order's index testing each entry, and typed text often follows the order
  -- (bookings of customers "Đỗ" by customer name sit in one part of it, "tệ" is said in the low
  -- ratings): at 10M bookings the walk passed 7.5M entries (1.4 s) before its 50 matches, and a
  -- search filtered first and sorted rechecks every match on its table row (11,400 buffers, 35–55 ms
  -- for the 14,000 customers "nguyen van" by name; on a set whose profiles are not in the order
  -- of their creation, 11,876 of them read 10,818 table pages). In the default order the matches are spread over
  -- time and a page reads a few thousand entries. The
  -- answer's `sort` says which order the rows are in; the decision is the planner's estimate of the
  -- matches, so every page and cursor of the same search is in the same order.
  -- With other filters beside it, the typed text's own matches decide (above): sorting the matches
  -- of all the filters in another order reads every candidate of the typed text.
  if v_where.typed and v_other_order
     and greatest(coalesce(v_total, private.plan_rows('select 1 from ' || v_shape.source || ' ' || v_alias || ' where ' || v_where.filter)),
                  coalesce(v_typed_rows, 0)) > v_text_bound then
    v_sorted_as := v_shape.default_sort;
    v_other_order := false;
    select * into v_sort from private.list_sort(v_shape.keys, v_sorted_as, v_shape.default_sort);
  end if;

  if v_cursor is not null then
    begin
      v_value := (v_cursor::jsonb) ->> 0;
      v_id := (v_cursor::jsonb) ->> 1;
      execute format('select %L::%s', v_id, v_shape.id_type);
      if jsonb_typeof(v_cursor::jsonb) <> 'array' or jsonb_array_length(v_cursor::jsonb) <> 2 or v_id is null then
        raise exception 'bad cursor';
      end if;
      execute format('select %L::%s', v_value, v_sort.sort_type);
    exception when others then
      raise exception 'invalid cursor: %', v_cursor using errcode = '22023';
    end;
    v_offset := 0;
  elsif v_keyset is not null then
    v_offset := 0;
    v_page_cond := v_keyset;
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

  -- Nothing matches (an exact total of 0): once the paging arguments are checked, the answer is
  -- empty without reading a page. A typed word nobody has costs its trigram lookup once instead
  -- of twice (a customer name "hai long" at 10M bookings: 119 ms for the count, as much again
  -- for the page).
  if v_exact and v_total = 0 then
    return private.list_answer('[]'::jsonb, 0, true, 0)
           || jsonb_build_object('first_cursor', null, 'last_cursor', null, 'sort', v_sorted_as);
  end if;

  v_walk_desc := v_sort.descending <> v_reverse;
  v_dir := case when v_walk_desc then 'desc' else 'asc' end;
  v_out_dir := case when v_sort.descending then 'desc' else 'asc' end;
  v_back_dir := case when v_sort.descending then 'asc' else 'desc' end;
  if v_cursor is not null then
    -- Strictly after the cursor in the walking order: a row comparison, which a btree index on
    -- (key, id) (or on the key alone) serves as an index condition, written "at or after the cursor,
    -- and not the cursor's row". The planner estimates a row comparison from its first column alone:
    -- as `(rating, id) > (5, x)` it read "rating > 5", no row, and picked another index and a sort
    -- of every 5-star review past the cursor (1.4M entries at 10M bookings: 0.2–0.6 s); `>=` reads
    -- "rating >= 5" and the walk of (rating, id) stays the plan (0.1 ms).
    -- When the filter fixes the key (the reviews of one rating sorted by rating) the condition is
    -- on the id alone: beside `r.rating = 5` the index started at the first 5-star entry and
    -- tested the row comparison on each one up to the cursor (13,000 buffers for a page past the
    -- 1.4M 5-star reviews at 10M bookings).
    if p_list = 'reviews' and p_filter.rating is not null and v_sort.sort_expr = 'r.rating' and v_value = p_filter.rating::text then
      v_page_cond := v_page_cond || format(' and r.id %s %L::uuid', case when v_walk_desc then '<' else '>' end, v_id);
    else
      v_page_cond := v_page_cond || format(' and (%1$s, %2$I.id) %3$s= (%4$L::%5$s, %6$L::%7$s) and (%1$s, %2$I.id) <> (%4$L::%5$s, %6$L::%7$s)',
        v_sort.sort_expr, v_alias, case when v_walk_desc then '<' else '>' end, v_value, v_sort.sort_type, v_id, v_shape.id_type);
    end if;
  end if;

  -- A filtered list in another order than its default, with few matches, is filtered first and then
  -- sorted (`offset 0` keeps the planner from merging the two): walking the sort's index and
  -- testing the filter row by row assumes the matches are spread over the order, and a filter that
  -- follows the order (the comments saying "tệ" are the low ratings; a service's fees sit together)
  -- made that walk read most of the table (0.3–0.9 s at 1M) for a page of a few thousand matches.
  -- The filter is then applied inside only: repeated above the `offset 0`, it would need the
  -- filter's columns out of the subquery, which a partial index whose predicate is the filter
  -- (the providers' name order) does not hold, and the index-only scan was lost (5,000 rows read).
  v_source := v_shape.source || ' ' || v_alias;
  v_filter := v_where.filter || v_page_cond;
  -- The deposits are never filtered first: their ledger is small (150,000 rows at 10M bookings, a
  -- 1,548-page amount index that includes every filter's column), so the walk of the order's index
  -- costs at worst that index, and filtering first read each match's table row (the 9,400
  -- deposits of providers named "nguyen" by amount: 3,300 buffers for a page, against 10–60).
  -- Nor are the reviews of one rating sorted by rating without typed text: the filter fixes the
  -- order's first key, so its rows are one range of the order's index, read from the page's first
  -- entry, and filtering first read every entry of that range (the 11,395 hidden three-star
  -- reviews at 10M bookings: 6,600 buffers for any page of 50, the table's random order switching
  -- visibility-map pages at nearly every entry).
  -- The providers are filtered first up to 5,000 matches, in their default order, whose index holds
  -- every filter's column and every order's key and follows the table's pages: such a page reads
  -- at most that index (700 pages at 1M profiles) and sorts its matches. Walking the index of the
  -- order asked instead switches visibility-map pages at many entries, as the providers are spread
  -- over the table among the customers (the 625 "nguyen van" by earnings, page 11: 6,856 buffers;
  -- filtered first, 695); filtered first without an order, the planner read them from the whole
  -- covering index of the order asked. Above 5,000 matches the order's index is walked: its
  -- matches are dense, and sorting them would cost more than the walk.
  if v_where.filter <> 'true' and v_total is not null and v_other_order and p_list <> 'deposits'
     and v_total <= (case when p_list = 'providers' then 5000 else 20000 end)
     and not (p_list = 'reviews' and p_filter.rating is not null and v_sort.sort_expr = 'r.rating' and not v_where.typed) then
    v_source := '(select * from ' || v_shape.source || ' ' || v_alias || ' where ' || v_where.filter
      || case when p_list = 'providers' then ' order by p.created_at desc, p.id desc' else '' end || ' offset 0) ' || v_alias;
    v_filter := 'true' || v_page_cond;
    v_filtered_first := true;
  end if;

  -- When the page skips rows (an offset) or typed text filters the list, the page's ids are found
  -- first, reading only the columns of the filter and the order (an index-only scan where an index
  -- of the order includes them: the rows a deep page skips, and the rows a typed text rejects
  -- between its matches, are then index entries, not table rows), and the page's rows are read by
  -- id afterwards. A first page or a cursor's page without typed text reads its rows at once (an
  -- export's 1,000 rows by id would cost a thousand more index lookups), unless the list is filtered
  -- first: then every match is sorted, and read by its ids the matches are index entries where an
  -- index holds the filter and the order (the planner drops the subquery's other columns): one star
  -- sorted by rating reads (rating, id) entries, not the 12,000 one-star reviews (at 1M). So does a
  -- filtered list in another order than its default: the order's index includes the filters'
  -- columns, and the rows it skips before the page are its entries (one service's commissions by
  -- fee, page 1 at 1M: 272,000 table rows read for 269,000 skipped).
  if v_offset > 0 or v_where.typed or v_filtered_first or (v_where.filter <> 'true' and v_other_order) then
    v_source := v_shape.source || ' ' || v_alias || ' where ' || v_alias || '.id in (select ' || v_alias || '.id from ' || v_source
      || ' where ' || v_filter
      || ' order by ' || v_sort.sort_expr || ' ' || v_dir || ', ' || v_alias || '.id ' || v_dir
      || ' limit ' || v_limit || ' offset ' || v_offset || ')';
  else
    v_source := v_source || ' where ' || v_filter
      || ' order by ' || v_sort.sort_expr || ' ' || v_dir || ', ' || v_alias || '.id ' || v_dir
      || ' limit ' || v_limit || ' offset ' || v_offset;
  end if;

  -- Each row is built once as the record of the list's columns (to_jsonb of a row without the sort
  -- helpers: deleting three keys from every row's jsonb cost a third of the page's time).
  execute
    'select coalesce(jsonb_agg(to_jsonb(r.o) order by r._sort_key ' || v_out_dir || ', r._sort_id ' || v_out_dir || '), ''[]''::jsonb),
            (array_agg(r._cursor order by r._sort_key ' || v_out_dir || ', r._sort_id ' || v_out_dir || '))[1],
            (array_agg(r._cursor order by r._sort_key ' || v_back_dir || ', r._sort_id ' || v_back_dir || '))[1]
       from (
         select (select o from (select ' || v_shape.columns || ') o) as o, ' || v_alias || '._sort_key, ' || v_alias || '.id as _sort_id,
                jsonb_build_array(' || v_alias || '._sort_key, ' || v_alias || '.id)::text as _cursor
           from (select ' || v_alias || '.*, ' || v_sort.sort_expr || ' as _sort_key
                   from ' || v_source || ') ' || v_alias
             || ' ' || v_shape.joins || '
       ) r'
    into v_rows, v_first, v_last;

  -- An estimate can be below the rows there are (typed text beside another filter is estimated even
  -- below 10,000): a full page by offset then claims at least one more row, so that the pager
  -- offers the next page instead of ending the list at the planner's guess.
  if not v_exact and not v_reverse and v_cursor is null and jsonb_array_length(v_rows) = v_limit then
    v_total := greatest(v_total, greatest(coalesce(p_offset, 0), 0) + v_limit + 1);
  end if;

  return private.list_answer(v_rows, v_total, v_exact,
                             case when v_reverse or v_cursor is not null then 0 else greatest(coalesce(p_offset, 0), 0) end)
         || jsonb_build_object('first_cursor', v_first, 'last_cursor', v_last, 'sort', v_sorted_as);
end
$$;

comment on function private.admin_sorted_page(private.admin_list, private.admin_list_filter, text, integer, integer, boolean, text, text, boolean, timestamptz, uuid) is
  'One page of an admin list in a whitelisted sort (the default one for typed text with more than 5,000 matches): offset window (2,000 rows from either end) or cursors; {rows, total, total_exact, first_cursor, last_cursor, sort} (docs/search.md#deep-pages).';

-- Only the list functions (security definer, running as the owner) call these.
revoke all on function private.list_sort(jsonb, text, text) from public, anon, authenticated, service_role;
revoke all on function private.admin_default_order_keyset(text, text, timestamptz, uuid) from public, anon, authenticated, service_role;
revoke all on function private.admin_list_shape(private.admin_list) from public, anon, authenticated, service_role;
revoke all on function private.admin_list_where(private.admin_list, private.admin_list_filter) from public, anon, authenticated, service_role;
revoke all on function private.admin_sorted_page(private.admin_list, private.admin_list_filter, text, integer, integer, boolean, text, text, boolean, timestamptz, uuid) from public, anon;
grant execute on function private.admin_sorted_page(private.admin_list, private.admin_list_filter, text, integer, integer, boolean, text, text, boolean, timestamptz, uuid) to authenticated, service_role;

-- The ids a lookup of private.id_in_condition returns (SQL text written by a list function, never
-- typed text).
create function private.lookup_ids(p_query text)
returns uuid[]
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_ids uuid[];
begin
  execute 'select array(' || p_query || ')' into v_ids;
  return v_ids;
end
$$;

comment on function private.lookup_ids(text) is
  'The uuid array a lookup query returns; used by private.id_in_condition.';

revoke all on function private.lookup_ids(text) from public, anon, authenticated, service_role;

-- "<p_column> is one of the ids <p_query> returns", for a list filter built as SQL text
-- (docs/search.md#matching-typed-text). The ids are read first and written into the condition as a
-- literal array when there are at most 5,000 of them: the planner then knows how many there are, so
-- a rare name reads its few rows through the column's index, and a name nobody has matches nothing
-- at once (as an `array(select …)` the planner guessed, and walked a whole list in its order to find
-- no row: 0.6–1 s on 550,000 commissions). More ids than that are many matches, found at once by
-- walking the list in its order: the condition then holds the lookup as a subquery, beside its
-- first 5,000 ids as a literal array. The planner cannot see into the subquery and took it for
-- about ten ids, so the total was counted exactly (7,000 providers named "minh" at 10M bookings:
-- 733,000 commissions counted, past the statement timeout); the literal part tells it the matches
-- are at least those ids' rows, and the total is then its estimate. Under the `or` the subquery is
-- `in (select unnest(…))`, which the executor runs once and hashes: `= any ((select …))` compared
-- each row with every id in turn (a status filter's 30,000 deposits × 7,000 ids: 1.3 s).
-- Either way the ids are read by private.lookup_ids.
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
    return format('(%1$s = any (%2$L::uuid[]) or %1$s in (select unnest(private.lookup_ids(%3$L))))',
                  p_column, v_ids[1:id_cap], p_query);
  end if;
  return format('%s = any (%L::uuid[])', p_column, v_ids);
end
$$;

comment on function private.id_in_condition(text, text) is
  'SQL condition: the column is one of the ids the query returns, as a literal uuid array up to 5,000 ids (else the first 5,000 as a literal, or the query as a subquery).';

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
