-- bookings: the snapshot taken on insert, completed_at, updated_at, constraints, and RLS: a
-- customer reads only their bookings, a provider only those assigned to them, neither changes
-- anything; admins read all and change status; anon nothing.
begin;
set search_path = public, extensions;
select plan(50);

select tests.make_world();

-- ------------------------------------------------------------------ snapshot on insert
insert into public.bookings (id, customer_id, service_item_id, subcategory_id, discount_code, discount_type, discount_value, discount_amount)
values (tests.id('booking_snap'), tests.user_id('cust.a@pgtap.test'), tests.id('item_active'), tests.id('svc_active'), 'PGTAP10', 'percentage', 10, 20000);
select results_eq(
  $$ select customer_name, customer_email, customer_phone from public.bookings where id = tests.id('booking_snap') $$,
  $$ values ('Khách A'::text, 'cust.a@pgtap.test'::text, '0900000001'::text) $$,
  'the customer''s name, e-mail and phone are copied onto the booking');
select results_eq(
  $$ select service_item_name, service_item_duration, service_item_price, service_name, category_name
       from public.bookings where id = tests.id('booking_snap') $$,
  $$ values ('Gói 2 giờ'::text, '2 giờ'::text, 200000::bigint, 'Dịch vụ kiểm thử'::text, 'Ngành kiểm thử'::text) $$,
  'the package, service and category are copied onto the booking');
select is((select original_price from public.bookings where id = tests.id('booking_snap')), 200000::bigint, 'original_price defaults to the package price');
select is((select final_price from public.bookings where id = tests.id('booking_snap')), 180000::bigint, 'final_price defaults to original_price - discount_amount');
select is((select status from public.bookings where id = tests.id('booking_snap')), 'pending', 'a new booking is pending');
select is((select payment_method from public.bookings where id = tests.id('booking_snap')), 'cash', 'payment_method defaults to cash');
select is((select completed_at from public.bookings where id = tests.id('booking_snap')), null, 'a pending booking has no completed_at');
update public.profiles set name = 'Khách A tên mới' where id = tests.user_id('cust.a@pgtap.test');
update public.service_items set price = 250000, name = 'Gói 2 giờ (mới)' where id = tests.id('item_active');
select results_eq(
  $$ select customer_name, service_item_name, service_item_price from public.bookings where id = tests.id('booking_snap') $$,
  $$ values ('Khách A'::text, 'Gói 2 giờ'::text, 200000::bigint) $$,
  'later profile and catalogue edits do not rewrite the booking''s snapshot');

-- ------------------------------------------------------------------ completed_at and updated_at
update public.bookings set updated_at = '2020-01-01' where id = tests.id('booking_snap');
-- (a completed booking has a provider: bookings_provider_required, 055-bookings-provider-required.sql)
update public.bookings set status = 'completed', provider_id = tests.user_id('prov.p@pgtap.test') where id = tests.id('booking_snap');
select is((select completed_at from public.bookings where id = tests.id('booking_snap')), now(), 'becoming completed stamps completed_at');
select is((select updated_at from public.bookings where id = tests.id('booking_snap')), now(), 'a status change moves updated_at');
update public.bookings set status = 'cancelled' where id = tests.id('booking_snap');
select is((select completed_at from public.bookings where id = tests.id('booking_snap')), null, 'leaving completed clears completed_at');
select lives_ok($$ update public.bookings set status = 'pending_completion', completion_reported_at = now() where id = tests.id('booking_snap') $$,
  'any status may follow any other (docs/screens.md#booking-detail): cancelled → pending_completion');
-- back to a booking of nobody's for the provider's reads below
update public.bookings set status = 'cancelled', provider_id = null where id = tests.id('booking_snap');

-- ------------------------------------------------------------------ constraints
select throws_ok($$ update public.bookings set status = 'done' where id = tests.id('booking_a') $$, '23514', null, 'an unknown booking status is rejected');
select throws_ok($$ update public.bookings set status = 'canceled' where id = tests.id('booking_a') $$, '23514', null, 'the deposit spelling "canceled" is not a booking status');
select throws_ok($$ update public.bookings set payment_method = 'crypto' where id = tests.id('booking_a') $$, '23514', null, 'payment_method is cash or bank_transfer');
select lives_ok($$ update public.bookings set payment_method = 'bank_transfer' where id = tests.id('booking_a') $$, 'bank_transfer is a payment method');
select throws_ok($$ update public.bookings set final_price = -1 where id = tests.id('booking_a') $$, '23514', null, 'a negative final price is rejected');
select throws_ok($$ update public.bookings set original_price = -1 where id = tests.id('booking_a') $$, '23514', null, 'a negative original price is rejected');
select throws_ok($$ update public.bookings set discount_amount = -1 where id = tests.id('booking_a') $$, '23514', null, 'a negative discount amount is rejected');
select throws_ok($$ update public.bookings set discount_code = 'X', discount_type = null, discount_value = null where id = tests.id('booking_a') $$, '23514', null,
  'a discount code needs its type and value');
select throws_ok($$ update public.bookings set discount_code = 'X', discount_type = 'half', discount_value = 1 where id = tests.id('booking_a') $$, '23514', null,
  'discount_type is percentage or fixed_amount');
