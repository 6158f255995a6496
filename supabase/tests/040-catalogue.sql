-- The catalogue: categories (professions), subcategories (services), service_items (packages).
-- anon and signed-in non-admins read only the active catalogue; only admins write; sort_order =
-- max in the group + 1; updated_at; every input rule of docs/product.md#input-rules as a constraint.
begin;
set search_path = public, extensions;
select plan(76);

select tests.make_world();

-- ------------------------------------------------------------------ anon
select tests.clear_authentication();
select isnt_empty($$ select 1 from public.categories where id = tests.id('cat') $$, 'anon reads categories');
select isnt_empty($$ select 1 from public.subcategories where id = tests.id('svc_active') $$, 'anon reads an active service');
select is_empty($$ select 1 from public.subcategories where id = tests.id('svc_inactive') $$, 'anon does not see an inactive service');
select is_empty($$ select 1 from public.subcategories where not active $$, 'anon sees no inactive service at all');
select isnt_empty($$ select 1 from public.service_items where id = tests.id('item_active') $$, 'anon reads an active package of an active service');
select is_empty($$ select 1 from public.service_items where id = tests.id('item_hidden') $$, 'anon does not see an inactive package');
select is_empty($$ select 1 from public.service_items where id = tests.id('item_of_inactive') $$, 'anon does not see a package of an inactive service');
select is_empty($$ select 1 from public.service_items where not active $$, 'anon sees no inactive package at all');
select throws_ok($$ insert into public.categories (name, icon) values ('Tấn công', 'x') $$, '42501', null, 'anon cannot insert categories');
select throws_ok($$ update public.categories set name = 'x' $$, '42501', null, 'anon cannot update categories');
select throws_ok($$ delete from public.categories $$, '42501', null, 'anon cannot delete categories');
select throws_ok($$ insert into public.subcategories (category_id, name, icon) values (tests.id('cat'), 'x', 'x') $$, '42501', null, 'anon cannot insert services');
select throws_ok($$ update public.subcategories set active = true $$, '42501', null, 'anon cannot update services');
select throws_ok($$ delete from public.subcategories $$, '42501', null, 'anon cannot delete services');
select throws_ok($$ insert into public.service_items (subcategory_id, name, price, duration, description, job_details)
                   values (tests.id('svc_active'), 'x', 1, 'x', 'x', 'x') $$, '42501', null, 'anon cannot insert packages');
select throws_ok($$ update public.service_items set price = 1 $$, '42501', null, 'anon cannot update packages');
select throws_ok($$ delete from public.service_items $$, '42501', null, 'anon cannot delete packages');

-- ------------------------------------------------------------------ customer
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select isnt_empty($$ select 1 from public.categories where id = tests.id('cat') $$, 'a customer reads categories');
select isnt_empty($$ select 1 from public.subcategories where id = tests.id('svc_active') $$, 'a customer reads an active service');
select is_empty($$ select 1 from public.subcategories where id = tests.id('svc_inactive') $$, 'a customer does not see an inactive service');
select is_empty($$ select 1 from public.service_items where id in (tests.id('item_hidden'), tests.id('item_of_inactive')) $$,
  'a customer does not see inactive packages or packages of inactive services');
select throws_ok($$ insert into public.categories (name, icon) values ('Tấn công', 'x') $$, '42501', null, 'a customer cannot insert categories');
select is_empty($$ update public.categories set name = 'Bị sửa' where id = tests.id('cat') returning id $$, 'a customer cannot update categories');
select is_empty($$ delete from public.categories where id = tests.id('cat') returning id $$, 'a customer cannot delete categories');
select throws_ok($$ insert into public.subcategories (category_id, name, icon) values (tests.id('cat'), 'x', 'x') $$, '42501', null, 'a customer cannot insert services');
select is_empty($$ update public.subcategories set commission_rate = 0 where id = tests.id('svc_active') returning id $$, 'a customer cannot update services');
select is_empty($$ delete from public.subcategories where id = tests.id('svc_active') returning id $$, 'a customer cannot delete services');
select throws_ok($$ insert into public.service_items (subcategory_id, name, price, duration, description, job_details)
                   values (tests.id('svc_active'), 'x', 1, 'x', 'x', 'x') $$, '42501', null, 'a customer cannot insert packages');
select is_empty($$ update public.service_items set price = 1 where id = tests.id('item_active') returning id $$, 'a customer cannot change a package price');
select is_empty($$ delete from public.service_items where id = tests.id('item_active') returning id $$, 'a customer cannot delete packages');

