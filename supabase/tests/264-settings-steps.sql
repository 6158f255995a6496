-- The settings' steps (docs/product.md#input-rules): the platform commission in steps of 0.1 and the
-- minimum deposit in steps of 1 000 VND, for admins as for any writer.
begin;
set search_path = public, extensions;
select plan(4);

select tests.make_world();
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is(tests.try_sql($$ update public.settings set commission_rate = 12.55 where id = 'app' $$), '23514', 'a commission of 12.55 % is refused');
select is(tests.try_sql($$ update public.settings set min_deposit_amount = 150500 where id = 'app' $$), '23514', 'a minimum deposit of 150 500 VND is refused');
select is(tests.try_sql($$ update public.settings set commission_rate = 12.5, min_deposit_amount = 150000 where id = 'app' $$), 'ok', 'values on their steps are accepted');
select results_eq($$ select commission_rate, min_deposit_amount from public.settings where id = 'app' $$, $$ values (12.5::numeric(5, 2), 150000::bigint) $$, 'and stored');

select * from finish();
rollback;
