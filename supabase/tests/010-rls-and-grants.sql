-- Row-level security is on for every table of `public` (tables, not views) and for
-- storage.objects; the API roles hold exactly the table privileges the design grants them, never
-- TRUNCATE / REFERENCES / TRIGGER (TRUNCATE ignores RLS); no policy applies to PUBLIC; functions
-- follow the practices (security definer only with a fixed search_path, none in public; nothing in
-- public executable by anon).
begin;
set search_path = public, extensions;
select plan(74);

select tables_are('public', array[
  'settings', 'profiles', 'categories', 'subcategories', 'service_items', 'provider_service_types',
  'provider_documents', 'bookings', 'reviews', 'commissions', 'deposit_history', 'discount_codes',
  'discount_code_services', 'conversations', 'messages', 'audit_log', 'booking_stats_daily',
  'commission_stats_daily', 'admin_saved_views'
], 'public has exactly the tables of the design (a new table needs its tests)');

select is_empty(
  $$ select c.relname from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity $$,
  'no table in public has RLS disabled');

select is(
  (select count(*)::int from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and c.relrowsecurity),
  (select count(*)::int from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')),
  'RLS enabled count equals the table count of public (views not counted)');

select ok((select relrowsecurity from pg_class where oid = 'storage.objects'::regclass), 'RLS is enabled on storage.objects');

-- One assertion per table, so a failure names the table.
select ok(c.relrowsecurity, format('RLS is enabled on public.%I', c.relname))
  from pg_class c
 where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
   and c.relname in ('settings', 'profiles', 'categories', 'subcategories', 'service_items', 'provider_service_types',
                     'provider_documents', 'bookings', 'reviews', 'commissions', 'deposit_history', 'discount_codes',
                     'discount_code_services', 'conversations', 'messages', 'audit_log', 'booking_stats_daily',
                     'commission_stats_daily', 'admin_saved_views')
 order by c.relname;

select is_empty(
  $$ select tablename, policyname from pg_policies where schemaname in ('public', 'storage') and 'public' = any (roles) $$,
  'every policy names its role (to anon / to authenticated), none applies to PUBLIC');

select is_empty(
  $$ select c.relname, r.rolname, p.privilege_type
       from pg_class c
       cross join (values ('anon'), ('authenticated')) as r(rolname)
       cross join (values ('TRUNCATE'), ('REFERENCES'), ('TRIGGER')) as p(privilege_type)
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
        and has_table_privilege(r.rolname, c.oid, p.privilege_type) $$,
  'anon and authenticated have no TRUNCATE, REFERENCES or TRIGGER privilege on any public relation');

-- anon: the public site reads the catalogue and (column by column) the settings, nothing else.
select table_privs_are('public', 'categories', 'anon', array['SELECT'], 'anon may only SELECT categories');
select table_privs_are('public', 'subcategories', 'anon', array[]::text[], 'anon has no table-wide privilege on subcategories (columns only)');
select ok(has_column_privilege('anon', 'public.subcategories', 'name', 'SELECT')
          and has_column_privilege('anon', 'public.subcategories', 'icon', 'SELECT')
          and has_column_privilege('anon', 'public.subcategories', 'active', 'SELECT'),
  'anon may read the public columns of subcategories');
select ok(not has_column_privilege('anon', 'public.subcategories', 'commission_rate', 'SELECT'),
  'anon may not read subcategories.commission_rate (the platform''s percentage)');
select ok(not has_any_column_privilege('anon', 'public.subcategories', 'INSERT')
          and not has_any_column_privilege('anon', 'public.subcategories', 'UPDATE'),
  'anon may not write any column of subcategories');
select table_privs_are('public', 'service_items', 'anon', array['SELECT'], 'anon may only SELECT service_items');
select table_privs_are('public', 'settings', 'anon', array[]::text[], 'anon has no table-wide privilege on settings (columns only)');
select is_empty(
  $$ select c.relname from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
        and c.relname not in ('categories', 'subcategories', 'service_items', 'settings')
        and (has_table_privilege('anon', c.oid, 'SELECT') or has_table_privilege('anon', c.oid, 'INSERT')
          or has_table_privilege('anon', c.oid, 'UPDATE') or has_table_privilege('anon', c.oid, 'DELETE')
          or has_any_column_privilege('anon', c.oid, 'SELECT') or has_any_column_privilege('anon', c.oid, 'INSERT')
          or has_any_column_privilege('anon', c.oid, 'UPDATE')) $$,
  'anon has no privilege on any other public table (not even on single columns)');
select ok(has_column_privilege('anon', 'public.settings', 'site_name', 'SELECT'), 'anon may read settings.site_name');
select ok(has_column_privilege('anon', 'public.settings', 'contact_phone', 'SELECT'), 'anon may read settings.contact_phone');
select ok(has_column_privilege('anon', 'public.settings', 'featured_banner_url', 'SELECT'), 'anon may read settings.featured_banner_url');
select ok(not has_column_privilege('anon', 'public.settings', 'commission_rate', 'SELECT'), 'anon may not read settings.commission_rate');
select ok(not has_column_privilege('anon', 'public.settings', 'min_deposit_amount', 'SELECT'), 'anon may not read settings.min_deposit_amount');
select ok(not has_any_column_privilege('anon', 'public.settings', 'UPDATE'), 'anon may not update any settings column');

-- authenticated: exactly these table privileges (RLS then narrows the rows).
select table_privs_are('public', 'settings', 'authenticated', array['SELECT', 'INSERT', 'UPDATE'], 'authenticated privileges on settings');
select table_privs_are('public', 'profiles', 'authenticated', array['SELECT', 'UPDATE'], 'authenticated privileges on profiles (no insert / delete)');
select table_privs_are('public', 'categories', 'authenticated', array['SELECT', 'INSERT', 'UPDATE', 'DELETE'], 'authenticated privileges on categories');
select table_privs_are('public', 'subcategories', 'authenticated', array['SELECT', 'INSERT', 'UPDATE', 'DELETE'], 'authenticated privileges on subcategories');
select table_privs_are('public', 'service_items', 'authenticated', array['SELECT', 'INSERT', 'UPDATE', 'DELETE'], 'authenticated privileges on service_items');
select table_privs_are('public', 'provider_service_types', 'authenticated', array['SELECT', 'INSERT', 'DELETE'], 'authenticated privileges on provider_service_types');
select table_privs_are('public', 'provider_documents', 'authenticated', array['SELECT', 'INSERT', 'UPDATE', 'DELETE'], 'authenticated privileges on provider_documents');
select table_privs_are('public', 'bookings', 'authenticated', array['SELECT', 'UPDATE'], 'authenticated privileges on bookings (no insert / delete)');
select table_privs_are('public', 'reviews', 'authenticated', array['SELECT', 'UPDATE'], 'authenticated privileges on reviews');
select table_privs_are('public', 'commissions', 'authenticated', array['SELECT'], 'authenticated may only read commissions (the database writes them)');
select table_privs_are('public', 'deposit_history', 'authenticated', array['SELECT', 'INSERT', 'UPDATE'], 'authenticated privileges on deposit_history (no delete)');
select table_privs_are('public', 'discount_codes', 'authenticated', array['SELECT', 'INSERT', 'UPDATE', 'DELETE'], 'authenticated privileges on discount_codes');
select table_privs_are('public', 'discount_code_services', 'authenticated', array['SELECT', 'INSERT', 'DELETE'], 'authenticated privileges on discount_code_services');
select table_privs_are('public', 'conversations', 'authenticated', array['SELECT', 'INSERT', 'UPDATE'], 'authenticated privileges on conversations');
select table_privs_are('public', 'messages', 'authenticated', array['SELECT'], 'authenticated table-wide privilege on messages is SELECT (writes are per column)');
select table_privs_are('public', 'audit_log', 'authenticated', array['SELECT'], 'authenticated may only read audit_log');
select table_privs_are('public', 'booking_stats_daily', 'authenticated', array['SELECT'], 'authenticated may only read booking_stats_daily');
select table_privs_are('public', 'commission_stats_daily', 'authenticated', array['SELECT'], 'authenticated may only read commission_stats_daily');
select table_privs_are('public', 'admin_saved_views', 'authenticated', array['SELECT', 'INSERT', 'DELETE'], 'authenticated privileges on admin_saved_views (updates per column)');
select ok(has_column_privilege('authenticated', 'public.messages', 'content', 'INSERT'), 'authenticated may insert messages.content');
select ok(not has_column_privilege('authenticated', 'public.messages', 'booking_id', 'INSERT'), 'authenticated may not choose messages.booking_id (the trigger copies it)');
select ok(not has_column_privilege('authenticated', 'public.messages', 'content', 'UPDATE'), 'authenticated may not edit messages.content');
select ok(has_column_privilege('authenticated', 'public.messages', 'is_read', 'UPDATE'), 'authenticated may update messages.is_read');

-- The audit log is never writable through the API, not even by the service role.
select ok(not has_table_privilege('service_role', 'public.audit_log', 'INSERT')
          and not has_table_privilege('service_role', 'public.audit_log', 'UPDATE')
          and not has_table_privilege('service_role', 'public.audit_log', 'DELETE')
          and not has_table_privilege('service_role', 'public.audit_log', 'TRUNCATE'),
  'service_role cannot insert, update, delete or truncate audit_log');

-- Functions.
select is_empty(
  $$ select p.proname from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prosecdef $$,
  'no security definer function in the exposed schema public');
select is_empty(
  $$ select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'private') and p.prosecdef
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%') $$,
  'every security definer function has a fixed search_path');
