-- Input contract of the catalogue (docs/product.md#input-rules): professions (categories), services
-- (subcategories) and packages (service_items): name, icon and text lengths, price and order ranges,
-- names unique whatever the case and accents. Refused for the admin, rows unchanged.
begin;
set search_path = public, extensions;
select plan(27);

select tests.make_world();
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));

-- ------------------------------------------------------------------ categories
select lives_ok($$ update public.categories set name = repeat('n', 100) where id = tests.id('cat') $$, 'categories: a name of 100 characters is accepted');
select throws_ok($$ update public.categories set name = repeat('n', 101) where id = tests.id('cat') $$, '23514', null, 'categories: a name of 101 characters is refused');
select throws_ok($$ update public.categories set icon = repeat('i', 65) where id = tests.id('cat') $$, '23514', null, 'categories: an icon of 65 characters is refused');
select throws_ok($$ update public.categories set sort_order = 100001 where id = tests.id('cat') $$, '23514', null, 'categories: an order above 100000 is refused');
select throws_ok($$ update public.categories set sort_order = -1 where id = tests.id('cat') $$, '23514', null, 'categories: a negative order is refused');
insert into public.categories (name, icon) values ('Chăm sóc thú cưng', 'x');
select throws_ok($$ update public.categories set name = 'CHAM SOC THU CUNG' where id = tests.id('cat') $$, '23505', null,
  'categories: renaming onto another profession''s name (other case, no accents) is refused');
select throws_ok($$ insert into public.categories (name) values ('chăm sóc Thú Cưng') $$, '23505', null, 'categories: creating a duplicate name is refused');
select is((select name from public.categories where id = tests.id('cat')), repeat('n', 100), 'categories: the refused writes left the row unchanged');

-- ------------------------------------------------------------------ subcategories
select throws_ok($$ update public.subcategories set name = repeat('s', 101) where id = tests.id('svc_active') $$, '23514', null, 'subcategories: a name of 101 characters is refused');
select throws_ok($$ update public.subcategories set icon = repeat('i', 65) where id = tests.id('svc_active') $$, '23514', null, 'subcategories: an icon of 65 characters is refused');
select throws_ok($$ update public.subcategories set commission_rate = 100.5 where id = tests.id('svc_active') $$, '23514', null, 'subcategories: a rate above 100 is refused');
select throws_ok($$ update public.subcategories set sort_order = 100001 where id = tests.id('svc_active') $$, '23514', null, 'subcategories: an order above 100000 is refused');
select throws_ok($$ update public.subcategories set name = 'DICH VU DA AN' where id = tests.id('svc_active') $$, '23505', null,
  'subcategories: two services of one profession cannot share a name (case and accents aside)');
select is((select name from public.subcategories where id = tests.id('svc_active')), 'Dịch vụ kiểm thử', 'subcategories: the row is unchanged');

-- ------------------------------------------------------------------ service_items
select lives_ok($$ update public.service_items set price = 1000000000 where id = tests.id('item_active') $$, 'service_items: a price of 1 000 000 000 is accepted');
select throws_ok($$ update public.service_items set price = 1000000001 where id = tests.id('item_active') $$, '23514', null, 'service_items: a price above 1 000 000 000 is refused');
select throws_ok($$ update public.service_items set price = 0 where id = tests.id('item_active') $$, '23514', null, 'service_items: a price of 0 is refused');
select throws_ok($$ update public.service_items set name = repeat('p', 151) where id = tests.id('item_active') $$, '23514', null, 'service_items: a name of 151 characters is refused');
select throws_ok($$ update public.service_items set duration = repeat('d', 101) where id = tests.id('item_active') $$, '23514', null, 'service_items: a duration of 101 characters is refused');
select throws_ok($$ update public.service_items set description = repeat('d', 2001) where id = tests.id('item_active') $$, '23514', null, 'service_items: a description of 2001 characters is refused');
select throws_ok($$ update public.service_items set job_details = repeat('d', 5001) where id = tests.id('item_active') $$, '23514', null, 'service_items: job details of 5001 characters are refused');
select throws_ok($$ update public.service_items set sort_order = 100001 where id = tests.id('item_active') $$, '23514', null, 'service_items: an order above 100000 is refused');
select throws_ok($$ update public.service_items set name = 'GOI AN' where id = tests.id('item_active') $$, '23505', null,
  'service_items: two packages of one service cannot share a name (case and accents aside)');
select results_eq($$ select name, price from public.service_items where id = tests.id('item_active') $$,
  $$ values ('Gói 2 giờ'::text, 1000000000::bigint) $$, 'service_items: the row is unchanged');

-- An item of the group at the ceiling: a new one without an order takes the ceiling too, not 100,001.
update public.categories set sort_order = 100000 where id = tests.id('cat');
select lives_ok($$ insert into public.categories (name) values ('Ngành ở trần thứ tự') $$,
  'categories: a new profession is created when another holds the order 100000');
select is((select sort_order from public.categories where name = 'Ngành ở trần thứ tự'), 100000,
  'categories: it takes the order 100000 (the ceiling), not 100001');
update public.subcategories set sort_order = 100000 where id = tests.id('svc_active');
insert into public.subcategories (category_id, name, icon)
  select category_id, 'Dịch vụ ở trần thứ tự', '🧰' from public.subcategories where id = tests.id('svc_active');
select is((select sort_order from public.subcategories where name = 'Dịch vụ ở trần thứ tự'), 100000,
  'subcategories: a new service of that profession takes the ceiling as well');

select * from finish();
rollback;
