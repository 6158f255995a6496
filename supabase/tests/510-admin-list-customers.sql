-- admin_list_customers (supabase/schemas/22_admin_profile_lists.sql), the customers screen's list: admins only, search
-- over name or e-mail (case-insensitive, LIKE wildcards literal), status, newest first, paging, exact
-- total up to 10,000 rows. Runs on the seeded database; the fixture's names and e-mails start with "K9".
begin;
set search_path = public, extensions;
select plan(15);

select tests.create_user('admin-510@test.vn', 'customer', true);
select tests.create_user('k9-lan@test.vn', 'customer');
select tests.create_user('k9-minh@test.vn', 'customer');
select tests.create_user('k9-tho@test.vn', 'provider');
update public.profiles set name = 'K9 Nguyễn Thị Lan', created_at = now() - interval '3 days' where id = tests.user_id('k9-lan@test.vn');
update public.profiles set name = 'K9 Trần Minh 100%', status = 'banned', created_at = now() - interval '1 day' where id = tests.user_id('k9-minh@test.vn');
update public.profiles set name = 'K9 Thợ Lan' where id = tests.user_id('k9-tho@test.vn');

select tests.authenticate_as(tests.user_id('admin-510@test.vn'));

select is(
  (select jsonb_agg(r ->> 'name' order by ord) from jsonb_array_elements(admin_list_customers('k9') -> 'rows') with ordinality as x(r, ord)),
  '["K9 Trần Minh 100%", "K9 Nguyễn Thị Lan"]'::jsonb,
  'search by name, case-insensitive, newest first, customers only (the provider named K9 is not listed)');
select is((admin_list_customers('k9') ->> 'total')::int, 2, 'the total counts the matches');
select is((admin_list_customers('k9') ->> 'total_exact')::boolean, true, 'under 10,000 matches the total is exact');
select is((admin_list_customers('K9-LAN@TEST') -> 'rows' -> 0 ->> 'email'), 'k9-lan@test.vn', 'search by part of the e-mail');
select is((admin_list_customers('nguyễn thị lan') -> 'rows' -> 0 ->> 'name'), 'K9 Nguyễn Thị Lan', 'Vietnamese text, any case');
select is((admin_list_customers('100%') ->> 'total')::int, 1, 'a % typed by the admin matches literally');
select is((admin_list_customers('k9', 'banned') -> 'rows' -> 0 ->> 'name'), 'K9 Trần Minh 100%', 'status filter');
select is((admin_list_customers('k9', 'active') ->> 'total')::int, 1, 'status and search together');
select is((admin_list_customers('k9', null, 1, 1) -> 'rows' -> 0 ->> 'name'), 'K9 Nguyễn Thị Lan', 'limit and offset page through');
select is(
  (select array_agg(k order by k) from jsonb_object_keys(admin_list_customers('k9') -> 'rows' -> 0) k),
  array['created_at', 'email', 'id', 'name', 'phone', 'status', 'total_bookings'],
  'each row has the columns of the screen and nothing else');
select is(
  (admin_list_customers() ->> 'total')::int,
  (select count(*)::int from public.profiles where role = 'customer'),
  'without filters: every customer');
select throws_ok($$ select admin_list_customers(null, 'hacked') $$, '22023', null, 'an unknown status is refused');

-- The body (the lists' engine) and its settings: the search path only (no planner switch),
-- security definer.
select tests.as_superuser();
select is(
  (select proconfig from pg_proc where oid = 'private.admin_sorted_page'::regproc),
  array['search_path=""'],
  'the body runs with an empty search_path and no planner setting');
select is(
  (select prosecdef from pg_proc where oid = 'private.admin_sorted_page'::regproc),
  true,
  'the body is security definer (RLS would keep ilike off the indexes)');

select tests.authenticate_as(tests.user_id('k9-lan@test.vn'));
select throws_ok($$ select admin_list_customers('k9') $$, '42501', null, 'a customer cannot list customers');

select * from finish();
rollback;
