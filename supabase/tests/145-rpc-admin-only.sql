-- Every function of the exposed schema public is an admin RPC: called by anon, a customer or a
-- provider (whatever the arguments) it raises 42501. The plan grows with the functions, so a new
-- RPC is covered the moment its migration lands. (An RPC meant for non-admins would be listed
-- here as an explicit exception, with its own allow/deny tests.)
begin;
set search_path = public, extensions;

create temporary table rpc on commit drop as
select p.oid::regproc::text as name,
       format('select %s(%s)', p.oid::regproc,
              coalesce((select string_agg('null::' || format_type(t, null), ', ' order by o)
                          from unnest(p.proargtypes::oid[]) with ordinality as a(t, o)), '')) as call
  from pg_proc p
 where p.pronamespace = 'public'::regnamespace and p.prokind = 'f';
grant select on rpc to anon, authenticated;

select plan(1 + 3 * (select count(*)::int from rpc));

select ok((select count(*) from rpc) >= 7, 'public has the admin RPCs (dashboard and stats at least)');

select tests.make_world();

select tests.clear_authentication();
select throws_ok(call, '42501', null, format('anon cannot call %s', name)) from rpc order by name;

select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select throws_ok(call, '42501', null, format('a customer cannot call %s', name)) from rpc order by name;

select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select throws_ok(call, '42501', null, format('a provider cannot call %s', name)) from rpc order by name;

select * from finish();
rollback;
