-- updated_at is kept by the database on every table that has the column: whatever an UPDATE
-- writes into it, the row ends up with the transaction's time. Generated from the catalog, so a
-- new table with updated_at is covered at once.
begin;
set search_path = public, extensions;

create temporary table stamped on commit drop as
select c.relname as name
  from pg_class c join pg_attribute a on a.attrelid = c.oid
 where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
   and a.attname = 'updated_at' and not a.attisdropped;

-- Writes a stale updated_at into one row of the table and returns what was stored.
create function pg_temp.touch(p_table text)
returns timestamptz
language plpgsql
as $$
declare
  v_ctid tid;
  v_stored timestamptz;
begin
  execute format('select ctid from public.%I limit 1', p_table) into v_ctid;
  if v_ctid is null then
    return null;
  end if;
  execute format('update public.%I set updated_at = %L where ctid = $1 returning updated_at', p_table, '2000-01-01 00:00:00+00')
    into v_stored using v_ctid;
  return v_stored;
end
$$;

select plan(1 + (select count(*)::int from stamped));

select tests.make_world();
update public.bookings set status = 'completed' where id = tests.id('booking_a');

select ok((select count(*) from stamped) >= 12, 'the tables of the design carry updated_at');
select is(pg_temp.touch(name), now(), format('%s.updated_at is set by the database on update', name))
  from stamped order by name;

select * from finish();
rollback;
