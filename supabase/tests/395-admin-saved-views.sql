-- Saved views of the admin lists (docs/screens.md#saved-views): each admin reads and writes only
-- their own; a customer's or provider's crafted request reads nothing and writes nothing; the
-- bounds (screen key, name, query string, 50 per admin) are constraints.
begin;
set search_path = public, extensions;
select plan(17);

select tests.make_world();
select tests.create_user('admin2@pgtap.test', 'customer', true);

select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is(tests.try_sql($$ insert into public.admin_saved_views (screen, name, query) values ('bookings', '  Chờ xử lý  ', 'status=pending&size=20') $$),
  'ok', 'an admin saves a view of a list');
select is((select name from public.admin_saved_views where screen = 'bookings'), 'Chờ xử lý', 'the name is trimmed');
select is((select admin_id from public.admin_saved_views where screen = 'bookings'), tests.user_id('admin@pgtap.test'),
  'the view belongs to the admin who saved it (auth.uid() by default)');
select is(tests.try_sql($$ insert into public.admin_saved_views (screen, name, query) values ('bookings', 'Chờ xử lý', 'status=confirmed') $$),
  '23505', 'a second view of the same name on the same screen is refused');
select is(tests.try_sql(format($$ insert into public.admin_saved_views (admin_id, screen, name, query) values (%L, 'bookings', 'Của người khác', '') $$,
  tests.user_id('admin2@pgtap.test'))), '42501', 'an admin may not save a view for another admin');
select is(tests.try_sql($$ insert into public.admin_saved_views (screen, name, query) values ('bookings', repeat('x', 61), '') $$),
  '23514', 'a name over 60 characters is refused');
select is(tests.try_sql($$ insert into public.admin_saved_views (screen, name, query) values ('bookings', '   ', '') $$),
  '23514', 'a blank name is refused');
select is(tests.try_sql($$ insert into public.admin_saved_views (screen, name, query) values ('bookings', 'Dài', repeat('q', 2001)) $$),
  '23514', 'a query string over 2,000 characters is refused');
select is(tests.try_sql($$ insert into public.admin_saved_views (screen, name, query) values ('../etc', 'Lạ', '') $$),
  '23514', 'a screen key that is not a list''s path is refused');
select is(tests.try_sql($$ insert into public.admin_saved_views (screen, name, query) select 'customers', 'Bộ lọc ' || i, 'q=' || i from generate_series(1, 49) i $$),
  'ok', 'an admin may keep 50 views');
select is(tests.try_sql($$ insert into public.admin_saved_views (screen, name, query) values ('customers', 'Bộ lọc 51', '') $$),
  '23514', 'the 51st view is refused');

-- Another admin sees none of them and cannot change them.
select tests.authenticate_as(tests.user_id('admin2@pgtap.test'));
select is((select count(*)::int from public.admin_saved_views), 0, 'another admin reads none of the first admin''s views');
select is(tests.try_sql($$ update public.admin_saved_views set query = 'x' $$) || ':' ||
          (select count(*) from public.admin_saved_views)::text, 'ok:0', 'another admin''s update changes nothing');

-- A customer's crafted requests.
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is((select count(*)::int from public.admin_saved_views), 0, 'a customer reads no saved view');
select is(tests.try_sql($$ insert into public.admin_saved_views (screen, name, query) values ('bookings', 'Của khách', '') $$),
  '42501', 'a customer may not save a view');
select is(tests.try_sql($$ delete from public.admin_saved_views $$), 'ok', 'a customer''s delete runs …');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is((select count(*)::int from public.admin_saved_views), 50, '… and deletes none of the admin''s views');

select * from finish();
rollback;
