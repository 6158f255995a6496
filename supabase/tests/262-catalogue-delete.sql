-- Deleting catalogue rows (docs/product.md#catalogue-deletion) and the commission step: a service or
-- package that bookings (or packages) use cannot be deleted, whoever asks, an unused one can;
-- admin_catalogue_usage says what uses a row, for admins only; a commission goes in steps of 0.1.
begin;
set search_path = public, extensions;
select plan(16);

select tests.make_world();
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));

-- ------------------------------------------------------------------ commission step
select is(tests.try_sql($$ update public.subcategories set commission_rate = 12.55 where id = tests.id('svc_active') $$),
  '23514', 'a commission of 12.55 % is refused');
select throws_like($$ update public.subcategories set commission_rate = 12.55 where id = tests.id('svc_active') $$,
  '%subcategories_commission_rate_step%', 'the refusal names its rule');
select is(tests.try_sql($$ update public.subcategories set commission_rate = 12.5 where id = tests.id('svc_active') $$),
  'ok', 'a commission of 12.5 % is accepted');

-- ------------------------------------------------------------------ usage
select is(public.admin_catalogue_usage('service', tests.id('svc_active')),
  '{"bookings": 2, "packages": 2, "promotions": 1}'::jsonb, 'the service: 2 bookings, 2 packages, 1 promotion code');
select is(public.admin_catalogue_usage('package', tests.id('item_active')), '{"bookings": 2}'::jsonb, 'the package: 2 bookings');
select is(public.admin_catalogue_usage('package', tests.id('item_hidden')), '{"bookings": 0}'::jsonb, 'the hidden package: none');
select is(public.admin_catalogue_usage('package', tests.id('nothing')), null, 'a row that does not exist: null');
select is(tests.try_sql($$ select public.admin_catalogue_usage('table', tests.id('svc_active')) $$), '22023', 'an unknown kind is refused');

-- ------------------------------------------------------------------ delete refused when used
select is(tests.try_sql($$ delete from public.service_items where id = tests.id('item_active') $$), '23503',
  'a package two bookings used cannot be deleted (the foreign key restricts)');
select is(tests.try_sql($$ delete from public.subcategories where id = tests.id('svc_active') $$), '23503',
  'a service with bookings and packages cannot be deleted');
select tests.as_superuser();
select is(tests.try_sql($$ delete from public.service_items where id = tests.id('item_active') $$), '23503',
  'not even the postgres owner deletes a used package');

-- ------------------------------------------------------------------ delete of unused rows
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is_empty($$ delete from public.service_items where id = tests.id('item_hidden') returning id $$, 'a customer deletes no package');
select is(tests.try_sql($$ select public.admin_catalogue_usage('service', tests.id('svc_active')) $$), '42501', 'a customer cannot ask what uses a service');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select isnt_empty($$ delete from public.service_items where id = tests.id('item_hidden') returning id $$, 'an admin deletes an unused package');
select isnt_empty($$ delete from public.service_items where id = tests.id('item_of_inactive') returning id $$, 'and the only package of a service');
select isnt_empty($$ delete from public.subcategories where id = tests.id('svc_inactive') returning id $$, 'then that unused service');

select * from finish();
rollback;
