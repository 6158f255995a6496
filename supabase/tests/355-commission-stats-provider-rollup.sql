-- The commissions screen's stat cards for a search text or a provider come from the monthly
-- provider rollup (docs/database.md#stats-rollups-for-every-filter): whole Vietnam months from
-- private.commission_stats_provider_monthly, the other days of the period from the base rows. They
-- must answer exactly what a scan of the filtered base rows answers, for every combination the
-- screen offers (search by provider or service name, a provider, a service, periods with whole
-- months, cut inside months, inside one month, across a year), and the rollup must stay equal to
-- the grouped base rows after inserts, moves, updates and deletes, and after a rebuild. So must the
-- all-time rollup per service and provider (private.commission_stats_provider_service), which
-- answers a search text without a period when it names many providers (here: always, the table
-- being a page or less).
begin;
set search_path = public, extensions;
select plan(12);

-- ---------------------------------------------------------------- fixture (as the superuser)
select tests.create_user('r355-admin@test.vn', 'customer', true);
select tests.create_user('r355-tho-a@test.vn', 'provider');
select tests.create_user('r355-tho-b@test.vn', 'provider');
select tests.create_user('r355-khach@test.vn', 'customer');
update public.profiles set name = 'R355 Đỗ Thợ Một' where id = tests.user_id('r355-tho-a@test.vn');
update public.profiles set name = 'R355 Lê Thợ Hai' where id = tests.user_id('r355-tho-b@test.vn');

insert into public.categories (id, name, icon) values (tests.id('r355-cat'), 'R355 Ngành', 'wrench');
insert into public.subcategories (id, category_id, name, icon, commission_rate, active) values
  (tests.id('r355-svc-1'), tests.id('r355-cat'), 'R355 Giặt rèm', 'bolt', 10, true),
  (tests.id('r355-svc-2'), tests.id('r355-cat'), 'R355 Tỉa cây', 'droplet', 15, true);

-- Twelve completed bookings, their commissions spread over four months around a new year, with
-- instants on both sides of Vietnam midnights (17:00 UTC) and of the first day of a month.
insert into public.bookings (id, customer_id, customer_name, provider_id, subcategory_id, service_name, status,
                             original_price, final_price, created_at)
select tests.id('r355-b' || i), tests.user_id('r355-khach@test.vn'), 'R355 Khách',
       tests.user_id(case when i % 2 = 0 then 'r355-tho-a@test.vn' else 'r355-tho-b@test.vn' end),
       tests.id(case when i % 3 = 0 then 'r355-svc-2' else 'r355-svc-1' end), 'R355 dịch vụ', 'confirmed',
       100000 * i, 100000 * i, '2024-11-01 00:00:00+07'::timestamptz
  from generate_series(1, 12) i;
update public.bookings set status = 'completed' where id in (select tests.id('r355-b' || i) from generate_series(1, 12) i);
update public.commissions c
   set created_at = t.at
  from (values (1, '2024-11-30 16:59:59+00'::timestamptz), (2, '2024-11-30 17:00:00+00'), (3, '2024-12-05 03:00:00+00'),
               (4, '2024-12-31 16:59:59+00'), (5, '2024-12-31 17:00:00+00'), (6, '2025-01-15 08:00:00+00'),
               (7, '2025-01-31 16:59:59+00'), (8, '2025-01-31 17:00:00+00'), (9, '2025-02-10 10:00:00+00'),
               (10, '2025-02-27 20:00:00+00'), (11, '2024-12-20 12:00:00+00'), (12, '2025-01-02 00:30:00+00')) as t(i, at)
 where c.booking_id = tests.id('r355-b' || t.i);

-- What a scan of the base rows answers (the reference).
create function pg_temp.scan(p_providers uuid[], p_services uuid[], p_provider uuid, p_sub uuid, p_from timestamptz, p_to timestamptz)
returns jsonb language sql stable as $$
  select jsonb_build_object('count', count(*), 'service_value', coalesce(sum(service_price), 0),
                            'platform_fee', coalesce(sum(platform_fee), 0), 'provider_amount', coalesce(sum(provider_amount), 0),
                            'average_rate', coalesce(round(avg(commission_rate), 2), 0))
    from public.commissions
   where (p_providers is null or provider_id = any (p_providers) or subcategory_id = any (p_services))
     and (p_provider is null or provider_id = p_provider) and (p_sub is null or subcategory_id = p_sub)
     and (p_from is null or created_at >= p_from) and (p_to is null or created_at < p_to)
$$;

create temporary table r355_periods (label text, p_from timestamptz, p_to timestamptz);
insert into r355_periods values
  ('no period', null, null),
  ('one whole month (Dec)', '2024-12-01 00:00:00+07', '2025-01-01 00:00:00+07'),
  ('two whole months across the new year', '2024-12-01 00:00:00+07', '2025-02-01 00:00:00+07'),
  ('from inside a month, open end', '2024-12-05 12:00:00+07', null),
  ('open start, until inside a month', null, '2025-01-20 00:00:00+07'),
  ('cut inside both edge months', '2024-11-30 20:00:00+00', '2025-02-15 00:00:00+07'),
  ('inside one month', '2025-01-02 00:00:00+07', '2025-01-31 00:00:00+07'),
  ('last 30 days of the data', '2025-01-29 00:00:00+07', '2025-02-28 00:00:00+07'),
  ('inside one day', '2024-12-31 01:00:00+00', '2024-12-31 16:00:00+00');
grant select on r355_periods to authenticated;

-- Every filter: (label, search, providers it names, services it names, provider, service).
create temporary table r355_filters (label text, search text, providers uuid[], services uuid[], provider uuid, sub uuid);
insert into r355_filters values
  ('provider name "r355 do"', 'r355 do', array[tests.user_id('r355-tho-a@test.vn')], '{}', null, null),
  ('provider name "R355 Lê"', 'R355 Lê', array[tests.user_id('r355-tho-b@test.vn')], '{}', null, null),
  ('service name "r355 tia cay"', 'r355 tia cay', '{}', array[tests.id('r355-svc-2')], null, null),
  ('text matching nobody', 'zzzq r355', '{}', '{}', null, null),
  ('a provider', null, null, null, tests.user_id('r355-tho-a@test.vn'), null),
  ('a provider and a service', null, null, null, tests.user_id('r355-tho-b@test.vn'), tests.id('r355-svc-1')),
  ('provider name "r355 do" and a service', 'r355 do', array[tests.user_id('r355-tho-a@test.vn')], '{}', null, tests.id('r355-svc-2')),
  -- Names both providers and both services: every row is a provider's and a service's, counted once.
  ('provider and service names "r355"', 'r355', array[tests.user_id('r355-tho-a@test.vn'), tests.user_id('r355-tho-b@test.vn')],
   array[tests.id('r355-svc-1'), tests.id('r355-svc-2')], null, null),
  ('provider and service names "r355" and a service', 'r355', array[tests.user_id('r355-tho-a@test.vn'), tests.user_id('r355-tho-b@test.vn')],
   array[tests.id('r355-svc-1'), tests.id('r355-svc-2')], null, tests.id('r355-svc-1'));
grant select on r355_filters to authenticated;

create function pg_temp.mismatches() returns setof text language sql as $$
  select format('%s / %s: %s <> %s', f.label, p.label,
                public.admin_commission_stats(p_search => f.search, p_provider_id => f.provider, p_subcategory_id => f.sub,
                                              p_from => p.p_from, p_to => p.p_to),
                pg_temp.scan(f.providers, f.services, f.provider, f.sub, p.p_from, p.p_to))
    from r355_periods p cross join r355_filters f
   where public.admin_commission_stats(p_search => f.search, p_provider_id => f.provider, p_subcategory_id => f.sub,
                                       p_from => p.p_from, p_to => p.p_to)
         <> pg_temp.scan(f.providers, f.services, f.provider, f.sub, p.p_from, p.p_to)
$$;

create function pg_temp.rollup_differences() returns setof text language sql as $$
  with base as (
    select private.local_month(created_at) as month, coalesce(provider_id, '00000000-0000-0000-0000-000000000000') as provider_id,
           coalesce(subcategory_id, '00000000-0000-0000-0000-000000000000') as subcategory_id, count(*) as n,
           sum(service_price) as sp, sum(platform_fee) as pf, sum(provider_amount) as pa, sum(commission_rate) as rt
      from public.commissions group by 1, 2, 3
  ), rollup as (
    select month, provider_id, subcategory_id, commission_count as n, service_price_total as sp, platform_fee_total as pf,
           provider_amount_total as pa, commission_rate_total as rt
      from private.commission_stats_provider_monthly
     where commission_count <> 0 or service_price_total <> 0 or commission_rate_total <> 0
  )
  select 'missing ' || month || ' ' || provider_id from (select * from base except select * from rollup) x
  union all
  select 'extra ' || month || ' ' || provider_id from (select * from rollup except select * from base) y
$$;

create function pg_temp.all_time_differences() returns setof text language sql as $$
  with base as (
    select coalesce(subcategory_id, '00000000-0000-0000-0000-000000000000') as subcategory_id,
           coalesce(provider_id, '00000000-0000-0000-0000-000000000000') as provider_id, count(*) as n,
           sum(service_price) as sp, sum(platform_fee) as pf, sum(provider_amount) as pa, sum(commission_rate) as rt
      from public.commissions group by 1, 2
  ), rollup as (
    select subcategory_id, provider_id, commission_count as n, service_price_total as sp, platform_fee_total as pf,
           provider_amount_total as pa, commission_rate_total as rt
      from private.commission_stats_provider_service
     where commission_count <> 0 or service_price_total <> 0 or commission_rate_total <> 0
  )
  select 'missing ' || provider_id || ' ' || subcategory_id from (select * from base except select * from rollup) x
  union all
  select 'extra ' || provider_id || ' ' || subcategory_id from (select * from rollup except select * from base) y
$$;

-- ---------------------------------------------------------------- after the inserts
select is_empty($$ select * from pg_temp.rollup_differences() $$, 'after inserts the provider rollup equals the grouped base rows');
select is_empty($$ select * from pg_temp.all_time_differences() $$, 'after inserts the all-time rollup equals the grouped base rows');
select tests.authenticate_as(tests.user_id('r355-admin@test.vn'));
select is_empty($$ select * from pg_temp.mismatches() $$,
  'stats for a search text or a provider equal a scan for every period (whole months, edges, one month, one day)');
select is((public.admin_commission_stats(p_search => 'R355 ĐỖ', p_from => '2024-12-01 00:00:00+07', p_to => '2025-02-01 00:00:00+07') ->> 'count')::int,
  4, 'December and January of the provider named "Đỗ", typed in capitals: commissions 2, 4, 6 and 12 (8 falls on the first instant of February)');
select is(public.admin_commission_stats(p_search => 'zzzq r355'),
  jsonb_build_object('count', 0, 'service_value', 0, 'platform_fee', 0, 'provider_amount', 0, 'average_rate', 0),
  'a text that names nobody counts nothing');

-- ---------------------------------------------------------------- moves, updates and deletes
select tests.as_superuser();
update public.commissions set created_at = '2025-02-20 05:00:00+00' where booking_id = tests.id('r355-b3');
update public.commissions set service_price = service_price + 12345, commission_rate = 12.5 where booking_id = tests.id('r355-b4');
update public.commissions set provider_id = tests.user_id('r355-tho-b@test.vn') where booking_id = tests.id('r355-b6');
update public.commissions set subcategory_id = null where booking_id = tests.id('r355-b9');
update public.bookings set status = 'cancelled' where id = tests.id('r355-b10');
delete from public.bookings where id = tests.id('r355-b11');

select is_empty($$ select * from pg_temp.rollup_differences() $$,
  'after moves across months and providers, price and rate changes, a service removed, a cancellation and a delete the rollup is exact');
select is_empty($$ select month from private.commission_stats_provider_monthly where commission_count < 0 or commission_rate_total < 0 $$,
  'no rollup row goes negative');
select is_empty($$ select * from pg_temp.all_time_differences() $$,
  'after the same moves, changes and deletes the all-time rollup is exact');
-- b6 now belongs to provider b, so the reference sets follow.
update r355_filters set providers = array[tests.user_id('r355-tho-b@test.vn')] where label = 'provider name "R355 Lê"';
select tests.authenticate_as(tests.user_id('r355-admin@test.vn'));
select is_empty($$ select * from pg_temp.mismatches() $$, 'stats still equal a scan for every filter and period');

-- ---------------------------------------------------------------- rebuild and access
select tests.as_superuser();
create temporary table r355_before as
  select month, provider_id, subcategory_id, commission_count, commission_rate_total
    from private.commission_stats_provider_monthly where commission_count <> 0;
create temporary table r355_all_time_before as
  select subcategory_id, provider_id, commission_count, service_price_total, commission_rate_total
    from private.commission_stats_provider_service where commission_count <> 0;
select private.rebuild_stats_rollups();
select set_eq($$ select subcategory_id, provider_id, commission_count, service_price_total, commission_rate_total
                   from private.commission_stats_provider_service $$,
              $$ select * from r355_all_time_before $$, 'rebuild_stats_rollups() gives the same all-time rollup');
select set_eq($$ select month, provider_id, subcategory_id, commission_count, commission_rate_total from private.commission_stats_provider_monthly $$,
              $$ select * from r355_before $$, 'rebuild_stats_rollups() gives the same provider rollup');
select tests.authenticate_as(tests.user_id('r355-admin@test.vn'));
select throws_ok($$ select * from private.commission_stats_provider_monthly $$, '42501', null, 'an admin cannot read the provider rollup directly');

select * from finish();
rollback;
