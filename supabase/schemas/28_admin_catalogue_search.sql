-- The catalogue screen's search (docs/search.md#catalogue): the ids of the professions, services
-- and packages whose texts match the typed text accent-insensitively (private.vi_fold on the small
-- catalogue tables). Body security definer in `private` (admin check first) behind a
-- security-invoker function in `public`.

create function private.admin_catalogue_matches(p_search text)
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

comment on function private.admin_catalogue_matches(text) is
  'Body of public.admin_catalogue_matches (security definer, admin check first).';

revoke all on function private.admin_catalogue_matches(text) from public, anon;
grant execute on function private.admin_catalogue_matches(text) to authenticated, service_role;

create function public.admin_catalogue_matches(p_search text)
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_catalogue_matches(p_search)
$$;

comment on function public.admin_catalogue_matches(text) is
  'Catalogue search: {profession_ids, service_ids, package_ids} of the rows whose texts match accent-insensitively (docs/search.md#catalogue). Admins only.';

revoke all on function public.admin_catalogue_matches(text) from public, anon;
grant execute on function public.admin_catalogue_matches(text) to authenticated, service_role;

-- What uses a service, a package or a promotion code (docs/product.md#catalogue-deletion), asked
-- before offering to delete it: a row anything references cannot be deleted (the foreign keys
-- restrict; a used promotion code is refused by private.discount_codes_delete_unused), the admin
-- hides it instead. p_kind: 'service' | 'package' | 'promotion'. null when the row does not exist.
create function private.admin_catalogue_usage(p_kind text, p_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_code text;
  v_uses integer;
begin
  perform private.assert_admin();
  if p_kind = 'service' then
    if not exists (select 1 from public.subcategories s where s.id = p_id) then
      return null;
    end if;
    return jsonb_build_object(
      'bookings', (select count(*) from public.bookings b where b.subcategory_id = p_id),
      'packages', (select count(*) from public.service_items si where si.subcategory_id = p_id),
      'promotions', (select count(*) from public.discount_code_services dcs where dcs.subcategory_id = p_id));
  elsif p_kind = 'package' then
    if not exists (select 1 from public.service_items si where si.id = p_id) then
      return null;
    end if;
    return jsonb_build_object('bookings', (select count(*) from public.bookings b where b.service_item_id = p_id));
  elsif p_kind = 'promotion' then
    select dc.code, dc.uses_count into v_code, v_uses from public.discount_codes dc where dc.id = p_id;
    if not found then
      return null;
    end if;
    return jsonb_build_object(
      'bookings', (select count(*) from public.bookings b where b.discount_code = v_code),
      'uses', v_uses);
  end if;
  raise exception 'admin_catalogue_usage: unknown kind %', p_kind using errcode = '22023';
end
$$;
revoke all on function private.admin_catalogue_usage(text, uuid) from public, anon;
grant execute on function private.admin_catalogue_usage(text, uuid) to authenticated, service_role;

create function public.admin_catalogue_usage(p_kind text, p_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select private.admin_catalogue_usage(p_kind, p_id)
$$;
comment on function public.admin_catalogue_usage(text, uuid) is
  'Admin: what uses a service (bookings, packages, promotion codes), a package (bookings) or a promotion code (bookings, uses): {"bookings": n, …}; null when the row does not exist.';
revoke all on function public.admin_catalogue_usage(text, uuid) from public, anon;
grant execute on function public.admin_catalogue_usage(text, uuid) to authenticated, service_role;
