-- "Bắt buộc xác thực hai lớp cho quản trị viên" (settings.require_admin_mfa): when on, an admin's
-- session reaches data only once it verified a second factor (JWT aal = 'aal2'); an aal1 admin
-- session reads and writes what a plain signed-in user may, nothing more. When off, aal1 is enough.
-- Anon and the public site are not affected either way.
begin;
set search_path = public, extensions;
select plan(24);

select tests.make_world();

create function pg_temp.admin_claims(p_aal text) returns jsonb language sql as $$
  select tests.user_claims(tests.user_id('admin@pgtap.test')) || case when p_aal is null then '{}'::jsonb else jsonb_build_object('aal', p_aal) end
$$;

-- ------------------------------------------------------------------ setting off (the seed's default)
select tests.as_superuser();
select is((select require_admin_mfa from public.settings where id = 'app'), false, 'the setting is off by default');

select tests.authenticate_with_claims(pg_temp.admin_claims('aal1'));
select ok((select private.is_admin()), 'setting off: an aal1 admin session is admin');
select is((select count(*) from public.bookings where id in (tests.id('booking_a'), tests.id('booking_b'))), 2::bigint,
  'setting off: an aal1 admin reads the bookings');
select tests.authenticate_with_claims(pg_temp.admin_claims(null));
select ok((select private.is_admin()), 'setting off: an admin token without an aal claim is admin');

-- ------------------------------------------------------------------ an admin at aal2 turns it on
select tests.authenticate_with_claims(pg_temp.admin_claims('aal2'));
select lives_ok($$ update public.settings set require_admin_mfa = true where id = 'app' $$, 'an aal2 admin turns the setting on');
select is((select require_admin_mfa from public.settings where id = 'app'), true, 'the setting is on');

-- ------------------------------------------------------------------ setting on: aal1 is not admin
select tests.authenticate_with_claims(pg_temp.admin_claims('aal1'));
select ok(not (select private.is_admin()), 'setting on: an aal1 admin session is not admin');
select is_empty($$ select 1 from public.bookings $$, 'setting on: an aal1 admin reads no booking');
select is_empty($$ select 1 from public.audit_log $$, 'setting on: an aal1 admin reads no audit entry');
select is_empty($$ select 1 from public.profiles where id <> tests.user_id('admin@pgtap.test') $$,
  'setting on: an aal1 admin reads no other profile');
select is((select count(*) from public.settings where id = 'app'), 1::bigint,
  'setting on: an aal1 admin still reads the settings row (to be led to enrol)');
update public.bookings set status = 'cancelled' where id = tests.id('booking_a');
update public.settings set require_admin_mfa = false where id = 'app';
select throws_ok($$ select public.admin_dashboard() $$, '42501', null, 'setting on: an aal1 admin cannot call an admin RPC');
select throws_ok($$ select public.admin_list_audit_log() $$, '42501', null, 'setting on: an aal1 admin cannot list the audit log');
select throws_ok($$ insert into public.categories (name, icon) values ('Ngành aal1', 'x') $$, '42501', null,
  'setting on: an aal1 admin cannot insert into the catalogue');

select tests.authenticate_with_claims(pg_temp.admin_claims(null));
select is_empty($$ select 1 from public.bookings $$, 'setting on: an admin token without aal reads no booking');

select tests.as_superuser();
select is((select status from public.bookings where id = tests.id('booking_a')), 'pending', 'setting on: the aal1 admin''s booking update changed nothing');
select is((select require_admin_mfa from public.settings where id = 'app'), true, 'setting on: an aal1 admin cannot turn the setting off');

-- ------------------------------------------------------------------ setting on: aal2 is admin
select tests.authenticate_with_claims(pg_temp.admin_claims('aal2'));
select ok((select private.is_admin()), 'setting on: an aal2 admin session is admin');
select is((select count(*) from public.bookings where id in (tests.id('booking_a'), tests.id('booking_b'))), 2::bigint,
  'setting on: an aal2 admin reads the bookings');
select lives_ok($$ update public.bookings set status = 'confirmed' where id = tests.id('booking_a') $$, 'setting on: an aal2 admin writes');
select is((select status from public.bookings where id = tests.id('booking_a')), 'confirmed', 'setting on: the aal2 admin''s write is stored');
select ok((public.admin_list_audit_log(p_limit => 1) -> 'rows') is not null, 'setting on: an aal2 admin lists the audit log');

-- ------------------------------------------------------------------ others are unaffected
select tests.authenticate_with_claims(tests.user_claims(tests.user_id('cust.a@pgtap.test')) || '{"aal": "aal2"}');
select ok(not (select private.is_admin()), 'a customer with aal2 claims is still not admin');

select tests.clear_authentication();
select is((select count(site_name) from public.settings where id = 'app'), 1::bigint, 'anon still reads the public settings with the setting on');

select * from finish();
rollback;