-- ------------------------------------------------------------------ provider
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select is_empty($$ select 1 from public.subcategories where id = tests.id('svc_inactive') $$, 'a provider does not see an inactive service');
select throws_ok($$ insert into public.categories (name, icon) values ('Tấn công', 'x') $$, '42501', null, 'a provider cannot insert categories');
select is_empty($$ update public.subcategories set active = true where id = tests.id('svc_inactive') returning id $$, 'a provider cannot re-activate a service');
select is_empty($$ update public.service_items set price = 999999 where id = tests.id('item_active') returning id $$, 'a provider cannot change a package price');
select is_empty($$ delete from public.service_items where id = tests.id('item_active') returning id $$, 'a provider cannot delete packages');

select tests.as_superuser();
select is((select price from public.service_items where id = tests.id('item_active')), 200000::bigint, 'the package price is unchanged');
select is((select name from public.categories where id = tests.id('cat')), 'Ngành kiểm thử', 'the category name is unchanged');

-- ------------------------------------------------------------------ admin
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select isnt_empty($$ select 1 from public.subcategories where id = tests.id('svc_inactive') $$, 'an admin sees inactive services');
select isnt_empty($$ select 1 from public.service_items where id = tests.id('item_hidden') $$, 'an admin sees inactive packages');
select lives_ok($$ insert into public.categories (id, name, icon) values (tests.id('cat2'), 'Ngành mới', 'leaf') $$, 'an admin creates a category');
select lives_ok($$ insert into public.subcategories (id, category_id, name, icon, commission_rate)
                  values (tests.id('svc_new'), tests.id('cat2'), 'Dịch vụ mới', 'leaf', 12.5) $$, 'an admin creates a service');
select lives_ok($$ insert into public.service_items (id, subcategory_id, name, price, duration, description, job_details)
                  values (tests.id('item_new'), tests.id('svc_new'), 'Gói mới', 120000, '90 phút', 'Mô tả', 'Chi tiết') $$, 'an admin creates a package');
select isnt_empty($$ update public.categories set name = 'Ngành đổi tên', icon = 'tree' where id = tests.id('cat2') returning id $$, 'an admin renames a category');
select isnt_empty($$ update public.subcategories set active = false, commission_rate = 20 where id = tests.id('svc_new') returning id $$, 'an admin hides a service and changes its rate');
select isnt_empty($$ update public.service_items set price = 130000, active = false where id = tests.id('item_new') returning id $$, 'an admin edits a package');
select isnt_empty($$ delete from public.service_items where id = tests.id('item_new') returning id $$, 'an admin deletes a package');
select isnt_empty($$ delete from public.subcategories where id = tests.id('svc_new') returning id $$, 'an admin deletes a service');
select isnt_empty($$ delete from public.categories where id = tests.id('cat2') returning id $$, 'an admin deletes a category');
select throws_ok($$ delete from public.categories where id = tests.id('cat') $$, '23503', null,
  'a category that still has services cannot be deleted');
select throws_ok($$ delete from public.subcategories where id = tests.id('svc_active') $$, '23503', null,
  'a service with packages / bookings cannot be deleted');

-- ------------------------------------------------------------------ sort_order = max in the group + 1
select tests.as_superuser();
insert into public.categories (id, name, icon) values (tests.id('cat_next'), 'Ngành kế tiếp', 'x');
select is((select sort_order from public.categories where id = tests.id('cat_next')),
  (select max(sort_order) from public.categories where id <> tests.id('cat_next')) + 1, 'a new category gets max(sort_order) + 1');
insert into public.categories (id, name, icon, sort_order) values (tests.id('cat_given'), 'Ngành có thứ tự', 'x', 0);
select is((select sort_order from public.categories where id = tests.id('cat_given')), 0, 'a given sort_order (0) is kept');
insert into public.subcategories (id, category_id, name, icon) values (tests.id('svc_first'), tests.id('cat_next'), 'Đầu tiên', 'x');
insert into public.subcategories (id, category_id, name, icon) values (tests.id('svc_second'), tests.id('cat_next'), 'Thứ hai', 'x');
select is((select sort_order from public.subcategories where id = tests.id('svc_first')), 0, 'the first service of a category gets 0');
select is((select sort_order from public.subcategories where id = tests.id('svc_second')), 1, 'the next service of the same category gets 1');
insert into public.subcategories (id, category_id, name, icon, sort_order) values (tests.id('svc_seven'), tests.id('cat_next'), 'Thứ bảy', 'x', 7);
insert into public.subcategories (id, category_id, name, icon) values (tests.id('svc_eight'), tests.id('cat_next'), 'Thứ tám', 'x');
select is((select sort_order from public.subcategories where id = tests.id('svc_eight')), 8, 'max + 1 within the group, after a gap');
select is((select sort_order from public.subcategories where id = tests.id('svc_active')), 0, 'other groups are not affected (svc_active stays 0)');
insert into public.service_items (id, subcategory_id, name, price, duration, description, job_details)
values (tests.id('item_p1'), tests.id('svc_first'), 'Gói 1', 1000, '1 giờ', 'a', 'b');
insert into public.service_items (id, subcategory_id, name, price, duration, description, job_details)
values (tests.id('item_p2'), tests.id('svc_first'), 'Gói 2', 1000, '1 giờ', 'a', 'b');
select is((select array_agg(sort_order order by name) from public.service_items where subcategory_id = tests.id('svc_first')), array[0, 1],
  'packages are numbered 0, 1 within their service');
