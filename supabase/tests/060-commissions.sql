-- Commissions (docs/decisions.md#commission-amounts, docs/decisions.md#commission-rows-follow-completion): created when a booking becomes completed, with
-- platform_fee = round(service_price × rate / 100) and provider_amount = service_price − platform_fee,
-- the rate from the booking's service else settings.commission_rate; removed when the booking
-- leaves completed; never two per booking; the provider's total_earnings follow. RLS: the provider
-- reads their own, admins all, customers and anon none; nobody writes them through the API.
begin;
set search_path = public, extensions;
select plan(48);

select tests.make_world();
update public.settings set commission_rate = 12.5 where id = 'app';

-- ------------------------------------------------------------------ creation on completion
select is_empty($$ select 1 from public.commissions where booking_id = tests.id('booking_a') $$, 'a pending booking has no commission');
update public.bookings set status = 'confirmed' where id = tests.id('booking_a');
select is_empty($$ select 1 from public.commissions where booking_id = tests.id('booking_a') $$, 'a confirmed booking has no commission');
update public.bookings set status = 'pending_completion' where id = tests.id('booking_a');
select is_empty($$ select 1 from public.commissions where booking_id = tests.id('booking_a') $$, 'a booking pending completion has no commission');
update public.bookings set status = 'completed' where id = tests.id('booking_a');
select is((select count(*)::int from public.commissions where booking_id = tests.id('booking_a')), 1, 'completing a booking creates one commission row');
select results_eq(
  $$ select provider_id, subcategory_id, commission_rate, service_price, platform_fee, provider_amount, final_price
       from public.commissions where booking_id = tests.id('booking_a') $$,
  $$ values (tests.user_id('prov.p@pgtap.test'), tests.id('svc_active'), 15.00::numeric(5,2), 200000::bigint, 30000::bigint, 170000::bigint, 180000::bigint) $$,
  'rate 15 % of the service: platform_fee 30 000, provider_amount 170 000, final price carried');
select is((select booking_completed_at from public.commissions where booking_id = tests.id('booking_a')),
  (select completed_at from public.bookings where id = tests.id('booking_a')), 'booking_completed_at is the booking''s completed_at');
select is((select total_earnings from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 170000::bigint,
  'the provider''s total_earnings grow by provider_amount');

-- never two
update public.bookings set status = 'completed' where id = tests.id('booking_a');
update public.bookings set note = 'Ghi chú sau khi hoàn thành' where id = tests.id('booking_a');
select is((select count(*)::int from public.commissions where booking_id = tests.id('booking_a')), 1, 'saving a completed booking again does not add a second commission');
select throws_ok($$ insert into public.commissions (booking_id, provider_id, subcategory_id, commission_rate, service_price, final_price)
                   values (tests.id('booking_a'), tests.user_id('prov.p@pgtap.test'), tests.id('svc_active'), 10, 1, 1) $$,
  '23505', null, 'a second commission row for the same booking is rejected (unique booking_id)');
select is((select total_earnings from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 170000::bigint, 'earnings unchanged by the re-save');

-- ------------------------------------------------------------------ removal when leaving completed
update public.bookings set status = 'cancelled' where id = tests.id('booking_a');
select is_empty($$ select 1 from public.commissions where booking_id = tests.id('booking_a') $$, 'completed → cancelled removes the commission');
select is((select total_earnings from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 0::bigint, 'and takes the earnings back');
update public.bookings set status = 'completed' where id = tests.id('booking_a');
select is((select count(*)::int from public.commissions where booking_id = tests.id('booking_a')), 1, 'completing again creates exactly one row again');
update public.bookings set status = 'pending' where id = tests.id('booking_a');
select is_empty($$ select 1 from public.commissions where booking_id = tests.id('booking_a') $$, 'completed → pending removes it');
update public.bookings set status = 'completed' where id = tests.id('booking_a');
update public.bookings set status = 'confirmed' where id = tests.id('booking_a');
select is_empty($$ select 1 from public.commissions where booking_id = tests.id('booking_a') $$, 'completed → confirmed removes it');
update public.bookings set status = 'completed' where id = tests.id('booking_a');
update public.bookings set status = 'pending_completion' where id = tests.id('booking_a');
select is_empty($$ select 1 from public.commissions where booking_id = tests.id('booking_a') $$, 'completed → pending_completion removes it');

-- ------------------------------------------------------------------ rate fallback and rounding
insert into public.bookings (id, customer_id, provider_id, subcategory_id, service_item_id, status, original_price, final_price)
values (tests.id('booking_fallback'), tests.user_id('cust.b@pgtap.test'), tests.user_id('prov.q@pgtap.test'),
        tests.id('svc_inactive'), tests.id('item_of_inactive'), 'pending', 333333, 300000);
update public.bookings set status = 'completed' where id = tests.id('booking_fallback');
select is((select commission_rate from public.commissions where booking_id = tests.id('booking_fallback')), 12.50::numeric(5,2),
  'a service without a rate falls back to settings.commission_rate');
select is((select platform_fee from public.commissions where booking_id = tests.id('booking_fallback')), 41667::bigint,
  'platform_fee = round(333 333 × 12.5 / 100) = 41 667');
select is((select provider_amount from public.commissions where booking_id = tests.id('booking_fallback')), 291666::bigint,
  'provider_amount = 333 333 − 41 667 = 291 666');
select is((select platform_fee + provider_amount from public.commissions where booking_id = tests.id('booking_fallback')), 333333::bigint,
  'platform_fee + provider_amount = service_price');

-- the rate is a snapshot: changing the service's rate later does not rewrite the row
update public.subcategories set commission_rate = 50 where id = tests.id('svc_inactive');
update public.settings set commission_rate = 40 where id = 'app';
select is((select commission_rate from public.commissions where booking_id = tests.id('booking_fallback')), 12.50::numeric(5,2),
  'later rate changes do not rewrite an existing commission');

-- a zero rate is a rate (not "missing")
update public.subcategories set commission_rate = 0 where id = tests.id('svc_active');
insert into public.bookings (id, customer_id, provider_id, subcategory_id, status, original_price, final_price, customer_name, service_name)
values (tests.id('booking_zero'), tests.user_id('cust.b@pgtap.test'), tests.user_id('prov.q@pgtap.test'), tests.id('svc_active'),
        'completed', 100000, 100000, 'Khách B', 'Dịch vụ kiểm thử');
select results_eq($$ select commission_rate, platform_fee, provider_amount from public.commissions where booking_id = tests.id('booking_zero') $$,
  $$ values (0.00::numeric(5,2), 0::bigint, 100000::bigint) $$,
  'a booking inserted as completed gets its commission; a 0 % service rate is used, not the default');

-- a 100 % rate and a free booking
update public.subcategories set commission_rate = 100 where id = tests.id('svc_active');
insert into public.bookings (id, customer_id, provider_id, subcategory_id, status, original_price, final_price, customer_name, service_name)
values (tests.id('booking_full'), tests.user_id('cust.b@pgtap.test'), tests.user_id('prov.q@pgtap.test'), tests.id('svc_active'),
        'completed', 90000, 0, 'Khách B', 'Dịch vụ kiểm thử');
select results_eq($$ select platform_fee, provider_amount, final_price from public.commissions where booking_id = tests.id('booking_full') $$,
  $$ values (90000::bigint, 0::bigint, 0::bigint) $$, 'rate 100 %: the platform takes the whole service price');
select is((select total_earnings from public.profiles where id = tests.user_id('prov.q@pgtap.test')), 291666::bigint + 100000 + 0,
  'prov.q''s total_earnings = the sum of their provider_amount');

-- a completed booking always has a provider (bookings_provider_required), so every commission is someone's
select throws_ok($$ insert into public.bookings (id, customer_id, subcategory_id, status, original_price, final_price, customer_name, service_name)
                   values (tests.id('booking_noprov'), tests.user_id('cust.b@pgtap.test'), tests.id('svc_active'), 'completed', 50000, 50000,
                           'Khách B', 'Dịch vụ kiểm thử') $$,
  '23514', 'new row for relation "bookings" violates check constraint "bookings_provider_required"',
  'a completed booking without a provider is refused, so no commission without provider is made');

-- ------------------------------------------------------------------ constraints (direct writes by the superuser)
select throws_ok($$ update public.commissions set commission_rate = 101 where booking_id = tests.id('booking_fallback') $$, '23514', null, 'a commission rate above 100 is rejected');
select throws_ok($$ update public.commissions set service_price = -1 where booking_id = tests.id('booking_fallback') $$, '23514', null, 'a negative service price is rejected');
select throws_ok($$ update public.commissions set platform_fee = 1 where booking_id = tests.id('booking_fallback') $$, '428C9', null, 'platform_fee is computed, never written');

-- ------------------------------------------------------------------ RLS
update public.bookings set status = 'completed' where id = tests.id('booking_a');
update public.bookings set status = 'completed' where id = tests.id('booking_b');
select set_config('tests.commissions_total', (select count(*) from public.commissions)::text, true);

select tests.clear_authentication();
select throws_ok($$ select * from public.commissions $$, '42501', null, 'anon cannot read commissions');
select throws_ok($$ delete from public.commissions $$, '42501', null, 'anon cannot delete commissions');

select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is_empty($$ select * from public.commissions $$, 'a customer reads no commission, not even of their own booking');
select throws_ok($$ insert into public.commissions (booking_id, commission_rate, service_price, final_price) values (tests.id('booking_a'), 1, 1, 1) $$,
  '42501', null, 'a customer cannot insert commissions');

select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select set_eq($$ select booking_id from public.commissions $$, array[tests.id('booking_a')], 'a provider reads exactly their own commissions');
select is_empty($$ select 1 from public.commissions where booking_id = tests.id('booking_b') $$, 'a provider cannot read another provider''s commission');
select throws_ok($$ update public.commissions set commission_rate = 0 where booking_id = tests.id('booking_a') $$, '42501', null,
  'a provider cannot change their commission rate');
select throws_ok($$ delete from public.commissions where booking_id = tests.id('booking_a') $$, '42501', null, 'a provider cannot delete their commission');
select throws_ok($$ insert into public.commissions (booking_id, commission_rate, service_price, final_price) values (tests.id('booking_b'), 1, 1, 1) $$,
  '42501', null, 'a provider cannot insert commissions');

select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is((select count(*) from public.commissions), current_setting('tests.commissions_total')::bigint, 'an admin reads every commission');
select throws_ok($$ update public.commissions set commission_rate = 0 where booking_id = tests.id('booking_a') $$, '42501', null,
  'an admin does not edit commissions directly (they follow the booking)');
select throws_ok($$ insert into public.commissions (booking_id, commission_rate, service_price, final_price) values (tests.id('booking_noprov'), 1, 1, 1) $$,
  '42501', null, 'an admin does not insert commissions directly');
select throws_ok($$ delete from public.commissions where booking_id = tests.id('booking_a') $$, '42501', null, 'an admin does not delete commissions directly');
-- …but an admin's status change drives them (the trigger runs with the owner's rights).
select isnt_empty($$ update public.bookings set status = 'cancelled' where id = tests.id('booking_b') returning id $$, 'an admin cancels a completed booking');
select is_empty($$ select 1 from public.commissions where booking_id = tests.id('booking_b') $$, 'its commission is gone for the admin too');
select isnt_empty($$ update public.bookings set status = 'completed' where id = tests.id('booking_b') returning id $$, 'an admin completes a booking');
select results_eq($$ select platform_fee, provider_amount from public.commissions where booking_id = tests.id('booking_b') $$,
  $$ values (200000::bigint, 0::bigint) $$, 'the commission is back, at the service''s current rate (100 % here)');

select tests.authenticate_as_service_role();
select is((select count(*) from public.commissions), current_setting('tests.commissions_total')::bigint, 'the service role reads every commission');
select set_config('tests.q_earnings', (select total_earnings from public.profiles where id = tests.user_id('prov.q@pgtap.test'))::text, true);
delete from public.bookings where id = tests.id('booking_zero');
select is_empty($$ select 1 from public.commissions where booking_id = tests.id('booking_zero') $$, 'deleting a completed booking deletes its commission');
select is((select total_earnings from public.profiles where id = tests.user_id('prov.q@pgtap.test')), current_setting('tests.q_earnings')::bigint - 100000,
  'and takes its provider_amount (100 000) off the provider''s earnings');

select * from finish();
rollback;
