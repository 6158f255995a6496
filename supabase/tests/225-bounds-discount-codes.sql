-- Input contract of promotion codes (docs/product.md#input-rules): after trimming and upper-casing,
-- 3 to 32 of A-Z 0-9 - _; value, max uses ranges. Refused for the admin, row unchanged.
begin;
set search_path = public, extensions;
select plan(14);

select tests.make_world();
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));

select lives_ok($$ update public.discount_codes set code = '  giam_20-tet ' where id = tests.id('promo') $$, 'letters, digits, - and _ are accepted');
select is((select code from public.discount_codes where id = tests.id('promo')), 'GIAM_20-TET', 'and stored trimmed and upper-cased');
select throws_ok($$ update public.discount_codes set code = 'GIAM 20 TẾT' where id = tests.id('promo') $$, '23514', null, 'a code with spaces and accents is refused');
select throws_ok($$ update public.discount_codes set code = '<b>X</b>' where id = tests.id('promo') $$, '23514', null, 'a code with <> is refused');
select throws_ok($$ update public.discount_codes set code = 'AB' where id = tests.id('promo') $$, '23514', null, 'a code of 2 characters is refused');
select throws_ok($$ update public.discount_codes set code = repeat('A', 33) where id = tests.id('promo') $$, '23514', null, 'a code of 33 characters is refused');
select throws_ok($$ update public.discount_codes set code = repeat('A', 10000) where id = tests.id('promo') $$, '23514', null, 'a 10 kB code is refused');
select lives_ok($$ update public.discount_codes set code = repeat('A', 32) where id = tests.id('promo') $$, 'a code of 32 characters is accepted');
select throws_ok($$ update public.discount_codes set discount_type = 'fixed_amount', discount_value = 1000000001 where id = tests.id('promo') $$,
  '23514', null, 'a fixed value above 1 000 000 000 is refused');
select throws_ok($$ update public.discount_codes set discount_value = 100.01 where id = tests.id('promo') $$, '23514', null, 'a percentage above 100 is refused');
select throws_ok($$ update public.discount_codes set max_uses = 1000001 where id = tests.id('promo') $$, '23514', null, 'max uses above 1 000 000 are refused');
select throws_ok($$ update public.discount_codes set max_uses = -1 where id = tests.id('promo') $$, '23514', null, 'negative max uses are refused');
select throws_ok($$ insert into public.discount_codes (code, discount_type, discount_value, expires_at) values ('GIAM 20 TẾT', 'percentage', 5, now()) $$,
  '23514', null, 'a new code with spaces and accents is refused');
select results_eq($$ select code, discount_type, discount_value, max_uses from public.discount_codes where id = tests.id('promo') $$,
  $$ values (repeat('A', 32), 'percentage'::text, 10::numeric, 100) $$, 'the code is unchanged by the refused writes');

select * from finish();
rollback;
