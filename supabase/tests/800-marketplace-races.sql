-- Marketplace operations (docs/marketplace.md): the whole lifecycle through the functions, and the
-- two races the database decides — the last use of a promotion code and a booking's queue — shown
-- by the attempts that come second (each operation locks the contested row `for update`, so a
-- concurrent second attempt waits and then meets exactly what these sequential ones meet).
begin;
set search_path = public, extensions;
select plan(43);

select tests.make_world();
create table tests.mk_ids (name text primary key, id uuid not null);
grant select, insert on tests.mk_ids to authenticated;

update public.settings set min_deposit_amount = 100000 where id = 'app';
select tests.set_balance(tests.user_id('prov.p@pgtap.test'), 150000);
select tests.set_balance(tests.user_id('prov.q@pgtap.test'), 150000);
insert into public.discount_codes (id, code, discount_type, discount_value, max_uses, uses_count, expires_at) values
  (tests.id('code_last'), 'MK_LAST', 'fixed_amount', 50000, 1, 0, now() + interval '7 days');

-- ------------------------------------------------------------------ the last use of a code
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
insert into tests.mk_ids
select 'a_last', id from public.create_booking(tests.id('item_active'), now() + interval '2 days', '1 Lê Lợi', null, 'cash', 'mk_last');
select tests.as_superuser();
select is((select uses_count from public.discount_codes where id = tests.id('code_last')), 1, 'the first customer takes the last use');
select is((select final_price from public.bookings where id = (select id from tests.mk_ids where name = 'a_last')), 150000::bigint,
  'and gets the discount');
select tests.authenticate_as(tests.user_id('cust.b@pgtap.test'));
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '2 days', '2 Lê Lợi', null, 'cash', 'MK_LAST') $$),
  'P0001 promo_used_up', 'the second customer is refused: no use left');
select tests.as_superuser();
select is((select count(*)::int from public.bookings where customer_id = tests.user_id('cust.b@pgtap.test') and discount_code = 'MK_LAST'), 0,
  'the refused customer has no half-made booking');
select is((select uses_count from public.discount_codes where id = tests.id('code_last')), 1, 'the count is not taken twice');

-- Cancelling gives the use back; then the other customer can take it.
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is((select status from public.cancel_booking((select id from tests.mk_ids where name = 'a_last'))), 'cancelled', 'the customer cancels its pending booking');
select tests.as_superuser();
select is((select uses_count from public.discount_codes where id = tests.id('code_last')), 0, 'the code gets its use back');
select tests.authenticate_as(tests.user_id('cust.b@pgtap.test'));
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '2 days', '2 Lê Lợi', null, 'cash', 'MK_LAST') $$),
  'ok', 'the returned use can be taken by someone else');
select tests.as_superuser();
select is((select uses_count from public.discount_codes where id = tests.id('code_last')), 1,
  'uses_count = the bookings that hold the code and are not cancelled');
select is((select uses_count from public.discount_codes where id = tests.id('code_last')),
          (select count(*)::int from public.bookings where discount_code = 'MK_LAST' and status <> 'cancelled'),
  'no lost and no double-counted use');
-- Cancelling a second time does not return a second use.
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is(tests.try_sql(format('select public.cancel_booking(%L)', (select id from tests.mk_ids where name = 'a_last'))),
  'P0001 booking_invalid_transition', 'a cancelled booking cannot be cancelled again');
select tests.as_superuser();
select is((select uses_count from public.discount_codes where id = tests.id('code_last')), 1, 'so its use is not returned twice');

-- ------------------------------------------------------------------ the queue
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
insert into tests.mk_ids
select 'life', id from public.create_booking(tests.id('item_active'), now() + interval '3 days', '3 Lê Lợi', 'Tầng 2', 'bank_transfer', 'PGTAP10');
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select is(tests.try_sql(format('select public.join_booking_queue(%L)', (select id from tests.mk_ids where name = 'life'))), 'ok', 'provider p joins');
select is(tests.try_sql(format('select public.join_booking_queue(%L)', (select id from tests.mk_ids where name = 'life'))), 'P0001 already_in_queue',
  'p''s second join (what a concurrent double tap meets after the first commits) is refused');
