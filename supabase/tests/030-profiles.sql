-- profiles: the row created by the auth.users trigger, the sign-in sync, column protection,
-- RLS for anon / customer / provider / admin / service role, constraints and updated_at.
begin;
set search_path = public, extensions;
select plan(61);

select tests.make_world();

-- ------------------------------------------------------------------ profile on auth.users insert
insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values
  (tests.id('u_plain'), 'authenticated', 'authenticated', 'plain@pgtap.test', '{"provider":"email"}', '{}', '2020-01-01', '2020-01-01'),
  (tests.id('u_named'), 'authenticated', 'authenticated', 'named@pgtap.test', '{"provider":"email"}',
   '{"name":"  Nguyễn Văn Tên  ", "phone":"0911222333"}', now(), now()),
  (tests.id('u_prov'), 'authenticated', 'authenticated', 'newprov@pgtap.test', '{"provider":"email","role":"provider"}', '{}', now(), now()),
  -- A user who claims to be a provider (and an admin) in user_metadata, which users control.
  (tests.id('u_liar'), 'authenticated', 'authenticated', 'liar@pgtap.test', '{"provider":"email"}',
   '{"role":"provider","admin":true}', now(), now());

select is((select count(*)::int from public.profiles where id in (tests.id('u_plain'), tests.id('u_named'), tests.id('u_prov'), tests.id('u_liar'))),
  4, 'inserting auth.users rows creates one profile each');
select is((select role from public.profiles where id = tests.id('u_plain')), 'customer', 'a new user is a customer by default');
select is((select status from public.profiles where id = tests.id('u_plain')), 'active', 'a new customer is active (docs/decisions.md#statuses-live-in-the-database)');
select is((select name from public.profiles where id = tests.id('u_plain')), 'plain', 'without a name the profile takes the e-mail prefix');
select is((select email from public.profiles where id = tests.id('u_plain')), 'plain@pgtap.test', 'the profile copies the e-mail');
select is((select name from public.profiles where id = tests.id('u_named')), 'Nguyễn Văn Tên', 'the name comes from user_metadata.name, trimmed');
select is((select phone from public.profiles where id = tests.id('u_named')), '0911222333', 'the phone comes from user_metadata.phone');
select is((select role from public.profiles where id = tests.id('u_prov')), 'provider', 'app_metadata.role = provider makes a provider');
select is((select status from public.profiles where id = tests.id('u_prov')), 'pending_approval', 'a new provider is pending_approval (docs/decisions.md#statuses-live-in-the-database)');
select is((select role from public.profiles where id = tests.id('u_liar')), 'customer', 'user_metadata.role is ignored: still a customer');

-- last_login_at follows auth.users.last_sign_in_at
update auth.users set last_sign_in_at = '2026-01-02 03:04:05+00' where id = tests.id('u_plain');
select is((select last_login_at from public.profiles where id = tests.id('u_plain')), '2026-01-02 03:04:05+00'::timestamptz,
  'signing in (auth.users.last_sign_in_at) updates profiles.last_login_at');

-- updated_at
update public.profiles set name = 'Tên mới' where id = tests.id('u_plain');
select ok((select updated_at from public.profiles where id = tests.id('u_plain')) > '2020-01-02'::timestamptz,
  'updating a profile moves updated_at');
select is((select created_at from public.profiles where id = tests.id('u_plain')), '2020-01-01'::timestamptz,
  'updating a profile keeps created_at');

-- ------------------------------------------------------------------ constraints (as the superuser)
select throws_ok($$ update public.profiles set name = '   ' where id = tests.id('u_plain') $$, '23514', null, 'a blank name is rejected');
select throws_ok($$ update public.profiles set email = 'khong-co-a-cong' where id = tests.id('u_plain') $$, '42501', null,
  'the e-mail is the sign-in e-mail: not even the superuser writes another one (docs/decisions.md#the-profile-e-mail-is-the-sign-in-e-mail)');
