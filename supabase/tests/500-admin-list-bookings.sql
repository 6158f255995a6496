-- public.admin_list_bookings: who may call it, every filter, order, offset and keyset paging, the
-- reversed read of deep pages, literal matching of LIKE wildcards, and the exact/estimated total.
begin;
set search_path = public, extensions;
select plan(37);

-- A small world of our own: one admin, two customers, two providers, one service with two
-- packages, and 12 bookings one hour apart (newest = b12).
select tests.create_user('ops-admin@test.vn', 'customer', true);
select tests.create_user('ops-cus1@test.vn', 'customer');
select tests.create_user('ops-cus2@test.vn', 'customer');
select tests.create_user('ops-pro1@test.vn', 'provider');
select tests.create_user('ops-pro2@test.vn', 'provider');

insert into public.categories (id, name, icon) values ('a5000000-0000-4000-a000-000000000001', 'Ngành kiểm thử 500', 'x');
insert into public.subcategories (id, category_id, name, icon)
values ('a5000000-0000-4000-a000-000000000011', 'a5000000-0000-4000-a000-000000000001', 'Dọn nhà 100% sạch', 'x');
insert into public.service_items (id, subcategory_id, name, price, duration, description, job_details)
values ('a5000000-0000-4000-a000-000000000021', 'a5000000-0000-4000-a000-000000000011', 'Gói_2 giờ', 200000, '2 giờ', 'm', 'c'),
       ('a5000000-0000-4000-a000-000000000022', 'a5000000-0000-4000-a000-000000000011', 'Gói cả ngày', 900000, '8 giờ', 'm', 'c');

insert into public.bookings (id, customer_id, provider_id, subcategory_id, service_item_id, status, created_at)
select ('b5000000-0000-4000-a000-0000000000' || lpad(i::text, 2, '0'))::uuid,
       case when i % 2 = 0 then tests.user_id('ops-cus1@test.vn') else tests.user_id('ops-cus2@test.vn') end,
       -- b06 is completed, so it has a provider (bookings_provider_required)
       case when i % 3 = 0 and i <> 6 then null when i % 3 = 1 then tests.user_id('ops-pro1@test.vn') else tests.user_id('ops-pro2@test.vn') end,
       'a5000000-0000-4000-a000-000000000011',
       case when i <= 6 then 'a5000000-0000-4000-a000-000000000021'::uuid else 'a5000000-0000-4000-a000-000000000022'::uuid end,
       (array['pending', 'confirmed', 'completed', 'cancelled'])[1 + i % 4],
       '2026-01-01 00:00:00+00'::timestamptz + make_interval(hours => i)
  from generate_series(1, 12) i;

-- Only our bookings: every call below filters on our service text, which no other row has.
create temp table r500 (label text primary key, result jsonb) on commit drop;
grant all on r500 to authenticated, anon;

-- Who may call it.
select tests.clear_authentication();
select throws_ok($$ select public.admin_list_bookings() $$, '42501', null, 'anon cannot call admin_list_bookings');
select throws_ok($$ select private.admin_sorted_page('bookings', null, null, 50, 0, true) $$, '42501', null,
                 'anon cannot call the lists'' engine');
select tests.authenticate_as(tests.user_id('ops-cus1@test.vn'));
select throws_ok($$ select public.admin_list_bookings(p_service => '100\%') $$, '42501', null,
                 'a customer cannot call admin_list_bookings');
select throws_ok($$ select private.admin_sorted_page('bookings', jsonb_populate_record(null::private.admin_list_filter, '{"service": "100%"}'), null, 50, 0, true) $$,
                 '42501', null, 'a customer cannot call the lists'' engine directly either');
select tests.authenticate_as(tests.user_id('ops-pro1@test.vn'));
select throws_ok($$ select public.admin_list_bookings(p_provider_id => auth.uid()) $$, '42501', null,
                 'a provider cannot list even its own bookings through the admin function');

