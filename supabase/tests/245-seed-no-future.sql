-- The seed has no row dated in the future (supabase/seed.sql): every creation, update, completion,
-- reading and login time is at most now. Booking schedules and promotion expiries are the only
-- times meant to lie ahead.
begin;
set search_path = public, extensions;
select plan(1);

select is_empty($$
  with cols as materialized (
    select c.table_name::text as table_name, c.column_name::text as column_name
      from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
     where c.table_schema = 'public'
       and c.data_type = 'timestamp with time zone'
       and c.column_name not in ('scheduled_at', 'expires_at')
  )
  select table_name || '.' || column_name
    from cols
   where (xpath('/row/n/text()', query_to_xml(
           format('select count(*) as n from public.%I where %I > now()', table_name, column_name), false, false, '')))[1]::text::int > 0
$$, 'no seeded row is dated in the future (scheduled_at and expires_at aside)');

select * from finish();
rollback;
