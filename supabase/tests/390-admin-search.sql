-- The back office search box (docs/search.md#global-search): public.admin_search finds bookings by
-- their id or short number, people by any Vietnamese way of writing their phone, by e-mail and by
-- accent-less name, grouped by kind; bounded text; admins only; index conditions only.
begin;
set search_path = public, extensions;
select plan(24);

select tests.make_world();
update public.profiles set name = 'Nguyễn Thị Ánh', phone = '0912345678' where id = tests.user_id('cust.a@pgtap.test');
update public.profiles set name = 'Đỗ Văn Phúc', phone = '0987654321' where id = tests.user_id('prov.p@pgtap.test');

create function pg_temp.ids(p_answer jsonb, p_group text) returns uuid[] language sql immutable as $$
  select coalesce(array_agg((r.value ->> 'id')::uuid order by r.n), '{}')
    from jsonb_array_elements(p_answer -> p_group) with ordinality r(value, n)
$$;

select tests.authenticate_as(tests.user_id('admin@pgtap.test'));

-- Bookings by id.
select ok(tests.id('booking_a') = any (pg_temp.ids(public.admin_search(right(tests.id('booking_a')::text, 8)), 'bookings')),
  'the 8 characters a screen shows (the end of the id) find the booking');
select ok(tests.id('booking_a') = any (pg_temp.ids(public.admin_search('#' || upper(right(tests.id('booking_a')::text, 8))), 'bookings')),
  'with # and in capitals too');
select ok(tests.id('booking_a') = any (pg_temp.ids(public.admin_search(tests.id('booking_a')::text), 'bookings')),
  'the full id finds the booking');
select ok(tests.id('booking_a') = any (pg_temp.ids(public.admin_search(left(tests.id('booking_a')::text, 13)), 'bookings')),
  'the start of the id (dashes kept) finds the booking');
select ok(not tests.id('booking_b') = any (pg_temp.ids(public.admin_search(right(tests.id('booking_a')::text, 8)), 'bookings')),
  'another booking is not among the answers');
select is((public.admin_search(tests.id('booking_a')::text) -> 'bookings' -> 0 ->> 'customer_name'), 'Khách A',
  'a booking answers its customer''s name');

-- People by phone, any format.
select is(pg_temp.ids(public.admin_search('0912345678'), 'customers'), array[tests.user_id('cust.a@pgtap.test')],
  'the stored phone finds the customer');
select is(pg_temp.ids(public.admin_search('+84 912 345 678'), 'customers'), array[tests.user_id('cust.a@pgtap.test')],
  '+84 with spaces finds the customer');
select is(pg_temp.ids(public.admin_search('0912.345.678'), 'customers'), array[tests.user_id('cust.a@pgtap.test')],
  'dots find the customer');
select is(pg_temp.ids(public.admin_search('84912345678'), 'customers'), array[tests.user_id('cust.a@pgtap.test')],
  '84 without + finds the customer');
select is(pg_temp.ids(public.admin_search('0912 345'), 'customers'), array[tests.user_id('cust.a@pgtap.test')],
  'the start of the number finds the customer');
select is(pg_temp.ids(public.admin_search('0987 654 321'), 'providers'), array[tests.user_id('prov.p@pgtap.test')],
  'a provider''s phone finds them in the providers group');
select is(pg_temp.ids(public.admin_search('0987 654 321'), 'customers'), '{}'::uuid[],
  'and not among the customers');

-- Names (accent-less) and e-mails.
select ok(tests.user_id('cust.a@pgtap.test') = any (pg_temp.ids(public.admin_search('nguyen thi anh'), 'customers')),
  'an accent-less name finds Nguyễn Thị Ánh');
select ok(tests.user_id('prov.p@pgtap.test') = any (pg_temp.ids(public.admin_search('đỗ văn'), 'providers')),
  'an accented name finds Đỗ Văn Phúc');
select ok(tests.user_id('cust.b@pgtap.test') = any (pg_temp.ids(public.admin_search('cust.b@pgtap'), 'customers')),
  'the e-mail finds the customer');
select is(public.admin_search('z'), '{"bookings": [], "customers": [], "providers": []}'::jsonb,
  'one character answers empty groups');
select is(jsonb_array_length(public.admin_search('nguyen thi anh', 1) -> 'customers'), 1, 'p_limit bounds each group');

-- Bounds and rights.
select is(tests.try_sql($$ select public.admin_search(repeat('a', 101)) $$), '22023',
  'a text over 100 characters is refused (22023)');
select is(tests.try_sql($$ select public.admin_search(repeat('a', 100)) $$), 'ok', '100 characters are accepted');
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is(tests.try_sql($$ select public.admin_search('0912345678') $$), '42501', 'a customer is refused (42501)');
select tests.clear_authentication();
select is(tests.try_sql($$ select public.admin_search('0912345678') $$), '42501', 'anon may not execute it');

-- Index conditions (the planner's choice on a tiny table aside: no sequential scan, as the function sets).
select tests.as_superuser();
set local enable_seqscan = off;
select ok(tests.query_plan(format($$ select 1 from public.bookings x where right(x.id::text, 8) = %L $$, 'abcdef12')) like '%bookings_short_id_idx%',
  'the short number reads bookings_short_id_idx');
select ok(tests.query_plan($$ select 1 from public.profiles p where p.phone like '0912%' $$) like '%profiles_phone_pattern_idx%',
  'a phone start reads profiles_phone_pattern_idx');

select * from finish();
rollback;