select tests.authenticate_as(tests.user_id('prov.q@pgtap.test'));
select is((select public.join_booking_queue((select id from tests.mk_ids where name = 'life'))), 2, 'provider q joins after p: the queue has 2');
select tests.as_superuser();
select is((select provider_queue from public.bookings where id = (select id from tests.mk_ids where name = 'life')),
  array[tests.user_id('prov.p@pgtap.test'), tests.user_id('prov.q@pgtap.test')], 'both joins are kept, in order, none lost');
select throws_ok(
  format('update public.bookings set provider_queue = array[%L::uuid, %L::uuid] where id = %L',
         tests.user_id('prov.p@pgtap.test'), tests.user_id('prov.p@pgtap.test'), (select id from tests.mk_ids where name = 'life')),
  '23514', null, 'the table itself refuses a provider twice in a queue (constraint bookings_provider_queue_distinct)');
select tests.authenticate_as(tests.user_id('prov.q@pgtap.test'));
select is((select public.leave_booking_queue((select id from tests.mk_ids where name = 'life'))), 1, 'q leaves: the queue has 1');
select is((select public.join_booking_queue((select id from tests.mk_ids where name = 'life'))), 2, 'q joins again: 2');

-- ------------------------------------------------------------------ the lifecycle
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select results_eq(
  format('select status, provider_id from public.choose_provider(%L, %L)', (select id from tests.mk_ids where name = 'life'), tests.user_id('prov.p@pgtap.test')),
  format('values (%L::text, %L::uuid)', 'confirmed', tests.user_id('prov.p@pgtap.test')),
  'the customer chooses p from the queue: confirmed');
select is((select count(*)::int from public.conversations where booking_id = (select id from tests.mk_ids where name = 'life') and is_active), 1,
  'choosing opens the booking''s conversation');
select tests.authenticate_as(tests.user_id('prov.q@pgtap.test'));
select is(tests.try_sql(format('select public.leave_booking_queue(%L)', (select id from tests.mk_ids where name = 'life'))), 'P0001 booking_not_open',
  'the provider not chosen cannot leave (the queue is history now)');
select is(tests.try_sql(format('select public.report_completion(%L)', (select id from tests.mk_ids where name = 'life'))), 'P0001 booking_not_found',
  'nor report completion of a booking it was not chosen for');
select tests.authenticate_as(tests.user_id('cust.b@pgtap.test'));
select is(tests.try_sql(format('select public.join_booking_queue(%L)', (select id from tests.mk_ids where name = 'life'))), 'P0001 not_provider',
  'a customer cannot join a queue');
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select is((select count(*)::int from public.bookings where id = (select id from tests.mk_ids where name = 'life')), 1,
  'once chosen, the provider reads the booking (its customer contact included)');
select results_eq(
  format('select status, completion_reported_at from public.report_completion(%L)', (select id from tests.mk_ids where name = 'life')),
  $$ values ('pending_completion'::text, now()) $$,
  'the provider reports completion: pending_completion with the report time');
select is(tests.try_sql(format('select public.report_completion(%L)', (select id from tests.mk_ids where name = 'life'))), 'P0001 booking_invalid_transition',
  'and cannot report twice');
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is(tests.try_sql(format('select public.cancel_booking(%L)', (select id from tests.mk_ids where name = 'life'))), 'P0001 booking_invalid_transition',
  'the customer cannot cancel a reported booking');
select is((select status from public.confirm_completion((select id from tests.mk_ids where name = 'life'))), 'completed',
  'the customer confirms: completed');
select tests.as_superuser();
select results_eq(
  format('select provider_id, commission_rate, service_price, platform_fee, provider_amount, final_price from public.commissions where booking_id = %L',
         (select id from tests.mk_ids where name = 'life')),
  format('values (%L::uuid, 15.00::numeric(5,2), 200000::bigint, 30000::bigint, 170000::bigint, 180000::bigint)', tests.user_id('prov.p@pgtap.test')),
  'the commission row follows: the service''s rate on the original price; the customer paid the discounted price');
