-- The rules Auth's and Storage's own migrations put on their tables hold here as on Supabase
-- (docs/architecture.md#the-platform-mirror): a seed, migration or test that writes auth or
-- storage rows Supabase would refuse fails locally too.
begin;
set search_path = public, extensions;
select plan(13);

select tests.create_user('platform.rules@pgtap.test');
select set_config('tests.u', tests.user_id('platform.rules@pgtap.test')::text, true);

-- ------------------------------------------------------------------ auth: enum types, not free text
select is((select format_type(atttypid, atttypmod) from pg_attribute where attrelid = 'auth.mfa_factors'::regclass and attname = 'factor_type'),
  'auth.factor_type', 'auth.mfa_factors.factor_type has Auth''s enum type');
select throws_ok(format($$ insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
                           values (gen_random_uuid(), %L, 'sms', 'sms', 'unverified', now(), now()) $$, current_setting('tests.u')),
  '22P02', null, 'a factor type outside Auth''s enum is refused as an invalid enum value');
select throws_ok(format($$ insert into auth.sessions (id, user_id, created_at, updated_at, aal)
                           values (gen_random_uuid(), %L, now(), now(), 'aal9') $$, current_setting('tests.u')),
  '22P02', null, 'an assurance level outside aal1..aal3 is refused');

-- ------------------------------------------------------------------ auth: unique challenge instant, bounded scopes
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, last_challenged_at)
values (tests.id('factor_1'), current_setting('tests.u')::uuid, 'một', 'totp', 'verified', now(), now(), '2026-01-01 00:00:00+00');
select throws_ok(format($$ insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, last_challenged_at)
                           values (gen_random_uuid(), %L, 'hai', 'totp', 'verified', now(), now(), '2026-01-01 00:00:00+00') $$,
                        current_setting('tests.u')),
  '23505', null, 'two factors challenged at the same instant are refused (last_challenged_at is unique)');
select throws_ok(format($$ insert into auth.sessions (id, user_id, created_at, updated_at, aal, scopes)
                           values (gen_random_uuid(), %L, now(), now(), 'aal1', repeat('s', 4097)) $$, current_setting('tests.u')),
  '23514', null, 'session scopes longer than 4096 characters are refused');
select lives_ok(format($$ insert into auth.sessions (id, user_id, created_at, updated_at, aal, scopes, refresh_token_counter)
                          values (gen_random_uuid(), %L, now(), now(), 'aal2', 'email', 1) $$, current_setting('tests.u')),
  'a session with Auth''s current columns (scopes, refresh_token_counter) is stored');

-- ------------------------------------------------------------------ auth: one-time tokens, phone factors
select tests.create_user('platform.rules.2@pgtap.test');
update auth.users set recovery_token = 'pgtap-recovery-hash' where id = current_setting('tests.u')::uuid;
select throws_ok($$ update auth.users set recovery_token = 'pgtap-recovery-hash' where email = 'platform.rules.2@pgtap.test' $$,
  '23505', null, 'two users cannot hold the same pending recovery token');
select lives_ok($$ update auth.users set recovery_token = '', confirmation_token = '' where email like 'platform.rules%@pgtap.test' $$,
  'the empty token (no pending link) is shared by any number of users');
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, phone)
values (gen_random_uuid(), current_setting('tests.u')::uuid, 'điện thoại', 'phone', 'verified', now(), now(), '+84901000001');
select throws_ok(format($$ insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, phone)
                           values (gen_random_uuid(), %L, 'điện thoại 2', 'phone', 'unverified', now(), now(), '+84901000001') $$,
                        current_setting('tests.u')),
  '23505', null, 'a user cannot enrol the same phone number twice');

-- ------------------------------------------------------------------ storage: bucket names, updated_at
select throws_ok($$ insert into storage.buckets (id, name) values ('pgtap-long', repeat('b', 101)) $$,
  'P0001', null, 'a bucket name longer than 100 characters is refused');
select lives_ok($$ insert into storage.buckets (id, name) values ('pgtap-rules', 'pgtap-rules') $$, 'a bucket of a plain name is stored');
insert into storage.objects (bucket_id, name, updated_at) values ('pgtap-rules', 'a/b.png', now() - interval '1 day');
select throws_ok($$ update storage.buckets set name = repeat('c', 101) where id = 'pgtap-rules' $$,
  'P0001', null, 'renaming a bucket beyond 100 characters is refused');
update storage.objects set metadata = '{"size": 1}' where bucket_id = 'pgtap-rules' and name = 'a/b.png';
select ok((select updated_at > now() - interval '1 minute' from storage.objects where bucket_id = 'pgtap-rules' and name = 'a/b.png'),
  'updating an object moves its updated_at to now');

select * from finish();
rollback;