select lives_ok($$ update public.profiles set phone = '  ' where id = tests.id('u_plain') $$, 'a blank phone is stored as null (trimmed), not as blank');
select is((select phone from public.profiles where id = tests.id('u_plain')), null, 'blank phone became null');
select throws_ok($$ update public.profiles set role = 'admin' where id = tests.id('u_plain') $$, '23514', null, 'role must be customer or provider');
select throws_ok($$ update public.profiles set status = 'deleted' where id = tests.id('u_plain') $$, '23514', null, 'an unknown customer status is rejected');
select throws_ok($$ update public.profiles set status = 'paused' where id = tests.id('u_prov') $$, '23514', null, 'an unknown provider status is rejected');
select lives_ok($$ update public.profiles set status = 'banned' where id = tests.id('u_prov') $$, 'banned is a provider status');
select lives_ok($$ update public.profiles set status = 'pending_approval' where id = tests.id('u_plain') $$, 'pending_approval is a customer status');
select throws_ok($$ update public.profiles set deposit = -1 where id = tests.id('u_prov') $$, '42501', null, 'a negative deposit is refused (money moves only through the ledger)');
select throws_ok($$ update public.profiles set total_earnings = -1 where id = tests.id('u_prov') $$, '42501', null, 'negative total_earnings are refused (money moves only through the ledger)');
select throws_ok($$ update public.profiles set saved_addresses = '{"address":"x"}' where id = tests.id('u_plain') $$, '23514', null, 'saved_addresses must be a JSON array');
select throws_ok($$ update public.profiles set status = null where id = tests.id('u_plain') $$, '23502', null, 'status is never null');

-- ------------------------------------------------------------------ anon
select tests.clear_authentication();
select throws_ok($$ select * from public.profiles $$, '42501', null, 'anon cannot read profiles');
select throws_ok($$ update public.profiles set name = 'x' $$, '42501', null, 'anon cannot update profiles');
select throws_ok($$ insert into public.profiles (id, name) values (gen_random_uuid(), 'x') $$, '42501', null, 'anon cannot insert profiles');
select throws_ok($$ delete from public.profiles $$, '42501', null, 'anon cannot delete profiles');

-- ------------------------------------------------------------------ customer A
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select results_eq($$ select id from public.profiles $$, array[tests.user_id('cust.a@pgtap.test')], 'a customer reads exactly their own profile');
select is_empty($$ select id from public.profiles where id = tests.user_id('cust.b@pgtap.test') $$, 'a customer cannot read another customer''s profile');
select is_empty($$ select id from public.profiles where role = 'provider' $$, 'a customer cannot read providers'' profiles');
select isnt_empty($$ update public.profiles set name = 'Khách A đổi tên', phone = '0988000111'
                    where id = tests.user_id('cust.a@pgtap.test') returning id $$, 'a customer may change their own name and phone');
select is_empty($$ update public.profiles set name = 'Bị sửa' where id = tests.user_id('cust.b@pgtap.test') returning id $$,
  'a customer cannot update another customer''s profile (no row matched)');
select throws_ok($$ update public.profiles set status = 'banned' where id = tests.user_id('cust.a@pgtap.test') $$, '42501', null,
  'a customer cannot change their own status');
select throws_ok($$ update public.profiles set role = 'provider' where id = tests.user_id('cust.a@pgtap.test') $$, '42501', null,
  'a customer cannot make themselves a provider');
select throws_ok($$ update public.profiles set email = 'moi@pgtap.test' where id = tests.user_id('cust.a@pgtap.test') $$, '42501', null,
  'a customer cannot change the e-mail on their profile');
select throws_ok($$ update public.profiles set total_bookings = 99 where id = tests.user_id('cust.a@pgtap.test') $$, '42501', null,
  'a customer cannot change their booking counter');
select throws_ok($$ insert into public.profiles (id, name) values (gen_random_uuid(), 'x') $$, '42501', null, 'a customer cannot insert profiles');
select throws_ok($$ delete from public.profiles where id = tests.user_id('cust.a@pgtap.test') $$, '42501', null, 'a customer cannot delete profiles');

