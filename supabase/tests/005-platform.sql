-- The platform the suite runs on is Supabase's (local-stack/bootstrap.sql,
-- docs/architecture.md#the-platform-mirror): the session runs as `postgres`, which is not a
-- superuser; Auth's and Storage's tables belong to their admin roles; Storage refuses direct
-- deletes; the Data API's roles have Supabase's settings. What our migrations may do there, and
-- what they may not, is asserted here so that a test passing locally also passes on Supabase.
-- The same file passes on Supabase's platform built from its own sources. Images that grant
-- `postgres` the Auth and Storage admin roles (a 2022 migration of the image; the mirror follows
-- the platform without that grant) let it create in `auth` and `storage`: there the permissive
-- branch asserts that, while our mirror (recognised by its supautils stand-in,
-- supautils.policy_grants) and every platform without the grant take the strict one.
select exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'supautils' and c.relname = 'policy_grants')
       or not (pg_has_role('postgres', 'supabase_auth_admin', 'MEMBER') or pg_has_role('postgres', 'supabase_storage_admin', 'MEMBER'))
       as fenced \gset
begin;
set search_path = public, extensions;
select plan(32);

-- ------------------------------------------------------------------ the role that runs migrations and tests
select is(session_user::text, 'postgres', 'the suite runs as postgres');
select ok(not (select rolsuper from pg_roles where rolname = 'postgres'), 'postgres is not a superuser');
select ok((select rolbypassrls and rolcreatedb from pg_roles where rolname = 'postgres'),
  'postgres bypasses RLS and may create databases');
\if :fenced
select ok(not pg_has_role('postgres', 'supabase_auth_admin', 'MEMBER') and not pg_has_role('postgres', 'supabase_storage_admin', 'MEMBER')
          and not pg_has_role('postgres', 'supabase_admin', 'MEMBER'),
  'postgres is a member of none of the platform''s admin roles');
select throws_ok($$ set local role supabase_auth_admin $$, '42501', null, 'postgres cannot act as supabase_auth_admin');
\else
select ok(not pg_has_role('postgres', 'supabase_admin', 'MEMBER'), 'postgres is not a member of supabase_admin');
select lives_ok($$ set local role supabase_auth_admin; reset role $$, 'an image with the 2022 grant lets postgres act as supabase_auth_admin');
\endif
select ok(pg_has_role('postgres', 'anon', 'MEMBER') and pg_has_role('postgres', 'authenticated', 'MEMBER')
          and pg_has_role('postgres', 'service_role', 'MEMBER'),
  'postgres may switch to the API roles (as tests and dashboards do)');

-- ------------------------------------------------------------------ auth
select is((select count(*)::int from pg_class where relnamespace = 'auth'::regnamespace and relkind = 'r'
             and (pg_get_userbyid(relowner) <> 'supabase_auth_admin'
                  or (not relrowsecurity and relname in ('users', 'identities', 'sessions', 'refresh_tokens', 'mfa_factors',
                                                         'mfa_challenges', 'mfa_amr_claims', 'audit_log_entries')))), 0,
  'every auth table is owned by supabase_auth_admin, the user, session and factor tables with row-level security enabled');
select ok((select relrowsecurity and pg_get_userbyid(relowner) = 'supabase_auth_admin' from pg_class where oid = 'auth.users'::regclass),
  'auth.users in particular');
select ok(not has_table_privilege('anon', 'auth.users', 'SELECT') and not has_table_privilege('authenticated', 'auth.users', 'SELECT'),
  'the API roles cannot read auth.users');
select ok(has_table_privilege('postgres', 'auth.users', 'SELECT') and has_table_privilege('postgres', 'auth.users', 'TRIGGER'),
  'postgres reads auth.users and may put triggers on it');
\if :fenced
select throws_ok($$ create table auth.pgtap_probe (id int) $$, '42501', null, 'postgres cannot create tables in auth');
select throws_ok($$ alter table auth.users add column pgtap_probe int $$, '42501', null, 'postgres cannot alter auth.users');
\else
select lives_ok($$ create table auth.pgtap_probe (id int) $$, 'an image with the 2022 grant lets postgres create tables in auth');
select lives_ok($$ alter table auth.users add column pgtap_probe int $$, 'and alter auth.users');
\endif
create function public.pgtap_probe_trigger() returns trigger language plpgsql as $$ begin return new; end $$;
select lives_ok($$ create trigger pgtap_probe after insert on auth.users for each row execute function public.pgtap_probe_trigger() $$,
  'postgres creates a trigger on auth.users');
select lives_ok($$ drop trigger pgtap_probe on auth.users $$, 'and drops it again (supautils drop_trigger_grants)');
\if :fenced
select throws_ok($$ create policy pgtap_probe on auth.mfa_factors for select using (false) $$, '42501', null,
  'no policy on auth tables outside supautils'' list (auth.mfa_factors)');
