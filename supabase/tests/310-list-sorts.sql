-- Every admin list sorts on the server by its offered keys, ascending and descending, always with
-- the id as the last key (docs/search.md#sorting); names in Vietnamese order; anything else is
-- refused with 22023.
begin;
set search_path = public, extensions;
select plan(35);

select tests.create_user('s310-admin@test.vn', 'customer', true);
select tests.create_user('s310-khach@test.vn', 'customer');
select tests.create_user('s310-p' || i || '@test.vn', 'provider') from generate_series(1, 5) i;
update public.profiles p set name = n.name
  from (values (1, 'Huỳnh S310'), (2, 'Hồ S310'), (3, 'Đinh S310'), (4, 'Duy S310'), (5, 'Dương S310')) n(i, name)
 where p.id = tests.user_id('s310-p' || n.i || '@test.vn');

create function pg_temp.ids(p_answer jsonb) returns text[] language sql immutable as $$
  select coalesce(array_agg(r ->> 'id' order by n), '{}') from jsonb_array_elements(p_answer -> 'rows') with ordinality x(r, n)
$$;

-- The expected order, read as the table owner.
create temp table expected (label text primary key, ids text[]) on commit drop;
grant all on expected to authenticated;
insert into expected
select 'bookings final_price.asc', array(select id::text from public.bookings order by final_price, id limit 20) union all
select 'bookings final_price.desc', array(select id::text from public.bookings order by final_price desc, id desc limit 20) union all
select 'bookings customer_name.asc', array(select id::text from public.bookings order by customer_name collate private.vi, id limit 20) union all
select 'bookings created_at.asc', array(select id::text from public.bookings order by created_at, id limit 20) union all
select 'customers name.asc', array(select id::text from public.profiles where role = 'customer' order by name collate private.vi, id limit 20) union all
select 'customers name.desc', array(select id::text from public.profiles where role = 'customer' order by name collate private.vi desc, id desc limit 20) union all
select 'customers total_bookings.desc', array(select id::text from public.profiles where role = 'customer' order by total_bookings desc, id desc limit 20) union all
select 'providers name.asc', array(select id::text from public.profiles where role = 'provider' order by name collate private.vi, id limit 20) union all
select 'providers deposit.desc', array(select id::text from public.profiles where role = 'provider' order by deposit desc, id desc limit 20) union all
select 'providers total_earnings.asc', array(select id::text from public.profiles where role = 'provider' order by total_earnings, id limit 20) union all
select 'reviews rating.asc', array(select id::text from public.reviews order by rating, id limit 20) union all
select 'reviews rating.desc', array(select id::text from public.reviews order by rating desc, id desc limit 20) union all
select 'conversations last_message_at.asc', array(select id::text from public.conversations order by coalesce(last_message_at, '-infinity'), id limit 20) union all
select 'conversations created_at.desc', array(select id::text from public.conversations order by created_at desc, id desc limit 20) union all
select 'commissions final_price.desc', array(select id::text from public.commissions order by final_price desc, id desc limit 20) union all
select 'commissions platform_fee.asc', array(select id::text from public.commissions order by platform_fee, id limit 20) union all
select 'deposits amount.desc', array(select id::text from public.deposit_history order by amount desc, id desc limit 20) union all
select 'promotions code.asc', array(select id::text from public.discount_codes order by code, id limit 20) union all
select 'promotions uses_count.desc', array(select id::text from public.discount_codes order by uses_count desc, id desc limit 20) union all
select 'promotions expires_at.asc', array(select id::text from public.discount_codes order by expires_at, id limit 20) union all
select 'picker', array(select id::text from public.profiles where role = 'provider' order by name collate private.vi, id limit 20);

select tests.authenticate_as(tests.user_id('s310-admin@test.vn'));

create temp table got (label text primary key, ids text[]) on commit drop;
insert into got values
  ('bookings final_price.asc', pg_temp.ids(public.admin_list_bookings(p_sort => 'final_price.asc', p_limit => 20))),
  ('bookings final_price.desc', pg_temp.ids(public.admin_list_bookings(p_sort => 'final_price.desc', p_limit => 20))),
  ('bookings customer_name.asc', pg_temp.ids(public.admin_list_bookings(p_sort => 'customer_name.asc', p_limit => 20))),
  ('bookings created_at.asc', pg_temp.ids(public.admin_list_bookings(p_sort => 'created_at.asc', p_limit => 20))),
  ('customers name.asc', pg_temp.ids(public.admin_list_customers(p_sort => 'name.asc', p_limit => 20))),
  ('customers name.desc', pg_temp.ids(public.admin_list_customers(p_sort => 'name.desc', p_limit => 20))),
  ('customers total_bookings.desc', pg_temp.ids(public.admin_list_customers(p_sort => 'total_bookings.desc', p_limit => 20))),
  ('providers name.asc', pg_temp.ids(public.admin_list_providers(p_sort => 'name.asc', p_limit => 20))),
  ('providers deposit.desc', pg_temp.ids(public.admin_list_providers(p_sort => 'deposit.desc', p_limit => 20))),
  ('providers total_earnings.asc', pg_temp.ids(public.admin_list_providers(p_sort => 'total_earnings.asc', p_limit => 20))),
  ('reviews rating.asc', pg_temp.ids(public.admin_list_reviews(p_sort => 'rating.asc', p_limit => 20))),
  ('reviews rating.desc', pg_temp.ids(public.admin_list_reviews(p_sort => 'rating.desc', p_limit => 20))),
  ('conversations last_message_at.asc', pg_temp.ids(public.admin_list_conversations(p_sort => 'last_message_at.asc', p_limit => 20))),
  ('conversations created_at.desc', pg_temp.ids(public.admin_list_conversations(p_sort => 'created_at.desc', p_limit => 20))),
  ('commissions final_price.desc', pg_temp.ids(public.admin_list_commissions(p_sort => 'final_price.desc', p_limit => 20))),
  ('commissions platform_fee.asc', pg_temp.ids(public.admin_list_commissions(p_sort => 'platform_fee.asc', p_limit => 20))),
  ('deposits amount.desc', pg_temp.ids(public.admin_list_deposits(p_sort => 'amount.desc', p_limit => 20))),
  ('promotions code.asc', pg_temp.ids(public.admin_list_promotions(p_sort => 'code.asc', p_limit => 20))),
  ('promotions uses_count.desc', pg_temp.ids(public.admin_list_promotions(p_sort => 'uses_count.desc', p_limit => 20))),
  ('promotions expires_at.asc', pg_temp.ids(public.admin_list_promotions(p_sort => 'expires_at.asc', p_limit => 20))),
  ('picker', array(select o.id::text from public.admin_provider_options(null, 20) o));

select is(g.ids, e.ids, g.label || ': rows in the expected order')
  from got g join expected e using (label) order by g.label;
select is(cardinality(g.ids), least(20, cardinality(e.ids)), g.label || ': a full page') from got g join expected e using (label)
 where g.label in ('bookings final_price.asc', 'customers name.asc', 'reviews rating.desc');

-- The default order is unchanged, and '' means the default.
select is(pg_temp.ids(public.admin_list_customers(p_sort => '', p_limit => 20)), pg_temp.ids(public.admin_list_customers(p_limit => 20)),
          'an empty sort is the default order');
select is(pg_temp.ids(public.admin_list_customers(p_sort => 'created_at.desc', p_limit => 20)), pg_temp.ids(public.admin_list_customers(p_limit => 20)),
          'customers: created_at.desc is the default');

-- Vietnamese order: "Hồ" before "Huỳnh", "Đ" after every "D", "ư" a letter after "u" (an
-- accent-stripped order would put "Dương" before "Duy").
select is(array(select o.name from public.admin_provider_options('s310') o),
          array['Duy S310', 'Dương S310', 'Đinh S310', 'Hồ S310', 'Huỳnh S310'],
          'picker: Vietnamese order (u before ư, D before Đ, ô before u)');
select is(array(select o.name from public.admin_provider_options('s310', 2) o),
          array['Duy S310', 'Dương S310'],
          'picker: a typed text''s matches are sorted before the limit (the first two names, not any two)');
select is(array(select r ->> 'name' from jsonb_array_elements(public.admin_list_providers(p_search => 's310', p_sort => 'name.desc') -> 'rows') r),
          array['Huỳnh S310', 'Hồ S310', 'Đinh S310', 'Dương S310', 'Duy S310'],
          'providers: name.desc is the Vietnamese order reversed');

-- Unknown sorts are refused.
select throws_ok($$ select public.admin_list_bookings(p_sort => 'name.asc') $$, '22023', null, 'bookings: a key of another list is refused');
select throws_ok($$ select public.admin_list_reviews(p_sort => 'created_at') $$, '22023', null, 'a sort without direction is refused');
select throws_ok($$ select public.admin_list_customers(p_sort => 'created_at.up') $$, '22023', null, 'an unknown direction is refused');
select throws_ok($$ select public.admin_list_providers(p_sort => 'id.desc') $$, '22023', null, 'a column that is not offered is refused');
select throws_ok($$ select public.admin_list_deposits(p_sort => 'amount.desc; select 1') $$, '22023', null, 'SQL in the sort is refused');
select throws_ok($$ select public.admin_list_commissions(p_sort => 'final_price.desc', p_after_created_at => now(), p_after_id => gen_random_uuid()) $$,
                 '22023', null, 'the legacy created_at keyset with another sort is refused');

select * from finish();
rollback;
