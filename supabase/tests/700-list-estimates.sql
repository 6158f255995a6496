-- The admin list functions that fall back to the planner's estimate above 10,000 matching rows
-- (reviews, conversations) answer with an estimated total instead of failing: EXPLAIN is refused
-- inside a non-volatile function (0A000), which once broke both lists on the seed:large data set:
-- their bodies and wrappers are volatile.
begin;
set search_path = public, extensions;
select plan(14);

select tests.create_user('h9-admin@test.vn', 'customer', true);
select tests.create_user('h9-tho@test.vn', 'provider');
select tests.create_user('h9-khach@test.vn', 'customer');

-- 10,050 bookings with a review and a conversation each, written without row triggers (fixture only).
set local session_replication_role = replica;
insert into public.bookings (id, customer_id, customer_name, provider_id, subcategory_id, service_name, status,
                             original_price, final_price, created_at)
select ('70000000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid, tests.user_id('h9-khach@test.vn'), 'Khách H9',
       tests.user_id('h9-tho@test.vn'), (select id from public.subcategories order by sort_order limit 1), 'Dịch vụ H9',
       'completed', 100000, 100000, now() - make_interval(mins => g)
  from generate_series(1, 10050) g;
insert into public.reviews (booking_id, provider_id, customer_id, customer_name, rating, comment, status)
select ('70000000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid, tests.user_id('h9-tho@test.vn'),
       tests.user_id('h9-khach@test.vn'), 'Khách H9', 1 + g % 5, 'Nhận xét H9 ' || g, 'active'
  from generate_series(1, 10050) g;
insert into public.conversations (booking_id, provider_id, customer_id, is_active)
select ('70000000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid, tests.user_id('h9-tho@test.vn'),
       tests.user_id('h9-khach@test.vn'), true
  from generate_series(1, 10050) g;
set local session_replication_role = origin;
analyze public.reviews;
analyze public.conversations;

select is(
  (select provolatile::text from pg_proc where oid = 'public.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean)'::regprocedure),
  'v', 'admin_list_reviews is volatile (it runs EXPLAIN)');
select is(
  (select provolatile::text from pg_proc where oid = 'public.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean)'::regprocedure),
  'v', 'admin_list_conversations is volatile (it runs EXPLAIN)');

select tests.authenticate_as(tests.user_id('h9-admin@test.vn'));

select lives_ok($$ select public.admin_list_reviews() $$, 'reviews list above 10,000 rows answers');
select is((public.admin_list_reviews() ->> 'total_exact')::boolean, false, 'reviews total is an estimate above 10,000');
select cmp_ok((public.admin_list_reviews() ->> 'total')::bigint, '>', 10000::bigint, 'reviews estimate is above the cap');
select lives_ok($$ select public.admin_list_conversations() $$, 'conversations list above 10,000 rows answers');
select is(jsonb_array_length(public.admin_list_conversations(p_limit => 50) -> 'rows'), 50, 'conversations page has its 50 rows');

-- A name shared by more than 5,000 rows of the lookup (7,000 providers named "minh" at 10M
-- bookings): the condition keeps every id (not only the first 5,000), and the planner sees at
-- least 5,000 of them, so the total is its estimate instead of an exact count of every match
-- (733,000 commissions, past the statement timeout). The helpers run as their owner (only the
-- list functions call them).
select tests.as_superuser();
create temp table id_probe as
select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid as x from generate_series(1, 7000) g;
analyze id_probe;
create function pg_temp.count_where(p_condition text) returns bigint language plpgsql as $f$
declare n bigint;
begin
  execute 'select count(*) from pg_temp.id_probe t where ' || p_condition into n;
  return n;
end $f$;
select is(pg_temp.count_where(private.id_in_condition('t.x',
            'select (''00000000-0000-4000-8000-'' || lpad(g::text, 12, ''0''))::uuid from generate_series(1, 6000) g')),
          6000::bigint, 'a lookup of 6,000 ids matches all 6,000, not the first 5,000');
select cmp_ok(private.plan_rows('select 1 from pg_temp.id_probe t where ' || private.id_in_condition('t.x',
                 'select (''00000000-0000-4000-8000-'' || lpad(g::text, 12, ''0''))::uuid from generate_series(1, 6000) g')),
              '>=', 5000::bigint, 'the planner expects at least the first 5,000 ids'' rows');
select is(pg_temp.count_where(private.id_in_condition('t.x',
            'select (''00000000-0000-4000-8000-'' || lpad(g::text, 12, ''0''))::uuid from generate_series(1, 40) g')),
          40::bigint, 'a lookup of 40 ids matches those 40');

-- A filter that is not typed text is estimated first too: above 10,000 expected rows the estimate
-- is the total and nothing is counted (a count stopped at the 10,001st row still walked 10,001
-- index entries). 500 reviews are removed behind the planner's back (no analyze): it still expects
-- more than 10,050 shown reviews, and the list answers that estimate, not a count of the fewer
-- than 10,000 left.
set local session_replication_role = replica;
delete from public.reviews where comment in (select 'Nhận xét H9 ' || g from generate_series(1, 500) g);
set local session_replication_role = origin;
select cmp_ok((select count(*) from public.reviews where status = 'active'), '<', 10000::bigint,
              'fewer than 10,000 shown reviews are left');
select tests.authenticate_as(tests.user_id('h9-admin@test.vn'));
select is((public.admin_list_reviews(p_status => 'active') ->> 'total_exact')::boolean, false,
          'shown reviews expected above 10,000: the total is the estimate');
select cmp_ok((public.admin_list_reviews(p_status => 'active') ->> 'total')::bigint, '>', 10000::bigint,
              'the planner''s estimate, not a count of the rows left');
select is((public.admin_list_reviews(p_status => 'active', p_rating => 3) ->> 'total')::bigint,
          (select count(*) from public.reviews where status = 'active' and rating = 3),
          'a filter expected below 10,000 rows is counted exactly (the three-star reviews left)');

select * from finish();
rollback;
