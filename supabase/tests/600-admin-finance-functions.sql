-- Admin list / stats functions of the catalogue-and-finance screens (supabase/schemas/23_admin_commissions.sql to 27_admin_list_reviews.sql):
-- commissions, deposits, promotion codes (stats, select all / deselect all), conversations,
-- reviews. Admin-only (42501 for customers, providers and anon), filters and totals. It runs on the
-- seeded database: every figure is scoped to this file's fixture (names and services starting with
-- "H8", ids 60000000-0000-4000-a000-…), or compared with what the tables hold.
begin;
set search_path = public, extensions;
select plan(40);

-- ---------------------------------------------------------------- fixture (as the superuser)
select tests.create_user('h8-admin@test.vn', 'customer', true);
select tests.create_user('h8-tho-dien@test.vn', 'provider');
select tests.create_user('h8-tho-nuoc@test.vn', 'provider');
select tests.create_user('h8-khach@test.vn', 'customer');
update public.profiles set name = 'H8 Thợ Điện' where id = tests.user_id('h8-tho-dien@test.vn');
update public.profiles set name = 'H8 Thợ Nước' where id = tests.user_id('h8-tho-nuoc@test.vn');
update public.profiles set name = 'H8 Khách Hàng' where id = tests.user_id('h8-khach@test.vn');

insert into public.categories (id, name, icon) values ('60000000-0000-4000-a000-000000000001', 'H8 Ngành', 'wrench');
insert into public.subcategories (id, category_id, name, icon, commission_rate, active) values
  ('60000000-0000-4000-a000-000000000011', '60000000-0000-4000-a000-000000000001', 'H8 Sửa điện', 'bolt', 10, true),
  ('60000000-0000-4000-a000-000000000012', '60000000-0000-4000-a000-000000000001', 'H8 Sửa nước', 'droplet', 20, true),
  ('60000000-0000-4000-a000-000000000013', '60000000-0000-4000-a000-000000000001', 'H8 Ngừng bán', 'x', 5, false);

insert into public.bookings (id, customer_id, customer_name, provider_id, subcategory_id, service_name,
                             status, original_price, final_price, created_at)
values
  ('60000000-0000-4000-a000-000000000101', tests.user_id('h8-khach@test.vn'), 'H8 Khách Hàng',
   tests.user_id('h8-tho-dien@test.vn'), '60000000-0000-4000-a000-000000000011', 'H8 Sửa điện',
   'confirmed', 200000, 200000, now() - interval '3 days'),
  ('60000000-0000-4000-a000-000000000102', tests.user_id('h8-khach@test.vn'), 'H8 Khách Hàng',
   tests.user_id('h8-tho-nuoc@test.vn'), '60000000-0000-4000-a000-000000000012', 'H8 Sửa nước',
   'confirmed', 500000, 450000, now() - interval '2 days');
update public.bookings set status = 'completed' where id in
  ('60000000-0000-4000-a000-000000000101', '60000000-0000-4000-a000-000000000102');
-- Both commissions were created in this transaction (same now()); space them out for the order.
update public.commissions set created_at = now() - interval '2 hours' where booking_id = '60000000-0000-4000-a000-000000000101';
update public.commissions set created_at = now() - interval '1 hour' where booking_id = '60000000-0000-4000-a000-000000000102';

insert into public.deposit_history (provider_id, amount, status) values
  (tests.user_id('h8-tho-dien@test.vn'), 300000, 'pending'),
  (tests.user_id('h8-tho-dien@test.vn'), 100000, 'canceled'),
  (tests.user_id('h8-tho-nuoc@test.vn'), 700000, 'completed');

insert into public.discount_codes (id, code, discount_type, discount_value, max_uses, uses_count, expires_at, status) values
  ('60000000-0000-4000-a000-000000000201', 'h8giam', 'percentage', 10, 100, 7, now() + interval '10 days', 'active'),
  ('60000000-0000-4000-a000-000000000202', 'H8HET', 'fixed_amount', 50000, 5, 5, now() - interval '1 day', 'inactive');

insert into public.conversations (id, booking_id, provider_id, customer_id, is_active) values
  ('60000000-0000-4000-a000-000000000301', '60000000-0000-4000-a000-000000000101',
   tests.user_id('h8-tho-dien@test.vn'), tests.user_id('h8-khach@test.vn'), true),
  ('60000000-0000-4000-a000-000000000302', '60000000-0000-4000-a000-000000000102',
   tests.user_id('h8-tho-nuoc@test.vn'), tests.user_id('h8-khach@test.vn'), false);
