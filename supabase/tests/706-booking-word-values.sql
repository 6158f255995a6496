-- The bookings list's word filters (customer, service, package) first ask the small table of the
-- values the bookings hold (private.booking_search_values, kept by statement triggers): a word that
-- none of them contains answers "no booking" without the bookings' trigram indexes
-- (docs/search.md#words-no-booking-holds). The table is only added to, so it never hides a booking:
-- a value written by an insert, a multi-row insert or a rename is found at once; a deleted booking's
-- value stays and the usual search answers it.
begin;
set search_path = public, extensions;
select plan(16);

select tests.create_user('t706-admin@test.vn', 'customer', true);
select tests.create_user('t706-khach@test.vn', 'customer');

-- Through the triggers, as the API and the marketplace write them.
insert into public.bookings (id, customer_id, customer_name, subcategory_id, service_name, service_item_name, status,
                             original_price, final_price)
values ('70600000-0000-4000-a000-000000000001', tests.user_id('t706-khach@test.vn'), 'Trần Thị Zqwé',
        (select id from public.subcategories order by sort_order limit 1), 'Dịch vụ Vkrô', 'Gói Plomb', 'pending', 100000, 100000);
-- One statement, two bookings: the statement trigger adds both names.
insert into public.bookings (id, customer_id, customer_name, subcategory_id, service_name, service_item_name, status,
                             original_price, final_price)
select ('70600000-0000-4000-a000-00000000000' || g)::uuid, tests.user_id('t706-khach@test.vn'), 'Khách Mwx' || g,
       (select id from public.subcategories order by sort_order limit 1), 'Dịch vụ Vkrô', 'Gói Plomb', 'pending', 100000, 100000
  from generate_series(2, 3) g;

select ok(exists (select 1 from private.booking_search_values where field = 'customer' and value_folded = 'tran thi zqwe')
          and exists (select 1 from private.booking_search_values where field = 'service' and value_folded = 'dich vu vkro')
          and exists (select 1 from private.booking_search_values where field = 'package' and value_folded = 'goi plomb'),
  'an insert adds its folded customer, service and package names');
select is((select count(*)::integer from private.booking_search_values where field = 'customer' and value_folded like 'khach mwx_'), 2,
  'a multi-row insert adds the names of every row');

select is(private.booking_word_condition('customer', 'b.customer_name_folded', 'không ai 706'), 'false',
  'a word no booking''s customer holds becomes the condition false');
select is(private.booking_word_condition('customer', 'b.customer_name_folded', 'Zqwé'), $$b.customer_name_folded like '%zqwe%'$$,
  'a word some customer holds keeps the trigram condition');
select is(private.booking_word_condition('service', 'b.service_name_folded', 'zqwe'), 'false',
  'each field has its own values: a customer''s word is no service');
select is(private.booking_word_condition('customer', 'b.customer_name_folded', '  '), null, 'blank text is no condition');

select tests.authenticate_as(tests.user_id('t706-admin@test.vn'));

create temp table r706 (name text primary key, answer jsonb) on commit drop;
grant all on r706 to authenticated;
insert into r706 values
  ('customer', public.admin_list_bookings(p_customer => 'zqwe')),
  ('customer 2 letters', public.admin_list_bookings(p_customer => 'ZQ')),
  ('service', public.admin_list_bookings(p_service => 'vkrô')),
  ('package', public.admin_list_bookings(p_package => 'plomb', p_sort => 'final_price.asc')),
  ('nobody', public.admin_list_bookings(p_customer => 'không ai 706')),
  ('nobody sorted', public.admin_list_bookings(p_service => 'Trần Thị', p_sort => 'customer_name.asc', p_offset => 50));

select is((select answer -> 'rows' -> 0 ->> 'id' from r706 where name = 'customer'), '70600000-0000-4000-a000-000000000001',
  'a customer word finds its booking');
select is((select (answer ->> 'total')::integer from r706 where name = 'customer 2 letters'), 1,
  'two letters find the customer whose name has a word starting with them');
select is((select (answer ->> 'total')::integer from r706 where name = 'service'), 3, 'a service word finds the bookings of that service');
select is((select (answer ->> 'total')::integer from r706 where name = 'package'), 3, 'a package word finds the bookings of that package');
select is((select answer - 'sort' from r706 where name = 'nobody'),
  '{"rows": [], "total": 0, "total_exact": true, "first_cursor": null, "last_cursor": null}'::jsonb,
  'a word nobody holds answers an empty list with an exact total of 0');
select is((select jsonb_array_length(answer -> 'rows') from r706 where name = 'nobody sorted'), 0,
  'the same in another order and past the first page');

-- A rename adds the new name; the list finds the booking by it.
update public.bookings set customer_name = 'Lê Văn Xyzt' where id = '70600000-0000-4000-a000-000000000001';
select is((public.admin_list_bookings(p_customer => 'xyzt') ->> 'total')::integer, 1, 'a renamed customer is found by the new name');
select is((public.admin_list_bookings(p_customer => 'zqwe') ->> 'total')::integer, 0,
  'the old name stays among the values but finds no booking any more');

-- A bulk load without triggers leaves its names out until private.rebuild_rollups adds them, as
-- seed-large does at its end.
select tests.as_superuser();
set local session_replication_role = replica;
insert into public.bookings (id, customer_id, customer_name, subcategory_id, service_name, status, original_price, final_price)
values ('70600000-0000-4000-a000-000000000009', tests.user_id('t706-khach@test.vn'), 'Khách Qpv',
        (select id from public.subcategories order by sort_order limit 1), 'Dịch vụ Vkrô', 'pending', 100000, 100000);
set local session_replication_role = origin;
select private.rebuild_rollups();
select tests.authenticate_as(tests.user_id('t706-admin@test.vn'));
select is((public.admin_list_bookings(p_customer => 'qpv') ->> 'total')::integer, 1,
  'after private.rebuild_rollups a bulk-loaded name is found');

select tests.clear_authentication();
select ok(not has_table_privilege('authenticated', 'private.booking_search_values', 'SELECT')
          and not has_table_privilege('service_role', 'private.booking_search_values', 'SELECT'),
  'no API role reads the values table');

select * from finish();
rollback;
