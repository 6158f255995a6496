-- Any page number of the bookings list in its default order is served (docs/search.md#deep-pages):
-- beyond the first 1,000 rows the daily rollup says how many bookings are newer than each Vietnam
-- day, so the page is read inside one day. The rows must be exactly those of the plain offset, with
-- a status filter and from a partial first day too. Other sorts keep the 2,000-row window, and a
-- list filtered by typed text, or by a period in another order, a 500-row one.
begin;
set search_path = public, extensions;
select plan(11);

select tests.create_user('s325-admin@test.vn', 'customer', true);
select tests.create_user('s325-pro@test.vn', 'provider');

-- 4,000 bookings three minutes apart over eight days, written without row triggers (fixture only),
-- then the rollups rebuilt as seed:large does.
set local session_replication_role = replica;
-- (a completed booking has a provider: bookings_provider_required)
insert into public.bookings (id, customer_name, provider_id, subcategory_id, service_name, status, original_price, final_price, created_at)
select ('32500000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid, 'Khách S325 ' || g,
       case when g % 4 = 2 then tests.user_id('s325-pro@test.vn') end,
       (select id from public.subcategories order by sort_order limit 1), 'Dịch vụ S325',
       (array['pending', 'confirmed', 'completed', 'cancelled'])[1 + g % 4], 100000 + g % 7, 100000 + g % 7,
       '2026-03-01 00:00:00+00'::timestamptz + make_interval(mins => 3 * g)
  from generate_series(1, 4000) g;
set local session_replication_role = origin;
select private.rebuild_rollups();
analyze public.bookings;

create function pg_temp.ids(p_answer jsonb) returns text[] language sql immutable as $$
  select coalesce(array_agg(r ->> 'id' order by n), '{}') from jsonb_array_elements(p_answer -> 'rows') with ordinality x(r, n)
$$;
create function pg_temp.error_of(p_sql text) returns text language plpgsql as $$
declare
  v_state text;
  v_detail text;
begin
  execute p_sql;
  return 'no error';
exception when others then
  get stacked diagnostics v_state = returned_sqlstate, v_detail = pg_exception_detail;
  return v_state || ' ' || coalesce(v_detail, '');
end
$$;

create temp table expected (label text primary key, ids text[]) on commit drop;
grant all on expected to authenticated;
insert into expected
select 'offset 2500', array(select id::text from public.bookings order by created_at desc, id desc offset 2500 limit 50) union all
select 'offset 4590', array(select id::text from public.bookings order by created_at desc, id desc offset 4590 limit 50) union all
select 'completed 1200', array(select id::text from public.bookings where status = 'completed' order by created_at desc, id desc offset 1200 limit 50) union all
select 'since 1500', array(select id::text from public.bookings where created_at >= '2026-03-02 05:00:00+07' order by created_at desc, id desc offset 1500 limit 50);

select tests.authenticate_as(tests.user_id('s325-admin@test.vn'));

select is(pg_temp.ids(public.admin_list_bookings(p_offset => 2500)), (select ids from expected where label = 'offset 2500'),
          'page 51: the rows of the plain offset');
select is(pg_temp.ids(public.admin_list_bookings(p_offset => 4590)), (select ids from expected where label = 'offset 4590'),
          'a page in the oldest day: the rows of the plain offset');
select is(pg_temp.ids(public.admin_list_bookings(p_status => 'completed', p_offset => 1200)), (select ids from expected where label = 'completed 1200'),
          'completed bookings at offset 1,200: the rows of the plain offset');
select is(pg_temp.ids(public.admin_list_bookings(p_since => '2026-03-02 05:00:00+07', p_offset => 1500)), (select ids from expected where label = 'since 1500'),
          'since an instant inside a day, deep in the partial first day: the rows of the plain offset');
select is((public.admin_list_bookings(p_offset => 2500) ->> 'total')::int, (select count(*)::int from expected, public.bookings where label = 'offset 2500'),
          'the total stays exact');
select is(pg_temp.error_of($$ select public.admin_list_bookings(p_sort => 'final_price.desc', p_offset => 2500) $$), '22023 offset_window',
          'another sort keeps the 2,000-row window');
select is(pg_temp.error_of($$ select public.admin_list_bookings(p_customer => 'khach s325', p_offset => 501) $$), '22023 offset_window',
          'typed text: a 500-row window');
select is(jsonb_array_length(public.admin_list_bookings(p_customer => 'khach s325', p_offset => 500) -> 'rows'), 50,
          'typed text: offset 500 is still a numbered page');

-- A period in another order: its matches are tested entry by entry along the order's index, so
-- its window is 500 rows, like typed text; oldest first is still the creation order (2,000 rows).
select is(pg_temp.error_of($$ select public.admin_list_bookings(p_since => '2026-03-02 05:00:00+07', p_sort => 'final_price.asc', p_offset => 501) $$),
          '22023 offset_window', 'a period by price: a 500-row window');
select is(pg_temp.ids(public.admin_list_bookings(p_since => '2026-03-02 05:00:00+07', p_sort => 'customer_name.desc', p_offset => 500)),
          array(select id::text from public.bookings where created_at >= '2026-03-02 05:00:00+07'
                 order by customer_name collate private.vi desc, id desc offset 500 limit 50),
          'a period by customer name, offset 500: a numbered page, the rows of the plain offset');
select is(jsonb_array_length(public.admin_list_bookings(p_since => '2026-03-02 05:00:00+07', p_sort => 'created_at.asc', p_offset => 2000) -> 'rows'), 50,
          'a period oldest first keeps the 2,000-row window');

select * from finish();
rollback;
