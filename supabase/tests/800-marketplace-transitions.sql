-- Marketplace operations (docs/marketplace.md): every transition a customer or a provider may not
-- make is refused with P0001 and its stable code in `hint`; role checks; what each one may see;
-- direct table writes that would bypass the functions stay refused by RLS.
begin;
set search_path = public, extensions;
select plan(104);

select tests.make_world();

-- The Vietnamese sentence of a refusal (for the few assertions on wording).
create function tests.mkt_message(p_sql text)
returns text
language plpgsql
as $$
begin
  execute p_sql;
  return null;
exception when others then
  return sqlerrm;
end
$$;
grant execute on function tests.mkt_message(text) to anon, authenticated, service_role;

-- Fixture: cust.a owns one booking in each status (provider p on the assigned ones); p has enough
-- deposit, q has none; a banned customer; a provider r of another service.
update public.settings set min_deposit_amount = 100000 where id = 'app';
select tests.set_balance(tests.user_id('prov.p@pgtap.test'), 200000);
select tests.set_balance(tests.user_id('prov.q@pgtap.test'), 0);
select tests.create_user('cust.banned@pgtap.test', 'customer', false);
update public.profiles set status = 'banned' where id = tests.user_id('cust.banned@pgtap.test');
select tests.create_user('prov.r@pgtap.test', 'provider', false);
select tests.set_balance(tests.user_id('prov.r@pgtap.test'), 500000);
update public.profiles set status = 'active' where id = tests.user_id('prov.r@pgtap.test');
insert into public.subcategories (id, category_id, name, icon, active) values (tests.id('svc_other'), tests.id('cat'), 'Dịch vụ khác', 'x', true);
insert into public.provider_service_types (provider_id, subcategory_id) values (tests.user_id('prov.r@pgtap.test'), tests.id('svc_other'));

insert into public.bookings (id, customer_id, provider_id, provider_queue, subcategory_id, service_item_id, status, address, scheduled_at)
select tests.id('mk_' || s), tests.user_id('cust.a@pgtap.test'),
       case when s = 'open' then null else tests.user_id('prov.p@pgtap.test') end,
       case when s = 'open' then array[tests.user_id('prov.p@pgtap.test'), tests.user_id('prov.q@pgtap.test')] else '{}'::uuid[] end,
       tests.id('svc_active'), tests.id('item_active'),
       case s when 'open' then 'pending' else s end, '5 Lê Lợi', now() + interval '1 day'
  from unnest(array['open', 'confirmed', 'pending_completion', 'completed', 'cancelled']) s;

insert into public.discount_codes (id, code, discount_type, discount_value, max_uses, uses_count, expires_at, status) values
  (tests.id('code_inactive'), 'MK_OFF', 'percentage', 10, 10, 0, now() + interval '1 day', 'inactive'),
  (tests.id('code_expired'), 'MK_OLD', 'percentage', 10, 10, 0, now() - interval '1 second', 'active'),
  (tests.id('code_used_up'), 'MK_FULL', 'fixed_amount', 10000, 5, 5, now() + interval '1 day', 'active'),
  (tests.id('code_other'), 'MK_OTHER', 'fixed_amount', 10000, 5, 0, now() + interval '1 day', 'active');
insert into public.discount_code_services (discount_code_id, subcategory_id) values (tests.id('code_other'), tests.id('svc_other'));

-- ------------------------------------------------------------------ who may call
select tests.clear_authentication();
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '1 day', 'x') $$), '42501',
  'anon cannot call create_booking (no EXECUTE)');
select is(tests.try_sql($$ select * from public.list_open_bookings() $$), '42501', 'anon cannot list open bookings');
select is(tests.try_sql($$ select private.create_booking(tests.id('item_active'), now() + interval '1 day', 'x', null, 'cash', null) $$), '42501',
  'anon cannot reach the private body either');

-- A back-office admin (the admin claim, no profile): the back office edits tables directly.
select tests.authenticate_with_claims(jsonb_build_object('sub', tests.id('staff'), 'role', 'authenticated', 'app_metadata', jsonb_build_object('admin', true)));
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '1 day', 'x') $$), 'P0001 not_customer',
  'an admin without a profile does not book through the customers'' function');
select is(tests.try_sql($$ select * from public.list_open_bookings() $$), 'P0001 not_provider', 'an admin does not list as a provider');

select tests.authenticate_as(tests.user_id('cust.banned@pgtap.test'));
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '1 day', 'x') $$), 'P0001 account_banned',
  'a banned customer cannot book');

