-- Every admin list function answers the same shape (docs/database.md#admin-list-functions):
-- {rows, total, total_exact, first_cursor, last_cursor, sort} (docs/search.md#contract); with p_count (default true) total is a number and total_exact a
-- boolean, with p_count = false (the CSV exports' keyset walks) both keys are there and null.
-- The filters inline the admin's text as quoted literals: a quote in a search is matched, never run.
begin;
set search_path = public, extensions;
select plan(27);

select tests.create_user('c520-admin@test.vn', 'customer', true);
select tests.create_user('c520-khach@test.vn', 'customer');
update public.profiles set name = 'C520 O''Neil' where id = tests.user_id('c520-khach@test.vn');

select is(
  (select array_agg(p.proname order by p.proname) from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.proname like 'admin\_list\_%'
      and pg_get_function_arguments(p.oid) like '%, p_count boolean DEFAULT true'),
  array['admin_list_audit_log', 'admin_list_bookings', 'admin_list_commissions', 'admin_list_conversations',
        'admin_list_customers', 'admin_list_deposits', 'admin_list_promotions', 'admin_list_providers',
        'admin_list_reviews']::name[],
  'every admin list function ends with p_count boolean default true');

select tests.authenticate_as(tests.user_id('c520-admin@test.vn'));
create temp table answers (fn text primary key, counted jsonb, uncounted jsonb) on commit drop;
insert into answers values
  ('audit_log', public.admin_list_audit_log(), public.admin_list_audit_log(p_count => false)),
  ('bookings', public.admin_list_bookings(), public.admin_list_bookings(p_count => false)),
  ('commissions', public.admin_list_commissions(), public.admin_list_commissions(p_count => false)),
  ('conversations', public.admin_list_conversations(), public.admin_list_conversations(p_count => false)),
  ('customers', public.admin_list_customers(), public.admin_list_customers(p_count => false)),
  ('deposits', public.admin_list_deposits(), public.admin_list_deposits(p_count => false)),
  ('promotions', public.admin_list_promotions(), public.admin_list_promotions(p_count => false)),
  ('providers', public.admin_list_providers(), public.admin_list_providers(p_count => false)),
  ('reviews', public.admin_list_reviews(), public.admin_list_reviews(p_count => false));

create function pg_temp.shape(p_answer jsonb) returns jsonb language sql immutable as $$
  select jsonb_build_object('keys', (select jsonb_agg(k order by k) from jsonb_object_keys(p_answer) k),
                            'rows', jsonb_typeof(p_answer -> 'rows'), 'total', jsonb_typeof(p_answer -> 'total'),
                            'total_exact', jsonb_typeof(p_answer -> 'total_exact'))
$$;

select is(pg_temp.shape(counted),
          '{"keys": ["first_cursor", "last_cursor", "rows", "sort", "total", "total_exact"], "rows": "array", "total": "number", "total_exact": "boolean"}'::jsonb,
          fn || ': counted answer {rows, total: number, total_exact: boolean}')
  from answers order by fn;
select is(pg_temp.shape(uncounted),
          '{"keys": ["first_cursor", "last_cursor", "rows", "sort", "total", "total_exact"], "rows": "array", "total": "null", "total_exact": "null"}'::jsonb,
          fn || ': with p_count = false total and total_exact are null')
  from answers order by fn;

select is((select counted -> 'total' from answers where fn = 'commissions'), public.admin_commission_stats() -> 'count',
          'the commissions total equals the stat cards'' count');
select is((select counted -> 'total' from answers where fn = 'deposits'), public.admin_deposit_stats() -> 'count',
          'the deposits total equals the stat cards'' count');

-- A quote in the admin's text is data.
select is(public.admin_list_customers(p_search => 'c520 o''neil') -> 'total', '1'::jsonb, 'a name with a quote is found');
select is(public.admin_list_customers(p_search => 'x'' or ''a''=''a') -> 'total', '0'::jsonb,
          'a quote cannot widen the customers search');
select is(public.admin_list_bookings(p_service => ''' or ''''=''') -> 'rows', '[]'::jsonb,
          'a quote cannot widen the bookings search');
select is(public.admin_list_commissions(p_search => ''') or true or (''') -> 'total', '0'::jsonb,
          'a quote cannot widen the commissions search');

-- The answer builder: an estimated total is never below the rows a page shows.
select tests.as_superuser();
select is(private.list_answer('[1, 2, 3]'::jsonb, 5, false, 10) -> 'total', '13'::jsonb,
          'an estimate below offset + rows shown becomes offset + rows shown');
select is(private.list_answer('[1, 2, 3]'::jsonb, 5, true, 10) -> 'total', '5'::jsonb, 'an exact total is kept as counted');

select * from finish();
rollback;
