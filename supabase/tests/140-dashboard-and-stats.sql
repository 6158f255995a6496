-- public.admin_dashboard(): denied to anon, customers and providers; for admins every figure
-- equals the same aggregate computed directly from the tables (the rollups are kept right),
-- including right after changes in the same transaction. The per-screen stats functions are
-- admin-only and correct on the fixture.
begin;
set search_path = public, extensions;
select plan(40);

select tests.make_world();
-- Some movement so that every figure is non-trivial.
update public.bookings set status = 'completed' where id = tests.id('booking_a');
update public.deposit_history set status = 'completed' where id = tests.id('deposit_q');
insert into public.bookings (customer_id, provider_id, subcategory_id, status, original_price, final_price, customer_name, service_name, created_at)
values (tests.user_id('cust.b@pgtap.test'), tests.user_id('prov.q@pgtap.test'), tests.id('svc_active'), 'cancelled', 5000, 5000, 'Khách B', 'Dịch vụ kiểm thử', now() - interval '3 days');

create temporary table expected on commit drop as
select (select count(*) from public.profiles) as users_total,
       (select count(*) from public.profiles where role = 'customer') as customers,
       (select count(*) from public.profiles where role = 'provider') as providers,
       (select count(*) from public.bookings) as bookings_total,
       (select count(*) from public.bookings where status = 'pending') as pending,
       (select count(*) from public.bookings where status = 'confirmed') as confirmed,
       (select count(*) from public.bookings where status = 'pending_completion') as pending_completion,
       (select count(*) from public.bookings where status = 'completed') as completed,
       (select count(*) from public.bookings where status = 'cancelled') as cancelled,
       (select coalesce(sum(final_price), 0) from public.bookings where status = 'completed') as revenue,
       (select coalesce(sum(platform_fee), 0) from public.commissions) as platform_income,
       (select coalesce(sum(provider_amount), 0) from public.commissions) as provider_earnings,
       (select coalesce(sum(amount), 0) from public.deposit_history where status = 'completed') as deposits_completed,
       (select coalesce(sum(amount), 0) from public.deposit_history where status = 'pending') as deposits_pending,
       (select count(*) from public.service_items) as service_items,
       (select count(*) from public.bookings
         where (created_at at time zone 'Asia/Ho_Chi_Minh')::date > (now() at time zone 'Asia/Ho_Chi_Minh')::date - 30) as bookings_30_days,
       (select count(*) from public.discount_codes) as codes_total;
grant select on expected to authenticated, service_role;

-- ------------------------------------------------------------------ denied
select tests.clear_authentication();
select throws_ok($$ select public.admin_dashboard() $$, '42501', null, 'anon cannot call the dashboard');
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select throws_ok($$ select public.admin_dashboard() $$, '42501', null, 'a customer cannot call the dashboard');
select throws_ok($$ select public.provider_stats(tests.user_id('prov.p@pgtap.test')) $$, '42501', null, 'a customer cannot call provider_stats');
select throws_ok($$ select public.customer_stats(tests.user_id('cust.b@pgtap.test')) $$, '42501', null, 'a customer cannot read another customer''s stats');
select throws_ok($$ select public.admin_commission_stats() $$, '42501', null, 'a customer cannot call admin_commission_stats');
select throws_ok($$ select public.admin_deposit_stats() $$, '42501', null, 'a customer cannot call admin_deposit_stats');
select throws_ok($$ select public.admin_discount_code_stats() $$, '42501', null, 'a customer cannot call admin_discount_code_stats');
select throws_ok($$ select public.provider_review_summary(tests.user_id('prov.p@pgtap.test')) $$, '42501', null, 'a customer cannot call provider_review_summary');
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select throws_ok($$ select public.admin_dashboard() $$, '42501', null, 'a provider cannot call the dashboard');
select throws_ok($$ select public.provider_stats(tests.user_id('prov.p@pgtap.test')) $$, '42501', null, 'a provider cannot call provider_stats, not even for themselves');
select tests.authenticate_with_claims(jsonb_build_object('sub', tests.user_id('cust.a@pgtap.test'), 'role', 'authenticated',
                                                         'user_metadata', jsonb_build_object('admin', true)));
select throws_ok($$ select public.admin_dashboard() $$, '42501', null, 'an admin flag in user_metadata does not open the dashboard');

