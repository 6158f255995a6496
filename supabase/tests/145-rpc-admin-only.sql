-- Every function of the exposed schema public refuses anon (42501), and every one but the
-- marketplace's operations is an admin RPC that a customer or a provider (whatever the arguments)
-- cannot call either. The plan grows with the functions, so a new RPC is covered the moment its
-- migration lands; the marketplace's operations are the listed exceptions, with their own
-- allow/deny tests.
begin;
set search_path = public, extensions;

create temporary table rpc on commit drop as
select p.oid::regproc::text as name,
       format('select %s(%s)', p.oid::regproc,
              coalesce((select string_agg('null::' || format_type(t, null), ', ' order by o)
                          from unnest(p.proargtypes::oid[]) with ordinality as a(t, o)), '')) as call,
       -- The marketplace's operations are for customers and providers (docs/marketplace.md): their
       -- allow/deny tests per role are supabase/tests/800-marketplace-*.sql; anon is refused here too.
       p.proname in ('create_booking', 'cancel_booking', 'choose_provider', 'confirm_completion', 'create_review',
                     'list_booking_queue', 'list_open_bookings', 'join_booking_queue', 'leave_booking_queue',
                     'report_completion', 'request_deposit') as marketplace
  from pg_proc p
 where p.pronamespace = 'public'::regnamespace and p.prokind = 'f';
grant select on rpc to anon, authenticated;

select plan(1 + (select count(*)::int from rpc) + 2 * (select count(*)::int from rpc where not marketplace));

select ok((select count(*) from rpc) >= 7, 'public has the admin RPCs (dashboard and stats at least)');

select tests.make_world();

select tests.clear_authentication();
select throws_ok(call, '42501', null, format('anon cannot call %s', name)) from rpc order by name;

select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select throws_ok(call, '42501', null, format('a customer cannot call %s', name)) from rpc where not marketplace order by name;

select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select throws_ok(call, '42501', null, format('a provider cannot call %s', name)) from rpc where not marketplace order by name;

select * from finish();
rollback;
