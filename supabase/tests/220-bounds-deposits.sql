-- Input contract of deposit_history (docs/product.md#input-rules): amount range and note length.
begin;
set search_path = public, extensions;
select plan(5);

select tests.make_world();
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));

select throws_ok($$ update public.deposit_history set amount = 1000000001 where id = tests.id('deposit_p') $$, '23514', null, 'an amount above 1 000 000 000 is refused');
select throws_ok($$ update public.deposit_history set amount = -1 where id = tests.id('deposit_p') $$, '23514', null, 'a negative amount is refused');
select throws_ok($$ update public.deposit_history set note = repeat('n', 501) where id = tests.id('deposit_p') $$, '23514', null, 'a note of 501 characters is refused');
select throws_ok($$ insert into public.deposit_history (provider_id, amount) values (tests.user_id('prov.p@pgtap.test'), 1000000001) $$,
  '23514', null, 'a new deposit above 1 000 000 000 is refused');
select results_eq($$ select amount, note from public.deposit_history where id = tests.id('deposit_p') $$,
  $$ values (100000::bigint, null::text) $$, 'the deposit is unchanged by the refused writes');

select * from finish();
rollback;