select throws_ok($$ update public.bookings set customer_name = '  ' where id = tests.id('booking_a') $$, '23514', null, 'a blank customer name is rejected');
select throws_ok($$ update public.bookings set status = null where id = tests.id('booking_a') $$, '23502', null, 'status is never null');

-- ------------------------------------------------------------------ anon
select tests.clear_authentication();
select throws_ok($$ select * from public.bookings $$, '42501', null, 'anon cannot read bookings');
select throws_ok($$ update public.bookings set status = 'cancelled' $$, '42501', null, 'anon cannot update bookings');
select throws_ok($$ insert into public.bookings (customer_name, subcategory_id, service_name, original_price, final_price)
                   values ('x', tests.id('svc_active'), 'x', 1, 1) $$, '42501', null, 'anon cannot insert bookings');
select throws_ok($$ delete from public.bookings $$, '42501', null, 'anon cannot delete bookings');

-- ------------------------------------------------------------------ customer A
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select set_eq($$ select id from public.bookings $$, array[tests.id('booking_a'), tests.id('booking_snap')], 'a customer reads exactly their own bookings');
select is_empty($$ select id from public.bookings where id = tests.id('booking_b') $$, 'a customer reading another customer''s booking gets zero rows');
select is_empty($$ select id from public.bookings where customer_id = tests.user_id('cust.b@pgtap.test') $$, 'filtering by another customer''s id gives zero rows');
select is_empty($$ update public.bookings set status = 'cancelled' where id = tests.id('booking_a') returning id $$, 'a customer cannot change their own booking''s status');
select is_empty($$ update public.bookings set final_price = 1 where id = tests.id('booking_a') returning id $$, 'a customer cannot change their own booking''s price');
select is_empty($$ update public.bookings set status = 'cancelled' where id = tests.id('booking_b') returning id $$, 'a customer cannot change another customer''s booking');
select throws_ok($$ insert into public.bookings (customer_id, customer_name, subcategory_id, service_name, original_price, final_price)
                   values (tests.user_id('cust.a@pgtap.test'), 'x', tests.id('svc_active'), 'x', 1, 1) $$, '42501', null, 'a customer cannot insert bookings through the API');
select throws_ok($$ delete from public.bookings where id = tests.id('booking_a') $$, '42501', null, 'a customer cannot delete bookings');

-- ------------------------------------------------------------------ provider P
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select set_eq($$ select id from public.bookings $$, array[tests.id('booking_a')], 'a provider reads exactly the bookings assigned to them');
select is_empty($$ select id from public.bookings where id = tests.id('booking_b') $$, 'a provider cannot read another provider''s booking');
select is_empty($$ update public.bookings set status = 'completed' where id = tests.id('booking_a') returning id $$, 'a provider cannot complete their booking through the API');
select is_empty($$ update public.bookings set provider_id = tests.user_id('prov.p@pgtap.test') where id = tests.id('booking_b') returning id $$,
  'a provider cannot take another provider''s booking');
select throws_ok($$ delete from public.bookings where id = tests.id('booking_a') $$, '42501', null, 'a provider cannot delete bookings');

select tests.as_superuser();
select results_eq($$ select status, provider_id from public.bookings where id in (tests.id('booking_a'), tests.id('booking_b')) order by customer_name $$,
  $$ values ('pending'::text, tests.user_id('prov.p@pgtap.test')), ('confirmed'::text, tests.user_id('prov.q@pgtap.test')) $$,
  'the denied updates changed nothing');

-- ------------------------------------------------------------------ admin
select set_config('tests.bookings_total', (select count(*) from public.bookings)::text, true);
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is((select count(*) from public.bookings), current_setting('tests.bookings_total')::bigint,
  'an admin reads every booking (as many as the superuser sees)');
select isnt_empty($$ update public.bookings set status = 'confirmed' where id = tests.id('booking_a') returning id $$, 'an admin changes a booking''s status');
select isnt_empty($$ update public.bookings set status = 'pending' where id = tests.id('booking_b') returning id $$, 'an admin changes another booking''s status');
select isnt_empty($$ update public.bookings set provider_id = tests.user_id('prov.q@pgtap.test') where id = tests.id('booking_a') returning id $$,
  'an admin reassigns a booking');
select throws_ok($$ update public.bookings set status = 'bogus' where id = tests.id('booking_a') $$, '23514', null, 'the status check applies to admins');
select throws_ok($$ delete from public.bookings where id = tests.id('booking_a') $$, '42501', null, 'bookings are not deleted through the API, not even by admins');
select throws_ok($$ insert into public.bookings (customer_name, subcategory_id, service_name, original_price, final_price)
                   values ('x', tests.id('svc_active'), 'x', 1, 1) $$, '42501', null, 'admins do not create bookings through the API');

-- ------------------------------------------------------------------ service role
select tests.authenticate_as_service_role();
select lives_ok($$ insert into public.bookings (id, customer_id, subcategory_id, service_item_id)
                  values (tests.id('booking_sr'), tests.user_id('cust.b@pgtap.test'), tests.id('svc_active'), tests.id('item_active')) $$,
  'the service role may insert bookings (the mobile apps'' back end)');
select isnt_empty($$ delete from public.bookings where id = tests.id('booking_sr') returning id $$, 'the service role may delete bookings');

select * from finish();
rollback;
