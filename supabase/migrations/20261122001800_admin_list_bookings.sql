-- The admin bookings list (/admin/bookings) and its CSV export: filters, newest first, a page of
-- rows with the provider's current name, and a total that stays cheap on millions of bookings.
-- Answer: {rows, total, total_exact} like every admin list (docs/database.md#admin-list-functions).
--
-- Filters: status, provider, customer, package name text, service name text (both `ilike '%…%'`
-- on the snapshot columns, served by their trigram indexes), created since an instant.
-- Paging: offset (the list screen's numbered pages) or keyset after (created_at, id) (the export,
-- which walks every filtered row in chunks with p_count = false). Order: created_at desc, id desc
-- (a total order).
-- Deep pages: when the exact total is known and the page lies in the second half, the rows are
-- read from the other end of the index (ascending) so the offset never exceeds half the set.
--
-- Why the worker is security definer: the bookings SELECT policy is one OR of "admin" and "own
-- rows"; the planner cannot know at plan time that the admin branch is true, so under RLS it
-- estimates every filter badly (a trigram match that finds nothing was planned as a full scan:
-- 0.9 s instead of 0.1 ms on 1,000,000 rows). The worker therefore reads as the table owner, and
-- only after checking the caller is an admin (or the service role) itself — the same rows the
-- admin branch of the policy grants. It lives in `private` (not exposed by the API); the API calls
-- the security invoker wrapper public.admin_list_bookings, which checks the caller first too.
--
-- Totals (p_count = true):
--   * status / time only: the total comes from the trigger-maintained rollup
--     public.booking_stats_daily (whole Vietnam days) plus a count of the partial first day: exact,
--     O(days) instead of O(bookings);
--   * provider / customer (with or without status / time): exact count on their index;
--   * text filters: private.count_matches with the planner's estimate first: when it expects more
--     than 10,000 matches that estimate is the total (total_exact = false), otherwise the capped
--     exact count.

create or replace function private.admin_list_bookings(
  p_status text default null,
  p_provider_id uuid default null,
  p_customer_id uuid default null,
  p_package text default null,
  p_service text default null,
  p_since timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_after_created_at timestamptz default null,
  p_after_id uuid default null,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 1000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  -- The LIKE wildcards the admin may type are escaped: the text is matched literally.
  v_package text := private.admin_like_pattern(p_package);
  v_service text := private.admin_like_pattern(p_service);
  v_filter text := 'true';
  v_after text;
  v_page_filter text;
  v_order text := 'b.created_at desc, b.id desc';
  v_total bigint;
  v_exact boolean := true;
  v_rows jsonb;
begin
  if not ((select private.is_admin()) or (select auth.role()) = 'service_role') then
    raise exception 'permission denied: only admins list bookings' using errcode = '42501';
  end if;
  if p_status is not null and p_status not in ('pending', 'confirmed', 'pending_completion', 'completed', 'cancelled') then
    raise exception 'invalid booking status: %', p_status using errcode = '22023';
  end if;
  v_after := private.keyset_after('b', p_after_created_at, p_after_id);

  -- Values are inlined as quoted literals (format %L); only fixed SQL fragments are concatenated.
  if p_status is not null then v_filter := v_filter || format(' and b.status = %L', p_status); end if;
  if p_provider_id is not null then v_filter := v_filter || format(' and b.provider_id = %L::uuid', p_provider_id); end if;
  if p_customer_id is not null then v_filter := v_filter || format(' and b.customer_id = %L::uuid', p_customer_id); end if;
  if v_package is not null then v_filter := v_filter || format(' and b.service_item_name ilike %L', v_package); end if;
  if v_service is not null then v_filter := v_filter || format(' and b.service_name ilike %L', v_service); end if;
  if p_since is not null then v_filter := v_filter || format(' and b.created_at >= %L::timestamptz', p_since); end if;

  if p_count and v_package is null and v_service is null and p_provider_id is null and p_customer_id is null then
    -- Status and time only: the trigger-maintained daily rollup (one row per Vietnam day and
    -- status) holds every whole day after the day of p_since; the rest of that first day is
    -- counted from the bookings themselves (one day of rows, on the created_at index).
    select coalesce(sum(s.booking_count), 0)::bigint into v_total
      from public.booking_stats_daily s
     where (p_status is null or s.status = p_status)
       and (p_since is null or s.day > private.local_day(p_since));
    if p_since is not null then
      v_total := v_total + (
        select count(*)
          from public.bookings b
         where b.created_at >= p_since
           and b.created_at < ((private.local_day(p_since) + 1)::timestamp at time zone 'Asia/Ho_Chi_Minh')
           and (p_status is null or b.status = p_status));
    end if;
  elsif p_count and v_package is null and v_service is null then
    -- A provider's or a customer's bookings: their index answers the exact count.
    execute 'select count(*) from public.bookings b where ' || v_filter into v_total;
  elsif p_count then
    -- Text filters: counting many matches means reading a large part of the table (0.2–0.8 s on
    -- 1,000,000 bookings), so the planner's estimate answers above the cap.
    select m.total, m.total_exact into v_total, v_exact
      from private.count_matches('public.bookings b where ' || v_filter, p_estimate_first => true) m;
  end if;

  v_page_filter := v_filter;
  if v_after is not null then
    v_page_filter := v_page_filter || v_after;
    v_offset := 0;
  elsif p_count and v_exact and v_offset < v_total and v_offset > v_total / 2 then
    -- Read the page from the oldest end: rows [offset, offset + limit) of the descending order are
    -- rows [total - offset - limit, total - offset) of the ascending order.
    v_order := 'b.created_at asc, b.id asc';
    v_limit := least(v_limit, (v_total - v_offset)::integer);
    v_offset := (v_total - v_offset - v_limit)::integer;
  end if;

  execute
    'select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at desc, r.id desc), ''[]''::jsonb)
       from (
         select b.id, b.created_at, b.status, b.customer_id, b.customer_name, b.customer_phone,
                b.provider_id, p.name as provider_name, b.category_name, b.service_name,
                b.service_item_name, b.final_price, b.scheduled_at, b.payment_method
           from (select * from public.bookings b where ' || v_page_filter
             || ' order by ' || v_order || ' limit ' || v_limit || ' offset ' || v_offset || ') b
           left join public.profiles p on p.id = b.provider_id
       ) r'
    into v_rows;

  return private.list_answer(v_rows, v_total, v_exact, greatest(coalesce(p_offset, 0), 0));
end
$$;

comment on function private.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, boolean) is
  'Body of public.admin_list_bookings (security definer, admin check first).';

revoke all on function private.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, boolean) from public, anon;
grant execute on function private.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, boolean) to authenticated, service_role;

create or replace function public.admin_list_bookings(
  p_status text default null,
  p_provider_id uuid default null,
  p_customer_id uuid default null,
  p_package text default null,
  p_service text default null,
  p_since timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_after_created_at timestamptz default null,
  p_after_id uuid default null,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if not ((select private.is_admin()) or (select auth.role()) = 'service_role') then
    raise exception 'permission denied: only admins list bookings' using errcode = '42501';
  end if;
  return private.admin_list_bookings(p_status, p_provider_id, p_customer_id, p_package, p_service, p_since,
                                     p_limit, p_offset, p_after_created_at, p_after_id, p_count);
end
$$;

comment on function public.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, boolean) is
  'Admin bookings list: filtered rows newest first (offset or keyset paging) as {rows, total, total_exact}. Admins and the service role only.';

revoke all on function public.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, boolean) from public, anon;
grant execute on function public.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, boolean) to authenticated, service_role;
