-- The lists of profiles (docs/search.md): customers and providers (pages of
-- private.admin_sorted_page: accent-insensitive search over name or e-mail, status, the role's
-- sorts and columns, private.admin_list_shape / private.admin_list_where), and the provider picker
-- (a server-side search in Vietnamese order). Through REST, RLS would keep every index of a search
-- out of use, so the bodies are security definer in `private` behind security-invoker functions in
-- `public`, each starting with private.assert_admin() (42501 for anyone but an admin or the service
-- role).

create function public.admin_list_customers(
  p_search text default null, p_status text default null, p_limit integer default 50, p_offset integer default 0,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_sorted_page('customers',
    jsonb_populate_record(null::private.admin_list_filter, jsonb_build_object('search', p_search, 'status', p_status)),
    p_sort, p_limit, p_offset, p_count, p_after, p_before, p_last)
$$;

comment on function public.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin customers list: {rows, total, total_exact, first_cursor, last_cursor, sort}, accent-insensitive search over name or e-mail, status, whitelisted sorts. Admins only (42501).';

revoke all on function public.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_list_providers(
  p_search text default null, p_status text default null, p_limit integer default 50, p_offset integer default 0,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_sorted_page('providers',
    jsonb_populate_record(null::private.admin_list_filter, jsonb_build_object('search', p_search, 'status', p_status)),
    p_sort, p_limit, p_offset, p_count, p_after, p_before, p_last)
$$;

comment on function public.admin_list_providers(text, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin providers list: {rows, total, total_exact, first_cursor, last_cursor, sort}, accent-insensitive search over name or e-mail, status, whitelisted sorts. Admins only (42501).';

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
  v_from text := 'public.profiles p where p.role = ''provider''' || coalesce(' and ' || v_condition, '');
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 50);
begin
  perform private.assert_admin();
  -- A text with 10,000 matches or fewer (the planner's estimate, the lists' bound for typed text) is
  -- filtered first and its matches sorted (`offset 0` keeps the planner from walking the name
  -- order): names follow the order, and the walk of the name index read the row of every provider
  -- sorted before the first match ("nguyen": 31,268 rows, 31,500 buffers at 10M bookings). The
  -- matches' ids and names are read in the providers' default order, whose index holds both and
  -- follows the table's pages (a common word walks it, 840 pages at 1M profiles; a rare one reads
  -- the trigram index), and the phone of the rows shown only: reading each match's row read one
  -- table page per match, the providers being spread among the customers ("do": 3,154 buffers,
  -- 285 ms from disk, against 929). A text with more matches (one letter) walks the name order,
  -- where its matches are near.
  if v_condition is not null and private.plan_rows('select 1 from ' || v_from) <= 10000 then
    return query execute
      'select p.id, p.name, p.phone from public.profiles p
        where p.id in (select f.id from (select p.id, p.name from ' || v_from || ' order by p.created_at desc, p.id desc offset 0) f
                        order by f.name collate private.vi, f.id limit ' || v_limit || ')
        order by p.name collate private.vi, p.id';
    return;
  end if;
  return query execute
    'select p.id, p.name, p.phone from ' || v_from
    || ' order by p.name collate private.vi, p.id limit ' || v_limit;
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
