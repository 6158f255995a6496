-- The command matrix, generated from the catalog so that every table of public is covered (a new
-- table is covered the moment its migration lands):
--   anon:                SELECT, INSERT, UPDATE, DELETE are refused (42501) on every table except
--                        SELECT on the public catalogue and settings;
--   customer, provider:  DELETE and UPDATE affect no row on any table (refused with 42501 or
--                        hidden by RLS) — except UPDATE of their own profile row, which 030 covers;
--   admin:               DELETE is refused on every table the design keeps (people, money, history).
-- The per-table files test the allowed cases and the specific denials.
begin;
set search_path = public, extensions;

create temporary table matrix on commit drop as
select c.relname as name,
       (select a.attname from pg_attribute a
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' and a.attidentity = ''
         order by a.attnum limit 1) as first_col
  from pg_class c
 where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p');
grant select on matrix to anon, authenticated;

-- Executes one write; true when it is refused (42501) or touches no row.
create function pg_temp.write_denied(p_sql text)
returns boolean
language plpgsql
as $$
declare
  n bigint;
begin
  execute format('with w as (%s returning 1) select count(*) from w', p_sql) into n;
  return n = 0;
exception when insufficient_privilege then
  return true;
end
$$;

select plan(
  4 * (select count(*)::int from matrix where name not in ('categories', 'subcategories', 'service_items', 'settings'))
  + 3 * 4 + 1                                                   -- anon on the public tables
  + 2 * (select count(*)::int from matrix)                      -- customer: delete, update
  + 2 * (select count(*)::int from matrix) - 1                  -- provider: delete, update (no profiles update)
  - 1                                                           -- customer: no profiles update
  + 1                                                           -- row counts unchanged
  + (select count(*)::int from matrix where name not in ('categories', 'subcategories', 'service_items', 'discount_codes',
                                                          'discount_code_services', 'provider_service_types', 'provider_documents'))
);

select tests.make_world();
create temporary table counts_before on commit drop as
select m.name, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from public.%I', m.name), false, true, '')))[1]::text::bigint as n
  from matrix m;

-- ------------------------------------------------------------------ anon
select tests.clear_authentication();
select throws_ok(format('select * from public.%I', name), '42501', null, format('anon: SELECT on %s is refused', name))
  from matrix where name not in ('categories', 'subcategories', 'service_items', 'settings') order by name;
select throws_ok(format('insert into public.%I default values', name), '42501', null, format('anon: INSERT into %s is refused', name))
  from matrix order by name;
select throws_ok(format('update public.%I set %I = %I', name, first_col, first_col), '42501', null, format('anon: UPDATE of %s is refused', name))
  from matrix order by name;
select throws_ok(format('delete from public.%I', name), '42501', null, format('anon: DELETE from %s is refused', name))
  from matrix order by name;
select throws_ok('select * from public.settings', '42501', null, 'anon: SELECT * on settings is refused (public columns only)');

-- ------------------------------------------------------------------ customer
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select ok(pg_temp.write_denied(format('delete from public.%I', name)), format('customer: DELETE from %s touches no row', name))
  from matrix order by name;
select ok(pg_temp.write_denied(format('update public.%I set %I = %I', name, first_col, first_col)), format('customer: UPDATE of %s touches no row', name))
  from matrix where name <> 'profiles' order by name;

-- ------------------------------------------------------------------ provider
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select ok(pg_temp.write_denied(format('delete from public.%I', name)), format('provider: DELETE from %s touches no row', name))
  from matrix order by name;
select ok(pg_temp.write_denied(format('update public.%I set %I = %I', name, first_col, first_col)), format('provider: UPDATE of %s touches no row', name))
  from matrix where name <> 'profiles' order by name;

select tests.as_superuser();
select is_empty(
  $$ select m.name from matrix m join counts_before b using (name)
      where (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from public.%I', m.name), false, true, '')))[1]::text::bigint <> b.n $$,
  'no table lost or gained a row through the customer''s and provider''s attempts');

-- ------------------------------------------------------------------ admin: what is never deleted
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select ok(pg_temp.write_denied(format('delete from public.%I', name)), format('admin: DELETE from %s is refused (history is kept)', name))
  from matrix where name not in ('categories', 'subcategories', 'service_items', 'discount_codes',
                                 'discount_code_services', 'provider_service_types', 'provider_documents')
 order by name;

select * from finish();
rollback;
