-- settings (docs/decisions.md#one-settings-row): exactly one row 'app' with its defaults; anon reads only the public
-- columns; nobody but an admin writes; constraints; updated_at.
begin;
set search_path = public, extensions;
select plan(36);

select is((select count(*)::int from public.settings), 1, 'settings has exactly one row');
select is((select id from public.settings), 'app', 'its id is app');
select col_default_is('public', 'settings', 'commission_rate', '10'::text, 'default commission rate 10 (docs/decisions.md#one-settings-row)');
select col_default_is('public', 'settings', 'min_deposit_amount', '0'::text, 'default minimum deposit 0');
select col_default_is('public', 'settings', 'site_name', 'Sàn Dịch Vụ'::text, 'default site name Sàn Dịch Vụ');
select col_default_is('public', 'settings', 'maintenance_mode', 'false'::text, 'maintenance mode off by default');

-- ------------------------------------------------------------------ constraints
select throws_ok($$ insert into public.settings (id) values ('other') $$, '23514', null, 'a second settings row (id <> app) is rejected');
select throws_ok($$ insert into public.settings (id) values ('app') $$, '23505', null, 'the app row cannot be inserted twice');
select throws_ok($$ update public.settings set commission_rate = 101 $$, '23514', null, 'a commission rate of 101 is rejected');
select throws_ok($$ update public.settings set commission_rate = -0.1 $$, '23514', null, 'a negative commission rate is rejected');
select lives_ok($$ update public.settings set commission_rate = 12.5 $$, 'a rate with one decimal (step 0.1) is accepted');
select throws_ok($$ update public.settings set min_deposit_amount = -1000 $$, '23514', null, 'a negative minimum deposit is rejected');
select throws_ok($$ update public.settings set site_name = '  ' $$, '23514', null, 'a blank site name is rejected');
select throws_ok($$ update public.settings set admin_email = '' $$, '23514', null, 'the admin e-mail is required');
select throws_ok($$ update public.settings set admin_email = 'khong-hop-le' $$, '23514', null, 'the admin e-mail needs an @');
update public.settings set updated_at = '2020-01-01';
select is((select updated_at from public.settings), now(), 'updated_at is kept');

select tests.make_world();
update public.settings set site_name = 'Sàn Dịch Vụ', contact_phone = '1900 1234', commission_rate = 10, min_deposit_amount = 200000, featured_banner_url = 'https://example.test/b.png';

-- ------------------------------------------------------------------ anon (the public site)
select tests.clear_authentication();
select results_eq($$ select site_name, contact_phone, featured_banner_url from public.settings $$,
  $$ values ('Sàn Dịch Vụ'::text, '1900 1234'::text, 'https://example.test/b.png'::text) $$,
  'anon reads the public settings columns');
select lives_ok($$ select site_name, site_description, contact_phone, contact_address, admin_email, maintenance_mode,
                          featured_banner_url, voucher_banner_url from public.settings $$, 'anon may select every public column');
select throws_ok($$ select commission_rate from public.settings $$, '42501', null, 'anon cannot read the commission rate');
select throws_ok($$ select min_deposit_amount from public.settings $$, '42501', null, 'anon cannot read the minimum deposit');
select throws_ok($$ select * from public.settings $$, '42501', null, 'anon cannot select * (it includes private columns)');
select throws_ok($$ update public.settings set site_name = 'Bị hack' $$, '42501', null, 'anon cannot write settings');
select throws_ok($$ insert into public.settings (id) values ('app') $$, '42501', null, 'anon cannot insert settings');

-- ------------------------------------------------------------------ customer and provider
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is((select site_name from public.settings), 'Sàn Dịch Vụ', 'a customer reads the settings');
select is_empty($$ update public.settings set commission_rate = 0 returning id $$, 'a customer cannot write settings');
select throws_ok($$ insert into public.settings (id) values ('app') on conflict (id) do update set site_name = 'Chiếm' $$, '42501', null,
  'a customer cannot upsert settings');
select throws_ok($$ delete from public.settings $$, '42501', null, 'a customer cannot delete settings');

select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select is_empty($$ update public.settings set min_deposit_amount = 0 returning id $$, 'a provider cannot lower the minimum deposit');
select is_empty($$ update public.settings set maintenance_mode = true returning id $$, 'a provider cannot switch maintenance mode');

select tests.as_superuser();
select results_eq($$ select commission_rate, min_deposit_amount, maintenance_mode, site_name from public.settings $$,
  $$ values (10.00::numeric(5,2), 200000::bigint, false, 'Sàn Dịch Vụ'::text) $$, 'settings are unchanged by the denied writes');

-- ------------------------------------------------------------------ admin
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select isnt_empty($$ update public.settings set commission_rate = 8.5, min_deposit_amount = 300000, maintenance_mode = true,
                           site_name = 'Sàn Dịch Vụ Mới', contact_address = '1 Nguyễn Huệ, Quận 1' returning id $$, 'an admin saves the settings');
select results_eq($$ select commission_rate, min_deposit_amount, maintenance_mode from public.settings $$,
  $$ values (8.50::numeric(5,2), 300000::bigint, true) $$, 'the admin''s values are stored');
select throws_ok($$ update public.settings set commission_rate = 100.1 $$, '23514', null, 'the rate rule applies to admins');
select lives_ok($$ insert into public.settings (id) values ('app') on conflict (id) do update set voucher_banner_url = 'https://example.test/v.png' $$,
  'an admin may upsert the row (merge-write of the settings screen)');
select throws_ok($$ delete from public.settings $$, '42501', null, 'the settings row is never deleted through the API');

select tests.authenticate_as_service_role();
select is((select voucher_banner_url from public.settings), 'https://example.test/v.png', 'the service role reads settings');

select * from finish();
rollback;
