-- The admin customers list (/admin/customers): search over name or e-mail, status, newest first,
-- 50 a page; {rows, total, total_exact} like every admin list (docs/database.md#admin-list-functions).
-- Through REST the search could not use the trigram indexes on profiles: under RLS a non-leakproof
-- operator (ilike) is never pushed into an index scan, so every search read all the profiles (npm
-- run seed:large, 95,150 customers: 91 ms for the page + 16 ms for the count). The body therefore
-- runs as security definer in `private` behind a security-invoker function in `public`; it starts
-- with private.assert_admin() (42501 for anyone but an admin or the service role), and admins may
-- read every profile anyway.

create or replace function private.admin_list_customers(
  p_search text default null,
  p_status text default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
-- Every filter has an index (role + created_at, role + status, the two trigram indexes): no
-- sequential scan over all profiles, whatever the planner thinks a search matches.
set enable_seqscan = off
as $$
declare
  v_search text := private.admin_like_pattern(p_search);
  v_status text := nullif(btrim(coalesce(p_status, '')), '');
  v_filter text := 'p.role = ''customer''';
begin
  perform private.assert_admin();
  if v_status is not null and v_status not in ('active', 'inactive', 'banned', 'pending_approval') then
    raise exception 'invalid customer status: %', v_status using errcode = '22023';
  end if;
  if v_search is not null then
    -- Two trigram indexes combined by a BitmapOr.
    v_filter := v_filter || format(' and (p.name ilike %1$L or p.email ilike %1$L)', v_search);
  end if;
  if v_status is not null then v_filter := v_filter || format(' and p.status = %L', v_status); end if;

  return private.admin_list_page(
    'public.profiles', 'p', v_filter,
    'created_at desc, id desc',
    'p.id, p.name, p.phone, p.email, p.status, p.total_bookings, p.created_at',
    '',
    p_limit, p_offset, p_count);
end
$$;

comment on function private.admin_list_customers(text, text, integer, integer, boolean) is
  'Body of public.admin_list_customers (security definer, admin check first).';

revoke all on function private.admin_list_customers(text, text, integer, integer, boolean) from public, anon;
grant execute on function private.admin_list_customers(text, text, integer, integer, boolean) to authenticated, service_role;

create or replace function public.admin_list_customers(
  p_search text default null,
  p_status text default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_customers(p_search, p_status, p_limit, p_offset, p_count)
$$;

comment on function public.admin_list_customers(text, text, integer, integer, boolean) is
  'Admin customers list: {rows, total, total_exact}, newest first, search over name or e-mail, status; total exact up to 10,000 rows. Admins only (42501).';

revoke all on function public.admin_list_customers(text, text, integer, integer, boolean) from public, anon;
grant execute on function public.admin_list_customers(text, text, integer, integer, boolean) to authenticated, service_role;
