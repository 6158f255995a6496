-- The admin conversations list (/admin/manage-conversations): filters on the provider's and the
-- customer's name (trigram indexes on profiles.name), status (active / completed) and time
-- (last message since an instant); most recent conversation first, empty ones last.
-- Total: exact up to 10,000 matching rows (a capped count), otherwise the planner's estimate;
-- `total_exact` says which (the screen writes "khoảng").
-- security invoker: RLS applies; non-admins get 42501.

create or replace function public.admin_list_conversations(
  p_provider_name text default null,
  p_customer_name text default null,
  p_status text default null,
  p_since timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  count_cap constant integer := 10000;
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 1000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_provider text := private.admin_like_pattern(p_provider_name);
  v_customer text := private.admin_like_pattern(p_customer_name);
  v_filter text := 'true';
  v_total bigint;
  v_exact boolean := true;
  v_plan jsonb;
  v_rows jsonb;
begin
  perform private.assert_admin();
  if p_status is not null and p_status not in ('active', 'completed') then
    raise exception 'invalid conversation status: %', p_status using errcode = '22023';
  end if;

  if v_provider is not null then
    v_filter := v_filter || ' and c.provider_id in (select p.id from public.profiles p where p.name ilike $1)';
  end if;
  if v_customer is not null then
    v_filter := v_filter || ' and c.customer_id in (select p.id from public.profiles p where p.name ilike $2)';
  end if;
  if p_status = 'active' then v_filter := v_filter || ' and c.is_active'; end if;
  if p_status = 'completed' then v_filter := v_filter || ' and not c.is_active'; end if;
  if p_since is not null then v_filter := v_filter || ' and c.last_message_at >= $3'; end if;

  execute 'select count(*) from (select 1 from public.conversations c where ' || v_filter
          || ' limit ' || (count_cap + 1) || ') capped'
    into v_total using v_provider, v_customer, p_since;
  if v_total > count_cap then
    execute 'explain (format json) select 1 from public.conversations c where ' || v_filter
      into v_plan using v_provider, v_customer, p_since;
    v_total := greatest(round((v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric)::bigint, count_cap + 1);
    v_exact := false;
  end if;

  execute
    'select coalesce(jsonb_agg(to_jsonb(r) order by r.last_message_at desc nulls last, r.id desc), ''[]''::jsonb)
       from (
         select c.id, c.booking_id, c.provider_id, pp.name as provider_name,
                c.customer_id, pc.name as customer_name, c.is_active, c.last_message, c.last_message_at,
                c.created_at
           from (select * from public.conversations c where ' || v_filter
             || ' order by c.last_message_at desc nulls last, c.id desc limit ' || v_limit
             || ' offset ' || v_offset || ') c
           left join public.profiles pp on pp.id = c.provider_id
           left join public.profiles pc on pc.id = c.customer_id
       ) r'
    into v_rows using v_provider, v_customer, p_since;

  return jsonb_build_object('rows', v_rows, 'total', v_total, 'total_exact', v_exact);
end
$$;

comment on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer) is
  'Admin conversations list: {rows, total, total_exact}, latest message first; total exact up to 10,000 rows.';

revoke all on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer) from public, anon;
grant execute on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer) to authenticated, service_role;
