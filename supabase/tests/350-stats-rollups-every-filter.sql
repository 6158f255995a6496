-- The rollups behind the dashboard's user counts and the finance screens' stat cards
-- (docs/database.md#stats-rollups-for-every-filter) stay exact after inserts, updates and deletes
-- of the base rows, and the stats functions answer what a scan of the base rows answers for every
-- filter the screens offer: none, a service / a status, whole Vietnam days, periods cut inside a
-- day (edges read from the base rows), a provider, a search text. Nobody reads the rollups through
-- the API.
begin;
set search_path = public, extensions;
select plan(24);

-- ---------------------------------------------------------------- fixture (as the superuser)
select tests.create_user('r350-admin@test.vn', 'customer', true);
select tests.create_user('r350-tho-a@test.vn', 'provider');
select tests.create_user('r350-tho-b@test.vn', 'provider');
select tests.create_user('r350-khach@test.vn', 'customer');
select tests.create_user('r350-xoa@test.vn', 'customer');
update public.profiles set name = 'R350 Thợ Alpha' where id = tests.user_id('r350-tho-a@test.vn');

insert into public.categories (id, name, icon) values (tests.id('r350-cat'), 'R350 Ngành', 'wrench');
insert into public.subcategories (id, category_id, name, icon, commission_rate, active) values
  (tests.id('r350-svc-1'), tests.id('r350-cat'), 'R350 Sửa điện', 'bolt', 10, true),
  (tests.id('r350-svc-2'), tests.id('r350-cat'), 'R350 Sửa nước', 'droplet', 15, true);

insert into public.bookings (id, customer_id, customer_name, provider_id, subcategory_id, service_name, status,
                             original_price, final_price, created_at)
select tests.id('r350-b' || i), tests.user_id('r350-khach@test.vn'), 'R350 Khách',
       tests.user_id(case when i % 2 = 0 then 'r350-tho-a@test.vn' else 'r350-tho-b@test.vn' end),
       tests.id(case when i % 3 = 0 then 'r350-svc-2' else 'r350-svc-1' end), 'R350 dịch vụ', 'confirmed',
       100000 * i, 100000 * i, '2025-03-01 00:00:00+07'::timestamptz
  from generate_series(1, 8) i;
update public.bookings set status = 'completed' where id in (select tests.id('r350-b' || i) from generate_series(1, 8) i);
-- Commission instants around Vietnam midnights: 16:59:59 UTC is 23:59:59 in Hồ Chí Minh City.
update public.commissions c
   set created_at = t.at
  from (values (1, '2025-03-10 16:59:59+00'::timestamptz), (2, '2025-03-10 17:00:00+00'), (3, '2025-03-11 05:00:00+00'),
               (4, '2025-03-11 16:59:59+00'), (5, '2025-03-12 02:00:00+00'), (6, '2025-03-12 18:30:00+00'),
               (7, '2025-03-14 09:00:00+00'), (8, '2025-03-15 01:00:00+00')) as t(i, at)
 where c.booking_id = tests.id('r350-b' || t.i);

insert into public.deposit_history (id, provider_id, amount, status, created_at)
select tests.id('r350-d' || i), tests.user_id(case when i % 2 = 0 then 'r350-tho-a@test.vn' else 'r350-tho-b@test.vn' end),
       50000 * i, 'pending', '2025-03-10 16:30:00+00'::timestamptz + make_interval(hours => 7 * i)
  from generate_series(1, 6) i;
update public.deposit_history set status = 'completed' where id in (tests.id('r350-d2'), tests.id('r350-d5'));
update public.deposit_history set status = 'canceled' where id = tests.id('r350-d3');

-- What a scan of the base rows answers (the reference the rollups must match).
create function pg_temp.commission_scan(p_provider uuid, p_sub uuid, p_from timestamptz, p_to timestamptz)
returns jsonb language sql stable as $$
  select jsonb_build_object('count', count(*), 'service_value', coalesce(sum(service_price), 0),
                            'platform_fee', coalesce(sum(platform_fee), 0), 'provider_amount', coalesce(sum(provider_amount), 0),
                            'average_rate', coalesce(round(avg(commission_rate), 2), 0))
    from public.commissions
   where (p_provider is null or provider_id = p_provider) and (p_sub is null or subcategory_id = p_sub)
     and (p_from is null or created_at >= p_from) and (p_to is null or created_at < p_to)
$$;
create function pg_temp.deposit_scan(p_provider uuid, p_status text, p_from timestamptz, p_to timestamptz)
returns jsonb language sql stable as $$
  select jsonb_build_object('count', count(*), 'total_amount', coalesce(sum(amount), 0),
           'pending_count', count(*) filter (where status = 'pending'), 'pending_amount', coalesce(sum(amount) filter (where status = 'pending'), 0),
           'completed_count', count(*) filter (where status = 'completed'), 'completed_amount', coalesce(sum(amount) filter (where status = 'completed'), 0),
           'canceled_count', count(*) filter (where status = 'canceled'), 'canceled_amount', coalesce(sum(amount) filter (where status = 'canceled'), 0))
    from public.deposit_history
   where (p_provider is null or provider_id = p_provider) and (p_status is null or status = p_status)
     and (p_from is null or created_at >= p_from) and (p_to is null or created_at < p_to)
$$;
-- Every filter combination the screens offer, as rows (label, provider, service/status, from, to).
create temporary table r350_periods (label text, p_from timestamptz, p_to timestamptz);
insert into r350_periods values
  ('no period', null, null),
  ('whole days 11–12 Mar', '2025-03-11 00:00:00+07', '2025-03-13 00:00:00+07'),
  ('from a midnight', '2025-03-12 00:00:00+07', null),
  ('until a midnight', null, '2025-03-12 00:00:00+07'),
  ('cut inside both edge days', '2025-03-10 20:00:00+00', '2025-03-14 12:00:00+00'),
  ('inside one day', '2025-03-11 01:00:00+00', '2025-03-11 12:00:00+00'),
  ('empty (to before from)', '2025-03-14 00:00:00+07', '2025-03-11 00:00:00+07');
grant select on r350_periods to authenticated;

create function pg_temp.commission_mismatches() returns setof text language sql as $$
  select format('%s / %s: %s <> %s', p.label, coalesce(s.sub::text, 'mọi dịch vụ'),
                public.admin_commission_stats(p_subcategory_id => s.sub, p_from => p.p_from, p_to => p.p_to),
                pg_temp.commission_scan(null, s.sub, p.p_from, p.p_to))
    from r350_periods p
    cross join (values (null::uuid), (tests.id('r350-svc-1')), (tests.id('r350-svc-2'))) s(sub)
   where public.admin_commission_stats(p_subcategory_id => s.sub, p_from => p.p_from, p_to => p.p_to)
         <> pg_temp.commission_scan(null, s.sub, p.p_from, p.p_to)
$$;
create function pg_temp.deposit_mismatches() returns setof text language sql as $$
  select format('%s / %s: %s <> %s', p.label, coalesce(s.status, 'mọi trạng thái'),
                public.admin_deposit_stats(p_status => s.status, p_from => p.p_from, p_to => p.p_to),
                pg_temp.deposit_scan(null, s.status, p.p_from, p.p_to))
    from r350_periods p
    cross join (values (null::text), ('pending'), ('completed'), ('canceled')) s(status)
   where public.admin_deposit_stats(p_status => s.status, p_from => p.p_from, p_to => p.p_to)
         <> pg_temp.deposit_scan(null, s.status, p.p_from, p.p_to)
$$;
create function pg_temp.rollups_exact() returns setof text language sql as $$
  (select 'profiles ' || role from (
     (select role, profile_count from private.profile_role_counts where profile_count <> 0
      except select role, count(*) from public.profiles group by role)
     union all
     (select role, count(*) from public.profiles group by role
      except select role, profile_count from private.profile_role_counts)) x)
  union all
  (select 'commissions ' || day from (
     (select day, subcategory_id, commission_count, service_price_total, platform_fee_total, provider_amount_total, commission_rate_total
        from private.commission_stats_service_daily where commission_count <> 0 or commission_rate_total <> 0
      except
      select private.local_day(created_at), coalesce(subcategory_id, '00000000-0000-0000-0000-000000000000'), count(*),
             sum(service_price), sum(platform_fee), sum(provider_amount), sum(commission_rate) from public.commissions group by 1, 2)
     union all
     (select private.local_day(created_at), coalesce(subcategory_id, '00000000-0000-0000-0000-000000000000'), count(*),
             sum(service_price), sum(platform_fee), sum(provider_amount), sum(commission_rate) from public.commissions group by 1, 2
      except
      select day, subcategory_id, commission_count, service_price_total, platform_fee_total, provider_amount_total, commission_rate_total
        from private.commission_stats_service_daily)) x)
  union all
  (select 'deposits ' || day from (
     (select day, status, deposit_count, amount_total from private.deposit_stats_daily where deposit_count <> 0 or amount_total <> 0
      except select private.local_day(created_at), status, count(*), sum(amount) from public.deposit_history group by 1, 2)
     union all
     (select private.local_day(created_at), status, count(*), sum(amount) from public.deposit_history group by 1, 2
      except select day, status, deposit_count, amount_total from private.deposit_stats_daily)) x)
$$;

-- ---------------------------------------------------------------- after the inserts
select is_empty($$ select * from pg_temp.rollups_exact() $$, 'after inserts and status changes every rollup equals the grouped base rows');
select tests.authenticate_as(tests.user_id('r350-admin@test.vn'));
select is_empty($$ select * from pg_temp.commission_mismatches() $$,
  'commission stats equal a scan for every service and period (whole days, edges, one day, empty)');
select is_empty($$ select * from pg_temp.deposit_mismatches() $$,
  'deposit stats equal a scan for every status and period');
select is((public.admin_commission_stats(p_subcategory_id => tests.id('r350-svc-1'), p_from => '2025-03-10 12:00:00+00', p_to => '2025-03-12 12:00:00+00') ->> 'count')::int,
  4, 'a period cut inside its edge days counts the commissions of both edges and of the whole day between (b1, b2, b4, b5)');
select is(public.admin_commission_stats(p_provider_id => tests.user_id('r350-tho-a@test.vn'), p_from => '2025-03-01 00:00:00+07'),
  pg_temp.commission_scan(tests.user_id('r350-tho-a@test.vn'), null, '2025-03-01 00:00:00+07', null),
  'a provider filter answers the provider''s own rows');
select is((public.admin_commission_stats(p_search => 'R350 Thợ Alpha') ->> 'count')::int, 4, 'a search text still filters by provider name');
select is(public.admin_deposit_stats(p_provider_id => tests.user_id('r350-tho-b@test.vn'), p_status => 'pending'),
  pg_temp.deposit_scan(tests.user_id('r350-tho-b@test.vn'), 'pending', null, null), 'a provider + status filter answers the provider''s rows');
select throws_ok($$ select public.admin_deposit_stats(p_status => 'lost') $$, '22023', null, 'an unknown deposit status is still refused');
select is(public.admin_dashboard() -> 'users',
  (select jsonb_build_object('total', count(*), 'customers', count(*) filter (where role = 'customer'),
                             'providers', count(*) filter (where role = 'provider')) from public.profiles),
  'the dashboard''s user counts equal the profiles');

-- ---------------------------------------------------------------- updates and deletes of the base rows
select tests.as_superuser();
update public.commissions set created_at = '2025-03-13 17:30:00+00' where booking_id = tests.id('r350-b3');
update public.commissions set service_price = service_price + 12345, commission_rate = 12.5 where booking_id = tests.id('r350-b4');
update public.commissions set subcategory_id = tests.id('r350-svc-2') where booking_id = tests.id('r350-b5');
update public.bookings set status = 'cancelled' where id = tests.id('r350-b6');
delete from public.bookings where id = tests.id('r350-b7');
update public.commissions set subcategory_id = null where booking_id = tests.id('r350-b8');
update public.deposit_history set status = 'completed' where id = tests.id('r350-d1');
update public.deposit_history set amount = 777000, created_at = '2025-03-12 16:59:59+00' where id = tests.id('r350-d4');
delete from public.deposit_history where id = tests.id('r350-d6');
select tests.create_user('r350-moi@test.vn', 'provider');
delete from auth.users where id = tests.user_id('r350-xoa@test.vn');

select is_empty($$ select * from pg_temp.rollups_exact() $$,
  'after moves across days and services, price and rate changes, cancellations, cascaded and direct deletes every rollup is exact');
select is_empty($$ select day from private.commission_stats_service_daily where commission_count < 0 or commission_rate_total < 0
                   union all select day from private.deposit_stats_daily where deposit_count < 0 or amount_total < 0
                   union all select null from private.profile_role_counts where profile_count < 0 $$, 'no rollup goes negative');
select tests.authenticate_as(tests.user_id('r350-admin@test.vn'));
select is_empty($$ select * from pg_temp.commission_mismatches() $$, 'commission stats still equal a scan for every filter');
select is_empty($$ select * from pg_temp.deposit_mismatches() $$, 'deposit stats still equal a scan for every filter');
select is((public.admin_dashboard() #>> '{users,providers}')::bigint, (select count(*) from public.profiles where role = 'provider'),
  'a new provider counts on the dashboard');
select is((public.admin_dashboard() #>> '{users,customers}')::bigint, (select count(*) from public.profiles where role = 'customer'),
  'a deleted customer no longer counts on the dashboard');
select is((public.admin_dashboard() #>> '{deposits,completed_amount}')::bigint,
  (select sum(amount)::bigint from public.deposit_history where status = 'completed'), 'the dashboard''s deposits follow the status changes');

-- rebuild_stats_rollups() (after bulk loads) recomputes the same rollups.
select tests.as_superuser();
create temporary table r350_before as
  select 'c' as k, day::text || subcategory_id::text || commission_count || '/' || commission_rate_total as v
    from private.commission_stats_service_daily where commission_count <> 0
  union all select 'd', day::text || status || deposit_count || '/' || amount_total from private.deposit_stats_daily where deposit_count <> 0
  union all select 'p', role || profile_count from private.profile_role_counts where profile_count <> 0;
select private.rebuild_stats_rollups();
select set_eq(
  $$ select 'c' as k, day::text || subcategory_id::text || commission_count || '/' || commission_rate_total as v from private.commission_stats_service_daily
     union all select 'd', day::text || status || deposit_count || '/' || amount_total from private.deposit_stats_daily
     union all select 'p', role || profile_count from private.profile_role_counts $$,
  $$ select k, v from r350_before $$, 'rebuild_stats_rollups() gives the same rollups');

-- ---------------------------------------------------------------- nobody reads them through the API
select tests.authenticate_as(tests.user_id('r350-admin@test.vn'));
select throws_ok($$ select * from private.commission_stats_service_daily $$, '42501', null, 'an admin cannot read the commission rollup directly');
select throws_ok($$ select * from private.deposit_stats_daily $$, '42501', null, 'an admin cannot read the deposit rollup directly');
select throws_ok($$ select * from private.profile_role_counts $$, '42501', null, 'an admin cannot read the user counts directly');
select throws_ok($$ select private.rebuild_stats_rollups() $$, '42501', null, 'rebuild_stats_rollups() is not callable through the API');
select tests.authenticate_as(tests.user_id('r350-tho-a@test.vn'));
select throws_ok($$ select public.admin_commission_stats() $$, '42501', null, 'a provider cannot read the commission stats');
select throws_ok($$ select public.admin_dashboard() $$, '42501', null, 'a provider cannot read the dashboard');
select tests.clear_authentication();
select throws_ok($$ select public.admin_deposit_stats() $$, '42501', null, 'anon cannot read the deposit stats');

select * from finish();
