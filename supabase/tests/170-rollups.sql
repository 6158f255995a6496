-- The dashboard rollups (booking_stats_daily, commission_stats_daily, profiles.total_bookings,
-- profiles.total_earnings) equal the aggregates of the base tables after inserts, status changes,
-- price and date corrections, customer changes, multi-row statements and deletes; days are
-- counted in Asia/Ho_Chi_Minh. Admins read the rollups; nobody writes them through the API.
begin;
set search_path = public, extensions;
select plan(22);

select tests.make_world();

-- 17:30 UTC on 1 Jan is 00:30 on 2 Jan in Hồ Chí Minh City.
insert into public.bookings (id, customer_id, provider_id, subcategory_id, status, original_price, final_price, customer_name, service_name, created_at)
values (tests.id('roll_1'), tests.user_id('cust.a@pgtap.test'), tests.user_id('prov.p@pgtap.test'), tests.id('svc_active'), 'pending', 100000, 90000, 'Khách A', 'Dịch vụ kiểm thử', '2026-01-01 17:30:00+00'),
       (tests.id('roll_2'), tests.user_id('cust.a@pgtap.test'), tests.user_id('prov.q@pgtap.test'), tests.id('svc_active'), 'completed', 300000, 300000, 'Khách A', 'Dịch vụ kiểm thử', '2026-01-01 16:59:59+00'),
       (tests.id('roll_3'), tests.user_id('cust.b@pgtap.test'), tests.user_id('prov.q@pgtap.test'), tests.id('svc_active'), 'confirmed', 50000, 50000, 'Khách B', 'Dịch vụ kiểm thử', '2026-01-02 10:00:00+00');

select is((select booking_count from public.booking_stats_daily where day = '2026-01-02' and status = 'pending'), 1::bigint,
  'a booking made at 00:30 local time counts on the local day (2 Jan), not the UTC day');
select is((select booking_count from public.booking_stats_daily where day = '2026-01-01' and status = 'completed'), 1::bigint,
  'a booking made at 23:59:59 local time counts on 1 Jan');

update public.bookings set status = 'completed' where id in (tests.id('roll_1'), tests.id('roll_3'));
update public.bookings set final_price = 95000 where id = tests.id('roll_1');
update public.bookings set created_at = '2026-01-05 03:00:00+00' where id = tests.id('roll_3');
update public.bookings set customer_id = tests.user_id('cust.b@pgtap.test') where id = tests.id('roll_2');
update public.bookings set status = 'cancelled' where id = tests.id('roll_2');
delete from public.bookings where id = tests.id('booking_b');
update public.bookings set status = 'pending_completion' where id in (tests.id('booking_a'), tests.id('roll_3'));
update public.bookings set status = 'completed' where id = tests.id('roll_3');

select set_eq(
  $$ select day, status, booking_count, final_price_total from public.booking_stats_daily where booking_count <> 0 or final_price_total <> 0 $$,
  $$ select (created_at at time zone 'Asia/Ho_Chi_Minh')::date as day, status, count(*)::bigint as n, sum(final_price)::bigint as total
       from public.bookings group by 1, 2 $$,
  'booking_stats_daily equals bookings grouped by local day and status');
select is_empty($$ select day, status from public.booking_stats_daily where booking_count < 0 or final_price_total < 0 $$, 'no rollup goes negative');
select set_eq(
  $$ select day, commission_count, service_price_total, final_price_total, platform_fee_total, provider_amount_total
       from public.commission_stats_daily where commission_count <> 0 or service_price_total <> 0 $$,
  $$ select (created_at at time zone 'Asia/Ho_Chi_Minh')::date as day, count(*)::bigint as n, sum(service_price)::bigint as sp,
            sum(final_price)::bigint as fp, sum(platform_fee)::bigint as pf, sum(provider_amount)::bigint as pa
       from public.commissions group by 1 $$,
  'commission_stats_daily equals commissions grouped by local day');
select is_empty(
  $$ select p.id from public.profiles p
      where p.total_bookings <> (select count(*) from public.bookings b where b.customer_id = p.id) $$,
  'profiles.total_bookings equals each customer''s booking count');
select is_empty(
  $$ select p.id from public.profiles p
      where p.total_earnings <> coalesce((select sum(c.provider_amount) from public.commissions c where c.provider_id = p.id), 0) $$,
  'profiles.total_earnings equals each provider''s sum of provider_amount');
select is((select total_bookings from public.profiles where id = tests.user_id('cust.b@pgtap.test')), 2,
  'moving a booking to another customer moves the count (cust.b: roll_2, roll_3; booking_b deleted)');

-- rebuild_rollups() recomputes the same numbers (used after bulk loads).
create temporary table rollup_before on commit drop as select * from public.booking_stats_daily where booking_count <> 0 or final_price_total <> 0;
select private.rebuild_rollups();
select set_eq($$ select * from public.booking_stats_daily $$, $$ select * from rollup_before $$, 'rebuild_rollups() gives the same booking rollup');

-- ------------------------------------------------------------------ RLS
select tests.clear_authentication();
select throws_ok($$ select * from public.booking_stats_daily $$, '42501', null, 'anon cannot read booking rollups');
select throws_ok($$ select * from public.commission_stats_daily $$, '42501', null, 'anon cannot read commission rollups');
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is_empty($$ select * from public.booking_stats_daily $$, 'a customer reads no booking rollup');
select is_empty($$ select * from public.commission_stats_daily $$, 'a customer reads no commission rollup');
select throws_ok($$ select private.rebuild_rollups() $$, '42501', null, 'a customer cannot rebuild the rollups');
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select is_empty($$ select * from public.booking_stats_daily $$, 'a provider reads no booking rollup');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select isnt_empty($$ select * from public.booking_stats_daily where day = '2026-01-02' $$, 'an admin reads the booking rollup');
select isnt_empty($$ select * from public.commission_stats_daily $$, 'an admin reads the commission rollup');
select throws_ok($$ update public.booking_stats_daily set booking_count = 0 $$, '42501', null, 'an admin cannot edit the booking rollup');
select throws_ok($$ insert into public.commission_stats_daily (day) values ('2000-01-01') $$, '42501', null, 'an admin cannot insert into the commission rollup');
select throws_ok($$ delete from public.booking_stats_daily $$, '42501', null, 'an admin cannot delete the booking rollup');
select throws_ok($$ select private.rebuild_rollups() $$, '42501', null, 'rebuild_rollups() is not callable through the API');
select ok((public.admin_dashboard() #>> '{bookings,total}')::bigint = (select sum(booking_count) from public.booking_stats_daily),
  'the dashboard reads the rollup');

select * from finish();
rollback;
