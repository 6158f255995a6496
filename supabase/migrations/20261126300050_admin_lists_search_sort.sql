-- Accent-insensitive search, sorts and bounded deep pages for the reviews, conversations,
-- commissions and deposits lists (docs/search.md), replacing 20261122002400, 20261122002300,
-- 20261122002000 and 20261122002100 (same arguments plus p_sort, p_after, p_before, p_last;
-- p_count stays last); the promotion codes list (new: the screen read discount_codes through REST)
-- and the catalogue's search (new). The bodies stay security definer in `private` behind
-- security-invoker functions in `public`, each starting with its admin check (42501).

drop function if exists public.admin_list_reviews(text, integer, text, integer, integer, boolean);
drop function if exists private.admin_list_reviews(text, integer, text, integer, integer, boolean);
drop function if exists public.admin_list_conversations(text, text, text, timestamptz, integer, integer, boolean);
drop function if exists private.admin_list_conversations(text, text, text, timestamptz, integer, integer, boolean);
drop function if exists public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean);
drop function if exists private.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean);
drop function if exists public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean);
drop function if exists private.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean);

-- Reviews: the customer's name written on the review or the comment; stars; status.
create or replace function private.admin_list_reviews(
  p_search text default null,
  p_rating integer default null,
  p_status text default null,
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
-- Every filter and sort of this function has an index: matching folded text costs microseconds a
-- row, so a sequential scan over every review is never the cheap plan it looks like.
set enable_seqscan = off
as $$
declare
  v_filter text := 'true';
begin
  perform private.assert_admin();
  if p_rating is not null and p_rating not between 1 and 5 then
    raise exception 'invalid rating: %', p_rating using errcode = '22023';
  end if;
  if p_status is not null and p_status not in ('active', 'inactive') then
    raise exception 'invalid review status: %', p_status using errcode = '22023';
  end if;
  if nullif(btrim(coalesce(p_search, '')), '') is not null then
    v_filter := v_filter || format(' and (%s or %s)',
      private.vi_search_condition('r.customer_name_folded', p_search), private.vi_search_condition('r.comment_folded', p_search));
  end if;
  if p_rating is not null then v_filter := v_filter || format(' and r.rating = %s', p_rating); end if;
  if p_status is not null then v_filter := v_filter || format(' and r.status = %L', p_status); end if;

  return private.admin_sorted_page(
    'public.reviews', 'r', v_filter,
    '{"created_at": ["r.created_at", "timestamptz"], "rating": ["r.rating", "integer"]}'::jsonb,
    p_sort, 'created_at.desc',
    'r.id, r.booking_id, r.customer_id, coalesce(r.customer_name, pc.name) as customer_name,
     r.provider_id, pp.name as provider_name, r.rating, r.comment, r.status,
     r.created_at, r.updated_at',
    'left join public.profiles pp on pp.id = r.provider_id
     left join public.profiles pc on pc.id = r.customer_id',
    p_limit, p_offset, p_count, p_after, p_before, p_last,
    p_estimate_first => nullif(btrim(coalesce(p_search, '')), '') is not null);
end
$$;

-- Conversations: the provider's / customer's profile name; status; last message since.
-- A name search is the array of the matching profiles' ids (`= any (array(select …))`), computed
-- first from the trigram index: as an `in (select …)` semi-join the planner sometimes merged the
-- list with every profile in id order (113 ms instead of a few ms on seed:large). The commissions
-- and deposits filters below do the same.
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
    v_filter := v_filter || ' and c.provider_id = any (array(select p.id from public.profiles p where p.role = ''provider'' and ' || v_provider || '))';
  end if;
  if v_customer is not null then
    v_filter := v_filter || ' and c.customer_id = any (array(select p.id from public.profiles p where p.role = ''customer'' and ' || v_customer || '))';
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
    p_estimate_first => coalesce(v_provider, v_customer) is not null);
end
$$;

