-- Deposit status transitions (docs/product.md#deposits-and-balances, docs/decisions.md#deposit-status-changes): all six transitions with the balance and
-- old/new balance on the row, the floor at 0, activation on completion, deactivation below
-- settings.min_deposit_amount, amount edits; constraints; RLS (a provider reads their own
-- deposits and cannot change them; admins do everything; customers and anon nothing).
begin;
set search_path = public, extensions;
select plan(62);

select tests.make_world();
update public.settings set min_deposit_amount = 0 where id = 'app';

-- Provider P: balance 0, active. deposit_p: 100 000 pending.
-- 1. pending → completed
update public.deposit_history set status = 'completed' where id = tests.id('deposit_p');
select is((select deposit from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 100000::bigint, 'pending → completed adds the amount to the balance');
select results_eq($$ select old_balance, new_balance from public.deposit_history where id = tests.id('deposit_p') $$,
  $$ values (0::bigint, 100000::bigint) $$, 'pending → completed records old 0 / new 100 000 on the row');
-- 2. completed → pending
update public.deposit_history set status = 'pending' where id = tests.id('deposit_p');
select is((select deposit from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 0::bigint, 'completed → pending subtracts the amount');
select results_eq($$ select old_balance, new_balance from public.deposit_history where id = tests.id('deposit_p') $$,
  $$ values (100000::bigint, 0::bigint) $$, 'completed → pending records old 100 000 / new 0');
-- 3. pending → canceled
update public.deposit_history set status = 'canceled' where id = tests.id('deposit_p');
select is((select deposit from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 0::bigint, 'pending → canceled leaves the balance alone');
select is((select status from public.deposit_history where id = tests.id('deposit_p')), 'canceled', 'pending → canceled is stored');
-- 4. canceled → completed
update public.deposit_history set status = 'completed' where id = tests.id('deposit_p');
select is((select deposit from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 100000::bigint, 'canceled → completed adds the amount');
select results_eq($$ select old_balance, new_balance from public.deposit_history where id = tests.id('deposit_p') $$,
  $$ values (0::bigint, 100000::bigint) $$, 'canceled → completed records old 0 / new 100 000');
-- 5. completed → canceled
update public.deposit_history set status = 'canceled' where id = tests.id('deposit_p');
select is((select deposit from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 0::bigint, 'completed → canceled subtracts the amount');
select results_eq($$ select old_balance, new_balance from public.deposit_history where id = tests.id('deposit_p') $$,
  $$ values (100000::bigint, 0::bigint) $$, 'completed → canceled records old 100 000 / new 0');
-- 6. canceled → pending
update public.deposit_history set status = 'pending' where id = tests.id('deposit_p');
select is((select deposit from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 0::bigint, 'canceled → pending leaves the balance alone');
select is((select status from public.deposit_history where id = tests.id('deposit_p')), 'pending', 'canceled → pending is stored');
-- same status again
update public.deposit_history set status = 'pending' where id = tests.id('deposit_p');
select is((select deposit from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 0::bigint, 'pending → pending changes nothing');

-- Two deposits add up; completing one of them does not touch the other's row.
update public.deposit_history set status = 'completed' where id = tests.id('deposit_p');
insert into public.deposit_history (id, provider_id, amount, status) values (tests.id('deposit_p2'), tests.user_id('prov.p@pgtap.test'), 40000, 'pending');
update public.deposit_history set status = 'completed' where id = tests.id('deposit_p2');
select is((select deposit from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 140000::bigint, 'two completed deposits add up (100 000 + 40 000)');
select results_eq($$ select old_balance, new_balance from public.deposit_history where id = tests.id('deposit_p2') $$,
  $$ values (100000::bigint, 140000::bigint) $$, 'the second deposit records old 100 000 / new 140 000');

-- ------------------------------------------------------------------ floor at 0
select tests.set_balance(tests.user_id('prov.p@pgtap.test'), 30000);
update public.deposit_history set status = 'canceled' where id = tests.id('deposit_p');
select is((select deposit from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 0::bigint,
  'leaving completed never takes the balance below 0 (30 000 − 100 000 → 0)');
select results_eq($$ select old_balance, new_balance from public.deposit_history where id = tests.id('deposit_p') $$,
  $$ values (30000::bigint, 0::bigint) $$, 'the floored change records old 30 000 / new 0');

-- ------------------------------------------------------------------ amount edits on a completed row
select tests.set_balance(tests.user_id('prov.p@pgtap.test'), 0);
update public.deposit_history set status = 'completed' where id = tests.id('deposit_p');
update public.deposit_history set amount = 150000 where id = tests.id('deposit_p');
select is((select deposit from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 150000::bigint,
  'raising the amount of a completed deposit adds the difference');
update public.deposit_history set amount = 20000 where id = tests.id('deposit_p');
select is((select deposit from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 20000::bigint,
  'lowering it subtracts the difference');
update public.deposit_history set amount = 999000 where id = tests.id('deposit_q');
select is((select deposit from public.profiles where id = tests.user_id('prov.q@pgtap.test')), 0::bigint,
  'editing the amount of a pending deposit does not touch the balance');

-- ------------------------------------------------------------------ activation and deactivation
select tests.set_balance(tests.user_id('prov.q@pgtap.test'), 0);
update public.profiles set status = 'pending_approval' where id = tests.user_id('prov.q@pgtap.test');
update public.deposit_history set amount = 50000 where id = tests.id('deposit_q');
update public.deposit_history set status = 'completed' where id = tests.id('deposit_q');
select is((select status from public.profiles where id = tests.user_id('prov.q@pgtap.test')), 'pending_approval',
  'a completed deposit never activates a pending_approval provider (approval comes first)');
update public.profiles set status = 'active' where id = tests.user_id('prov.q@pgtap.test');
update public.deposit_history set status = 'pending' where id = tests.id('deposit_q');
select is((select status from public.profiles where id = tests.user_id('prov.q@pgtap.test')), 'active',
  'with minimum 0, leaving completed does not deactivate (0 is not below 0)');

update public.settings set min_deposit_amount = 100000 where id = 'app';
select tests.set_balance(tests.user_id('prov.q@pgtap.test'), 0);
update public.profiles set status = 'inactive' where id = tests.user_id('prov.q@pgtap.test');
update public.deposit_history set status = 'completed' where id = tests.id('deposit_q');
select is((select status from public.profiles where id = tests.user_id('prov.q@pgtap.test')), 'inactive',
  'completion below the minimum (50 000 < 100 000): the provider ends up inactive');
select is((select deposit from public.profiles where id = tests.user_id('prov.q@pgtap.test')), 50000::bigint, '…with the amount credited');
insert into public.deposit_history (id, provider_id, amount, status) values (tests.id('deposit_q2'), tests.user_id('prov.q@pgtap.test'), 50000, 'pending');
update public.deposit_history set status = 'completed' where id = tests.id('deposit_q2');
select is((select status from public.profiles where id = tests.user_id('prov.q@pgtap.test')), 'active',
  'reaching the minimum exactly (100 000) activates the provider');
update public.deposit_history set status = 'canceled' where id = tests.id('deposit_q2');
select is((select status from public.profiles where id = tests.user_id('prov.q@pgtap.test')), 'inactive',
  'dropping below the minimum deactivates the provider');
select results_eq($$ select old_balance, new_balance from public.deposit_history where id = tests.id('deposit_q2') $$,
  $$ values (100000::bigint, 50000::bigint) $$, 'the deactivating change records old 100 000 / new 50 000');

select tests.set_balance(tests.user_id('prov.q@pgtap.test'), 500000);
update public.profiles set status = 'active' where id = tests.user_id('prov.q@pgtap.test');
update public.deposit_history set status = 'pending' where id = tests.id('deposit_q');
select is((select status from public.profiles where id = tests.user_id('prov.q@pgtap.test')), 'active',
  'staying at or above the minimum (450 000) keeps the provider active');

-- A banned provider stays banned (docs/product.md#provider-status: activation and
-- deactivation never lift or replace a ban).
select tests.set_balance(tests.user_id('prov.q@pgtap.test'), 0);
update public.profiles set status = 'banned' where id = tests.user_id('prov.q@pgtap.test');
update public.deposit_history set status = 'completed' where id = tests.id('deposit_q');
select is((select status from public.profiles where id = tests.user_id('prov.q@pgtap.test')), 'banned', 'a completed deposit does not lift a ban');
select is((select deposit from public.profiles where id = tests.user_id('prov.q@pgtap.test')), 50000::bigint, '…but credits the amount');

-- A row inserted as completed is a transition to completed.
update public.settings set min_deposit_amount = 0 where id = 'app';
select tests.set_balance(tests.user_id('prov.p@pgtap.test'), 1000);
update public.profiles set status = 'inactive' where id = tests.user_id('prov.p@pgtap.test');
insert into public.deposit_history (id, provider_id, amount, status) values (tests.id('deposit_p3'), tests.user_id('prov.p@pgtap.test'), 7000, 'completed');
select results_eq($$ select old_balance, new_balance from public.deposit_history where id = tests.id('deposit_p3') $$,
  $$ values (1000::bigint, 8000::bigint) $$, 'a deposit inserted as completed is credited and recorded');
select is((select status from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 'active', '…and activates the provider');

-- ------------------------------------------------------------------ integrity and constraints
select ok(pg_get_functiondef('private.ledger_apply()'::regprocedure) ~* 'for\s+update',
  'the transition locks the provider row (select … for update) so concurrent changes serialise');
select throws_ok($$ update public.deposit_history set provider_id = tests.user_id('prov.q@pgtap.test') where id = tests.id('deposit_p3') $$,
  '42501', null, 'a deposit cannot be moved to another provider');
select throws_ok($$ insert into public.deposit_history (provider_id, amount, status) values (tests.user_id('cust.a@pgtap.test'), 1000, 'completed') $$,
  '23514', null, 'a customer has no deposit balance: completing a deposit for a customer is rejected');
select throws_ok($$ insert into public.deposit_history (provider_id, amount) values (tests.user_id('prov.p@pgtap.test'), -1) $$, '23514', null, 'a negative amount is rejected');
select throws_ok($$ insert into public.deposit_history (provider_id, amount, status) values (tests.user_id('prov.p@pgtap.test'), 1, 'done') $$, '23514', null, 'an unknown deposit status is rejected');
select throws_ok($$ insert into public.deposit_history (provider_id, amount, status) values (tests.user_id('prov.p@pgtap.test'), 1, 'cancelled') $$, '23514', null,
  'the booking spelling "cancelled" is not a deposit status');
select throws_ok($$ update public.deposit_history set old_balance = -1 where id = tests.id('deposit_p3') $$, '23514', null, 'a negative old balance is rejected');
select throws_ok($$ update public.deposit_history set new_balance = -1 where id = tests.id('deposit_p3') $$, '23514', null, 'a negative new balance is rejected');
insert into public.deposit_history (id, provider_id, amount) values (tests.id('deposit_default'), tests.user_id('prov.p@pgtap.test'), 5000);
select is((select status from public.deposit_history where id = tests.id('deposit_default')), 'pending', 'a new deposit is pending by default');
update public.deposit_history set updated_at = '2020-01-01' where id = tests.id('deposit_default');
select is((select updated_at from public.deposit_history where id = tests.id('deposit_default')), now(), 'updated_at is kept');

-- ------------------------------------------------------------------ RLS
select tests.set_balance(tests.user_id('prov.p@pgtap.test'), 0);
select set_config('tests.deposits_total', (select count(*) from public.deposit_history)::text, true);

select tests.clear_authentication();
select throws_ok($$ select * from public.deposit_history $$, '42501', null, 'anon cannot read deposits');
select throws_ok($$ insert into public.deposit_history (provider_id, amount) values (tests.user_id('prov.p@pgtap.test'), 1) $$, '42501', null, 'anon cannot insert deposits');

select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is_empty($$ select * from public.deposit_history $$, 'a customer reads no deposit');
select throws_ok($$ insert into public.deposit_history (provider_id, amount) values (tests.user_id('prov.p@pgtap.test'), 1) $$, '42501', null,
  'a customer cannot insert deposits');

select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select ok((select count(*) from public.deposit_history) > 0
          and (select bool_and(provider_id = tests.user_id('prov.p@pgtap.test')) from public.deposit_history),
  'a provider reads only their own deposits');
select is_empty($$ select 1 from public.deposit_history where id = tests.id('deposit_q') $$, 'a provider cannot read another provider''s deposit');
select is_empty($$ update public.deposit_history set status = 'completed' where id = tests.id('deposit_default') returning id $$,
  'a provider cannot complete their own deposit');
select is_empty($$ update public.deposit_history set amount = 99999999 where id = tests.id('deposit_p3') returning id $$,
  'a provider cannot change the amount of their own deposit');
select throws_ok($$ insert into public.deposit_history (provider_id, amount, status) values (tests.user_id('prov.p@pgtap.test'), 99999999, 'completed') $$,
  '42501', null, 'a provider cannot credit themselves with a completed deposit');
select throws_ok($$ delete from public.deposit_history where id = tests.id('deposit_p3') $$, '42501', null, 'a provider cannot delete deposits');
select tests.as_superuser();
select is((select deposit from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 0::bigint, 'the provider''s balance is unchanged by the denied writes');
select is((select status from public.deposit_history where id = tests.id('deposit_default')), 'pending', 'the deposit is still pending');

select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is((select count(*) from public.deposit_history), current_setting('tests.deposits_total')::bigint, 'an admin reads every deposit');
select lives_ok($$ insert into public.deposit_history (id, provider_id, amount) values (tests.id('deposit_admin'), tests.user_id('prov.p@pgtap.test'), 60000) $$,
  'an admin records a deposit');
select isnt_empty($$ update public.deposit_history set status = 'completed' where id = tests.id('deposit_admin') returning id $$, 'an admin completes a deposit');
select is((select deposit from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 60000::bigint, 'the admin''s completion credits the provider (trigger runs as owner)');
select isnt_empty($$ update public.deposit_history set old_balance = 1000, new_balance = 2000 where id = tests.id('deposit_admin') returning id $$,
  'an admin may correct old and new balance inline (docs/screens.md#deposit-history)');
select throws_ok($$ update public.deposit_history set amount = -5 where id = tests.id('deposit_admin') $$, '23514', null, 'the amount check applies to admins');
select throws_ok($$ delete from public.deposit_history where id = tests.id('deposit_admin') $$, '42501', null, 'deposits are not deleted through the API');

select tests.authenticate_as_service_role();
select is((select count(*) from public.deposit_history), current_setting('tests.deposits_total')::bigint + 1, 'the service role reads every deposit');

select * from finish();
rollback;