insert into public.messages (conversation_id, sender_id, type, content) values
  ('60000000-0000-4000-a000-000000000301', tests.user_id('h8-khach@test.vn'), 'text', 'Anh ơi mấy giờ anh tới ạ?');

insert into public.reviews (booking_id, provider_id, customer_id, customer_name, rating, comment, status) values
  ('60000000-0000-4000-a000-000000000101', tests.user_id('h8-tho-dien@test.vn'), tests.user_id('h8-khach@test.vn'),
   'H8 Khách Hàng', 1, 'H8 đến trễ 100% không báo trước', 'active'),
  ('60000000-0000-4000-a000-000000000102', tests.user_id('h8-tho-nuoc@test.vn'), tests.user_id('h8-khach@test.vn'),
   'H8 Khách Hàng', 5, 'H8 rất tốt', 'inactive');

-- ---------------------------------------------------------------- helpers
select is(private.admin_like_pattern('  50%_x\ '), '%50\%\_x\\%', 'like pattern escapes % _ and \');
select is(private.admin_like_pattern('   '), null, 'blank search means no filter');

-- ---------------------------------------------------------------- non-admins are refused
select tests.authenticate_as(tests.user_id('h8-khach@test.vn'));
select throws_ok($$ select public.admin_commission_stats() $$, '42501', null, 'a customer cannot read commission stats');
select throws_ok($$ select public.admin_list_commissions() $$, '42501', null, 'a customer cannot list commissions');
select throws_ok($$ select public.admin_deposit_stats() $$, '42501', null, 'a customer cannot read deposit stats');
select throws_ok($$ select public.admin_list_deposits() $$, '42501', null, 'a customer cannot list deposits');
select throws_ok($$ select public.admin_list_conversations() $$, '42501', null, 'a customer cannot list conversations');
select throws_ok($$ select public.admin_list_reviews() $$, '42501', null, 'a customer cannot list reviews');
select throws_ok($$ select public.admin_discount_code_stats() $$, '42501', null, 'a customer cannot read promotion stats');
select throws_ok($$ select public.admin_set_all_discount_code_services('60000000-0000-4000-a000-000000000201', true) $$,
  '42501', null, 'a customer cannot select all services of a code');
select tests.authenticate_as(tests.user_id('h8-tho-dien@test.vn'));
select throws_ok($$ select public.admin_list_deposits() $$, '42501', null, 'a provider cannot list deposits (even their own through this function)');
select tests.clear_authentication();
select throws_ok($$ select public.admin_list_reviews() $$, '42501', null, 'anon cannot call the admin functions');

-- ---------------------------------------------------------------- commissions
select tests.authenticate_as(tests.user_id('h8-admin@test.vn'));
select is(public.admin_commission_stats(p_search => 'H8 Sửa') -> 'count', '2'::jsonb, 'stats count every matching commission');
select is(public.admin_commission_stats(p_search => 'H8 Sửa') -> 'service_value', '700000'::jsonb, 'total service value');
select is(public.admin_commission_stats(p_search => 'H8 Sửa') -> 'platform_fee', '120000'::jsonb, 'platform income = 20,000 + 100,000');
select is(public.admin_commission_stats(p_search => 'H8 Sửa') -> 'provider_amount', '580000'::jsonb, 'provider earnings = 180,000 + 400,000');
select is((public.admin_commission_stats(p_search => 'H8 Sửa') ->> 'average_rate')::numeric, 15.00, 'average platform rate');
select is(public.admin_commission_stats(p_search => 'h8 thợ điện') -> 'count', '1'::jsonb, 'search by provider name (any case)');
select is(public.admin_commission_stats(p_search => 'H8 sửa nước') -> 'count', '1'::jsonb, 'search by service name');
select is(public.admin_commission_stats(p_search => '60000000-0000-4000-a000-00000000010') -> 'count', '2'::jsonb,
  'search by booking id');
select is(public.admin_commission_stats(p_subcategory_id => '60000000-0000-4000-a000-000000000012') -> 'platform_fee',
  '100000'::jsonb, 'service filter');
select is(public.admin_commission_stats(p_search => 'H8 Sửa', p_from => now() + interval '1 day') -> 'count', '0'::jsonb, 'from-date filter');
select is(
  (select jsonb_agg(r ->> 'service_name') from jsonb_array_elements(public.admin_list_commissions(p_search => 'H8 Sửa') -> 'rows') r),
  '["H8 Sửa nước", "H8 Sửa điện"]'::jsonb,
  'list rows carry names, newest first');
select is(
  (select jsonb_array_length(public.admin_list_commissions(
     p_search => 'H8 Sửa',
     p_after_created_at => (l -> 'rows' -> 0 ->> 'created_at')::timestamptz,
     p_after_id => (l -> 'rows' -> 0 ->> 'id')::uuid) -> 'rows')
     from (select public.admin_list_commissions(p_search => 'H8 Sửa') as l) x),
  1, 'keyset paging continues after the first row');

-- ---------------------------------------------------------------- deposits
select is(public.admin_deposit_stats(p_search => 'H8 Thợ') -> 'total_amount', '1100000'::jsonb, 'deposit total amount');
select is(public.admin_deposit_stats(p_search => 'H8 Thợ') -> 'pending_amount', '300000'::jsonb, 'pending amount');
select is(public.admin_deposit_stats(p_search => 'H8 Thợ') -> 'completed_count', '1'::jsonb, 'completed count');
select is(public.admin_deposit_stats(p_search => 'h8 thợ nước') -> 'count', '1'::jsonb, 'search by provider name');
select is(public.admin_deposit_stats(p_search => 'H8 Thợ', p_status => 'canceled') -> 'canceled_amount', '100000'::jsonb, 'status filter');
select is(
  (public.admin_list_deposits(p_search => 'H8 Thợ', p_status => 'completed') -> 'rows' -> 0 -> 'provider_balance'),
  '700000'::jsonb, 'deposit rows show the provider''s current balance');

-- ---------------------------------------------------------------- promotion codes
select is(public.admin_discount_code_stats(),
  (select jsonb_build_object('total', count(*), 'active', count(*) filter (where status = 'active'),
                             'inactive', count(*) filter (where status = 'inactive'), 'uses', sum(uses_count))
     from public.discount_codes),
  'promotion stat cards count every code');
select is(public.admin_set_all_discount_code_services('60000000-0000-4000-a000-000000000201', true),
  (select count(*)::integer from public.subcategories where active),
  'select all applies the code to every active service (not the hidden one)');
select is(public.admin_set_all_discount_code_services('60000000-0000-4000-a000-000000000201', false), 0,
  'deselect all removes every service');

-- ---------------------------------------------------------------- conversations
select is(
  (select jsonb_build_object('total', l -> 'total', 'exact', l -> 'total_exact', 'last', l -> 'rows' -> 0 -> 'last_message')
     from (select public.admin_list_conversations(p_provider_name => 'h8 thợ điện') as l) x),
  '{"total": 1, "exact": true, "last": "Anh ơi mấy giờ anh tới ạ?"}'::jsonb,
  'conversations filtered by provider name with an exact total');
select is(public.admin_list_conversations(p_status => 'completed', p_customer_name => 'H8 Khách') -> 'rows' -> 0 -> 'provider_name',
  '"H8 Thợ Nước"'::jsonb, 'completed conversations filtered by customer name');

-- ---------------------------------------------------------------- reviews
select is(public.admin_list_reviews(p_search => 'H8 đến trễ 100%') -> 'total', '1'::jsonb, 'search matches % literally in comments');
select is(public.admin_list_reviews(p_search => 'H8 rất tốt', p_rating => 5, p_status => 'inactive') -> 'rows' -> 0 -> 'provider_name',
  '"H8 Thợ Nước"'::jsonb, 'stars and status filters, provider name joined');

-- ---------------------------------------------------------------- layout
select tests.as_superuser();
select is(
  (select bool_or(p.prosecdef) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.proname in ('admin_list_commissions', 'admin_commission_stats', 'admin_list_deposits',
                                                 'admin_deposit_stats', 'admin_list_conversations', 'admin_list_reviews')),
  false, 'the API functions are security invoker');
select is(
  (select count(*)::integer from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'private' and p.prosecdef
      and p.proname in ('admin_sorted_page', 'admin_commission_stats', 'admin_deposit_stats')
      and p.proconfig = array['search_path=""']),
  3, 'their security definer bodies (the lists'' engine, the two stat cards) live in private with an empty search_path');
-- One way to compute the stat cards: no second function scans the base rows.
select is_empty($$ select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                    where n.nspname = 'private' and p.proname like '%\_stats\_scan' $$,
                'the stat cards have no separate scan function');

select * from finish();
rollback;
