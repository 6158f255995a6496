-- A booking reported done ('pending_completion') or completed has a provider:
-- bookings_provider_required (docs/database.md#tables), whoever writes it (admin, SQL, seed).
begin;
set search_path = public, extensions;
select plan(9);

select tests.make_world();

select tests.as_superuser();
update public.bookings set provider_id = null where id = tests.id('booking_a');

select throws_ok($$ update public.bookings set status = 'completed', completion_reported_at = now(), completed_at = now()
                     where id = tests.id('booking_a') $$,
  '23514', 'new row for relation "bookings" violates check constraint "bookings_provider_required"',
  'completing a booking without provider fails with bookings_provider_required');
select throws_ok($$ update public.bookings set status = 'pending_completion', completion_reported_at = now()
                     where id = tests.id('booking_a') $$,
  '23514', 'new row for relation "bookings" violates check constraint "bookings_provider_required"',
  'reporting a booking without provider as done fails with bookings_provider_required');
select throws_ok($$ insert into public.bookings (customer_id, subcategory_id, service_item_id, status, address,
                                                 original_price, final_price, customer_name, service_name,
                                                 completion_reported_at, completed_at)
                   values (tests.user_id('cust.a@pgtap.test'), tests.id('svc_active'), tests.id('item_active'), 'completed',
                           '1 Lê Lợi', 200000, 200000, 'Khách A', 'Dịch vụ kiểm thử', now(), now()) $$,
  '23514', null, 'inserting a completed booking without provider fails');
select lives_ok($$ update public.bookings set status = 'cancelled' where id = tests.id('booking_a') $$,
  'a booking without provider may still be cancelled');
select is((select status from public.bookings where id = tests.id('booking_a')), 'cancelled', 'the cancellation is stored');

-- Through the API: an admin completing a booking without provider gets the constraint's error.
update public.bookings set status = 'confirmed', provider_id = null where id = tests.id('booking_b');
select tests.authenticate_with_claims(tests.user_claims(tests.user_id('admin@pgtap.test')) || '{"aal": "aal2"}');
select throws_ok($$ update public.bookings set status = 'completed', completion_reported_at = now(), completed_at = now()
                     where id = tests.id('booking_b') $$,
  '23514', 'new row for relation "bookings" violates check constraint "bookings_provider_required"',
  'an admin completing a booking without provider gets bookings_provider_required');

select tests.as_superuser();
select lives_ok($$ update public.bookings set provider_id = tests.user_id('prov.q@pgtap.test'), status = 'completed',
                          completion_reported_at = now(), completed_at = now() where id = tests.id('booking_b') $$,
  'with a provider the booking completes');
select throws_ok($$ update public.bookings set provider_id = null where id = tests.id('booking_b') $$,
  '23514', 'new row for relation "bookings" violates check constraint "bookings_provider_required"',
  'a completed booking cannot lose its provider');
select throws_ok($$ delete from auth.users where id = tests.user_id('prov.q@pgtap.test') $$,
  '23514', 'new row for relation "bookings" violates check constraint "bookings_provider_required"',
  'a provider who completed a booking cannot be deleted (ban them instead)');

select * from finish();
rollback;