select is((select sort_order from public.service_items where id = tests.id('item_hidden')), 1, 'the world''s second package of svc_active has 1');

-- ------------------------------------------------------------------ updated_at
update public.service_items set updated_at = '2020-01-01', created_at = '2020-01-01' where id = tests.id('item_p1');
select is((select updated_at from public.service_items where id = tests.id('item_p1')), now(), 'any update sets updated_at to now()');
update public.categories set name = 'Ngành kế tiếp 2' where id = tests.id('cat_next');
select is((select updated_at from public.categories where id = tests.id('cat_next')), now(), 'categories.updated_at is kept');
update public.subcategories set name = 'Đầu tiên 2' where id = tests.id('svc_first');
select is((select updated_at from public.subcategories where id = tests.id('svc_first')), now(), 'subcategories.updated_at is kept');

-- ------------------------------------------------------------------ constraints
select throws_ok($$ insert into public.categories (name, icon) values ('   ', 'x') $$, '23514', null, 'a blank profession name is rejected');
select throws_ok($$ insert into public.categories (name, icon, sort_order) values ('Âm', 'x', -1) $$, '23514', null, 'a negative category order is rejected');
select throws_ok($$ insert into public.subcategories (category_id, name, icon) values (tests.id('cat'), '', 'x') $$, '23514', null, 'a blank service name is rejected');
select throws_ok($$ insert into public.subcategories (category_id, name, icon) values (tests.id('cat'), 'Tên', '  ') $$, '23514', null, 'a blank service icon is rejected');
select throws_ok($$ insert into public.subcategories (category_id, name, icon, commission_rate) values (tests.id('cat'), 'Tên', 'x', 101) $$, '23514', null, 'a commission rate of 101 is rejected');
select throws_ok($$ insert into public.subcategories (category_id, name, icon, commission_rate) values (tests.id('cat'), 'Tên', 'x', -0.1) $$, '23514', null, 'a negative commission rate is rejected');
select lives_ok($$ insert into public.subcategories (category_id, name, icon, commission_rate) values (tests.id('cat'), 'Biên', 'x', 100) $$, 'a commission rate of 100 is accepted');
select throws_ok($$ insert into public.subcategories (category_id, name, icon, sort_order) values (tests.id('cat'), 'Tên', 'x', -1) $$, '23514', null, 'a negative service order is rejected');
select throws_ok($$ insert into public.service_items (subcategory_id, name, price, duration, description, job_details)
                   values (tests.id('svc_active'), 'Gói', 0, '1 giờ', 'a', 'b') $$, '23514', null, 'a package price of 0 is rejected');
select throws_ok($$ insert into public.service_items (subcategory_id, name, price, duration, description, job_details)
                   values (tests.id('svc_active'), 'Gói', -5, '1 giờ', 'a', 'b') $$, '23514', null, 'a negative package price is rejected');
select throws_ok($$ insert into public.service_items (subcategory_id, name, price, duration, description, job_details)
                   values (tests.id('svc_active'), ' ', 1000, '1 giờ', 'a', 'b') $$, '23514', null, 'a blank package name is rejected');
select throws_ok($$ insert into public.service_items (subcategory_id, name, price, duration, description, job_details)
                   values (tests.id('svc_active'), 'Gói', 1000, '', 'a', 'b') $$, '23514', null, 'a blank package duration is rejected');
select throws_ok($$ insert into public.service_items (subcategory_id, name, price, duration, description, job_details)
                   values (tests.id('svc_active'), 'Gói', 1000, '1 giờ', ' ', 'b') $$, '23514', null, 'a blank package description is rejected');
select throws_ok($$ insert into public.service_items (subcategory_id, name, price, duration, description, job_details)
                   values (tests.id('svc_active'), 'Gói', 1000, '1 giờ', 'a', '  ') $$, '23514', null, 'blank package job details are rejected');
select throws_ok($$ update public.service_items set sort_order = -1 where id = tests.id('item_active') $$, '23514', null, 'a negative package order is rejected');

select * from finish();
rollback;