\else
select lives_ok($$ create policy pgtap_probe on auth.mfa_factors for select using (false) $$,
  'an image with the 2022 grant lets postgres put a policy on auth.mfa_factors');
\endif

-- ------------------------------------------------------------------ storage
select is((select count(*)::int from pg_class where relnamespace = 'storage'::regnamespace and relkind = 'r'
             and pg_get_userbyid(relowner) <> 'supabase_storage_admin'), 0,
  'every storage table is owned by supabase_storage_admin');
select ok((select bool_and(relrowsecurity) from pg_class where oid in ('storage.objects'::regclass, 'storage.buckets'::regclass)),
  'storage.objects and storage.buckets have row-level security enabled');
\if :fenced
select throws_ok($$ create function storage.pgtap_probe() returns int language sql as 'select 1' $$, '42501', null,
  'postgres cannot create functions in storage');
\else
select lives_ok($$ create function storage.pgtap_probe() returns int language sql as 'select 1' $$,
  'an image with the 2022 grant lets postgres create functions in storage');
\endif
select lives_ok($$ create policy pgtap_probe on storage.objects for select to authenticated using (false) $$,
  'postgres creates a policy on storage.objects (supautils policy_grants)');
select is((select pg_get_userbyid(relowner) from pg_class where oid = 'storage.objects'::regclass), 'supabase_storage_admin',
  'and storage.objects is still owned by supabase_storage_admin afterwards');
select lives_ok($$ drop policy pgtap_probe on storage.objects $$, 'postgres drops its policy on storage.objects');
select lives_ok($$ insert into storage.buckets (id, name) values ('pgtap-platform', 'pgtap-platform') $$, 'postgres inserts a bucket');
select throws_ok($$ delete from storage.buckets where id = 'pgtap-platform' $$, '42501',
  'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
  'a direct DELETE on storage.buckets is refused by the delete guard');
select throws_ok($$ delete from storage.objects where false $$, '42501',
  'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
  'so is any DELETE statement on storage.objects, even one that matches no row');
select set_config('storage.allow_delete_query', 'true', true);
select lives_ok($$ delete from storage.buckets where id = 'pgtap-platform' $$,
  'with storage.allow_delete_query set, as the Storage API sets it, the delete goes through');
select set_config('storage.allow_delete_query', '', true);
select columns_are('storage', 'buckets', array['id', 'name', 'owner', 'created_at', 'updated_at', 'public', 'avif_autodetection',
  'file_size_limit', 'allowed_mime_types', 'owner_id', 'type', 'versioning_status'], 'storage.buckets has Storage''s current columns');
select columns_are('storage', 'objects', array['id', 'bucket_id', 'name', 'owner', 'created_at', 'updated_at', 'last_accessed_at',
  'metadata', 'path_tokens', 'version', 'owner_id', 'user_metadata', 'archived_at', 'is_delete_marker', 'is_versioned'],
  'storage.objects has Storage''s current columns');

-- ------------------------------------------------------------------ the Data API's roles
select ok((select bool_and(rolinherit and not rolcanlogin) from pg_roles where rolname in ('anon', 'authenticated', 'service_role')),
  'anon, authenticated and service_role inherit and cannot log in');
select ok(not has_schema_privilege('anon', 'public', 'CREATE') and not has_schema_privilege('authenticated', 'public', 'CREATE')
          and not has_schema_privilege('service_role', 'public', 'CREATE') and has_schema_privilege('anon', 'public', 'USAGE'),
  'the API roles only use the public schema (no CREATE)');
select ok((select rolconfig @> array['lock_timeout=8s', 'statement_timeout=8s'] and not rolinherit
             from pg_roles where rolname = 'authenticator'),
  'authenticator is NOINHERIT with lock_timeout and statement_timeout of 8 s');
select is((select count(*)::int from pg_roles where rolname in ('supabase_auth_admin', 'supabase_storage_admin')
             and rolcanlogin and rolcreaterole and not rolinherit and not rolsuper and not rolbypassrls), 2,
  'the Auth and Storage admins are NOINHERIT CREATEROLE logins, neither superuser nor BYPASSRLS');
-- As the image's roles test lists supabase_auth_admin: no CREATEDB, no REPLICATION, no connection
-- limit, and its settings.
select ok((select not rolcreatedb and not rolreplication and rolconnlimit = -1
                  and rolconfig @> array['search_path=auth', 'idle_in_transaction_session_timeout=60000', 'log_statement=none']
             from pg_roles where rolname = 'supabase_auth_admin'),
  'supabase_auth_admin has the image''s attributes and settings (search_path auth, idle-in-transaction 60 s, log_statement none)');

select * from finish();
rollback;
