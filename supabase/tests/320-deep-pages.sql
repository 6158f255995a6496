-- Paging at any depth (docs/search.md#deep-pages): cursors walk a whole list forwards and backwards
-- in any offered sort without losing or repeating a row (ties included), the last pages are read
-- from the end, offsets beyond the 2,000-row window are refused quickly (22023, offset_window),
-- and malformed cursors are refused.
begin;
set search_path = public, extensions;
select plan(20);

select tests.create_user('s320-admin@test.vn', 'customer', true);

create function pg_temp.ids(p_answer jsonb) returns text[] language sql immutable as $$
  select coalesce(array_agg(r ->> 'id' order by n), '{}') from jsonb_array_elements(p_answer -> 'rows') with ordinality x(r, n)
$$;

-- Every row of a list, page by page through the cursors: forwards from the first page (p_after), or
-- backwards from the last page (p_last, then p_before). p_call has %s for the limit and the cursor.
create function pg_temp.walk(p_call text, p_limit integer, p_backwards boolean default false) returns text[] language plpgsql as $$
declare
  v_ids text[] := '{}';
  v_cursor text;
  v_answer jsonb;
begin
  loop
    execute format(p_call, p_limit,
                   case when p_backwards and v_cursor is null then 'p_last => true'
                        when p_backwards then 'p_before => ' || quote_literal(v_cursor)
                        else 'p_after => ' || coalesce(quote_literal(v_cursor), 'null') end)
      into v_answer;
    v_ids := case when p_backwards then pg_temp.ids(v_answer) || v_ids else v_ids || pg_temp.ids(v_answer) end;
    exit when jsonb_array_length(v_answer -> 'rows') < p_limit;
    v_cursor := v_answer ->> case when p_backwards then 'first_cursor' else 'last_cursor' end;
  end loop;
  return v_ids;
end
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

-- The expected orders, read as the table owner.
create temp table expected (label text primary key, ids text[]) on commit drop;
grant all on expected to authenticated;
insert into expected
select 'bookings final_price.desc', array(select id::text from public.bookings order by final_price desc, id desc) union all
select 'bookings created_at.desc', array(select id::text from public.bookings order by created_at desc, id desc) union all
select 'customers name.asc', array(select id::text from public.profiles where role = 'customer' order by name collate private.vi, id) union all
select 'conversations default', array(select id::text from public.conversations order by coalesce(last_message_at, '-infinity') desc, id desc) union all
select 'reviews rating.asc', array(select id::text from public.reviews order by rating, id);

select tests.authenticate_as(tests.user_id('s320-admin@test.vn'));

select is(pg_temp.walk('select public.admin_list_bookings(p_sort => ''final_price.desc'', p_limit => %s, %s, p_count => false)', 37),
          (select ids from expected where label = 'bookings final_price.desc'),
          'bookings by price: cursors forwards visit every booking once, in order (ties broken by id)');
select is(pg_temp.walk('select public.admin_list_bookings(p_sort => ''final_price.desc'', p_limit => %s, %s, p_count => false)', 37, true),
          (select ids from expected where label = 'bookings final_price.desc'),
          'bookings by price: cursors backwards from the last page visit every booking once');
select is(pg_temp.walk('select public.admin_list_customers(p_sort => ''name.asc'', p_limit => %s, %s)', 6),
          (select ids from expected where label = 'customers name.asc'),
          'customers by name (Vietnamese order): cursors visit every customer once');
select is(pg_temp.walk('select public.admin_list_conversations(p_limit => %s, %s)', 9, true),
          (select ids from expected where label = 'conversations default'),
          'conversations (latest message first, none last): backwards walk is complete');
select is(pg_temp.walk('select public.admin_list_reviews(p_sort => ''rating.asc'', p_limit => %s, %s)', 11),
          (select ids from expected where label = 'reviews rating.asc'),
          'reviews by rating: five big ties, cursors still visit every review once');

-- Cursors agree with page numbers.
select is(pg_temp.ids(public.admin_list_bookings(p_sort => 'final_price.desc', p_limit => 10,
                        p_after => public.admin_list_bookings(p_sort => 'final_price.desc', p_limit => 10, p_offset => 20) ->> 'last_cursor')),
          pg_temp.ids(public.admin_list_bookings(p_sort => 'final_price.desc', p_limit => 10, p_offset => 30)),
          'the page after page 3 is page 4');
select is(pg_temp.ids(public.admin_list_bookings(p_limit => 10,
                        p_before => public.admin_list_bookings(p_limit => 10, p_offset => 30) ->> 'first_cursor')),
          pg_temp.ids(public.admin_list_bookings(p_limit => 10, p_offset => 20)),
          'the page before page 4 is page 3');
select is(pg_temp.ids(public.admin_list_bookings(p_last => true, p_limit => 10)),
          (select ids[cardinality(ids) - 9:] from expected where label = 'bookings created_at.desc'),
          'p_last: the last 10 bookings, still newest first');
select is(pg_temp.ids(public.admin_list_bookings(p_last => true, p_offset => 10, p_limit => 10)),
          (select ids[cardinality(ids) - 19:cardinality(ids) - 10] from expected where label = 'bookings created_at.desc'),
          'p_last with an offset: the page before the last one');
select is(pg_temp.ids(public.admin_list_bookings(p_limit => 10, p_after_created_at => b.created_at, p_after_id => b.id)),
          pg_temp.ids(public.admin_list_bookings(p_limit => 10, p_after => jsonb_build_array(b.created_at, b.id)::text)),
          'the exports'' created_at keyset and the cursor agree')
  from (select b.created_at, b.id from public.bookings b order by b.created_at desc, b.id desc offset 5 limit 1) b;
select is(public.admin_list_bookings(p_customer => 'không có ai tên này') - 'total' - 'total_exact',
          '{"rows": [], "first_cursor": null, "last_cursor": null, "sort": "created_at.desc"}'::jsonb, 'an empty page has no cursors');

-- The offset window.
select is(pg_temp.error_of('select public.admin_list_bookings(p_offset => 2001, p_count => false)'), '22023 offset_window',
          'an offset beyond 2,000 rows (no total to read it from the end) is refused with offset_window');
select is(pg_temp.error_of('select public.admin_list_reviews(p_last => true, p_offset => 2001)'), '22023 offset_window',
          'p_last beyond 2,000 rows is refused too');
select is(pg_temp.error_of('select public.admin_list_customers(p_offset => 2000, p_count => false)'), 'no error',
          'an offset of 2,000 rows is still a numbered page');
select is(jsonb_array_length(public.admin_list_customers(p_offset => 20000) -> 'rows'), 0,
          'past the end of an exact total: an empty page, not an error');

-- Malformed cursors.
select is(pg_temp.error_of($$ select public.admin_list_bookings(p_after => 'x') $$), '22023 ', 'a cursor that is not JSON is refused');
select is(pg_temp.error_of($$ select public.admin_list_bookings(p_after => '["hôm qua", "00000000-0000-4000-8000-000000000001"]') $$), '22023 ',
          'a cursor whose value does not fit the sort is refused');
select is(pg_temp.error_of($$ select public.admin_list_bookings(p_after => '["2026-01-01T00:00:00+00:00"]') $$), '22023 ',
          'a cursor without an id is refused');
select is(pg_temp.error_of($$ select public.admin_list_bookings(p_after => '["2026-01-01T00:00:00+00:00", "00000000-0000-4000-8000-000000000001"]',
                                                                p_before => '["2026-01-01T00:00:00+00:00", "00000000-0000-4000-8000-000000000001"]') $$),
          '22023 ', 'p_after and p_before together are refused');
select is(pg_temp.error_of($$ select public.admin_list_customers(p_sort => 'name.asc', p_after => '["An'') or true --", "00000000-0000-4000-8000-000000000001"]') $$),
          'no error', 'a quote in a cursor is data');

select * from finish();
rollback;
