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