select is((select total_earnings from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 170000::bigint,
  'the provider''s earnings grow by its amount');
select is((select is_active from public.conversations where booking_id = (select id from tests.mk_ids where name = 'life')), false,
  'completion ends the conversation');
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select results_eq(
  format('select rating::int, comment, status, provider_id from public.create_review(%L, 5, %L)', (select id from tests.mk_ids where name = 'life'), '  Rất tốt  '),
  format('values (5, %L, %L, %L::uuid)', 'Rất tốt', 'active', tests.user_id('prov.p@pgtap.test')),
  'the customer reviews once: trimmed comment, active by default, for the chosen provider');
select is(tests.try_sql(format('select public.create_review(%L, 1)', (select id from tests.mk_ids where name = 'life'))), 'P0001 already_reviewed',
  'a second review of the same booking is refused');
select is(tests.try_sql(format('select public.cancel_booking(%L)', (select id from tests.mk_ids where name = 'life'))), 'P0001 booking_invalid_transition',
  'a completed booking cannot be cancelled by the customer');

-- Admins keep their freedom: any status, directly.
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
update public.bookings set status = 'cancelled' where id = (select id from tests.mk_ids where name = 'life');
select tests.as_superuser();
select is((select status from public.bookings where id = (select id from tests.mk_ids where name = 'life')), 'cancelled',
  'an admin may still move a completed booking to cancelled');
select is((select count(*)::int from public.commissions where booking_id = (select id from tests.mk_ids where name = 'life')), 0,
  'and its commission goes with it');

-- ------------------------------------------------------------------ deposit top-up
select tests.set_balance(tests.user_id('prov.q@pgtap.test'), 0);
update public.profiles set status = 'inactive' where id = tests.user_id('prov.q@pgtap.test');
select tests.authenticate_as(tests.user_id('prov.q@pgtap.test'));
insert into tests.mk_ids select 'topup', id from public.request_deposit(300000, 'Chuyển khoản Vietcombank');
select tests.as_superuser();
select results_eq(
  format('select status, amount, provider_id, old_balance, new_balance from public.deposit_history where id = %L', (select id from tests.mk_ids where name = 'topup')),
  format('values (%L, 300000::bigint, %L::uuid, null::bigint, null::bigint)', 'pending', tests.user_id('prov.q@pgtap.test')),
  'an inactive provider''s top-up request is a pending row');
select results_eq(
  format('select deposit, status from public.profiles where id = %L', tests.user_id('prov.q@pgtap.test')),
  $$ values (0::bigint, 'inactive'::text) $$,
  'a request moves no money and changes no status');
select tests.authenticate_as(tests.user_id('prov.q@pgtap.test'));
-- (deposit_q of the fixture is already waiting.)
select public.request_deposit(1000);
select is(tests.try_sql($$ select public.request_deposit(3000) $$), 'P0001 too_many_pending_deposits', 'a fourth waiting request is refused');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
update public.deposit_history set status = 'completed' where id = (select id from tests.mk_ids where name = 'topup');
select tests.as_superuser();
select results_eq(
  format('select deposit, status from public.profiles where id = %L', tests.user_id('prov.q@pgtap.test')),
  $$ values (300000::bigint, 'active'::text) $$,
  'the admin completes it: balance + amount, the provider becomes active');
select results_eq(
  format('select old_balance, new_balance from public.deposit_history where id = %L', (select id from tests.mk_ids where name = 'topup')),
  $$ values (0::bigint, 300000::bigint) $$,
  'the row records the balance before and after');
select tests.authenticate_as(tests.user_id('prov.q@pgtap.test'));
select is(tests.try_sql($$ select public.request_deposit(3000) $$), 'ok', 'with one request done, another may wait');

select * from finish();
rollback;
