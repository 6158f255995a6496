-- The lists of profiles (docs/search.md): customers and providers (one page body,
-- private.admin_profile_page: accent-insensitive search over name or e-mail, status, the role's
-- sorts and columns), and the provider picker (a server-side search in Vietnamese order). Through
-- REST, RLS would keep every index of a search out of use, so the bodies are security definer in
-- `private` behind security-invoker functions in `public`, each starting with private.assert_admin()
-- (42501 for anyone but an admin or the service role); private.admin_profile_page is security
-- invoker and called only by them.

-- One page of the list of one role: name or e-mail matching the typed text, status; the role's
-- sorts and columns.
create function private.admin_profile_page(
  p_role text, p_search text, p_status text, p_limit integer, p_offset integer,
  p_sort text, p_after text, p_before text, p_last boolean, p_count boolean
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_status text := nullif(btrim(coalesce(p_status, '')), '');
  v_typed boolean := nullif(btrim(coalesce(p_search, '')), '') is not null;
  v_filter text := format('p.role = %L', p_role);
begin
  if v_status is not null and v_status not in ('active', 'inactive', 'banned', 'pending_approval') then
    raise exception 'invalid % status: %', p_role, v_status using errcode = '22023';
  end if;
  if v_typed then
    -- Name or e-mail: two trigram indexes combined by a BitmapOr.
    v_filter := v_filter || format(' and (%s or %s)',
      private.vi_search_condition('p.name_folded', p_search), private.vi_search_condition('p.email_folded', p_search));
  end if;
  if v_status is not null then v_filter := v_filter || format(' and p.status = %L', v_status); end if;

  return private.admin_sorted_page(
    'public.profiles', 'p', v_filter,
    case p_role
      when 'customer' then '{"created_at": ["p.created_at", "timestamptz"], "name": ["p.name collate private.vi", "text"],
                             "total_bookings": ["p.total_bookings", "integer"]}'
      else '{"created_at": ["p.created_at", "timestamptz"], "name": ["p.name collate private.vi", "text"],
             "deposit": ["p.deposit", "bigint"], "total_earnings": ["p.total_earnings", "bigint"]}'
    end::jsonb,
    p_sort, 'created_at.desc',
    'p.id, p.name, p.phone, p.email, p.status, '
      || case p_role when 'customer' then 'p.total_bookings' else 'p.deposit, p.total_earnings' end || ', p.created_at',
    '',
    p_limit, p_offset, p_count, p_after, p_before, p_last, p_estimate_first => v_typed);
end
$$;

revoke all on function private.admin_profile_page(text, text, text, integer, integer, text, text, text, boolean, boolean) from public, anon, authenticated, service_role;

create function private.admin_list_customers(
  p_search text default null,
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
-- Every filter and sort has an index: no sequential scan over all profiles, whatever the planner
-- thinks a search matches.
set enable_seqscan = off
as $$
begin
  perform private.assert_admin();
  return private.admin_profile_page('customer', p_search, p_status, p_limit, p_offset, p_sort, p_after, p_before, p_last, p_count);
end
$$;

comment on function private.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) is
  'Body of public.admin_list_customers (security definer, admin check first).';

revoke all on function private.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_list_customers(
  p_search text default null, p_status text default null, p_limit integer default 50, p_offset integer default 0,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_customers(p_search, p_status, p_limit, p_offset, p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin customers list: {rows, total, total_exact, first_cursor, last_cursor}, accent-insensitive search over name or e-mail, status, whitelisted sorts. Admins only (42501).';

revoke all on function public.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function private.admin_list_providers(
  p_search text default null,
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
set enable_seqscan = off
as $$
begin
  perform private.assert_admin();
  return private.admin_profile_page('provider', p_search, p_status, p_limit, p_offset, p_sort, p_after, p_before, p_last, p_count);
end
$$;

comment on function private.admin_list_providers(text, text, integer, integer, text, text, text, boolean, boolean) is
  'Body of public.admin_list_providers (security definer, admin check first).';

revoke all on function private.admin_list_providers(text, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_providers(text, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_list_providers(
  p_search text default null, p_status text default null, p_limit integer default 50, p_offset integer default 0,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_providers(p_search, p_status, p_limit, p_offset, p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_providers(text, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin providers list: {rows, total, total_exact, first_cursor, last_cursor}, accent-insensitive search over name or e-mail, status, whitelisted sorts. Admins only (42501).';

revoke all on function public.admin_list_providers(text, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_providers(text, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

-- The provider picker: providers whose name matches the typed text (every provider without text),
-- in Vietnamese order, at most p_limit (1–50, default 20).
create function private.admin_provider_options(p_search text default null, p_limit integer default 20)
returns table (id uuid, name text, phone text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_condition text := private.vi_search_condition('p.name_folded', p_search);
begin
  perform private.assert_admin();
  return query execute
    'select p.id, p.name, p.phone from public.profiles p where p.role = ''provider'''
    || coalesce(' and ' || v_condition, '')
    || ' order by p.name collate private.vi, p.id limit ' || least(greatest(coalesce(p_limit, 20), 1), 50);
end
$$;

comment on function private.admin_provider_options(text, integer) is
  'Body of public.admin_provider_options (security definer, admin check first).';

revoke all on function private.admin_provider_options(text, integer) from public, anon;
grant execute on function private.admin_provider_options(text, integer) to authenticated, service_role;

create function public.admin_provider_options(p_search text default null, p_limit integer default 20)
returns table (id uuid, name text, phone text)
language sql stable security invoker set search_path = ''
as $$
  select o.id, o.name, o.phone from private.admin_provider_options(p_search, p_limit) o
$$;

comment on function public.admin_provider_options(text, integer) is
  'Provider picker: providers whose name matches the text accent-insensitively, in Vietnamese order (collate private.vi), at most p_limit (1–50). Admins only (42501).';

revoke all on function public.admin_provider_options(text, integer) from public, anon;
grant execute on function public.admin_provider_options(text, integer) to authenticated, service_role;
