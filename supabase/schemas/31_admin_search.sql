-- The back office's one search box (docs/search.md#global-search): public.admin_search(p_query)
-- answers, in one call, the bookings, customers and providers the typed text names, a few of each:
--   * bookings by id: 8 hexadecimal digits or more (a leading # and dashes ignored) are the start
--     of the id or, exactly 8, its short number (the last 8 digits the screens show after #);
--   * people by phone: any Vietnamese way of writing a number (0…, +84…, 84…, with spaces, dots,
--     dashes or brackets), 4 digits or more, is the start of the stored (normalised, 0…) phone;
--   * people by a whole e-mail address (exactly), by a part of one (text with @: contains), or by
--     name or e-mail accent- and case-insensitively, as the lists match them
--     (private.vi_search_condition: 3+ characters contain, 1–2 letters start a word).
-- Every branch is an index condition (bookings: the primary key's range and the short number's
-- expression index; profiles: the phone's pattern index, the unique index on lower(email), the
-- folded name and e-mail trigram indexes) and reads a bounded number of rows, so the answer stays
-- in milliseconds at 1M bookings (docs/search.md#global-search). The text is bounded (100
-- characters, 22023 beyond). As the lists (22_admin_profile_lists.sql): the body is security
-- definer in private behind a security invoker function in public, the admin check first.

-- The short number a screen shows after # (right(id, 8)): one index entry per booking.
create index bookings_short_id_idx on public.bookings ((right(id::text, 8)));

-- A phone number typed whole or by its start: phones are stored normalised (0 and 9–10 digits).
create index profiles_phone_pattern_idx on public.profiles (phone text_pattern_ops) where phone is not null;

-- The digits of a Vietnamese phone number as it is stored (0…), or null when the text is not one:
-- separators (space, dot, dash, brackets) dropped, +84 / 84 read as 0; at least 4 digits.
create function private.search_phone_prefix(p_text text)
returns text
language sql
immutable
parallel safe
security invoker
set search_path = ''
as $$
  select case
    when v.digits ~ '^\+84[0-9]{3,10}$' then '0' || substr(v.digits, 4)
    when v.digits ~ '^84[0-9]{9,10}$' then '0' || substr(v.digits, 3)
    when v.digits ~ '^0[0-9]{3,10}$' then v.digits
    when v.digits ~ '^[1-9][0-9]{3,9}$' then '0' || v.digits
    else null
  end
  from (select regexp_replace(btrim(coalesce(p_text, '')), '[ .()-]', '', 'g') as digits) v
$$;

comment on function private.search_phone_prefix(text) is
  'The stored form (0…) of a typed Vietnamese phone number or its start (4+ digits; +84 / 84 read as 0; spaces, dots, dashes, brackets ignored); null for other text.';

revoke all on function private.search_phone_prefix(text) from public, anon, authenticated, service_role;

create function private.admin_search(p_query text, p_limit integer default 5)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  max_length constant integer := 100;
  -- Matches read per kind before ranking (see below).
  candidate_cap constant integer := 200;
  v_text text := btrim(coalesce(p_query, ''));
  v_limit integer := least(greatest(coalesce(p_limit, 5), 1), 20);
  v_hex text;
  v_phone text;
  v_folded text;
  v_bookings jsonb := '[]';
  v_customers jsonb := '[]';
  v_providers jsonb := '[]';
  v_people_filter text;
  v_sql text;
begin
  perform private.assert_admin();
  if char_length(p_query) > max_length then
    raise exception 'search text longer than % characters', max_length using errcode = '22023', detail = 'search_too_long';
  end if;
  if char_length(private.vi_fold(v_text)) < 2 then
    return jsonb_build_object('bookings', v_bookings, 'customers', v_customers, 'providers', v_providers);
  end if;

  -- Bookings by id: a range of the primary key, or the short number's expression index; each part
  -- planned on its own (an OR under "order by created_at limit" let the planner walk the date index
  -- through every booking) and bounded (a common start of ids names many bookings).
  v_hex := lower(replace(ltrim(v_text, '#'), '-', ''));
  if v_hex ~ '^[0-9a-f]{8,32}$' then
    with hits as materialized (
      (select x.id from public.bookings x
        where x.id between rpad(v_hex, 32, '0')::uuid and rpad(v_hex, 32, 'f')::uuid
        order by x.id limit candidate_cap)
      union
      (select x.id from public.bookings x
        where char_length(v_hex) = 8 and right(x.id::text, 8) = v_hex
        limit candidate_cap)
    )
    select coalesce(jsonb_agg(to_jsonb(b) order by b.created_at desc, b.id desc), '[]')
      into v_bookings
      from (
        select x.id, x.customer_name, x.service_name, x.service_item_name, x.status, x.final_price, x.created_at
          from hits h join public.bookings x on x.id = h.id
         order by x.created_at desc, x.id desc
         limit v_limit
      ) b;
  end if;

  -- People: by phone (the start of the stored number), by a whole e-mail address (the unique index
  -- on lower(email)), else by name or e-mail as the lists match them (trigram indexes).
  v_phone := private.search_phone_prefix(v_text);
  v_folded := private.vi_fold(v_text);
  v_people_filter := case
    when v_phone is not null then format('p.phone like %L', v_phone || '%')
    when private.is_email(lower(v_text)) then format('lower(p.email) = %L', lower(v_text))
    when v_text ~ '@' then private.vi_search_condition('p.email_folded', v_text)
    when v_hex ~ '^[0-9a-f]{8,32}$' and v_text !~ '[[:space:]]' then null
    else format('(%s or %s)', private.vi_search_condition('p.name_folded', v_text), private.vi_search_condition('p.email_folded', v_text))
  end;
  if v_people_filter is not null then
    -- At most candidate_cap matches are read (a common name matches thousands of people, each a heap
    -- row); among them whole-value and word-start matches first ("an" before "Lan"), then Vietnamese
    -- order. "Xem tất cả" opens the list for the rest.
    v_sql := format(
      $q$select coalesce(jsonb_agg(to_jsonb(r) - 'rank' order by r.rank, r.name collate private.vi, r.id), '[]')
           from (select c.id, c.name, c.phone, c.email, c.status,
                        case when c.name_folded = %2$L or c.phone = %3$L or c.email_folded = %2$L then 0
                             when c.name_folded like %4$L or c.phone like %5$L then 1 else 2 end as rank
                   from (select p.id, p.name, p.phone, p.email, p.status, p.name_folded, p.email_folded
                           from public.profiles p
                          where p.role = $1 and %1$s
                          limit $3) c
                  order by rank, c.name collate private.vi, c.id
                  limit $2) r$q$,
      v_people_filter, v_folded, coalesce(v_phone, ''),
      replace(replace(replace(v_folded, '\', '\\'), '%', '\%'), '_', '\_') || '%',
      coalesce(v_phone, '') || '%');
    execute v_sql into v_customers using 'customer', v_limit, candidate_cap;
    execute v_sql into v_providers using 'provider', v_limit, candidate_cap;
  end if;

  return jsonb_build_object('bookings', v_bookings, 'customers', v_customers, 'providers', v_providers);
end
$$;

comment on function private.admin_search(text, integer) is
  'Body of public.admin_search (security definer, admin check first).';

revoke all on function private.admin_search(text, integer) from public, anon;
grant execute on function private.admin_search(text, integer) to authenticated, service_role;

create function public.admin_search(p_query text, p_limit integer default 5)
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_search(p_query, p_limit)
$$;

comment on function public.admin_search(text, integer) is
  'The back office search box: {bookings, customers, providers}, each at most p_limit (1–20, default 5) rows matched by booking id or short number, phone, name or e-mail (accent-insensitive). Text over 100 characters: 22023. Admins only (42501).';

revoke all on function public.admin_search(text, integer) from public, anon;
grant execute on function public.admin_search(text, integer) to authenticated, service_role;
