-- Promotion codes (docs/decisions.md#promotion-code-normalisation): trimmed and upper-cased on create and edit, unique regardless of
-- case; value / uses / type / status / expiry rules; the services a code applies to; admin-only RLS.
begin;
set search_path = public, extensions;
select plan(42);

select tests.make_world();

-- ------------------------------------------------------------------ normalisation and uniqueness
insert into public.discount_codes (id, code, discount_type, discount_value, expires_at)
values (tests.id('promo_lower'), '  pgtapgiam20 ', 'fixed_amount', 20000, now() + interval '1 day');
select is((select code from public.discount_codes where id = tests.id('promo_lower')), 'PGTAPGIAM20', 'a new code is trimmed and upper-cased');
update public.discount_codes set code = ' pgtaptet ' where id = tests.id('promo_lower');
select is((select code from public.discount_codes where id = tests.id('promo_lower')), 'PGTAPTET', 'an edited code is trimmed and upper-cased');
select throws_ok($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('pgtap10', 'percentage', 5, now()) $$,
  '23505', null, 'a code differing only in case from an existing one is rejected');
select throws_ok($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values (' PgTaP10  ', 'percentage', 5, now()) $$,
  '23505', null, 'a code differing only in case and spaces is rejected');
select throws_ok($$ update public.discount_codes set code = 'PgtapTet' where id = tests.id('promo') $$, '23505', null,
  'renaming a code onto another one (in another case) is rejected');
select results_eq($$ select status, uses_count, max_uses from public.discount_codes where id = tests.id('promo_lower') $$,
  $$ values ('active'::text, 0, 0) $$, 'defaults: status active, uses 0, max uses 0');

-- ------------------------------------------------------------------ constraints
select throws_ok($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('   ', 'percentage', 5, now()) $$, '23514', null, 'a blank code is rejected');
select throws_ok($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('PGTAPX1', 'half', 5, now()) $$, '23514', null, 'discount_type is percentage or fixed_amount');
select throws_ok($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('PGTAPX2', 'fixed_amount', -1, now()) $$, '23514', null, 'a negative value is rejected');
select lives_ok($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('PGTAPX3', 'fixed_amount', 0, now()) $$, 'a value of 0 is accepted');
select throws_ok($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('PGTAPX4', 'percentage', 100.5, now()) $$, '23514', null, 'a percentage above 100 is rejected');
select lives_ok($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('PGTAPX5', 'fixed_amount', 150000, now()) $$, 'a fixed amount may exceed 100');
select throws_ok($$ insert into public.discount_codes (code, discount_type, discount_value, max_uses, expires_at) values ('PGTAPX6', 'percentage', 5, -1, now()) $$, '23514', null, 'negative max uses are rejected');
select throws_ok($$ insert into public.discount_codes (code, discount_type, discount_value, uses_count, expires_at) values ('PGTAPX7', 'percentage', 5, -1, now()) $$, '23514', null, 'a negative use count is rejected');
select throws_ok($$ insert into public.discount_codes (code, discount_type, discount_value) values ('PGTAPX8', 'percentage', 5) $$, '23502', null, 'the expiry is required');
select throws_ok($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at, status) values ('PGTAPX9', 'percentage', 5, now(), 'expired') $$, '23514', null, 'status is active or inactive');
select throws_ok($$ insert into public.discount_code_services (discount_code_id, subcategory_id) values (tests.id('promo'), tests.id('svc_active')) $$, '23505', null,
  'a service is linked to a code once');
update public.discount_codes set updated_at = '2020-01-01' where id = tests.id('promo');
select is((select updated_at from public.discount_codes where id = tests.id('promo')), now(), 'updated_at is kept');

-- ------------------------------------------------------------------ anon
select tests.clear_authentication();
select throws_ok($$ select * from public.discount_codes $$, '42501', null, 'anon cannot read promotion codes');
select throws_ok($$ select * from public.discount_code_services $$, '42501', null, 'anon cannot read the services of codes');
select throws_ok($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('PGTAPANON', 'percentage', 100, now()) $$, '42501', null, 'anon cannot create codes');

-- ------------------------------------------------------------------ customer and provider
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is_empty($$ select * from public.discount_codes $$, 'a customer reads no promotion code through the table');
select is_empty($$ select * from public.discount_code_services $$, 'a customer reads no code–service link');
select throws_ok($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('PGTAPFREE', 'percentage', 100, now() + interval '1 year') $$,
  '42501', null, 'a customer cannot create a code');
select is_empty($$ update public.discount_codes set uses_count = 0, max_uses = 1000 where id = tests.id('promo') returning id $$, 'a customer cannot change a code');
select is_empty($$ delete from public.discount_codes where id = tests.id('promo') returning id $$, 'a customer cannot delete a code');
select throws_ok($$ insert into public.discount_code_services (discount_code_id, subcategory_id) values (tests.id('promo'), tests.id('svc_inactive')) $$,
  '42501', null, 'a customer cannot link services to a code');
select is_empty($$ delete from public.discount_code_services returning discount_code_id $$, 'a customer cannot unlink services');

select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select is_empty($$ select * from public.discount_codes $$, 'a provider reads no promotion code');
select is_empty($$ update public.discount_codes set status = 'inactive' where id = tests.id('promo') returning id $$, 'a provider cannot change a code');
select throws_ok($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('PGTAPTHO', 'percentage', 1, now()) $$, '42501', null, 'a provider cannot create a code');

select tests.as_superuser();
select results_eq($$ select status, max_uses, uses_count from public.discount_codes where id = tests.id('promo') $$,
  $$ values ('active'::text, 100, 0) $$, 'the code is unchanged by the denied writes');

-- ------------------------------------------------------------------ admin
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select isnt_empty($$ select 1 from public.discount_codes where id = tests.id('promo') $$, 'an admin reads codes');
select lives_ok($$ insert into public.discount_codes (id, code, discount_type, discount_value, max_uses, expires_at)
                  values (tests.id('promo_admin'), 'pgtaphe', 'percentage', 15, 50, now() + interval '7 days') $$, 'an admin creates a code');
select is((select code from public.discount_codes where id = tests.id('promo_admin')), 'PGTAPHE', '…stored upper-case');
select isnt_empty($$ update public.discount_codes set status = 'inactive', discount_value = 20, max_uses = 60 where id = tests.id('promo_admin') returning id $$,
  'an admin edits a code');
select lives_ok($$ insert into public.discount_code_services (discount_code_id, subcategory_id) values (tests.id('promo_admin'), tests.id('svc_active')) $$,
  'an admin links a service to a code');
select isnt_empty($$ select 1 from public.discount_code_services where discount_code_id = tests.id('promo_admin') $$, 'an admin reads the links');
select isnt_empty($$ delete from public.discount_code_services where discount_code_id = tests.id('promo_admin') returning subcategory_id $$, 'an admin unlinks a service');
select throws_ok($$ update public.discount_codes set discount_value = 101 where id = tests.id('promo') $$, '23514', null, 'the percentage rule applies to admins');
select isnt_empty($$ delete from public.discount_codes where id = tests.id('promo_admin') returning id $$, 'an admin deletes a code');
select tests.as_superuser();
delete from public.discount_codes where id = tests.id('promo');
select is_empty($$ select 1 from public.discount_code_services where discount_code_id = tests.id('promo') $$, 'deleting a code removes its service links');

select * from finish();
rollback;