-- ------------------------------------------------------------------ customer: create_booking input
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() - interval '1 minute', '1 Lê Lợi') $$),
  'P0001 schedule_not_future', 'a time in the past is refused');
select is(tests.mkt_message($$ select public.create_booking(tests.id('item_active'), now() - interval '1 minute', '1 Lê Lợi') $$),
  'Thời gian hẹn phải ở tương lai', 'the refusal carries the Vietnamese sentence');
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), null, '1 Lê Lợi') $$), 'P0001 schedule_not_future', 'no time is refused');
select is(tests.try_sql($$ select public.create_booking(tests.id('item_hidden'), now() + interval '1 day', '1 Lê Lợi') $$),
  'P0001 package_unavailable', 'a hidden package cannot be booked');
select is(tests.try_sql($$ select public.create_booking(tests.id('item_of_inactive'), now() + interval '1 day', '1 Lê Lợi') $$),
  'P0001 package_unavailable', 'a package of a hidden service cannot be booked');
select is(tests.try_sql($$ select public.create_booking(gen_random_uuid(), now() + interval '1 day', '1 Lê Lợi') $$),
  'P0001 package_unavailable', 'an unknown package cannot be booked');
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '1 day', '   ') $$),
  'P0001 address_required', 'a blank address is refused');
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '1 day', repeat('a', 501)) $$),
  'P0001 address_too_long', 'an address over 500 characters is refused');
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '1 day', '1 Lê Lợi', repeat('n', 1001)) $$),
  'P0001 note_too_long', 'a note over 1000 characters is refused');
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '1 day', '1 Lê Lợi', null, 'card') $$),
  'P0001 payment_method_invalid', 'a payment method other than cash / bank_transfer is refused');
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '1 day', '1 Lê Lợi', null, 'cash', 'NOPE') $$),
  'P0001 promo_not_found', 'an unknown promotion code is refused');
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '1 day', '1 Lê Lợi', null, 'cash', 'mk_off') $$),
  'P0001 promo_inactive', 'an inactive promotion code is refused');
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '1 day', '1 Lê Lợi', null, 'cash', 'MK_OLD') $$),
  'P0001 promo_expired', 'an expired promotion code is refused');
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '1 day', '1 Lê Lợi', null, 'cash', 'MK_FULL') $$),
  'P0001 promo_used_up', 'a used-up promotion code is refused');
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '1 day', '1 Lê Lợi', null, 'cash', 'MK_OTHER') $$),
  'P0001 promo_not_applicable', 'a code limited to other services is refused');
select tests.as_superuser();
select is((select count(*)::int from public.bookings where customer_id = tests.user_id('cust.a@pgtap.test')), 6,
  'no refused booking left a row behind');
select is((select uses_count from public.discount_codes where id = tests.id('code_other')), 0, 'a refused code kept its count');

-- A code applies with its discount snapshot; the price never goes below 0.
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select results_eq(
  $$ select status, original_price, discount_code, discount_amount, final_price, payment_method, customer_id
       from public.create_booking(tests.id('item_active'), now() + interval '3 days', ' 9 Hai Bà Trưng ', 'Gọi trước', 'bank_transfer', ' pgtap10 ') $$,
  $$ values ('pending'::text, 200000::bigint, 'PGTAP10'::text, 20000::bigint, 180000::bigint, 'bank_transfer'::text, tests.user_id('cust.a@pgtap.test')) $$,
  'create_booking: pending, price snapshot, code normalised and applied');
select tests.as_superuser();
insert into public.discount_codes (id, code, discount_type, discount_value, max_uses, expires_at) values
  (tests.id('code_huge'), 'MK_HUGE', 'fixed_amount', 999999000, 5, now() + interval '1 day');
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select results_eq(
  $$ select discount_amount, final_price from public.create_booking(tests.id('item_active'), now() + interval '3 days', '1 Lê Lợi', null, 'cash', 'MK_HUGE') $$,
  $$ values (200000::bigint, 0::bigint) $$,
  'a fixed amount larger than the price gives a final price of 0, not below');

-- ------------------------------------------------------------------ customer: illegal transitions
select is(tests.try_sql(format('select public.cancel_booking(%L)', tests.id('mk_' || s))), 'P0001 booking_invalid_transition',
          format('a customer cannot cancel a %s booking', s))
  from unnest(array['pending_completion', 'completed', 'cancelled']) s;
select is(tests.try_sql(format('select public.choose_provider(%L, %L)', tests.id('mk_' || s), tests.user_id('prov.p@pgtap.test'))),
          'P0001 booking_invalid_transition', format('a customer cannot choose a provider for a %s booking', s))
  from unnest(array['confirmed', 'pending_completion', 'completed', 'cancelled']) s;
