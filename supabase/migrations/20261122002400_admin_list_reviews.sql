-- The admin reviews list (/admin/manage-reviews): search over the customer's name and the
-- comment (trigram indexes), stars 1–5, status; newest first. The status itself is edited with a
-- plain UPDATE of reviews (admin-only policy). {rows, total, total_exact} like every admin list
-- (docs/database.md#admin-list-functions).
-- The search uses the review's own columns only (the customer's name is written on the review as a
-- snapshot; the list still shows the profile's name when a review has none), so that both trigram
-- indexes serve it (npm run seed:large, 275,000 reviews: 190 ms → 34 ms for the capped count).
-- The body runs as security definer in `private` behind a security-invoker function in `public`:
-- under row-level security the trigram indexes were never used (330 ms a search). It starts with
-- private.assert_admin() (42501 for anyone but an admin or the service role).

create or replace function private.admin_list_reviews(
  p_search text default null,
  p_rating integer default null,
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
-- A search over names and comments can match thousands of reviews; the planner then prices the
-- capped count as a sequential scan that stops early, but ilike on Vietnamese text costs ~6 µs a
-- row and the scan reads all 275,000 (1.6 s on seed:large for a common name). Every filter of this
-- function has an index (trigram, rating, status + created_at, created_at), so the function plans
-- without sequential scans: the same search takes 170 ms through the trigram indexes.
set enable_seqscan = off
as $$
declare
  v_search text := private.admin_like_pattern(p_search);
  v_filter text := 'true';
begin
  perform private.assert_admin();
  if p_rating is not null and p_rating not between 1 and 5 then
    raise exception 'invalid rating: %', p_rating using errcode = '22023';
  end if;
  if p_status is not null and p_status not in ('active', 'inactive') then
    raise exception 'invalid review status: %', p_status using errcode = '22023';
  end if;

  if v_search is not null then
    -- The customer's name as written on the review (snapshot) or the comment: two trigram
    -- indexes combined by a BitmapOr. (Also matching the profile name of reviews without a
    -- snapshot made the OR unindexable: a sequential scan, 190 ms instead of 34 ms on 275,000 reviews.)
    v_filter := v_filter || format(' and (r.customer_name ilike %1$L or r.comment ilike %1$L)', v_search);
  end if;
  if p_rating is not null then v_filter := v_filter || format(' and r.rating = %s', p_rating); end if;
  if p_status is not null then v_filter := v_filter || format(' and r.status = %L', p_status); end if;

  return private.admin_list_page(
    'public.reviews', 'r', v_filter,
    'created_at desc, id desc',
    'r.id, r.booking_id, r.customer_id, coalesce(r.customer_name, pc.name) as customer_name,
     r.provider_id, pp.name as provider_name, r.rating, r.comment, r.status,
     r.created_at, r.updated_at',
    'left join public.profiles pp on pp.id = r.provider_id
     left join public.profiles pc on pc.id = r.customer_id',
    p_limit, p_offset, p_count);
end
$$;

comment on function private.admin_list_reviews(text, integer, text, integer, integer, boolean) is
  'Body of public.admin_list_reviews (security definer, admin check first).';

revoke all on function private.admin_list_reviews(text, integer, text, integer, integer, boolean) from public, anon;
grant execute on function private.admin_list_reviews(text, integer, text, integer, integer, boolean) to authenticated, service_role;

create or replace function public.admin_list_reviews(
  p_search text default null, p_rating integer default null, p_status text default null,
  p_limit integer default 50, p_offset integer default 0, p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_reviews(p_search, p_rating, p_status, p_limit, p_offset, p_count)
$$;

comment on function public.admin_list_reviews(text, integer, text, integer, integer, boolean) is
  'Admin reviews list: {rows, total, total_exact}, newest first; total exact up to 10,000 rows. Admins only.';

revoke all on function public.admin_list_reviews(text, integer, text, integer, integer, boolean) from public, anon;
grant execute on function public.admin_list_reviews(text, integer, text, integer, integer, boolean) to authenticated, service_role;
