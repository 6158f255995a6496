-- Acceptance point 4 of issue 2, on the seeded data: a customer's JWT, sent as raw SQL role +
-- claims (exactly what the API does), reads zero rows of other people's bookings, profiles,
-- deposits, commissions, messages and the audit log; anon reads none of them. The same for the
-- demo provider, and for every other table that holds people's data.
begin;
set search_path = public, extensions;
select plan(50);

select set_config('tests.customer', tests.user_id('khachhang@sandichvu.vn')::text, true);
select set_config('tests.provider', tests.user_id('tho@sandichvu.vn')::text, true);
select set_config('tests.customer_bookings', (select count(*) from public.bookings where customer_id = tests.user_id('khachhang@sandichvu.vn'))::text, true);
select set_config('tests.provider_bookings', (select count(*) from public.bookings where provider_id = tests.user_id('tho@sandichvu.vn'))::text, true);
select set_config('tests.provider_deposits', (select count(*) from public.deposit_history where provider_id = tests.user_id('tho@sandichvu.vn'))::text, true);
select set_config('tests.provider_commissions', (select count(*) from public.commissions where provider_id = tests.user_id('tho@sandichvu.vn'))::text, true);

-- The seed gives the others plenty to hide.
select ok((select count(*) from public.bookings where customer_id is distinct from tests.user_id('khachhang@sandichvu.vn')) > 100,
  'the seed holds other customers'' bookings');
select ok(current_setting('tests.customer_bookings')::int > 0, 'the demo customer owns bookings in the seed');
select ok((select count(*) from public.deposit_history) > 0 and (select count(*) from public.commissions) > 0
          and (select count(*) from public.messages) > 0,
  'the seed holds deposits, commissions and messages');

-- ------------------------------------------------------------------ the demo customer, raw role + claims
set local role authenticated;
select set_config('request.jwt.claims', json_build_object(
  'sub', current_setting('tests.customer'), 'role', 'authenticated', 'aud', 'authenticated', 'email', 'khachhang@sandichvu.vn',
  'app_metadata', json_build_object('provider', 'email', 'providers', json_build_array('email')),
  'user_metadata', json_build_object(), 'exp', extract(epoch from now())::bigint + 3600)::text, true);

select is(current_user::text, 'authenticated', 'the session runs as authenticated');
select is_empty($$ select id from public.bookings where customer_id is distinct from current_setting('tests.customer')::uuid $$,
  'the customer reads zero rows of other people''s bookings');
select is((select count(*) from public.bookings), current_setting('tests.customer_bookings')::bigint, '…and all of their own');
select is_empty($$ select id from public.profiles where id <> current_setting('tests.customer')::uuid $$, 'zero rows of other people''s profiles');
select is_empty($$ select id from public.deposit_history $$, 'zero rows of deposits');
select is_empty($$ select id from public.commissions $$, 'zero rows of commissions');
select is_empty($$ select m.id from public.messages m
                    where not exists (select 1 from public.conversations c where c.id = m.conversation_id
                                        and (c.customer_id = current_setting('tests.customer')::uuid or c.provider_id = current_setting('tests.customer')::uuid)) $$,
  'zero rows of other people''s messages');
select is_empty($$ select id from public.audit_log $$, 'zero rows of the audit log');
select is_empty($$ select id from public.conversations where customer_id is distinct from current_setting('tests.customer')::uuid $$, 'zero rows of other people''s conversations');
select is_empty($$ select id from public.reviews where customer_id is distinct from current_setting('tests.customer')::uuid $$, 'zero rows of other people''s reviews');
select is_empty($$ select id from public.provider_documents $$, 'zero rows of provider documents');
select is_empty($$ select provider_id from public.provider_service_types $$, 'zero rows of provider service types');
select is_empty($$ select id from public.discount_codes $$, 'zero rows of promotion codes');
select is_empty($$ select discount_code_id from public.discount_code_services $$, 'zero rows of promotion code links');
select is_empty($$ select day from public.booking_stats_daily $$, 'zero rows of booking rollups');
select is_empty($$ select day from public.commission_stats_daily $$, 'zero rows of commission rollups');
select is_empty($$ select id from storage.objects where bucket_id in ('provider-documents', 'banners') $$, 'zero stored provider documents or banner listings');
select is_empty($$ update public.bookings set status = 'cancelled' returning id $$, 'the customer changes no booking');
select is_empty($$ update public.profiles set name = 'x' where id <> current_setting('tests.customer')::uuid returning id $$, 'the customer changes no other profile');

-- ------------------------------------------------------------------ the demo provider, raw role + claims
select set_config('request.jwt.claims', json_build_object(
  'sub', current_setting('tests.provider'), 'role', 'authenticated', 'aud', 'authenticated', 'email', 'tho@sandichvu.vn',
  'app_metadata', json_build_object('provider', 'email', 'role', 'provider'), 'user_metadata', json_build_object())::text, true);
select is_empty($$ select id from public.bookings where provider_id is distinct from current_setting('tests.provider')::uuid
                                                       and customer_id is distinct from current_setting('tests.provider')::uuid $$,
  'the provider reads zero rows of other people''s bookings');
select is((select count(*) from public.bookings), current_setting('tests.provider_bookings')::bigint, '…and all of the bookings assigned to them');
select is_empty($$ select id from public.profiles where id <> current_setting('tests.provider')::uuid $$, 'zero rows of other people''s profiles');
select is_empty($$ select id from public.deposit_history where provider_id <> current_setting('tests.provider')::uuid $$, 'zero rows of other providers'' deposits');
select is((select count(*) from public.deposit_history), current_setting('tests.provider_deposits')::bigint, '…and all of their own deposits');
select is_empty($$ select id from public.commissions where provider_id is distinct from current_setting('tests.provider')::uuid $$, 'zero rows of other providers'' commissions');
select is((select count(*) from public.commissions), current_setting('tests.provider_commissions')::bigint, '…and all of their own commissions');
select is_empty($$ select m.id from public.messages m
                    where not exists (select 1 from public.conversations c where c.id = m.conversation_id
                                        and (c.customer_id = current_setting('tests.provider')::uuid or c.provider_id = current_setting('tests.provider')::uuid)) $$,
  'zero rows of other people''s messages');
select is_empty($$ select id from public.audit_log $$, 'zero rows of the audit log');
select is_empty($$ select id from storage.objects where bucket_id = 'provider-documents'
                                                  and (storage.foldername(name))[1] <> current_setting('tests.provider') $$,
  'zero stored documents of other providers');
select is_empty($$ update public.deposit_history set status = 'completed' returning id $$, 'the provider completes none of their deposits');
select throws_ok($$ update public.profiles set deposit = deposit + 1000000 where id = current_setting('tests.provider')::uuid $$, '42501', null,
  'the provider cannot raise their own deposit');

-- ------------------------------------------------------------------ anon, raw role + claims
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon","iss":"supabase-demo"}', true);
select throws_ok(format('select * from public.%I', t), '42501', null, format('anon reads none of %s (permission denied)', t))
  from unnest(array['bookings', 'profiles', 'deposit_history', 'commissions', 'messages', 'audit_log', 'conversations', 'reviews',
                    'provider_documents', 'provider_service_types', 'discount_codes', 'discount_code_services',
                    'booking_stats_daily', 'commission_stats_daily']) as t;
select isnt_empty($$ select id from public.service_items $$, 'anon still reads the active catalogue');
select is_empty($$ select id from storage.objects $$, 'anon lists no stored object');

select * from finish();
rollback;