select is(tests.try_sql(format('select public.choose_provider(%L, %L)', tests.id('booking_a'), tests.user_id('prov.p@pgtap.test'))),
  'P0001 booking_invalid_transition', 'a customer cannot choose again once a provider is set (pending with provider)');
select is(tests.try_sql(format('select public.confirm_completion(%L)', tests.id('mk_' || s))), 'P0001 booking_invalid_transition',
          format('a customer cannot confirm completion of a %s booking', s))
  from unnest(array['open', 'confirmed', 'completed', 'cancelled']) s;
select is(tests.try_sql(format('select public.create_review(%L, 5)', tests.id('mk_' || s))), 'P0001 booking_invalid_transition',
          format('a customer cannot review a %s booking', s))
  from unnest(array['open', 'confirmed', 'pending_completion', 'cancelled']) s;
select is(tests.try_sql(format('select public.choose_provider(%L, %L)', tests.id('mk_open'), tests.user_id('prov.r@pgtap.test'))),
  'P0001 provider_not_in_queue', 'a provider outside the queue cannot be chosen');
select is(tests.try_sql(format('select public.create_review(%L, 0)', tests.id('mk_completed'))), 'P0001 rating_invalid', 'rating 0 is refused');
select is(tests.try_sql(format('select public.create_review(%L, 6)', tests.id('mk_completed'))), 'P0001 rating_invalid', 'rating 6 is refused');
select is(tests.try_sql(format('select public.create_review(%L, 4, %L)', tests.id('mk_completed'), repeat('x', 1001))), 'P0001 comment_too_long',
  'a comment over 1000 characters is refused');
select is(tests.mkt_message(format('select public.cancel_booking(%L)', tests.id('mk_completed'))),
  'Không thể hủy đơn khi đơn đang ở trạng thái "Hoàn thành"', 'the transition refusal names the status in Vietnamese');

-- Provider operations are not the customer's.
select is(tests.try_sql(format('select public.join_booking_queue(%L)', tests.id('mk_open'))), 'P0001 not_provider', 'a customer cannot join a queue');
select is(tests.try_sql(format('select public.leave_booking_queue(%L)', tests.id('mk_open'))), 'P0001 not_provider', 'a customer cannot leave a queue');
select is(tests.try_sql(format('select public.report_completion(%L)', tests.id('mk_confirmed'))), 'P0001 not_provider', 'a customer cannot report completion');
select is(tests.try_sql($$ select public.request_deposit(100000) $$), 'P0001 not_provider', 'a customer cannot request a deposit');
select is(tests.try_sql($$ select * from public.list_open_bookings() $$), 'P0001 not_provider', 'a customer cannot list open bookings');

-- Another customer's booking does not exist for cust.b.
select tests.authenticate_as(tests.user_id('cust.b@pgtap.test'));
select is(tests.try_sql(format('select public.cancel_booking(%L)', tests.id('mk_open'))), 'P0001 booking_not_found', 'cust.b cannot cancel cust.a''s booking');
select is(tests.try_sql(format('select public.choose_provider(%L, %L)', tests.id('mk_open'), tests.user_id('prov.p@pgtap.test'))),
  'P0001 booking_not_found', 'cust.b cannot choose for cust.a''s booking');
select is(tests.try_sql(format('select public.confirm_completion(%L)', tests.id('mk_pending_completion'))), 'P0001 booking_not_found',
  'cust.b cannot confirm cust.a''s booking');
select is(tests.try_sql(format('select public.create_review(%L, 1)', tests.id('mk_completed'))), 'P0001 booking_not_found',
  'cust.b cannot review cust.a''s booking');
select is(tests.try_sql(format('select * from public.list_booking_queue(%L)', tests.id('mk_open'))), 'P0001 booking_not_found',
  'cust.b cannot read the queue of cust.a''s booking');
select is((select count(*)::int from public.bookings where customer_id = tests.user_id('cust.a@pgtap.test')), 0,
  'a customer never reads another customer''s bookings');

-- ------------------------------------------------------------------ provider: illegal transitions
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select is(tests.try_sql($$ select public.create_booking(tests.id('item_active'), now() + interval '1 day', 'x') $$), 'P0001 not_customer',
  'a provider cannot book');
select is(tests.try_sql(format('select public.cancel_booking(%L)', tests.id('mk_confirmed'))), 'P0001 not_customer', 'a provider cannot cancel');
select is(tests.try_sql(format('select public.choose_provider(%L, %L)', tests.id('mk_open'), tests.user_id('prov.p@pgtap.test'))),
  'P0001 not_customer', 'a provider cannot choose itself');