select is_empty(
  $$ select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'private')
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%') $$,
  'every function of public and private sets its search_path (lint function_search_path_mutable)');
select is_empty(
  $$ select p.proname from pg_proc p
      where p.pronamespace = 'public'::regnamespace and has_function_privilege('anon', p.oid, 'EXECUTE') $$,
  'anon may execute no function of public');
select is_empty(
  $$ select p.proname from pg_proc p
      where p.pronamespace = 'private'::regnamespace and p.prosecdef
        and (has_function_privilege('anon', p.oid, 'EXECUTE')) $$,
  'anon may execute no security definer function of private');
select is_empty(
  $$ select p.proname from pg_proc p
      where p.pronamespace = 'private'::regnamespace and p.prosecdef and p.prorettype = 'trigger'::regtype
        and (has_function_privilege('authenticated', p.oid, 'EXECUTE')) $$,
  'authenticated may execute no security definer trigger function');
select ok(not has_schema_privilege('anon', 'private', 'CREATE') and not has_schema_privilege('authenticated', 'private', 'CREATE'),
  'the API roles cannot create objects in private');
select is_empty(
  $$ select c.relname from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'v'
        and not coalesce(c.reloptions @> array['security_invoker=true'], false) $$,
  'every view of public is security_invoker');
select is_empty(
  $$ select extname from pg_extension where extnamespace = 'public'::regnamespace $$,
  'no extension is installed in public (lint extension_in_public)');

-- Realtime publication.
select ok(exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'messages'),
  'messages is in the supabase_realtime publication');
select ok(exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'conversations'),
  'conversations is in the supabase_realtime publication');

select * from finish();
rollback;
