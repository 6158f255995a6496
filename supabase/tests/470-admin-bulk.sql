-- Bulk actions (supabase/schemas/33_admin_bulk.sql, docs/screens.md#bulk-actions): each call is
-- one transaction, all or nothing; a row changed meanwhile or not eligible refuses the whole batch
-- (PT409 with the ids in the detail) and writes nothing; the undo (previous statuses, new versions)
-- goes through the same function and the same check; every changed row has its audit entry with
-- the admin as actor; the arguments are bounded; anyone but an admin gets 42501.
begin;
set search_path = public, extensions;
select plan(48);

select tests.make_world();
select tests.create_user('bulk.p1@pgtap.test', 'provider');
select tests.create_user('bulk.p2@pgtap.test', 'provider');
select tests.create_user('bulk.p3@pgtap.test', 'provider');
select set_config('tests.audit_before', (select coalesce(max(id), 0) from public.audit_log)::text, true);

create function pg_temp.p(p_n integer) returns uuid language sql as $$ select tests.user_id(format('bulk.p%s@pgtap.test', p_n)) $$;
create function pg_temp.status_of(p_id uuid) returns text language sql security definer set search_path = '' as $$
  select coalesce((select status from public.profiles where id = p_id), (select status from public.reviews where id = p_id),
                  (select status from public.discount_codes where id = p_id), (select status from public.bookings where id = p_id))
$$;
create function pg_temp.audit_count(p_table text, p_ids uuid[], p_actor uuid) returns integer language sql security definer set search_path = '' as $$
  select count(*)::int from public.audit_log
   where id > current_setting('tests.audit_before')::bigint and table_name = p_table and row_id = any (p_ids::text[])
     and actor_id = p_actor and changes ? 'status'
$$;
create function pg_temp.banned_accounts(p_ids uuid[]) returns integer language sql security definer set search_path = '' as $$
  select count(*)::int from auth.users where id = any (p_ids) and banned_until > now()
$$;
-- The error of a statement as 'SQLSTATE|message|detail'.
create function pg_temp.error_of(p_sql text) returns text language plpgsql as $$
declare
  v_state text; v_message text; v_detail text;
begin
  execute p_sql;
  return 'ok';
exception when others then
  get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail;
  return v_state || '|' || v_message || '|' || coalesce(v_detail, '');
end
$$;
grant execute on all functions in schema pg_temp to authenticated;

-- ------------------------------------------------------------------ providers
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is(jsonb_array_length(public.admin_bulk_set_provider_status(
    array[pg_temp.p(1), pg_temp.p(2), pg_temp.p(3)], array['active', 'active', 'active'],
    array['pending_approval', 'pending_approval', 'pending_approval'])), 3, 'a bulk approval answers its three rows');
select is(array[pg_temp.status_of(pg_temp.p(1)), pg_temp.status_of(pg_temp.p(2)), pg_temp.status_of(pg_temp.p(3))],
  array['active', 'active', 'active'], 'the three providers are approved');
select is(pg_temp.audit_count('profiles', array[pg_temp.p(1), pg_temp.p(2), pg_temp.p(3)], tests.user_id('admin@pgtap.test')), 3,
  'one audit entry per provider, with the admin as actor');

-- Another admin bans the third provider after the first admin selected the three.
select tests.as_superuser();
update public.profiles set status = 'banned' where id = pg_temp.p(3);
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is(pg_temp.error_of(format('select public.admin_bulk_set_provider_status(%L::uuid[], array[''banned'', ''banned'', ''banned''], array[''active'', ''active'', ''active''])',
    array[pg_temp.p(1), pg_temp.p(2), pg_temp.p(3)])),
  format('PT409|Không dòng nào được cập nhật: 1 trong 3 dòng đã bị người khác thay đổi hoặc không còn phù hợp|{"changed": ["%s"], "ineligible": []}', pg_temp.p(3)),
  'a bulk ban with one provider already banned by another admin is refused as a whole, naming that row');
select is(array[pg_temp.status_of(pg_temp.p(1)), pg_temp.status_of(pg_temp.p(2))], array['active', 'active'],
  'nothing changed: the two others are not banned');
select is(pg_temp.banned_accounts(array[pg_temp.p(1), pg_temp.p(2)]), 0,
  'and their accounts are not banned');

-- Seen banned, still not eligible for another status (lifting a ban is the ban card's).
select is(split_part(pg_temp.error_of(format('select public.admin_bulk_set_provider_status(%L::uuid[], array[''inactive'', ''inactive''], array[''active'', ''banned''])',
    array[pg_temp.p(1), pg_temp.p(3)])), '|', 3),
  format('{"changed": [], "ineligible": ["%s"]}', pg_temp.p(3)), 'a banned provider is not eligible for a bulk pause');
select is(split_part(pg_temp.error_of(format('select public.admin_bulk_set_provider_status(%L::uuid[], array[''active''], array[''active''])',
    array[pg_temp.p(1)])), '|', 1), 'PT409', 'a provider already in the target status is not eligible');
select is(split_part(pg_temp.error_of(format('select public.admin_bulk_set_provider_status(%L::uuid[], array[''active''], array[''active''])',
    array[tests.user_id('cust.a@pgtap.test')])), '|', 1), 'PT409', 'a customer is not eligible for the providers'' bulk action');

-- Pause, then its undo (previous statuses, the new statuses as what the admin saw).
select is(public.admin_bulk_set_provider_status(array[pg_temp.p(1), pg_temp.p(2)], array['inactive', 'inactive'], array['active', 'active'])
    -> 0 ->> 'previous_status', 'active', 'a bulk pause answers each row''s previous status');
select is(array[pg_temp.status_of(pg_temp.p(1)), pg_temp.status_of(pg_temp.p(2))], array['inactive', 'inactive'], 'both providers are paused');
select lives_ok(format('select public.admin_bulk_set_provider_status(%L::uuid[], array[''active'', ''active''], array[''inactive'', ''inactive''])',
    array[pg_temp.p(1), pg_temp.p(2)]), 'the undo goes through the same function');
select is(array[pg_temp.status_of(pg_temp.p(1)), pg_temp.status_of(pg_temp.p(2))], array['active', 'active'], 'the undo restores both');
select throws_ok(format('select public.admin_bulk_set_provider_status(%L::uuid[], array[''active'', ''active''], array[''inactive'', ''inactive''])',
    array[pg_temp.p(1), pg_temp.p(2)]), 'PT409', null, 'a second undo of the same action is refused (the rows are no longer as it expects)');

-- A bulk ban: the accounts are banned and their sessions end, as with the ban card.
select lives_ok(format('select public.admin_bulk_set_provider_status(%L::uuid[], array[''banned'', ''banned''], array[''active'', ''active''])',
    array[pg_temp.p(1), pg_temp.p(2)]), 'a bulk ban of two active providers');
select is(pg_temp.banned_accounts(array[pg_temp.p(1), pg_temp.p(2)]), 2,
  'both accounts are banned in Auth');
select is(pg_temp.audit_count('profiles', array[pg_temp.p(1), pg_temp.p(2)], tests.user_id('admin@pgtap.test')), 2 * 4,
  'each provider has one audit entry per accepted change (approve, pause, undo, ban)');

-- ------------------------------------------------------------------ reviews
select is(public.admin_bulk_set_review_status(array[tests.id('review_a'), tests.id('review_b')], array['inactive', 'inactive'],
    array[(select updated_at from public.reviews where id = tests.id('review_a')), (select updated_at from public.reviews where id = tests.id('review_b'))])
    -> 1 ->> 'status', 'inactive', 'a bulk hide of two reviews');
select is(array[pg_temp.status_of(tests.id('review_a')), pg_temp.status_of(tests.id('review_b'))], array['inactive', 'inactive'], 'both reviews are hidden');
select is(pg_temp.audit_count('reviews', array[tests.id('review_a'), tests.id('review_b')], tests.user_id('admin@pgtap.test')), 2,
  'one audit entry per review');
select is(split_part(pg_temp.error_of(format('select public.admin_bulk_set_review_status(%L::uuid[], array[''active'', ''active''], %L::timestamptz[])',
    array[tests.id('review_a'), tests.id('review_b')],
    array[(select updated_at from public.reviews where id = tests.id('review_a')),
          (select updated_at - interval '1 second' from public.reviews where id = tests.id('review_b'))])), '|', 3),
  format('{"changed": ["%s"], "ineligible": []}', tests.id('review_b')), 'one stale version refuses the bulk show, naming the row');
select is(pg_temp.status_of(tests.id('review_a')), 'inactive', 'the other review stays hidden (all or nothing)');
select lives_ok(format('select public.admin_bulk_set_review_status(%L::uuid[], array[''active'', ''active''], %L::timestamptz[])',
    array[tests.id('review_a'), tests.id('review_b')],
    array[(select updated_at from public.reviews where id = tests.id('review_a')), (select updated_at from public.reviews where id = tests.id('review_b'))]),
  'the undo of the hide');
select is(array[pg_temp.status_of(tests.id('review_a')), pg_temp.status_of(tests.id('review_b'))], array['active', 'active'], 'both reviews are shown again');
select is(split_part(pg_temp.error_of(format('select public.admin_bulk_set_review_status(%L::uuid[], array[''active''], %L::timestamptz[])',
    array[tests.id('review_a')], array[(select updated_at from public.reviews where id = tests.id('review_a'))])), '|', 3),
  format('{"changed": [], "ineligible": ["%s"]}', tests.id('review_a')), 'showing a shown review is not eligible');

-- ------------------------------------------------------------------ promotion codes
select is(public.admin_bulk_set_discount_code_status(array[tests.id('promo')], array['inactive'],
    array[(select updated_at from public.discount_codes where id = tests.id('promo'))]) -> 0 ->> 'previous_status', 'active',
  'a bulk pause of a promotion code');
select is(pg_temp.status_of(tests.id('promo')), 'inactive', 'the code is paused');
select throws_ok(format('select public.admin_bulk_set_discount_code_status(%L::uuid[], array[''inactive''], %L::timestamptz[])',
    array[tests.id('promo')], array[(select updated_at from public.discount_codes where id = tests.id('promo'))]),
  'PT409', null, 'pausing a paused code is refused');
select is(pg_temp.audit_count('discount_codes', array[tests.id('promo')], tests.user_id('admin@pgtap.test')), 1, 'the pause is audited');

-- ------------------------------------------------------------------ bookings (money follows as for one)
select tests.as_superuser();
insert into public.bookings (id, customer_id, provider_id, subcategory_id, status, original_price, final_price, customer_name, service_name)
values (tests.id('bulk_booking_free'), tests.user_id('cust.a@pgtap.test'), null, tests.id('svc_active'), 'pending', 100000, 100000, 'Khách A', 'Dịch vụ kiểm thử');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
create temporary table seen on commit drop as
  select id, updated_at from public.bookings where id in (tests.id('booking_a'), tests.id('booking_b'), tests.id('bulk_booking_free'));
grant select on seen to authenticated;

select is(split_part(pg_temp.error_of(format('select public.admin_bulk_set_booking_status(%L::uuid[], array[''completed'', ''completed''], %L::timestamptz[])',
    array[tests.id('booking_a'), tests.id('bulk_booking_free')],
    array[(select updated_at from seen where id = tests.id('booking_a')), (select updated_at from seen where id = tests.id('bulk_booking_free'))])), '|', 3),
  format('{"changed": [], "ineligible": ["%s"]}', tests.id('bulk_booking_free')), 'a booking without a provider cannot be completed in bulk');
select is((select count(*)::int from public.commissions where booking_id = tests.id('booking_a')), 0, 'and the other booking was not completed either');

select lives_ok(format('select public.admin_bulk_set_booking_status(%L::uuid[], array[''completed'', ''completed''], %L::timestamptz[])',
    array[tests.id('booking_a'), tests.id('booking_b')],
    array[(select updated_at from seen where id = tests.id('booking_a')), (select updated_at from seen where id = tests.id('booking_b'))]),
  'a bulk completion of two bookings');
select is((select count(*)::int from public.commissions where booking_id in (tests.id('booking_a'), tests.id('booking_b'))), 2,
  'each completed booking has its commission row');
select is((select total_earnings from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 170000::bigint,
  'the provider earns the price less the 15 % fee, as with one change');
select is(pg_temp.audit_count('bookings', array[tests.id('booking_a'), tests.id('booking_b')], tests.user_id('admin@pgtap.test')), 2,
  'one audit entry per booking');
select lives_ok(format('select public.admin_bulk_set_booking_status(%L::uuid[], array[''pending'', ''confirmed''], %L::timestamptz[])',
    array[tests.id('booking_a'), tests.id('booking_b')],
    array[(select updated_at from public.bookings where id = tests.id('booking_a')), (select updated_at from public.bookings where id = tests.id('booking_b'))]),
  'the undo sends each booking back to its own previous status');
select is(array[pg_temp.status_of(tests.id('booking_a')), pg_temp.status_of(tests.id('booking_b'))], array['pending', 'confirmed'], 'both statuses are back');
select is((select count(*)::int from public.commissions where booking_id in (tests.id('booking_a'), tests.id('booking_b'))), 0,
  'the commissions are removed');
select is((select total_earnings from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 0::bigint, 'and the earnings taken back');

-- ------------------------------------------------------------------ arguments
select throws_ok('select public.admin_bulk_set_review_status(array[]::uuid[], array[]::text[], array[]::timestamptz[])', '22023', null,
  'an empty batch is refused');
select throws_ok(format('select public.admin_bulk_set_review_status(%L::uuid[], array_fill(''active''::text, array[101]), array_fill(now(), array[101]))',
    (select array_agg(gen_random_uuid()) from generate_series(1, 101))), '22023', null, 'more than 100 rows are refused');
select throws_ok(format('select public.admin_bulk_set_review_status(%L::uuid[], array[''active'', ''active''], array[now(), now()])',
    array[tests.id('review_a'), tests.id('review_a')]), '22023', null, 'a row given twice is refused');
select throws_ok(format('select public.admin_bulk_set_review_status(%L::uuid[], array[''active''], array[now(), now()])',
    array[tests.id('review_a'), tests.id('review_b')]), '22023', null, 'arrays of different lengths are refused');
select throws_ok(format('select public.admin_bulk_set_provider_status(%L::uuid[], array[''deleted''], array[''active''])',
    array[pg_temp.p(1)]), '22023', null, 'an unknown status is refused');

-- ------------------------------------------------------------------ not an admin (a crafted call)
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select throws_ok(format('select public.admin_bulk_set_review_status(%L::uuid[], array[''inactive''], array[now()])', array[tests.id('review_a')]),
  '42501', null, 'a customer''s crafted bulk call is refused');
select tests.authenticate_as(tests.user_id('prov.q@pgtap.test'));
select throws_ok(format('select public.admin_bulk_set_provider_status(%L::uuid[], array[''active''], array[''pending_approval''])', array[pg_temp.p(3)]),
  '42501', null, 'a provider cannot approve anyone in bulk');
select tests.authenticate_with_claims(tests.user_claims(tests.user_id('prov.q@pgtap.test')) || '{"user_metadata": {"admin": true}}');
select throws_ok(format('select public.admin_bulk_set_booking_status(%L::uuid[], array[''cancelled''], array[now()])', array[tests.id('booking_a')]),
  '42501', null, 'an admin flag in user_metadata is not the admin claim');
select tests.as_superuser();
select is(pg_temp.status_of(tests.id('review_a')), 'active', 'the refused calls changed nothing');

select * from finish();
rollback;
