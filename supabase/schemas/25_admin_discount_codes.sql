-- Promotion codes (docs/screens.md#promotion-codes, docs/decisions.md#promotion-code-normalisation):
-- the list (accent-insensitive code search, discount type, status, whitelisted sorts; a page of
-- private.admin_sorted_page, admin check first, docs/search.md), the stat cards of the list screen and "select all / deselect all" applicable
-- services as one request each (security invoker, admins only: 42501 for anyone else).

create function public.admin_list_promotions(
  p_search text default null, p_type text default null, p_status text default null,
  p_limit integer default 50, p_offset integer default 0, p_sort text default null, p_after text default null,
  p_before text default null, p_last boolean default false, p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_sorted_page('promotions',
    jsonb_populate_record(null::private.admin_list_filter,
                          jsonb_build_object('search', p_search, 'discount_type', p_type, 'status', p_status)),
    p_sort, p_limit, p_offset, p_count, p_after, p_before, p_last)
$$;

comment on function public.admin_list_promotions(text, text, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin promotion codes list: {rows, total, total_exact, first_cursor, last_cursor, sort}, accent-insensitive code search, type, status, whitelisted sorts. Admins only.';

revoke all on function public.admin_list_promotions(text, text, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_promotions(text, text, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_discount_code_stats()
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform private.assert_admin();
  select jsonb_build_object(
           'total', count(*),
           'active', count(*) filter (where d.status = 'active'),
           'inactive', count(*) filter (where d.status = 'inactive'),
           'uses', coalesce(sum(d.uses_count), 0))
    into v_result
    from public.discount_codes d;
  return v_result;
end
$$;

comment on function public.admin_discount_code_stats() is
  'Stat cards of the promotion codes screen: total, active, inactive codes and total uses.';

revoke all on function public.admin_discount_code_stats() from public, anon;
grant execute on function public.admin_discount_code_stats() to authenticated, service_role;

-- p_select = true: the code applies to every active service (the detail screen lists active
-- services only); false: to none. Returns how many services the code applies to afterwards.
create function public.admin_set_all_discount_code_services(p_discount_code_id uuid, p_select boolean)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_count integer;
begin
  perform private.assert_admin();
  -- Serialises with concurrent edits of the same code and fails cleanly for an unknown code.
  perform 1 from public.discount_codes d where d.id = p_discount_code_id for update;
  if not found then
    raise exception 'promotion code % not found', p_discount_code_id using errcode = 'P0002';
  end if;
  if p_select then
    insert into public.discount_code_services (discount_code_id, subcategory_id)
    select p_discount_code_id, s.id from public.subcategories s where s.active
    on conflict (discount_code_id, subcategory_id) do nothing;
  else
    delete from public.discount_code_services dcs where dcs.discount_code_id = p_discount_code_id;
  end if;
  select count(*) into v_count from public.discount_code_services dcs where dcs.discount_code_id = p_discount_code_id;
  return v_count;
end
$$;

comment on function public.admin_set_all_discount_code_services(uuid, boolean) is
  'Select all (every active service) or deselect all services of a promotion code in one statement.';

revoke all on function public.admin_set_all_discount_code_services(uuid, boolean) from public, anon;
grant execute on function public.admin_set_all_discount_code_services(uuid, boolean) to authenticated, service_role;