select tests.authenticate_as(tests.user_id('ops-admin@test.vn'));
insert into r500 values
  ('all', public.admin_list_bookings(p_service => '100% sạch')),
  ('page2', public.admin_list_bookings(p_service => '100% sạch', p_limit => 5, p_offset => 5)),
  ('page2r', public.admin_list_bookings(p_service => '100% sạch', p_limit => 5, p_offset => 7)),
  ('page3', public.admin_list_bookings(p_service => '100% sạch', p_limit => 5, p_offset => 10)),
  ('past', public.admin_list_bookings(p_service => '100% sạch', p_limit => 5, p_offset => 50)),
  ('status', public.admin_list_bookings(p_service => '100% sạch', p_status => 'completed')),
  ('provider', public.admin_list_bookings(p_service => '100% sạch', p_provider_id => tests.user_id('ops-pro1@test.vn'))),
  ('customer', public.admin_list_bookings(p_service => '100% sạch', p_customer_id => tests.user_id('ops-cus1@test.vn'))),
  ('package', public.admin_list_bookings(p_service => '100% sạch', p_package => 'CẢ NGÀY')),
  ('underscore', public.admin_list_bookings(p_service => '100% sạch', p_package => 'gói_')),
  ('percent', public.admin_list_bookings(p_service => '0%')),
  ('wild', public.admin_list_bookings(p_service => 'Dọn%sạch')),
  ('since', public.admin_list_bookings(p_service => '100% sạch', p_since => '2026-01-01 09:00:00+00')),
  ('keyset', public.admin_list_bookings(p_service => '100% sạch', p_limit => 4, p_count => false,
                                        p_after_created_at => '2026-01-01 09:00:00+00',
                                        p_after_id => 'b5000000-0000-4000-a000-000000000009'));

select is((select jsonb_array_length(result -> 'rows') from r500 where label = 'all'), 12, 'admin sees all 12 bookings');
select is((select (result ->> 'total')::int from r500 where label = 'all'), 12, 'total is 12');
select is((select (result ->> 'total_exact')::boolean from r500 where label = 'all'), true, 'a small text match is counted exactly');
select is((select result -> 'rows' -> 0 ->> 'id' from r500 where label = 'all'), 'b5000000-0000-4000-a000-000000000012', 'newest first');
select is((select result -> 'rows' -> 11 ->> 'id' from r500 where label = 'all'), 'b5000000-0000-4000-a000-000000000001', 'oldest last');
select is((select result -> 'rows' -> 0 ->> 'provider_name' from r500 where label = 'all'), null, 'b12 has no provider: provider_name null');
select is((select result -> 'rows' -> 1 ->> 'provider_name' from r500 where label = 'all'),
          (select name from public.profiles where id = tests.user_id('ops-pro2@test.vn')), 'provider_name is the provider''s current name');
select is((select array(select jsonb_array_elements(result -> 'rows') ->> 'id' from r500 where label = 'page2')),
          array['b5000000-0000-4000-a000-000000000007', 'b5000000-0000-4000-a000-000000000006', 'b5000000-0000-4000-a000-000000000005',
                'b5000000-0000-4000-a000-000000000004', 'b5000000-0000-4000-a000-000000000003'],
          'offset 5, limit 5 (first half, read newest first) holds b07..b03');
select is((select array(select jsonb_array_elements(result -> 'rows') ->> 'id' from r500 where label = 'page2r')),
          array['b5000000-0000-4000-a000-000000000005', 'b5000000-0000-4000-a000-000000000004', 'b5000000-0000-4000-a000-000000000003',
                'b5000000-0000-4000-a000-000000000002', 'b5000000-0000-4000-a000-000000000001'],
          'offset 7 (second half, read from the oldest end) holds b05..b01, still newest first');
select is((select array(select jsonb_array_elements(result -> 'rows') ->> 'id' from r500 where label = 'page3')),
          array['b5000000-0000-4000-a000-000000000002', 'b5000000-0000-4000-a000-000000000001'],
          'offset 10: the last, partial page holds the two oldest');
select is((select jsonb_array_length(result -> 'rows') from r500 where label = 'past'), 0, 'a page past the end is empty');
select is((select (result ->> 'total')::int from r500 where label = 'past'), 12, '… and still reports the total');
select is((select array(select jsonb_array_elements(result -> 'rows') ->> 'status' from r500 where label = 'status') = array_fill('completed'::text, array[3])), true,
          'status filter: the 3 completed bookings only');
