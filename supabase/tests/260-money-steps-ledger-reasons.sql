-- Money steps and the reason of each ledger balance change (docs/product.md#deposits-and-balances,
-- docs/product.md#input-rules): deposit amounts and the balances they record go in steps of
-- 1 000 VND; every balance change records why (completed, reverted, amount_changed with the amount
-- before, adjustment, corrected); only the ledger trigger writes the reason.
begin;
set search_path = public, extensions;
select plan(22);

select tests.make_world();
update public.settings set min_deposit_amount = 0 where id = 'app';
select set_config('tests.p', tests.user_id('prov.p@pgtap.test')::text, true);

select tests.authenticate_as(tests.user_id('admin@pgtap.test'));

-- ------------------------------------------------------------------ steps
select is(tests.try_sql($$ insert into public.deposit_history (provider_id, amount) values (current_setting('tests.p')::uuid, 1500) $$),
  '23514', 'a deposit of 1 500 VND (not a multiple of 1 000) is refused');
select is(tests.try_sql($$ update public.deposit_history set amount = 100500 where id = tests.id('deposit_p') $$),
  '23514', 'an amount edited to 100 500 is refused');
select is(tests.try_sql($$ update public.deposit_history set old_balance = 1234 where id = tests.id('deposit_p') $$),
  '23514', 'an old balance corrected to 1 234 is refused');
select is(tests.try_sql($$ select public.admin_adjust_balance(current_setting('tests.p')::uuid, 50500, 'Thử bước tiền') $$),
  '23514', 'an adjustment of 50 500 is refused');
select is(tests.try_sql($$ update public.deposit_history set amount = 120000 where id = tests.id('deposit_p') $$),
  'ok', 'an amount in steps of 1 000 is accepted');

-- ------------------------------------------------------------------ reasons
update public.deposit_history set status = 'completed' where id = tests.id('deposit_p');
select results_eq($$ select old_balance, new_balance, balance_reason, amount_before from public.deposit_history where id = tests.id('deposit_p') $$,
  $$ values (0::bigint, 120000::bigint, 'completed'::text, null::bigint) $$, 'completing: 0 → 120 000, reason completed');

update public.deposit_history set amount = 80000 where id = tests.id('deposit_p');
select results_eq($$ select old_balance, new_balance, balance_reason, amount_before from public.deposit_history where id = tests.id('deposit_p') $$,
  $$ values (120000::bigint, 80000::bigint, 'amount_changed'::text, 120000::bigint) $$,
  'lowering the amount of a completed deposit: 120 000 → 80 000, reason amount_changed, amount before 120 000');
select is((select deposit from public.profiles where id = current_setting('tests.p')::uuid), 80000::bigint, 'the balance followed the edit');

update public.deposit_history set status = 'pending' where id = tests.id('deposit_p');
select results_eq($$ select old_balance, new_balance, balance_reason, amount_before from public.deposit_history where id = tests.id('deposit_p') $$,
  $$ values (80000::bigint, 0::bigint, 'reverted'::text, null::bigint) $$, 'back to pending: 80 000 → 0, reason reverted');

update public.deposit_history set status = 'canceled' where id = tests.id('deposit_p');
select results_eq($$ select old_balance, new_balance, balance_reason from public.deposit_history where id = tests.id('deposit_p') $$,
  $$ values (80000::bigint, 0::bigint, 'reverted'::text) $$, 'pending → canceled moves no money: the row keeps its last reason');

update public.deposit_history set new_balance = 1000 where id = tests.id('deposit_p');
select results_eq($$ select new_balance, balance_reason from public.deposit_history where id = tests.id('deposit_p') $$,
  $$ values (1000::bigint, 'corrected'::text) $$, 'an admin rewriting the recorded balance: reason corrected');
select is((select deposit from public.profiles where id = current_setting('tests.p')::uuid), 0::bigint, '…and no money moved');

select is(tests.try_sql($$ update public.deposit_history set balance_reason = 'completed', amount_before = 5000 where id = tests.id('deposit_p') $$),
  'ok', 'a crafted write of the reason is not an error…');
select results_eq($$ select balance_reason, amount_before from public.deposit_history where id = tests.id('deposit_p') $$,
  $$ values ('corrected'::text, null::bigint) $$, '…but the trigger keeps the reason it wrote');

select is(tests.try_sql($$ insert into public.deposit_history (provider_id, amount, status, balance_reason) values (current_setting('tests.p')::uuid, 5000, 'pending', 'completed') $$),
  'ok', 'a new pending deposit with a crafted reason is stored…');
select is((select balance_reason from public.deposit_history where provider_id = current_setting('tests.p')::uuid and amount = 5000), null,
  '…without it (no balance change yet)');

select lives_ok($$ select public.admin_adjust_balance(current_setting('tests.p')::uuid, 30000, 'Bù tiền cọc') $$, 'an adjustment in steps of 1 000');
select results_eq($$ select old_balance, new_balance, balance_reason from public.deposit_history where provider_id = current_setting('tests.p')::uuid and kind = 'adjustment' $$,
  $$ values (0::bigint, 30000::bigint, 'adjustment'::text) $$, 'an adjustment records reason adjustment');

-- The admin list returns the reason and the amount before.
select is((select r ->> 'balance_reason' from jsonb_array_elements(public.admin_list_deposits(p_provider_id => current_setting('tests.p')::uuid) -> 'rows') r
             where r ->> 'id' = tests.id('deposit_p')::text), 'corrected', 'admin_list_deposits returns balance_reason');
select ok((select bool_and(r ? 'amount_before') from jsonb_array_elements(public.admin_list_deposits(p_provider_id => current_setting('tests.p')::uuid) -> 'rows') r),
  'admin_list_deposits returns amount_before');

-- ------------------------------------------------------------------ every ledger row of the seed has a reason when it has balances
select tests.as_superuser();
select is_empty($$ select id from public.deposit_history where old_balance is not null and balance_reason is null $$,
  'every row with recorded balances says why');
select is_empty($$ select id from public.deposit_history where amount % 1000 <> 0 $$, 'every amount is in steps of 1 000');

select * from finish();
rollback;
