-- The admin customers list (/admin/customers): search over name or e-mail, status, newest first,
-- 50 a page. Through REST the search could not use the trigram indexes on profiles: under RLS a
-- non-leakproof operator (ilike) is never pushed into an index scan, so every search read all the
-- profiles (npm run seed:large, 95,150 customers: 91 ms for the page + 16 ms for the count). Like the
-- finance lists (20261122040800), the body runs as security definer in `private` behind a
-- security-invoker function in `public`; it starts with private.assert_admin() (42501 for anyone but
-- an admin or the service role), and admins may read every profile anyway.
-- Total: exact up to 1,000 matching rows, otherwise the planner's estimate, never less than 1,001
-- (`total_exact` false).

create or replace function private.admin_list_customers(
  p_search text default null,
  p_status text default null,
  p_limit integer default 50,
  p_offset integer default 0
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
  count_cap constant integer := 1000;
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 1000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_search text := private.admin_like_pattern(p_search);
  v_status text := nullif(btrim(coalesce(p_status, '')), '');
  v_filter text := 'p.role = ''customer''';
  v_total bigint;
  v_exact boolean := true;
  v_plan jsonb;
  v_rows jsonb;
begin
  perform private.assert_admin();
  if v_status is not null and v_status not in ('active', 'inactive', 'banned', 'pending_approval') then
    raise exception 'invalid customer status: %', v_status using errcode = '22023';
  end if;
  if v_search is not null then
    -- Two trigram indexes combined by a BitmapOr.
    v_filter := v_filter || ' and (p.name ilike $1 or p.email ilike $1)';
  end if;
  if v_status is not null then v_filter := v_filter || ' and p.status = $2'; end if;

  execute 'select count(*) from (select 1 from public.profiles p where ' || v_filter
          || ' limit ' || (count_cap + 1) || ') capped'
    into v_total using v_search, v_status;
  if v_total > count_cap then
    execute 'explain (format json) select 1 from public.profiles p where ' || v_filter
      into v_plan using v_search, v_status;
    v_total := greatest(round((v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric)::bigint, count_cap + 1);
    v_exact := false;
  end if;

  execute
    'select coalesce(jsonb_agg(to_jsonb(x) order by x.created_at desc, x.id desc), ''[]''::jsonb)
       from (
         select p.id, p.name, p.phone, p.email, p.status, p.total_bookings, p.created_at
           from public.profiles p
          where ' || v_filter || '
          order by p.created_at desc, p.id desc
          limit ' || v_limit || ' offset ' || v_offset || '
       ) x'
    into v_rows using v_search, v_status;

  -- A page past an estimated total still counts what it shows.
  if not v_exact then
    v_total := greatest(v_total, v_offset + jsonb_array_length(v_rows));
  end if;
  return jsonb_build_object('rows', v_rows, 'total', v_total, 'total_exact', v_exact);
end
$$;

revoke all on function private.admin_list_customers(text, text, integer, integer) from public, anon;
grant execute on function private.admin_list_customers(text, text, integer, integer) to authenticated, service_role;

create or replace function public.admin_list_customers(
  p_search text default null,
  p_status text default null,
  p_limit integer default 50,
  p_offset integer default 0
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_customers(p_search, p_status, p_limit, p_offset)
$$;

comment on function public.admin_list_customers(text, text, integer, integer) is
  'Admin customers list: {rows, total, total_exact}, newest first, search over name or e-mail, status; total exact up to 1,000 rows. Admins only (42501).';

revoke all on function public.admin_list_customers(text, text, integer, integer) from public, anon;
grant execute on function public.admin_list_customers(text, text, integer, integer) to authenticated, service_role;