-- ------------------------------------------------------------------ provider P (made inactive first)
select tests.as_superuser();
update public.profiles set status = 'inactive' where id = tests.user_id('prov.p@pgtap.test');
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select results_eq($$ select id from public.profiles $$, array[tests.user_id('prov.p@pgtap.test')], 'a provider reads exactly their own profile');
select throws_ok($$ update public.profiles set deposit = 99999999 where id = tests.user_id('prov.p@pgtap.test') $$, '42501', null,
  'a provider cannot change their own deposit');
select throws_ok($$ update public.profiles set status = 'active' where id = tests.user_id('prov.p@pgtap.test') $$, '42501', null,
  'a provider cannot change their own status');
select throws_ok($$ update public.profiles set total_earnings = total_earnings + 1 where id = tests.user_id('prov.p@pgtap.test') $$, '42501', null,
  'a provider cannot change their own earnings');
select is_empty($$ update public.profiles set status = 'banned' where id = tests.user_id('prov.q@pgtap.test') returning id $$,
  'a provider cannot touch another provider''s profile');
select tests.as_superuser();
select is((select deposit from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 0::bigint, 'the provider''s deposit is unchanged');
select is((select status from public.profiles where id = tests.user_id('prov.p@pgtap.test')), 'inactive', 'the provider is still inactive');
select is((select status from public.profiles where id = tests.user_id('prov.q@pgtap.test')), 'active', 'the other provider''s status is unchanged');

-- An admin flag in user_metadata (which users control) grants nothing.
select tests.authenticate_with_claims(jsonb_build_object(
  'sub', tests.user_id('cust.a@pgtap.test'), 'role', 'authenticated',
  'user_metadata', jsonb_build_object('admin', true), 'app_metadata', jsonb_build_object('provider', 'email')));
select results_eq($$ select id from public.profiles $$, array[tests.user_id('cust.a@pgtap.test')],
  'user_metadata.admin = true does not make an admin');
select tests.authenticate_with_claims(jsonb_build_object(
  'sub', tests.user_id('cust.a@pgtap.test'), 'role', 'authenticated', 'app_metadata', jsonb_build_object('admin', 'yes')));
select results_eq($$ select id from public.profiles $$, array[tests.user_id('cust.a@pgtap.test')],
  'app_metadata.admin must be the boolean true');

-- ------------------------------------------------------------------ admin
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select ok((select count(*) from public.profiles) >= 9, 'an admin reads every profile');
select isnt_empty($$ select 1 from public.profiles where id = tests.user_id('cust.b@pgtap.test') $$, 'an admin reads another user''s profile');
select isnt_empty($$ update public.profiles set name = 'Thợ P (đã sửa)', status = 'banned' where id = tests.user_id('prov.p@pgtap.test') returning id $$,
  'an admin may change a provider''s name and status');
select throws_ok($$ update public.profiles set deposit = 500000 where id = tests.user_id('prov.p@pgtap.test') $$, '42501', null,
  'an admin cannot write a provider''s deposit (only through deposit history)');
select isnt_empty($$ update public.profiles set phone = '0977000000', status = 'inactive'
                    where id = tests.user_id('cust.b@pgtap.test') returning id $$, 'an admin may change a customer''s phone and status');
select throws_ok($$ update public.profiles set name = '' where id = tests.user_id('cust.b@pgtap.test') $$, '23514', null,
  'the blank-name rule holds for admins too');
select throws_ok($$ delete from public.profiles where id = tests.user_id('cust.b@pgtap.test') $$, '42501', null,
  'an admin cannot delete profiles through the API (accounts are removed through Auth)');

-- ------------------------------------------------------------------ service role
select tests.authenticate_as_service_role();
select ok((select count(*) from public.profiles) >= 9, 'the service role reads every profile');
select throws_ok($$ update public.profiles set deposit = 1000 where id = tests.user_id('prov.q@pgtap.test') $$, '42501', null,
  'the service role cannot write money columns either');

-- ------------------------------------------------------------------ account removal
select tests.as_superuser();
delete from auth.users where id = tests.id('u_named');
select is_empty($$ select 1 from public.profiles where id = tests.id('u_named') $$, 'deleting the auth user deletes the profile');

select * from finish();
rollback;
