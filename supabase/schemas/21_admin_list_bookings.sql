-- The admin bookings list (/admin/bookings) and its CSV export: filters, whitelisted sorts, a page
-- of rows with the provider's current name, and a total that stays cheap on millions of bookings.
-- Answer: {rows, total, total_exact, first_cursor, last_cursor, sort} like every admin list
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
-- The body is the lists' engine, private.admin_sorted_page (security definer, admin check first):
-- the bookings SELECT policy is one OR of "admin" and "own rows"; the planner cannot know at plan
-- time that the admin branch is true, so under RLS it estimates every filter badly (a trigram match
-- that finds nothing was planned as a full scan: 0.9 s instead of 0.1 ms on 1,000,000 rows). The
-- engine reads as the table owner, only after checking the caller is an admin (or the service role)
-- — the same rows the admin branch of the policy grants.
--
-- Totals (p_count = true, private.admin_bookings_total, called by the engine for this list):
--   * status / time only: the total comes from the trigger-maintained rollup
--     public.booking_stats_daily (whole Vietnam days) plus a count of the partial first day: exact,
--     O(days) instead of O(bookings);
--   * provider / customer (with or without status / time): exact count on their index;
--   * typed text: private.count_matches with the planner's estimate first: when it expects more
--     than 5,000 matches that estimate is the total (total_exact = false), otherwise the exact count.

create function private.admin_bookings_total(
  f private.admin_list_filter,
  p_sort text,
  p_offset integer,
  p_deep_page boolean,
  out total bigint,
  out created_before timestamptz,
  out page_offset integer
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_day date;
  v_newer bigint;
begin
  page_offset := p_offset;
  if f.provider_id is not null or f.customer_id is not null then
    -- A provider's or a customer's bookings: their index answers the exact count.
    execute 'select count(*) from public.bookings b where ' || (private.admin_list_where('bookings', f)).filter into total;
    return;
  end if;
  -- Status and time only: the daily rollup holds every whole Vietnam day after the day of
  -- f.from_at; the rest of that first day is counted on the created_at index.
  select coalesce(sum(s.booking_count), 0)::bigint into total
    from public.booking_stats_daily s
   where (f.status is null or s.status = f.status)
     and (f.from_at is null or s.day > private.local_day(f.from_at));
  if f.from_at is not null then
    total := total + (
      select count(*)
        from public.bookings b
       where b.created_at >= f.from_at
         and b.created_at < private.local_midnight(private.local_day(f.from_at) + 1)
         and (f.status is null or b.status = f.status));
  end if;
  -- A deep page of the default order (docs/search.md#deep-pages): the rollup also says how many
  -- bookings are newer than each day, so the page starts in the Vietnam day that holds row
  -- number p_offset, and the offset is only counted inside that day (a few thousand rows at
  -- most, instead of up to a million). Any page number of this order is thus reachable.
  if p_deep_page and p_offset > 1000 and p_offset < total
     and coalesce(nullif(btrim(coalesce(p_sort, '')), ''), 'created_at.desc') = 'created_at.desc' then
    select d.day, d.newer into v_day, v_newer
      from (select s.day, sum(s.n) over (order by s.day desc) - s.n as newer, sum(s.n) over (order by s.day desc) as upto
              from (select r.day, sum(r.booking_count) as n
                      from public.booking_stats_daily r
                     where (f.status is null or r.status = f.status)
                       and (f.from_at is null or r.day > private.local_day(f.from_at))
                     group by r.day) s) d
     where d.upto > p_offset
     order by d.day desc
     limit 1;
    if v_day is null then
      -- Row p_offset lies in the partial first day of f.from_at, after every whole day.
      v_day := private.local_day(f.from_at);
      select coalesce(sum(r.booking_count), 0) into v_newer
        from public.booking_stats_daily r
       where (f.status is null or r.status = f.status) and r.day > v_day;
    end if;
    created_before := private.local_midnight(v_day + 1);
    page_offset := (p_offset - v_newer)::integer;
  end if;
end
$$;

comment on function private.admin_bookings_total(private.admin_list_filter, text, integer, boolean) is
  'Exact total of the bookings list without typed text (rollup or index), and the day and offset inside it where a deep page of the default order starts.';

revoke all on function private.admin_bookings_total(private.admin_list_filter, text, integer, boolean) from public, anon, authenticated, service_role;

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
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_sorted_page('bookings',
    jsonb_populate_record(null::private.admin_list_filter, jsonb_build_object(
      'status', p_status, 'provider_id', p_provider_id, 'customer_id', p_customer_id, 'package', p_package,
      'service', p_service, 'customer_name', p_customer, 'from_at', p_since)),
    p_sort, p_limit, p_offset, p_count, p_after, p_before, p_last, p_after_created_at, p_after_id)
$$;

comment on function public.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) is
  'Admin bookings list: filtered rows (accent-insensitive package / service / customer search) in a whitelisted sort, offset window or cursor paging, as {rows, total, total_exact, first_cursor, last_cursor, sort}. Admins and the service role only.';

revoke all on function public.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) to authenticated, service_role;