-- ------------------------------------------------------------------ admin: every figure
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select set_config('tests.dash', public.admin_dashboard()::text, true);
select is((current_setting('tests.dash')::jsonb #>> '{users,total}')::bigint, (select users_total from expected), 'users.total = number of profiles');
select is((current_setting('tests.dash')::jsonb #>> '{users,customers}')::bigint, (select customers from expected), 'users.customers');
select is((current_setting('tests.dash')::jsonb #>> '{users,providers}')::bigint, (select providers from expected), 'users.providers');
select is((current_setting('tests.dash')::jsonb #>> '{bookings,total}')::bigint, (select bookings_total from expected), 'bookings.total');
select is((current_setting('tests.dash')::jsonb #>> '{bookings,pending}')::bigint, (select pending from expected), 'bookings.pending');
select is((current_setting('tests.dash')::jsonb #>> '{bookings,confirmed}')::bigint, (select confirmed from expected), 'bookings.confirmed');
select is((current_setting('tests.dash')::jsonb #>> '{bookings,pending_completion}')::bigint, (select pending_completion from expected), 'bookings.pending_completion');
select is((current_setting('tests.dash')::jsonb #>> '{bookings,completed}')::bigint, (select completed from expected), 'bookings.completed');
select is((current_setting('tests.dash')::jsonb #>> '{bookings,cancelled}')::bigint, (select cancelled from expected), 'bookings.cancelled');
select is((current_setting('tests.dash')::jsonb ->> 'revenue')::bigint, (select revenue::bigint from expected), 'revenue = sum of final_price of completed bookings');
select is((current_setting('tests.dash')::jsonb ->> 'platform_income')::bigint, (select platform_income::bigint from expected), 'platform_income = sum of platform_fee');
select is((current_setting('tests.dash')::jsonb ->> 'provider_earnings')::bigint, (select provider_earnings::bigint from expected), 'provider_earnings = sum of provider_amount');
select is((current_setting('tests.dash')::jsonb #>> '{deposits,completed_amount}')::bigint, (select deposits_completed::bigint from expected), 'deposits.completed_amount');
select is((current_setting('tests.dash')::jsonb #>> '{deposits,pending_amount}')::bigint, (select deposits_pending::bigint from expected), 'deposits.pending_amount');
select is((current_setting('tests.dash')::jsonb ->> 'service_items')::bigint, (select service_items from expected), 'service_items = number of packages');
select is(jsonb_array_length(current_setting('tests.dash')::jsonb -> 'bookings_per_day'), 30, 'bookings_per_day covers 30 days');
select is(jsonb_array_length(current_setting('tests.dash')::jsonb -> 'revenue_per_day'), 30, 'revenue_per_day covers 30 days');
select is((select sum((d ->> 'total')::bigint)::bigint from jsonb_array_elements(current_setting('tests.dash')::jsonb -> 'bookings_per_day') d),
  (select bookings_30_days from expected), 'bookings_per_day sums to the bookings created in the last 30 days (Asia/Ho_Chi_Minh)');

-- The figures follow changes at once (same transaction).
update public.bookings set status = 'completed' where id = tests.id('booking_b');
select is((public.admin_dashboard() #>> '{bookings,completed}')::bigint, (select completed + 1 from expected), 'completing a booking counts at once');
select is((public.admin_dashboard() ->> 'revenue')::bigint, (select revenue::bigint + 200000 from expected), 'and adds its final price to revenue');
select is((public.admin_dashboard() ->> 'platform_income')::bigint, (select platform_income::bigint + 30000 from expected),
  'and its platform fee (15 % of 200 000) to platform income');

-- ------------------------------------------------------------------ admin: the per-screen stats
select results_eq($$ select (s ->> 'total')::int, (s ->> 'completed')::int, (s ->> 'total_revenue')::bigint
                       from public.provider_stats(tests.user_id('prov.p@pgtap.test')) s $$,
  $$ values (1, 1, 180000::bigint) $$, 'provider_stats(prov.p): 1 booking, 1 completed, revenue 180 000');
select results_eq($$ select (s ->> 'total')::int, (s ->> 'cancelled')::int from public.customer_stats(tests.user_id('cust.b@pgtap.test')) s $$,
  $$ values (2, 1) $$, 'customer_stats(cust.b): 2 bookings, 1 cancelled');
select results_eq($$ select (s ->> 'count')::int, (s ->> 'average')::numeric, (s #>> '{distribution,4}')::int
                       from public.provider_review_summary(tests.user_id('prov.p@pgtap.test')) s $$,
  $$ values (1, 4.00::numeric, 1) $$, 'provider_review_summary(prov.p): one 4-star review');
select tests.as_superuser();
update public.reviews set status = 'inactive' where id = tests.id('review_a');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is((public.provider_review_summary(tests.user_id('prov.p@pgtap.test')) ->> 'count')::int, 0, 'inactive reviews do not count in the summary');
select results_eq($$ select (s ->> 'count')::int, (s ->> 'platform_fee')::bigint, (s ->> 'provider_amount')::bigint
                       from public.admin_commission_stats(p_provider_id => tests.user_id('prov.p@pgtap.test')) s $$,
  $$ values (1, 30000::bigint, 170000::bigint) $$, 'admin_commission_stats for prov.p');
select results_eq($$ select (s ->> 'count')::int, (s ->> 'pending_amount')::bigint from public.admin_deposit_stats(p_provider_id => tests.user_id('prov.p@pgtap.test')) s $$,
  $$ values (1, 100000::bigint) $$, 'admin_deposit_stats for prov.p: one pending deposit of 100 000');
select is((public.admin_discount_code_stats() ->> 'total')::bigint, (select codes_total from expected), 'admin_discount_code_stats counts every code');

select tests.authenticate_as_service_role();
select is((public.admin_dashboard() #>> '{users,total}')::bigint, (select users_total from expected), 'the service role may call the dashboard');

select * from finish();
rollback;
