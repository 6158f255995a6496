-- public.admin_set_profile_email (docs/decisions.md#an-admin-changes-the-sign-in-e-mail): an admin
-- changes a customer's or a provider's sign-in e-mail (auth.users, the email identity, the profile)
-- in one transaction and both addresses are queued a notice; a customer's crafted call, a blank or
-- malformed address, an address another account uses, a stale version and an admin's account are
-- refused.
begin;
set search_path = public, extensions;
select plan(17);

select tests.make_world();

select tests.as_superuser();
insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values (tests.id('user:cust.a@pgtap.test')::text, tests.id('user:cust.a@pgtap.test'),
        jsonb_build_object('sub', tests.id('user:cust.a@pgtap.test')::text, 'email', 'cust.a@pgtap.test', 'email_verified', true),
        'email', now(), now());
update auth.users set email_change = 'pending@pgtap.test', email_change_token_new = 'tok-new-a', email_change_confirm_status = 1
 where id = tests.id('user:cust.a@pgtap.test');

create temporary table v (name text primary key, value timestamptz);
grant all on v to public;
insert into v values ('a', (select updated_at from public.profiles where id = tests.id('user:cust.a@pgtap.test')));

-- A customer's crafted call is refused, nothing changes.
select tests.authenticate_as(tests.user_id('cust.b@pgtap.test'));
select throws_ok(
  $$ select public.admin_set_profile_email(tests.id('user:cust.a@pgtap.test'), 'stolen@pgtap.test', (select value from v where name = 'a')) $$,
  '42501', null, 'a customer may not change another account''s e-mail');
select throws_ok(
  $$ select public.admin_set_profile_email(tests.user_id('cust.b@pgtap.test'), 'self@pgtap.test', now()) $$,
  '42501', null, 'nor their own through this function');
select tests.clear_authentication();
select throws_ok(
  $$ select public.admin_set_profile_email(tests.id('user:cust.a@pgtap.test'), 'anon@pgtap.test', now()) $$,
  '42501', null, 'anon may not call it');

-- The admin (aal2 session, as the admin rule asks of an admin with a factor).
select tests.authenticate_with_claims(tests.user_claims(tests.user_id('admin@pgtap.test')) || '{"aal": "aal2"}');
select throws_ok(
  $$ select public.admin_set_profile_email(tests.id('user:cust.a@pgtap.test'), '   ', (select value from v where name = 'a')) $$,
  '23514', 'new row for relation "profiles" violates check constraint "profiles_email_required"', 'a blank e-mail is refused');
select throws_ok(
  $$ select public.admin_set_profile_email(tests.id('user:cust.a@pgtap.test'), 'khong-hop-le', (select value from v where name = 'a')) $$,
  '23514', 'new row for relation "profiles" violates check constraint "profiles_email_format"', 'a malformed e-mail is refused');
select throws_ok(
  $$ select public.admin_set_profile_email(tests.id('user:cust.a@pgtap.test'), 'Cust.B@pgtap.test', (select value from v where name = 'a')) $$,
  '23505', 'duplicate key value violates unique constraint "profiles_email_taken"', 'another account''s e-mail (any case) is refused');
select is(
  public.admin_set_profile_email(tests.id('user:cust.a@pgtap.test'), 'new.a@pgtap.test', (select value from v where name = 'a') - interval '1 second'),
  null, 'a stale version changes nothing and answers null');
select throws_ok(
  $$ select public.admin_set_profile_email(tests.user_id('admin@pgtap.test'), 'other.admin@pgtap.test',
       (select updated_at from public.profiles where id = tests.user_id('admin@pgtap.test'))) $$,
  '42501', null, 'an admin''s own sign-in e-mail is not changed here');

insert into v values ('a_saved', public.admin_set_profile_email(tests.id('user:cust.a@pgtap.test'), '  New.A@PgTap.test ', (select value from v where name = 'a')));
select isnt((select value from v where name = 'a_saved'), null, 'the admin changes the customer''s e-mail');

select tests.as_superuser();
select results_eq(
  $$ select email::text, email_change::text, email_change_token_new::text, email_change_confirm_status::int, email_confirmed_at is not null
       from auth.users where id = tests.id('user:cust.a@pgtap.test') $$,
  $$ values ('new.a@pgtap.test', '', '', 0, true) $$,
  'auth.users has the new sign-in e-mail, trimmed and lower-case, and no pending change');
select is((select email from public.profiles where id = tests.id('user:cust.a@pgtap.test')), 'new.a@pgtap.test', 'the profile follows');
select is((select identity_data ->> 'email' from auth.identities where user_id = tests.id('user:cust.a@pgtap.test') and provider = 'email'),
  'new.a@pgtap.test', 'the email identity has the new e-mail');
select results_eq(
  $$ select to_email, kind, payload ->> 'new_email' from private.email_outbox
      where profile_id = tests.id('user:cust.a@pgtap.test') and sent_at is null order by kind $$,
  $$ values ('new.a@pgtap.test', 'email_changed_new', 'new.a@pgtap.test'), ('cust.a@pgtap.test', 'email_changed_old', 'new.a@pgtap.test') $$,
  'a notice to the new and to the old address is queued');
select is((select updated_at from public.profiles where id = tests.id('user:cust.a@pgtap.test')), (select value from v where name = 'a_saved'),
  'the answer is the profile''s version after the change');

-- A provider, who has no email identity yet: one is created, as Supabase Auth's admin update does.
select tests.authenticate_with_claims(tests.user_claims(tests.user_id('admin@pgtap.test')) || '{"aal": "aal2"}');
select isnt(
  public.admin_set_profile_email(tests.id('user:prov.p@pgtap.test'), 'prov.p.moi@pgtap.test',
    (select updated_at from public.profiles where id = tests.id('user:prov.p@pgtap.test'))),
  null, 'the admin changes a provider''s e-mail');
select tests.as_superuser();
select is((select identity_data ->> 'email' from auth.identities where user_id = tests.id('user:prov.p@pgtap.test') and provider = 'email'),
  'prov.p.moi@pgtap.test', 'the provider now has an email identity with it');

-- The outbox is not reachable through the API.
select tests.authenticate_with_claims(tests.user_claims(tests.user_id('admin@pgtap.test')) || '{"aal": "aal2"}');
select throws_ok($$ select * from private.email_outbox $$, '42501', null, 'not even an admin reads the outbox through the API');

select * from finish();
rollback;
