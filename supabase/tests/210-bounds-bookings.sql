-- Input contract of bookings (docs/product.md#input-rules): the address, note and snapshot lengths and
-- the price ranges. Refused for the admin, rows unchanged.
begin;
set search_path = public, extensions;
select plan(9);

select tests.make_world();
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));

select lives_ok($$ update public.bookings set address = repeat('a', 500), note = repeat('n', 1000) where id = tests.id('booking_a') $$,
  'an address of 500 and a note of 1000 characters are accepted');
select throws_ok($$ update public.bookings set address = repeat('a', 501) where id = tests.id('booking_a') $$, '23514', null, 'an address of 501 characters is refused');
select throws_ok($$ update public.bookings set note = repeat('n', 1001) where id = tests.id('booking_a') $$, '23514', null, 'a note of 1001 characters is refused');
select throws_ok($$ update public.bookings set customer_name = repeat('c', 101) where id = tests.id('booking_a') $$, '23514', null, 'a customer name of 101 characters is refused');
select throws_ok($$ update public.bookings set discount_code = repeat('C', 33) where id = tests.id('booking_a') $$, '23514', null, 'a promotion code of 33 characters is refused');
select throws_ok($$ update public.bookings set original_price = 1000000001 where id = tests.id('booking_a') $$, '23514', null, 'an original price above 1 000 000 000 is refused');
select throws_ok($$ update public.bookings set final_price = 1000000001 where id = tests.id('booking_a') $$, '23514', null, 'a final price above 1 000 000 000 is refused');
select throws_ok($$ update public.bookings set discount_amount = 1000000001 where id = tests.id('booking_a') $$, '23514', null, 'a discount above 1 000 000 000 is refused');
select results_eq($$ select char_length(address), final_price from public.bookings where id = tests.id('booking_a') $$,
  $$ values (500, 180000::bigint) $$, 'the booking is unchanged by the refused writes');

select * from finish();
rollback;