select is(tests.try_sql(format('select public.confirm_completion(%L)', tests.id('mk_pending_completion'))), 'P0001 not_customer',
  'a provider cannot confirm its own completion');
select is(tests.try_sql(format('select public.create_review(%L, 5)', tests.id('mk_completed'))), 'P0001 not_customer', 'a provider cannot review');
select is(tests.try_sql(format('select public.report_completion(%L)', tests.id(s))), 'P0001 booking_invalid_transition',
          format('a provider cannot report completion of its %s booking', s))
  from unnest(array['booking_a', 'mk_pending_completion', 'mk_completed', 'mk_cancelled']) s;
select is(tests.try_sql(format('select public.report_completion(%L)', tests.id('booking_b'))), 'P0001 booking_not_found',
  'a provider cannot report completion of another provider''s booking');
select is(tests.try_sql(format('select public.join_booking_queue(%L)', tests.id(s))), 'P0001 booking_not_open',
          format('a provider cannot join the queue of a %s booking', s))
  from unnest(array['booking_a', 'mk_confirmed', 'mk_completed', 'mk_cancelled']) s;
select is(tests.try_sql(format('select public.join_booking_queue(%L)', tests.id('mk_open'))), 'P0001 already_in_queue',
  'a provider already in the queue cannot join twice');
select is(tests.try_sql(format('select public.leave_booking_queue(%L)', tests.id('mk_confirmed'))), 'P0001 not_in_queue',
  'a provider cannot leave a queue it is not in');
select is(tests.try_sql($$ select public.request_deposit(0) $$), 'P0001 amount_invalid', 'a top-up of 0 is refused');
select is(tests.try_sql($$ select public.request_deposit(-5) $$), 'P0001 amount_invalid', 'a negative top-up is refused');
select is(tests.try_sql($$ select public.request_deposit(1000000001) $$), 'P0001 amount_too_large', 'a top-up over 1,000,000,000 is refused');

-- Provider r offers another service: cust.a's bookings are not its to see or join.
select tests.authenticate_as(tests.user_id('prov.r@pgtap.test'));
select is(tests.try_sql(format('select public.join_booking_queue(%L)', tests.id('mk_open'))), 'P0001 booking_not_found',
  'a provider cannot join a booking of a service it does not offer');
select is((select count(*)::int from public.list_open_bookings()), 0, 'a provider lists no open booking of a service it does not offer');

-- Provider q has no deposit; then q is inactive.
select tests.as_superuser();
insert into public.bookings (id, customer_id, subcategory_id, service_item_id, address)
values (tests.id('mk_open2'), tests.user_id('cust.b@pgtap.test'), tests.id('svc_active'), tests.id('item_active'), '7 Lê Lợi');
select tests.authenticate_as(tests.user_id('prov.q@pgtap.test'));
select is(tests.try_sql(format('select public.join_booking_queue(%L)', tests.id('mk_open2'))), 'P0001 deposit_too_low',
  'a provider below the minimum deposit cannot join a queue');
select is(tests.try_sql(format('select public.leave_booking_queue(%L)', tests.id('mk_open'))), 'P0001 deposit_too_low',
  'nor leave one');
select tests.as_superuser();
select tests.set_balance(tests.user_id('prov.q@pgtap.test'), 100000);
update public.profiles set status = 'inactive' where id = tests.user_id('prov.q@pgtap.test');
select tests.authenticate_as(tests.user_id('prov.q@pgtap.test'));
select is(tests.try_sql(format('select public.join_booking_queue(%L)', tests.id('mk_open2'))), 'P0001 provider_not_active',
  'an inactive provider cannot join a queue, whatever its deposit');
select tests.as_superuser();
update public.profiles set status = 'active' where id = tests.user_id('prov.q@pgtap.test');
select tests.authenticate_as(tests.user_id('prov.q@pgtap.test'));
select is(tests.try_sql(format('select public.join_booking_queue(%L)', tests.id('mk_open2'))), 'ok',
  'exactly the minimum deposit and active: the provider joins');
-- A customer cannot pick an inactive provider from the queue.
select tests.as_superuser();
update public.profiles set status = 'inactive' where id = tests.user_id('prov.q@pgtap.test');
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is(tests.try_sql(format('select public.choose_provider(%L, %L)', tests.id('mk_open'), tests.user_id('prov.q@pgtap.test'))),
  'P0001 provider_unavailable', 'a queued provider who is no longer active cannot be chosen');
