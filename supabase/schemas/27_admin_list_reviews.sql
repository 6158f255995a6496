-- The admin reviews list (/admin/manage-reviews): search over the customer's name as written on the
-- review (a snapshot; the list still shows the profile's name when a review has none) and the
-- comment, accent-insensitive on their `*_folded` copies so that both trigram indexes serve it;
-- stars 1–5, status; sorts by creation (default, newest first) or rating. The status itself is
-- edited with a plain UPDATE of reviews (admin-only policy). {rows, total, total_exact,
-- first_cursor, last_cursor, sort} like every admin list (docs/database.md#admin-list-functions,
-- docs/search.md): a page of private.admin_sorted_page (security definer, admin check first: under
-- row-level security the trigram indexes were never used, 330 ms a search).

create function public.admin_list_reviews(
  p_search text default null, p_rating integer default null, p_status text default null,
  p_limit integer default 50, p_offset integer default 0, p_sort text default null, p_after text default null,
  p_before text default null, p_last boolean default false, p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_sorted_page('reviews',
    jsonb_populate_record(null::private.admin_list_filter,
                          jsonb_build_object('search', p_search, 'rating', p_rating, 'status', p_status)),
    p_sort, p_limit, p_offset, p_count, p_after, p_before, p_last)
$$;

comment on function public.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin reviews list: {rows, total, total_exact, first_cursor, last_cursor, sort}, accent-insensitive search over the customer name and the comment, whitelisted sorts. Admins only.';

revoke all on function public.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;
