-- Money only through the ledger (docs/decisions.md#money-only-through-the-ledger): profiles.deposit
-- and total_earnings refuse every direct write (admin JWT, service_role, the provider, the postgres
-- owner); an adjustment with a reason moves the balance exactly once, is refused below 0, without
-- a reason or out of bounds, and is never edited or deleted; a completed deposit activates only an
-- inactive provider reaching the minimum, never a pending_approval or banned one
-- (docs/product.md#deposits-and-balances).
begin;
set search_path = public, extensions;
select plan(45);

select tests.make_world();
update public.settings set min_deposit_amount = 0 where id = 'app';
select set_config('tests.p', tests.user_id('prov.p@pgtap.test')::text, true);
select set_config('tests.q', tests.user_id('prov.q@pgtap.test')::text, true);

-- ------------------------------------------------------------------ direct writes refused for every role
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is(tests.try_sql($$ update public.profiles set deposit = 999999 where id = current_setting('tests.p')::uuid $$),
  '42501 money_only_through_ledger', 'an admin cannot write a provider''s deposit');
select is(tests.try_sql($$ update public.profiles set total_earnings = 999999 where id = current_setting('tests.p')::uuid $$),
  '42501 money_only_through_ledger', 'an admin cannot write a provider''s total_earnings');
select is(tests.try_sql($$ update public.profiles set deposit = deposit + 1, name = 'Thợ P mới' where id = current_setting('tests.p')::uuid $$),
  '42501 money_only_through_ledger', 'a money change hidden in a contact edit is refused as a whole');
select tests.authenticate_as_service_role();
select is(tests.try_sql($$ update public.profiles set deposit = 999999 where id = current_setting('tests.p')::uuid $$),
  '42501 money_only_through_ledger', 'the service role cannot write a deposit');
select is(tests.try_sql($$ update public.profiles set total_earnings = 1 where id = current_setting('tests.p')::uuid $$),
  '42501 money_only_through_ledger', 'the service role cannot write total_earnings');
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select is(tests.try_sql($$ update public.profiles set deposit = 999999 where id = current_setting('tests.p')::uuid $$),
  '42501 money_only_through_ledger', 'a provider cannot write their own deposit');
select tests.as_superuser();
select is(tests.try_sql($$ update public.profiles set deposit = 999999 where id = current_setting('tests.p')::uuid $$),
  '42501 money_only_through_ledger', 'the postgres owner (not a superuser) cannot write a deposit either');
select is(tests.try_sql($$ update public.profiles set total_earnings = 5 where id = current_setting('tests.p')::uuid $$),
  '42501 money_only_through_ledger', 'nor total_earnings off the commissions');
select is(tests.try_sql($$ update public.profiles set total_earnings = private.ledger_earnings(id) where id = current_setting('tests.p')::uuid $$),
  'ok', 'total_earnings may be set to exactly what the commissions add up to (rebuild_rollups)');
select is((select deposit from public.profiles where id = current_setting('tests.p')::uuid), 0::bigint, 'the balance is unchanged by every refused write');
select is(tests.try_sql($$ update public.profiles set name = 'Thợ P (sửa)' where id = current_setting('tests.p')::uuid $$),
  'ok', 'other columns of a provider are still editable');

-- ------------------------------------------------------------------ the admin's adjustment
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
create temporary table adj on commit drop as
  select * from public.admin_adjust_balance(current_setting('tests.p')::uuid, 250000, '  Hoàn tiền ký quỹ bị trừ nhầm  ');
select tests.as_superuser();
select is((select deposit from public.profiles where id = current_setting('tests.p')::uuid), 250000::bigint,
  'an adjustment of +250 000 moves the balance by exactly 250 000');
select results_eq($$ select kind, status, amount, old_balance, new_balance, note from adj $$,
  $$ values ('adjustment'::text, 'completed'::text, 250000::bigint, 0::bigint, 250000::bigint, 'Hoàn tiền ký quỹ bị trừ nhầm'::text) $$,
  'the adjustment is a completed ledger row with old → new balance and its trimmed reason');
select is((select count(*)::int from public.deposit_history where provider_id = current_setting('tests.p')::uuid and kind = 'adjustment'), 1,
  'one call writes one ledger row');
select is((select count(*)::int from public.audit_log where table_name = 'deposit_history' and row_id = (select id::text from adj)
            and actor_id = tests.user_id('admin@pgtap.test')), 1, 'the audit log records the adjustment with the admin as its actor');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select lives_ok($$ select public.admin_adjust_balance(current_setting('tests.p')::uuid, -50000, 'Phạt trễ hẹn') $$, 'a negative adjustment is accepted');
select tests.as_superuser();
select is((select deposit from public.profiles where id = current_setting('tests.p')::uuid), 200000::bigint, '250 000 − 50 000 = 200 000');

select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is(tests.try_sql($$ select public.admin_adjust_balance(current_setting('tests.p')::uuid, -200001, 'Trừ quá số dư') $$),
  'P0001 balance_below_zero', 'an adjustment below 0 is refused');
select is(tests.try_sql($$ select public.admin_adjust_balance(current_setting('tests.p')::uuid, 1000, '   ') $$),
  'P0001 reason_required', 'an adjustment without a reason is refused');
select is(tests.try_sql($$ select public.admin_adjust_balance(current_setting('tests.p')::uuid, 1000, null) $$),
  'P0001 reason_required', 'a null reason is refused');
select is(tests.try_sql(format('select public.admin_adjust_balance(%L, 1000, %L)', current_setting('tests.p'), repeat('x', 501))),
  'P0001 reason_too_long', 'a reason over 500 characters is refused');
select is(tests.try_sql($$ select public.admin_adjust_balance(current_setting('tests.p')::uuid, 0, 'Không đổi') $$),
  'P0001 amount_zero', 'a zero adjustment is refused');
select is(tests.try_sql($$ select public.admin_adjust_balance(current_setting('tests.p')::uuid, 1000000001, 'Quá lớn') $$),
  'P0001 amount_too_large', 'an adjustment over 1 000 000 000 is refused');
select is(tests.try_sql($$ select public.admin_adjust_balance(tests.user_id('cust.a@pgtap.test'), 1000, 'Khách hàng') $$),
  'P0001 provider_not_found', 'a customer has no balance to adjust');
select tests.as_superuser();
select is((select deposit from public.profiles where id = current_setting('tests.p')::uuid), 200000::bigint, 'the refused adjustments moved nothing');

-- The rules hold for a direct insert of an adjustment row too.
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is(tests.try_sql($$ insert into public.deposit_history (provider_id, amount, status, kind) values (current_setting('tests.p')::uuid, 1000, 'completed', 'adjustment') $$),
  '23514', 'an adjustment row without a reason is refused by the database');
select is(tests.try_sql($$ insert into public.deposit_history (provider_id, amount, status, kind, note) values (current_setting('tests.p')::uuid, 1000, 'pending', 'adjustment', 'Chờ') $$),
  '23514', 'an adjustment is always completed');
select is(tests.try_sql($$ insert into public.deposit_history (provider_id, amount, status, kind, note) values (current_setting('tests.p')::uuid, -300000, 'completed', 'adjustment', 'Âm') $$),
  '23514 balance_below_zero', 'a direct adjustment below 0 is refused');
select is(tests.try_sql($$ insert into public.deposit_history (provider_id, amount, status, kind) values (current_setting('tests.p')::uuid, -1, 'completed', 'deposit') $$),
  '23514', 'a deposit is never negative');

-- An adjustment is never edited or deleted.
select is(tests.try_sql($$ update public.deposit_history set amount = 1 where id = (select id from adj) $$),
  '42501 adjustment_immutable', 'an admin cannot edit an adjustment''s amount');
select is(tests.try_sql($$ update public.deposit_history set note = 'Lý do khác' where id = (select id from adj) $$),
  '42501 adjustment_immutable', 'nor its reason');
select is(tests.try_sql($$ update public.deposit_history set kind = 'adjustment' where id = tests.id('deposit_p') $$),
  '42501', 'a deposit cannot become an adjustment');
select tests.as_superuser();
select set_config('tests.adj', (select id::text from adj), true);
select tests.authenticate_as_service_role();
select is(tests.try_sql($$ delete from public.deposit_history where id = current_setting('tests.adj')::uuid $$),
  '42501 adjustment_immutable', 'the service role cannot delete an adjustment');
select tests.as_superuser();
select is((select deposit from public.profiles where id = current_setting('tests.p')::uuid), 200000::bigint, 'the balance is still 200 000');

-- Who may call it.
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select is(tests.try_sql($$ select public.admin_adjust_balance(current_setting('tests.p')::uuid, 1000000, 'Tự cộng') $$),
  '42501', 'a provider cannot adjust their own balance');
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is(tests.try_sql($$ select public.admin_adjust_balance(current_setting('tests.p')::uuid, 1000000, 'Cộng hộ') $$),
  '42501', 'a customer cannot adjust a balance');
select tests.clear_authentication();
select is(tests.try_sql($$ select public.admin_adjust_balance(current_setting('tests.p')::uuid, 1000000, 'Ẩn danh') $$),
  '42501', 'anon cannot adjust a balance');
select tests.as_superuser();
select is((select deposit from public.profiles where id = current_setting('tests.p')::uuid), 200000::bigint, 'nobody but an admin moved the balance');

-- ------------------------------------------------------------------ status effects
update public.settings set min_deposit_amount = 100000 where id = 'app';
-- Adjustments never activate; below the minimum an active provider becomes inactive.
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select public.admin_adjust_balance(current_setting('tests.p')::uuid, -150000, 'Trừ phí');
select tests.as_superuser();
select results_eq($$ select deposit, status from public.profiles where id = current_setting('tests.p')::uuid $$,
  $$ values (50000::bigint, 'inactive'::text) $$, 'an adjustment below the minimum makes an active provider inactive');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select public.admin_adjust_balance(current_setting('tests.p')::uuid, 150000, 'Hoàn phí');
select tests.as_superuser();
select results_eq($$ select deposit, status from public.profiles where id = current_setting('tests.p')::uuid $$,
  $$ values (200000::bigint, 'inactive'::text) $$, 'a positive adjustment does not activate (only a completed deposit does)');

-- A completed deposit: inactive → active when the balance reaches the minimum.
insert into public.deposit_history (id, provider_id, amount, status) values (tests.id('l_dep_p'), current_setting('tests.p')::uuid, 10000, 'completed');
select results_eq($$ select deposit, status from public.profiles where id = current_setting('tests.p')::uuid $$,
  $$ values (210000::bigint, 'active'::text) $$, 'a completed deposit activates an inactive provider at or above the minimum');
select tests.set_balance(current_setting('tests.p')::uuid, 0);
update public.profiles set status = 'inactive' where id = current_setting('tests.p')::uuid;
insert into public.deposit_history (provider_id, amount, status) values (current_setting('tests.p')::uuid, 40000, 'completed');
select results_eq($$ select deposit, status from public.profiles where id = current_setting('tests.p')::uuid $$,
  $$ values (40000::bigint, 'inactive'::text) $$, 'below the minimum it stays inactive, with the amount credited');

-- Never pending_approval, never banned.
update public.profiles set status = 'pending_approval' where id = current_setting('tests.q')::uuid;
update public.deposit_history set amount = 500000, status = 'completed' where id = tests.id('deposit_q');
select results_eq($$ select deposit, status from public.profiles where id = current_setting('tests.q')::uuid $$,
  $$ values (500000::bigint, 'pending_approval'::text) $$, 'a completed deposit never activates a pending_approval provider');
update public.deposit_history set status = 'canceled' where id = tests.id('deposit_q');
select results_eq($$ select deposit, status from public.profiles where id = current_setting('tests.q')::uuid $$,
  $$ values (0::bigint, 'pending_approval'::text) $$, 'nor does falling below the minimum turn pending_approval into inactive (no way around approval)');
update public.profiles set status = 'banned' where id = current_setting('tests.q')::uuid;
update public.deposit_history set status = 'completed' where id = tests.id('deposit_q');
select results_eq($$ select deposit, status from public.profiles where id = current_setting('tests.q')::uuid $$,
  $$ values (500000::bigint, 'banned'::text) $$, 'a completed deposit never activates a banned provider');

select * from finish();
rollback;
