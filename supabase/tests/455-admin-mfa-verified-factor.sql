-- An admin who has a verified second factor (auth.mfa_factors, status 'verified') reaches data only
-- from a session that verified it (JWT aal = 'aal2'), whatever settings.require_admin_mfa says:
-- a password alone (aal1) is then a plain signed-in user's session (docs/database.md#roles).
-- An admin without a verified factor keeps the setting's rule (aal1 is enough while it is off).
begin;
set search_path = public, extensions;
select plan(22);

select tests.make_world();
select tests.create_user('admin.totp@pgtap.test', 'customer', true);

create function pg_temp.claims(p_email text, p_aal text) returns jsonb language sql as $$
  select tests.user_claims(tests.user_id(p_email)) || case when p_aal is null then '{}'::jsonb else jsonb_build_object('aal', p_aal) end
$$;

select tests.as_superuser();
select is((select require_admin_mfa from public.settings where id = 'app'), false, 'the setting is off');
select ok(exists (select 1 from pg_indexes where schemaname = 'auth' and tablename = 'mfa_factors'
                   and indexdef like '%(user_id)%' and indexdef not like '%, %'),
  'auth.mfa_factors has an index on user_id (the factor lookup is one index probe)');
select ok((select p.prosecdef and p.provolatile = 's' and p.proconfig @> array['search_path=""']
             from pg_proc p where p.oid = 'private.has_verified_mfa_factor()'::regprocedure),
  'private.has_verified_mfa_factor is stable, security definer, with an empty search_path');
select ok((select p.provolatile = 's' and p.proconfig @> array['search_path=""']
             from pg_proc p where p.oid = 'private.is_admin()'::regprocedure),
  'private.is_admin is stable with an empty search_path');

-- An unverified factor (enrolment started, code never given) does not count yet.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
values (tests.id('factor_totp'), tests.user_id('admin.totp@pgtap.test'), 'Ứng dụng xác thực', 'totp', 'unverified', now(), now(), 'JBSWY3DPEHPK3PXP');

select tests.authenticate_with_claims(pg_temp.claims('admin.totp@pgtap.test', 'aal1'));
select ok((select private.is_admin()), 'an unverified factor: an aal1 admin session is still admin (setting off)');

select tests.as_superuser();
update auth.mfa_factors set status = 'verified' where id = tests.id('factor_totp');

-- ------------------------------------------------------------------ verified factor, aal1: refused
select tests.authenticate_with_claims(pg_temp.claims('admin.totp@pgtap.test', 'aal1'));
select ok(not (select private.is_admin()), 'verified factor, aal1: not admin although the setting is off');
select is_empty($$ select 1 from public.profiles where id <> tests.user_id('admin.totp@pgtap.test') $$,
  'verified factor, aal1: reads no other profile');
select is_empty($$ select 1 from public.bookings $$, 'verified factor, aal1: reads no booking');
select throws_ok($$ select public.admin_dashboard() $$, '42501', null, 'verified factor, aal1: the dashboard RPC is refused');
select throws_ok($$ select public.admin_adjust_balance(tests.user_id('prov.p@pgtap.test'), 100000, 'Thử nâng số dư') $$,
  '42501', null, 'verified factor, aal1: a balance adjustment is refused');
update public.bookings set status = 'cancelled' where id = tests.id('booking_a');

select tests.authenticate_with_claims(pg_temp.claims('admin.totp@pgtap.test', null));
select ok(not (select private.is_admin()), 'verified factor, no aal claim: not admin');

select tests.as_superuser();
select is((select status from public.bookings where id = tests.id('booking_a')), 'pending', 'verified factor, aal1: the update changed nothing');
select is((select count(*) from public.deposit_history where provider_id = tests.user_id('prov.p@pgtap.test') and kind = 'adjustment'), 0::bigint,
  'verified factor, aal1: no money moved');

-- ------------------------------------------------------------------ verified factor, aal2: allowed
select tests.authenticate_with_claims(pg_temp.claims('admin.totp@pgtap.test', 'aal2'));
select ok((select private.is_admin()), 'verified factor, aal2: admin');
select ok((select count(*) from public.profiles) > 1, 'verified factor, aal2: reads the profiles');
select lives_ok($$ select public.admin_dashboard() $$, 'verified factor, aal2: the dashboard RPC answers');
select lives_ok($$ select public.admin_adjust_balance(tests.user_id('prov.p@pgtap.test'), 100000, 'Thử nâng số dư') $$,
  'verified factor, aal2: a balance adjustment is accepted');

-- ------------------------------------------------------------------ the other admin (no factor)
select tests.authenticate_with_claims(pg_temp.claims('admin@pgtap.test', 'aal1'));
select ok((select private.is_admin()), 'no factor, aal1, setting off: admin');
select lives_ok($$ select public.admin_dashboard() $$, 'no factor, aal1, setting off: the dashboard RPC answers');

select tests.as_superuser();
update public.settings set require_admin_mfa = true where id = 'app';
select tests.authenticate_with_claims(pg_temp.claims('admin@pgtap.test', 'aal1'));
select ok(not (select private.is_admin()), 'no factor, aal1, setting on: not admin (the setting''s rule is kept)');

-- ------------------------------------------------------------------ others are unaffected
select tests.as_superuser();
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
values (tests.id('factor_cust'), tests.user_id('cust.a@pgtap.test'), 'Ứng dụng', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP');
select tests.authenticate_with_claims(pg_temp.claims('cust.a@pgtap.test', 'aal1'));
select is((select count(*) from public.bookings where id = tests.id('booking_a')), 1::bigint,
  'a customer with a verified factor and aal1 still reads their own booking');
select tests.authenticate_with_claims(pg_temp.claims('cust.a@pgtap.test', 'aal2'));
select ok(not (select private.is_admin()), 'a customer with a verified factor and aal2 is still not admin');

select * from finish();
rollback;
