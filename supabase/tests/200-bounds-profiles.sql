-- Input contract of profiles (docs/product.md#input-rules): name and URL lengths, saved addresses,
-- e-mail format, lower-case and case-insensitive uniqueness, the e-mail as the sign-in e-mail
-- (docs/decisions.md#the-profile-e-mail-is-the-sign-in-e-mail), the Vietnamese phone stored
-- normalised. Refused for the admin too, and a refused write leaves the row unchanged.
begin;
set search_path = public, extensions;
select plan(26);

select tests.make_world();
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));

-- ------------------------------------------------------------------ lengths (admin)
select lives_ok($$ update public.profiles set name = repeat('a', 100) where id = tests.user_id('cust.a@pgtap.test') $$,
  'a name of 100 characters is accepted');
select throws_ok($$ update public.profiles set name = repeat('a', 101) where id = tests.user_id('cust.a@pgtap.test') $$,
  '23514', null, 'a name of 101 characters is refused, for the admin too');
select throws_ok($$ update public.profiles set name = repeat('Đ', 10000) where id = tests.user_id('cust.a@pgtap.test') $$,
  '23514', null, 'a 10 kB name is refused');
select is((select name from public.profiles where id = tests.user_id('cust.a@pgtap.test')), repeat('a', 100), 'the refused names left the row unchanged');
select throws_ok($$ update public.profiles set avatar_url = 'https://x.vn/' || repeat('a', 2040) where id = tests.user_id('cust.a@pgtap.test') $$,
  '23514', null, 'an avatar URL above 2048 characters is refused');
select throws_ok($$ update public.profiles set saved_addresses = (select jsonb_agg(jsonb_build_object('address', 'Số ' || i)) from generate_series(1, 21) i)
                    where id = tests.user_id('cust.a@pgtap.test') $$, '23514', null, 'more than 20 saved addresses are refused');
select throws_ok($$ update public.profiles set saved_addresses = jsonb_build_array(jsonb_build_object('address', repeat('x', 20000)))
                    where id = tests.user_id('cust.a@pgtap.test') $$, '23514', null, 'a 20 kB saved address is refused');

-- ------------------------------------------------------------------ phone (admin)
select lives_ok($$ update public.profiles set phone = '+84 912.345.678' where id = tests.user_id('cust.a@pgtap.test') $$,
  '+84 with spaces and dots is accepted');
select is((select phone from public.profiles where id = tests.user_id('cust.a@pgtap.test')), '0912345678', 'and stored normalised as 0912345678');
select lives_ok($$ update public.profiles set phone = '0912 345 6789' where id = tests.user_id('cust.a@pgtap.test') $$, '0 followed by 10 digits is accepted');
select is((select phone from public.profiles where id = tests.user_id('cust.a@pgtap.test')), '09123456789', 'stored without its spaces');
select throws_ok($$ update public.profiles set phone = 'abc-xyz' where id = tests.user_id('cust.a@pgtap.test') $$, '23514', null, '"abc-xyz" is refused');
select throws_ok($$ update public.profiles set phone = '-123' where id = tests.user_id('cust.a@pgtap.test') $$, '23514', null, '"-123" is refused');
select throws_ok($$ update public.profiles set phone = '091234567' where id = tests.user_id('cust.a@pgtap.test') $$, '23514', null, '0 and 8 digits is refused');
select throws_ok($$ update public.profiles set phone = '+1 212 555 0100' where id = tests.user_id('cust.a@pgtap.test') $$, '23514', null, 'a foreign number is refused');
select is((select phone from public.profiles where id = tests.user_id('cust.a@pgtap.test')), '09123456789', 'the refused phones left the row unchanged');

-- ------------------------------------------------------------------ e-mail (admin, then the sign-in sync)
select throws_ok($$ update public.profiles set email = 'a@' where id = tests.user_id('cust.a@pgtap.test') $$, '42501', null,
  'the admin cannot write "a@" into a profile''s e-mail');
select throws_ok($$ update public.profiles set email = 'cust.b@pgtap.test' where id = tests.user_id('cust.a@pgtap.test') $$, '42501', null,
  'the admin cannot give a profile another user''s e-mail');
select tests.authenticate_as_service_role();
select throws_ok($$ update public.profiles set email = 'moi@pgtap.test' where id = tests.user_id('cust.a@pgtap.test') $$, '42501', null,
  'nor can the service role: the e-mail changes only with the sign-in e-mail');
select tests.as_superuser();
select is((select email from public.profiles where id = tests.user_id('cust.a@pgtap.test')), 'cust.a@pgtap.test', 'the e-mail is unchanged');
create temporary table cust_a as select tests.user_id('cust.a@pgtap.test') as id;
update auth.users set email = 'Khach.A.Moi@PGTAP.test' where id = (select id from cust_a);
select is((select email from public.profiles where id = (select id from cust_a)), 'khach.a.moi@pgtap.test',
  'changing the sign-in e-mail changes the profile''s, stored lower-case');
select throws_ok($$ insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
                    values (gen_random_uuid(), 'authenticated', 'authenticated', 'CUST.B@PGTAP.test', '{}', '{}', now(), now()) $$,
  '23505', null, 'two profiles cannot share an e-mail whatever its case');
select throws_ok($$ insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
                    values (gen_random_uuid(), 'authenticated', 'authenticated', 'a@', '{}', '{}', now(), now()) $$,
  '23514', null, 'an account whose e-mail is not an e-mail gets no profile ("a@" refused)');

-- ------------------------------------------------------------------ a new account never fails on its metadata
insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values (tests.id('u_long'), 'authenticated', 'authenticated', 'dai@pgtap.test', '{}',
        jsonb_build_object('name', repeat('N', 500), 'phone', 'abc-xyz'), now(), now());
select is((select char_length(name) from public.profiles where id = tests.id('u_long')), 100, 'a 500-character name from sign-up is cut to 100');
select is((select phone from public.profiles where id = tests.id('u_long')), null, 'a sign-up phone that is not Vietnamese is left out');

-- ------------------------------------------------------------------ a customer editing their own profile
select tests.authenticate_as(tests.user_id('cust.b@pgtap.test'));
select throws_ok($$ update public.profiles set phone = 'abc-xyz' where id = tests.user_id('cust.b@pgtap.test') $$, '23514', null,
  'a customer cannot store a bad phone on their own profile');

select * from finish();
rollback;
