-- The admin reviews list (/admin/manage-reviews): search over the customer's name as written on the
-- review (a snapshot; the list still shows the profile's name when a review has none) and the
-- comment, accent-insensitive on their `*_folded` copies so that both trigram indexes serve it;
-- stars 1–5, status; sorts by creation (default, newest first) or rating. The status itself is
-- edited with a plain UPDATE of reviews (admin-only policy). {rows, total, total_exact,
-- first_cursor, last_cursor} like every admin list (docs/database.md#admin-list-functions,
-- docs/search.md). The body runs as security definer in `private` behind a security-invoker
-- function in `public`: under row-level security the trigram indexes were never used (330 ms a
-- search). It starts with private.assert_admin() (42501 for anyone but an admin or the service role).

create function private.admin_list_reviews(
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

comment on function private.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) is
  'Body of public.admin_list_reviews (security definer, admin check first).';

revoke all on function private.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_list_reviews(
  p_search text default null, p_rating integer default null, p_status text default null,
  p_limit integer default 50, p_offset integer default 0, p_sort text default null, p_after text default null,
  p_before text default null, p_last boolean default false, p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_reviews(p_search, p_rating, p_status, p_limit, p_offset, p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin reviews list: {rows, total, total_exact, first_cursor, last_cursor}, accent-insensitive search over the customer name and the comment, whitelisted sorts. Admins only.';

revoke all on function public.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;
