-- The admin bookings list (/admin/bookings) and its CSV export: filters, whitelisted sorts, a page
-- of rows with the provider's current name, and a total that stays cheap on millions of bookings.
-- Answer: {rows, total, total_exact, first_cursor, last_cursor} like every admin list
-- (docs/database.md#admin-list-functions, docs/search.md#contract).
--
-- Filters: status, provider, customer, package name, service name and customer name typed text
-- (accent-insensitive on the `*_folded` columns, served by their trigram indexes,
-- private.vi_search_condition), created since an instant. Sorts: created_at (default, newest
-- first), final_price, customer_name (Vietnamese order), each followed by the id.
-- Paging (private.admin_sorted_page): numbered pages within the offset window, cursors (p_after,
-- p_before, p_last), or the export's legacy keyset after (created_at, id) for the default order,
-- which walks every filtered row in chunks with p_count = false. A deep page of the default order
-- (docs/search.md#deep-pages) starts in the Vietnam day that holds its first row, found from the
-- daily rollup, so any page number of that order is reachable.
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
--   * typed text: private.count_matches with the planner's estimate first: when it expects more
--     than 10,000 matches that estimate is the total (total_exact = false), otherwise the exact count.

create function private.admin_list_bookings(
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
  p_customer text default null,
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
as $$
declare
  v_package text := private.vi_search_condition('b.service_item_name_folded', p_package);
  v_service text := private.vi_search_condition('b.service_name_folded', p_service);
  v_customer text := private.vi_search_condition('b.customer_name_folded', p_customer);
  v_text boolean := coalesce(v_package, v_service, v_customer) is not null;
  v_filter text := 'true';
  v_keyset text;
  v_total bigint;
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_day date;
  v_newer bigint;
  v_window integer := 2000;
begin
  if not ((select private.is_admin()) or (select auth.role()) = 'service_role') then
    raise exception 'permission denied: only admins list bookings' using errcode = '42501';
  end if;
  if p_status is not null and p_status not in ('pending', 'confirmed', 'pending_completion', 'completed', 'cancelled') then
    raise exception 'invalid booking status: %', p_status using errcode = '22023';
  end if;
  v_keyset := private.admin_default_order_keyset('b', p_sort, p_after_created_at, p_after_id);

  -- Values are inlined as quoted literals; only fixed SQL fragments are concatenated.
  if p_status is not null then v_filter := v_filter || format(' and b.status = %L', p_status); end if;
  if p_provider_id is not null then v_filter := v_filter || format(' and b.provider_id = %L::uuid', p_provider_id); end if;
  if p_customer_id is not null then v_filter := v_filter || format(' and b.customer_id = %L::uuid', p_customer_id); end if;
  if v_package is not null then v_filter := v_filter || ' and ' || v_package; end if;
  if v_service is not null then v_filter := v_filter || ' and ' || v_service; end if;
  if v_customer is not null then v_filter := v_filter || ' and ' || v_customer; end if;
  if p_since is not null then v_filter := v_filter || format(' and b.created_at >= %L::timestamptz', p_since); end if;

  if p_count and not v_text and p_provider_id is null and p_customer_id is null then
    -- Status and time only: the daily rollup holds every whole Vietnam day after the day of
    -- p_since; the rest of that first day is counted on the created_at index.
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
    -- A deep page of the default order (docs/search.md#deep-pages): the rollup also says how many
    -- bookings are newer than each day, so the page starts in the Vietnam day that holds row
    -- number p_offset, and the offset is only counted inside that day (a few thousand rows at
    -- most, instead of up to a million). Any page number of this order is thus reachable.
    if v_offset > 1000 and v_offset < v_total and p_after is null and p_before is null and v_keyset is null
       and not coalesce(p_last, false)
       and coalesce(nullif(btrim(coalesce(p_sort, '')), ''), 'created_at.desc') = 'created_at.desc' then
      select d.day, d.newer into v_day, v_newer
        from (select s.day, sum(s.n) over (order by s.day desc) - s.n as newer, sum(s.n) over (order by s.day desc) as upto
                from (select r.day, sum(r.booking_count) as n
                        from public.booking_stats_daily r
                       where (p_status is null or r.status = p_status)
                         and (p_since is null or r.day > private.local_day(p_since))
                       group by r.day) s) d
       where d.upto > v_offset
       order by d.day desc
       limit 1;
      if v_day is null then
        -- Row p_offset lies in the partial first day of p_since, after every whole day.
        v_day := private.local_day(p_since);
        select coalesce(sum(r.booking_count), 0) into v_newer
          from public.booking_stats_daily r
         where (p_status is null or r.status = p_status) and r.day > v_day;
      end if;
      v_filter := v_filter || format(' and b.created_at < %L::timestamptz',
                                     (v_day + 1)::timestamp at time zone 'Asia/Ho_Chi_Minh');
      v_offset := (v_offset - v_newer)::integer;
      -- The offset left is inside one day: served even beyond the usual window.
      v_window := greatest(v_window, v_offset);
    end if;
  elsif p_count and not v_text then
    -- A provider's or a customer's bookings: their index answers the exact count.
    execute 'select count(*) from public.bookings b where ' || v_filter into v_total;
  end if;

  return private.admin_sorted_page(
    'public.bookings', 'b', v_filter,
    '{"created_at": ["b.created_at", "timestamptz"],
      "final_price": ["b.final_price", "bigint"],
      "customer_name": ["b.customer_name collate private.vi", "text"]}'::jsonb,
    p_sort, 'created_at.desc',
    'b.id, b.created_at, b.status, b.customer_id, b.customer_name, b.customer_phone,
     b.provider_id, p.name as provider_name, b.category_name, b.service_name,
     b.service_item_name, b.final_price, b.scheduled_at, b.payment_method',
    'left join public.profiles p on p.id = b.provider_id',
    p_limit, v_offset, p_count, p_after, p_before, p_last, v_keyset,
    v_total, case when v_total is not null then true end,
    p_estimate_first => v_text, p_offset_window => v_window);
end
$$;

comment on function private.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) is
  'Body of public.admin_list_bookings (security definer, admin check first).';

revoke all on function private.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_list_bookings(
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
  p_customer text default null,
  p_sort text default null,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
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
                                     p_limit, p_offset, p_after_created_at, p_after_id, p_customer,
                                     p_sort, p_after, p_before, p_last, p_count);
end
$$;

comment on function public.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) is
  'Admin bookings list: filtered rows (accent-insensitive package / service / customer search) in a whitelisted sort, offset window or cursor paging, as {rows, total, total_exact, first_cursor, last_cursor}. Admins and the service role only.';

revoke all on function public.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) to authenticated, service_role;