select results_eq(format('select provider_id, queue_position from public.list_booking_queue(%L)', tests.id('mk_open')),
  $$ values (tests.user_id('prov.p@pgtap.test'), 1), (tests.user_id('prov.q@pgtap.test'), 2) $$,
  'the customer reads its booking''s queue in order');

-- ------------------------------------------------------------------ what a provider sees
select tests.as_superuser();
create table tests.mk_expected_open as
  select id from public.bookings where status = 'pending' and provider_id is null and subcategory_id = tests.id('svc_active');
grant select on tests.mk_expected_open to authenticated;
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select ok((select count(*) from tests.mk_expected_open where id in (tests.id('mk_open'), tests.id('mk_open2'))) = 2
          and not exists (select 1 from tests.mk_expected_open where id in (tests.id('booking_a'), tests.id('booking_b'))),
  'fixture: the open set holds mk_open and mk_open2, not booking_a / booking_b');
select set_eq($$ select id from public.list_open_bookings() $$,
  $$ select id from tests.mk_expected_open $$,
  'open bookings: pending, without a provider, of the provider''s services (not booking_a, which has one)');
select ok((select bool_and(not (to_jsonb(o) ?| array['customer_phone', 'customer_email', 'customer_id'])) from public.list_open_bookings() o),
  'open bookings carry no customer phone, e-mail or id');
select is((select in_queue from public.list_open_bookings() where id = tests.id('mk_open')), true, 'the list says which queues the provider is in');
select is((select count(*)::int from public.list_open_bookings(1)), 1, 'the page size is honoured');
select is(
  (select count(*)::int from public.list_open_bookings(1) f cross join lateral public.list_open_bookings(10, f.created_at, f.id) n where n.id <> f.id),
  (select count(*)::int - 1 from public.list_open_bookings()), 'the keyset cursor continues after the given row, without repeating it');
select is(tests.try_sql($$ select * from public.list_open_bookings(10, now(), null) $$), 'P0001 invalid_cursor', 'a half cursor is refused');
select is((select count(*)::int from public.bookings where id = tests.id('booking_b')), 0,
  'a provider never reads another provider''s assigned booking');
select is((select count(*)::int from public.bookings where id = tests.id('mk_open')), 0,
  'being in a queue does not open the booking row (nor its customer contact) to the provider');

-- ------------------------------------------------------------------ direct writes stay refused
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is(tests.try_sql(format($$ update public.bookings set status = 'completed' where id = %L $$, tests.id('mk_pending_completion'))), 'ok',
  'a customer''s direct UPDATE runs …');
select is((select status from public.bookings where id = tests.id('mk_pending_completion')), 'pending_completion', '… and changes nothing (RLS)');
select is(tests.try_sql(format($$ insert into public.bookings (customer_id, subcategory_id, customer_name, service_name, original_price, final_price) values (%L, %L, 'x', 'y', 1, 0) $$,
  tests.user_id('cust.a@pgtap.test'), tests.id('svc_active'))), '42501', 'a customer cannot insert a booking directly');
select is(tests.try_sql(format($$ insert into public.reviews (booking_id, customer_id, rating) values (%L, %L, 5) $$,
  tests.id('mk_completed'), tests.user_id('cust.a@pgtap.test'))), '42501', 'a customer cannot insert a review directly');
select is(tests.try_sql($$ update public.discount_codes set uses_count = 0 $$), 'ok', 'a customer''s UPDATE of promotion codes runs …');
select tests.as_superuser();
select is((select uses_count from public.discount_codes where id = tests.id('code_used_up')), 5, '… and changes nothing (RLS)');
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select is(tests.try_sql(format($$ insert into public.deposit_history (provider_id, amount, status) values (%L, 999, 'completed') $$,
  tests.user_id('prov.p@pgtap.test'))), '42501', 'a provider cannot insert a completed deposit directly');
select is(tests.try_sql(format($$ update public.deposit_history set status = 'completed' where id = %L $$, tests.id('deposit_p'))), 'ok',
  'a provider''s UPDATE of its deposit runs …');
select is((select status from public.deposit_history where id = tests.id('deposit_p')), 'pending', '… and changes nothing (RLS)');
select is(tests.try_sql(format($$ update public.bookings set provider_queue = array[%L::uuid] where id = %L $$,
  tests.user_id('prov.p@pgtap.test'), tests.id('booking_a'))), 'ok', 'a provider''s direct UPDATE of its booking runs …');
select is((select provider_queue from public.bookings where id = tests.id('booking_a')), '{}'::uuid[], '… and changes nothing (RLS)');

select * from finish();
rollback;