select is((select (result ->> 'total')::int from r500 where label = 'provider'), 4, 'provider filter: 4 bookings of provider 1');
select is((select (result ->> 'total')::int from r500 where label = 'customer'), 6, 'customer filter: 6 bookings of customer 1');
select is((select (result ->> 'total')::int from r500 where label = 'package'), 6, 'package text is case-insensitive (CẢ NGÀY)');
select is((select (result ->> 'total')::int from r500 where label = 'underscore'), 6, 'an underscore is matched literally, not as a wildcard');
select is((select (result ->> 'total')::int from r500 where label = 'percent'), 12, 'a percent sign is matched literally');
select is((select (result ->> 'total')::int from r500 where label = 'wild'), 0, '"Dọn%sạch" finds nothing: % is not a wildcard');
select is((select (result ->> 'total')::int from r500 where label = 'since'), 4, 'since 09:00 keeps b09..b12');
select is((select array(select jsonb_array_elements(result -> 'rows') ->> 'id' from r500 where label = 'keyset')),
          array['b5000000-0000-4000-a000-000000000008', 'b5000000-0000-4000-a000-000000000007',
                'b5000000-0000-4000-a000-000000000006', 'b5000000-0000-4000-a000-000000000005'],
          'keyset paging continues strictly after (created_at, id) of b09');
select is((select result -> 'total' from r500 where label = 'keyset'), 'null'::jsonb, 'without p_count no total is computed');

select throws_ok($$ select public.admin_list_bookings(p_status => 'done') $$, '22023', null, 'an unknown status is refused');
select throws_ok($$ select public.admin_list_bookings(p_after_id => gen_random_uuid()) $$, '22023', null,
                 'a keyset cursor needs both created_at and id');

-- Beyond 10,000 matching rows a text-filtered total is the planner's estimate, flagged as such;
-- without a text filter the total stays exact however large.
select tests.as_superuser();
-- Triggers (audit, rollups) off for this bulk insert only: the rows are complete as written.
set local session_replication_role = replica;
insert into public.bookings (customer_name, subcategory_id, service_name, service_item_name, status, original_price, final_price, created_at)
select 'Khách số ' || i, 'a5000000-0000-4000-a000-000000000011', 'Dịch vụ đông khách 500', 'Gói đông khách 500',
       case when i % 2 = 0 then 'confirmed' else 'pending' end, 1000, 1000, '2025-06-01 00:00:00+00'::timestamptz + make_interval(secs => i)
  from generate_series(1, 10050) i;
set local session_replication_role = origin;
-- The bulk insert skipped the rollup triggers: rebuild the rollups the way seed-large does.
select private.rebuild_rollups();
analyze public.bookings;
select tests.authenticate_as(tests.user_id('ops-admin@test.vn'));
insert into r500 values
  ('many', public.admin_list_bookings(p_package => 'đông khách 500')),
  ('many-exact', public.admin_list_bookings(p_since => '2025-06-01 00:00:00+00')),
  -- 00:00:05 UTC is 07:00:05 in Vietnam: a partial first day, then whole days from the rollup.
  ('partial-day', public.admin_list_bookings(p_since => '2025-06-01 00:00:05+00', p_status => 'confirmed')),
  ('partial-day-all', public.admin_list_bookings(p_since => '2025-06-01 16:59:59+00'));
select is((select (result ->> 'total_exact')::boolean from r500 where label = 'many'), false,
          'more than 10,000 text matches: the total is an estimate');
select ok((select (result ->> 'total')::int from r500 where label = 'many') > 10000,
          '… never below the 10,001 rows known to match');
select is((select jsonb_array_length(result -> 'rows') from r500 where label = 'many'), 50, '… and the page still has its 50 rows');
select ok((select (result ->> 'total')::int > 10000 and (result ->> 'total_exact')::boolean from r500 where label = 'many-exact'),
          'a time filter alone on more than 10,000 rows is counted exactly');
select is((select result -> 'total' from r500 where label = 'many-exact'),
          to_jsonb((select count(*) from public.bookings where created_at >= '2025-06-01 00:00:00+00')),
          'without a text filter the total is exact, even above 10,000');
select is((select result -> 'total' from r500 where label = 'partial-day'),
          to_jsonb((select count(*) from public.bookings where created_at >= '2025-06-01 00:00:05+00' and status = 'confirmed')),
          'status and a since-instant inside a day: rollup days plus the partial first day, exact');
select is((select result -> 'total' from r500 where label = 'partial-day-all'),
          to_jsonb((select count(*) from public.bookings where created_at >= '2025-06-01 16:59:59+00')),
          'a since-instant one second before Vietnam midnight counts that second''s rows and the later days');

select tests.authenticate_as_service_role();
select is((select (public.admin_list_bookings(p_service => '100% sạch') ->> 'total')::int), 12, 'the service role may call it');

select * from finish();
rollback;
