-- Promotion code rules (docs/product.md#promotion-codes): value steps (0.1 % / 1 000 VND), max uses
-- never below the uses made, an expiry set through the API lies in the future, a used code is never
-- deleted (for every role), an unused one is.
begin;
set search_path = public, extensions;
select plan(20);

select tests.make_world();
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));

-- ------------------------------------------------------------------ value steps
select is(tests.try_sql($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('PGSTEP1', 'percentage', 12.55, now() + interval '1 day') $$),
  '23514', 'a percentage of 12.55 (two decimals) is refused');
select is(tests.try_sql($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('PGSTEP2', 'percentage', 12.5, now() + interval '1 day') $$),
  'ok', 'a percentage of 12.5 is accepted');
select is(tests.try_sql($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('PGSTEP3', 'fixed_amount', 15500, now() + interval '1 day') $$),
  '23514', 'a fixed amount of 15 500 VND is refused');
select is(tests.try_sql($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('PGSTEP4', 'fixed_amount', 15000, now() + interval '1 day') $$),
  'ok', 'a fixed amount of 15 000 VND is accepted');

-- ------------------------------------------------------------------ max uses
select tests.as_superuser();
update public.discount_codes set uses_count = 40 where id = tests.id('promo');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is(tests.try_sql($$ update public.discount_codes set max_uses = 39 where id = tests.id('promo') $$),
  '23514', 'max uses 39 below 40 uses is refused');
select is(tests.try_sql($$ update public.discount_codes set max_uses = 40 where id = tests.id('promo') $$),
  'ok', 'max uses equal to the uses is accepted');
select throws_like($$ update public.discount_codes set max_uses = 10 where id = tests.id('promo') $$,
  '%discount_codes_max_uses_not_below_uses%', 'the refusal names its rule');

-- ------------------------------------------------------------------ expiry
select is(tests.try_sql($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('PGPAST1', 'percentage', 5, now() - interval '1 day') $$),
  '23514 expiry_in_past', 'an admin cannot create a code that expired yesterday');
select throws_like($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('PGPAST2', 'percentage', 5, '2020-01-02 03:04+07') $$,
  '%02/01/2020 03:04%', 'the refusal names the date typed, in Vietnam time');
select is(tests.try_sql($$ update public.discount_codes set expires_at = now() - interval '1 minute' where id = tests.id('promo') $$),
  '23514 expiry_in_past', 'an admin cannot move an expiry into the past');
select is(tests.try_sql($$ update public.discount_codes set expires_at = now() + interval '5 days' where id = tests.id('promo') $$),
  'ok', 'an expiry in the future is accepted');
select tests.as_superuser();
insert into public.discount_codes (id, code, discount_type, discount_value, max_uses, expires_at, created_at)
values (tests.id('promo_old'), 'PGOLD', 'percentage', 5, 10, now() - interval '3 days', now() - interval '30 days');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is(tests.try_sql($$ update public.discount_codes set status = 'inactive', max_uses = 20 where id = tests.id('promo_old') $$),
  'ok', 'an expired code keeps accepting edits that leave its expiry alone');

-- ------------------------------------------------------------------ delete
select tests.as_superuser();
update public.bookings set discount_code = 'PGOLD', discount_type = 'percentage', discount_value = 5 where id = tests.id('booking_b');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is(tests.try_sql($$ delete from public.discount_codes where id = tests.id('promo') $$),
  '23503 discount_code_in_use', 'a code with 40 uses cannot be deleted');
select is(tests.try_sql($$ delete from public.discount_codes where id = tests.id('promo_old') $$),
  '23503 discount_code_in_use', 'a code a booking holds (uses given back) cannot be deleted');
select is(public.admin_catalogue_usage('promotion', tests.id('promo_old')), '{"bookings": 1, "uses": 0}'::jsonb, 'its usage: 1 booking, 0 uses');
select tests.as_superuser();
select is(tests.try_sql($$ delete from public.discount_codes where id = tests.id('promo') $$),
  '23503 discount_code_in_use', 'not even the postgres owner deletes a used code');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select isnt_empty($$ delete from public.discount_codes where code = 'PGSTEP2' returning id $$, 'an admin deletes an unused code');
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is_empty($$ delete from public.discount_codes where code = 'PGSTEP4' returning id $$, 'a customer deletes no code');
select is(tests.try_sql($$ select public.admin_catalogue_usage('promotion', tests.id('promo')) $$), '42501', 'a customer cannot ask what uses a code');
select tests.as_superuser();
select isnt_empty($$ select 1 from public.discount_codes where code = 'PGSTEP4' $$, 'the code is still there');

select * from finish();
rollback;