-- The WHERE clause of the commissions list and stat cards (same signature as 20261122002000).
create or replace function private.admin_commission_filter(
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
    v_filter := v_filter || format(' and (c.provider_id = any (array(select p.id from public.profiles p where p.role = ''provider'' and %s))'
      || ' or c.subcategory_id = any (array(select s.id from public.subcategories s where %s))',
      private.vi_search_condition('p.name_folded', p_search), private.vi_search_condition('private.vi_fold(s.name)', p_search));
    -- Only a text that can be part of a uuid is compared with booking ids.
    if btrim(p_search) ~* '^[0-9a-f-]+$' then
      v_filter := v_filter || format(' or c.booking_id::text ilike %L', private.admin_like_pattern(p_search));
    end if;
    v_filter := v_filter || ')';
  end if;
  if p_provider_id is not null then v_filter := v_filter || format(' and c.provider_id = %L::uuid', p_provider_id); end if;
  if p_subcategory_id is not null then v_filter := v_filter || format(' and c.subcategory_id = %L::uuid', p_subcategory_id); end if;
  if p_from is not null then v_filter := v_filter || format(' and c.created_at >= %L::timestamptz', p_from); end if;
  if p_to is not null then v_filter := v_filter || format(' and c.created_at < %L::timestamptz', p_to); end if;
  return v_filter;
end
$$;

create or replace function private.admin_list_commissions(
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

-- The WHERE clause of the deposit history list and stat cards (same signature as 20261122002100).
create or replace function private.admin_deposit_filter(
  p_search text, p_provider_id uuid, p_status text, p_from timestamptz, p_to timestamptz
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
  if p_status is not null and p_status not in ('pending', 'completed', 'canceled') then
    raise exception 'invalid deposit status: %', p_status using errcode = '22023';
  end if;
  if nullif(btrim(coalesce(p_search, '')), '') is not null then
    v_filter := v_filter || format(' and (d.provider_id = any (array(select p.id from public.profiles p where p.role = ''provider'' and (%s or %s)))',
      private.vi_search_condition('p.name_folded', p_search), private.vi_search_condition('p.email_folded', p_search));
    if btrim(p_search) ~* '^[0-9a-f-]+$' then
      v_filter := v_filter || format(' or d.id::text ilike %L', private.admin_like_pattern(p_search));
    end if;
    v_filter := v_filter || ')';
  end if;
  if p_provider_id is not null then v_filter := v_filter || format(' and d.provider_id = %L::uuid', p_provider_id); end if;
  if p_status is not null then v_filter := v_filter || format(' and d.status = %L', p_status); end if;
  if p_from is not null then v_filter := v_filter || format(' and d.created_at >= %L::timestamptz', p_from); end if;
  if p_to is not null then v_filter := v_filter || format(' and d.created_at < %L::timestamptz', p_to); end if;
  return v_filter;
end
$$;

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
     d.amount, d.status, d.old_balance, d.new_balance, d.note, d.created_at, d.updated_at',
    'left join public.profiles p on p.id = d.provider_id',
    p_limit, p_offset, p_count, p_after, p_before, p_last,
    private.admin_default_order_keyset('d', p_sort, p_after_created_at, p_after_id),
    p_estimate_first => nullif(btrim(coalesce(p_search, '')), '') is not null);
end
$$;

-- Promotion codes: the code; discount type; status.
create or replace function private.admin_list_promotions(
  p_search text default null,
  p_type text default null,
  p_status text default null,
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
  v_type text := nullif(btrim(coalesce(p_type, '')), '');
  v_status text := nullif(btrim(coalesce(p_status, '')), '');
  v_search text := private.vi_search_condition('d.code_folded', p_search);
  v_filter text := 'true';
begin
  perform private.assert_admin();
  if v_type is not null and v_type not in ('percentage', 'fixed_amount') then
    raise exception 'invalid discount type: %', v_type using errcode = '22023';
  end if;
  if v_status is not null and v_status not in ('active', 'inactive') then
    raise exception 'invalid promotion status: %', v_status using errcode = '22023';
  end if;
  if v_search is not null then v_filter := v_filter || ' and ' || v_search; end if;
  if v_type is not null then v_filter := v_filter || format(' and d.discount_type = %L', v_type); end if;
  if v_status is not null then v_filter := v_filter || format(' and d.status = %L', v_status); end if;

  return private.admin_sorted_page(
    'public.discount_codes', 'd', v_filter,
    '{"created_at": ["d.created_at", "timestamptz"], "code": ["d.code", "text"],
      "uses_count": ["d.uses_count", "integer"], "expires_at": ["d.expires_at", "timestamptz"]}'::jsonb,
    p_sort, 'created_at.desc',
    'd.id, d.code, d.discount_type, d.discount_value, d.max_uses, d.uses_count, d.expires_at, d.status,
     d.created_at, d.updated_at',
    '',
    p_limit, p_offset, p_count, p_after, p_before, p_last,
    p_estimate_first => v_search is not null);
end
$$;

-- The catalogue's search: the ids of the professions, services and packages whose texts match.
create or replace function private.admin_catalogue_matches(p_search text)
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
  if nullif(btrim(coalesce(p_search, '')), '') is null then
    raise exception 'a search text is required' using errcode = '22023';
  end if;
  execute format(
    'select jsonb_build_object(
       ''profession_ids'', coalesce((select jsonb_agg(c.id order by c.sort_order, c.id) from public.categories c where %1$s), ''[]''),
       ''service_ids'', coalesce((select jsonb_agg(s.id order by s.sort_order, s.id) from public.subcategories s
                                   join public.categories c on c.id = s.category_id where %2$s or %3$s or %1$s), ''[]''),
       ''package_ids'', coalesce((select jsonb_agg(i.id order by i.sort_order, i.id) from public.service_items i
                                   join public.subcategories s on s.id = i.subcategory_id
                                  where %4$s or %5$s or %6$s or %7$s or %2$s), ''[]''))',
    private.vi_search_condition('private.vi_fold(c.name)', p_search), private.vi_search_condition('private.vi_fold(s.name)', p_search),
    private.vi_search_condition('private.vi_fold(s.icon)', p_search), private.vi_search_condition('private.vi_fold(i.name)', p_search),
    private.vi_search_condition('private.vi_fold(i.description)', p_search), private.vi_search_condition('private.vi_fold(i.job_details)', p_search),
    private.vi_search_condition('private.vi_fold(i.duration)', p_search))
    into v_result;
  return v_result;
end
$$;

create or replace function public.admin_list_reviews(
  p_search text default null, p_rating integer default null, p_status text default null,
  p_limit integer default 50, p_offset integer default 0, p_sort text default null, p_after text default null,
  p_before text default null, p_last boolean default false, p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_reviews(p_search, p_rating, p_status, p_limit, p_offset, p_sort, p_after, p_before, p_last, p_count)
$$;

create or replace function public.admin_list_conversations(
  p_provider_name text default null, p_customer_name text default null, p_status text default null,
  p_since timestamptz default null, p_limit integer default 50, p_offset integer default 0,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_conversations(p_provider_name, p_customer_name, p_status, p_since, p_limit, p_offset,
                                          p_sort, p_after, p_before, p_last, p_count)
$$;

create or replace function public.admin_list_commissions(
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

create or replace function public.admin_list_deposits(
  p_search text default null, p_provider_id uuid default null, p_status text default null,
  p_from timestamptz default null, p_to timestamptz default null, p_limit integer default 50,
  p_offset integer default 0, p_after_created_at timestamptz default null, p_after_id uuid default null,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_deposits(p_search, p_provider_id, p_status, p_from, p_to, p_limit, p_offset,
                                     p_after_created_at, p_after_id, p_sort, p_after, p_before, p_last, p_count)
$$;

create or replace function public.admin_list_promotions(
  p_search text default null, p_type text default null, p_status text default null,
  p_limit integer default 50, p_offset integer default 0, p_sort text default null, p_after text default null,
  p_before text default null, p_last boolean default false, p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_promotions(p_search, p_type, p_status, p_limit, p_offset, p_sort, p_after, p_before, p_last, p_count)
$$;

create or replace function public.admin_catalogue_matches(p_search text)
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_catalogue_matches(p_search)
$$;

comment on function public.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin reviews list: {rows, total, total_exact, first_cursor, last_cursor}, accent-insensitive search over the customer name and the comment, whitelisted sorts. Admins only.';
comment on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) is
  'Admin conversations list: {rows, total, total_exact, first_cursor, last_cursor}, latest message first by default, accent-insensitive name searches. Admins only.';
comment on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) is
  'Admin commissions list: {rows, total, total_exact, first_cursor, last_cursor}, whitelisted sorts, offset window or cursor paging (the legacy created_at keyset for the default order). Admins only (42501).';
comment on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) is
  'Admin deposit history list: {rows, total, total_exact, first_cursor, last_cursor} with the provider''s current balance and status, whitelisted sorts. Admins only.';
comment on function public.admin_list_promotions(text, text, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin promotion codes list: {rows, total, total_exact, first_cursor, last_cursor}, accent-insensitive code search, type, status, whitelisted sorts. Admins only.';
comment on function public.admin_catalogue_matches(text) is
  'Catalogue search: {profession_ids, service_ids, package_ids} of the rows whose texts match accent-insensitively (docs/search.md#catalogue). Admins only.';

do $$
declare
  v_signature text;
begin
  foreach v_signature in array array[
    'admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean)',
    'admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean)',
    'admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean)',
    'admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean)',
    'admin_list_promotions(text, text, text, integer, integer, text, text, text, boolean, boolean)',
    'admin_catalogue_matches(text)'
  ] loop
    execute format('comment on function private.%s is %L', v_signature, 'Body of public.' || split_part(v_signature, '(', 1) || ' (security definer, admin check first).');
    execute format('revoke all on function private.%s from public, anon', v_signature);
    execute format('grant execute on function private.%s to authenticated, service_role', v_signature);
    execute format('revoke all on function public.%s from public, anon', v_signature);
    execute format('grant execute on function public.%s to authenticated, service_role', v_signature);
  end loop;
end
$$;
