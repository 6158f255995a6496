-- Every admin search box matches as a Vietnamese user types (docs/search.md#matching-typed-text):
-- "nguyen" finds "Nguyễn", "ca ngay" finds "Cả ngày", "do" finds "Đỗ" (đ ↔ d), case-insensitively,
-- on the seeded rows of each list; 1–2 letters match the start of a word; typed wildcards and quotes
-- stay text.
begin;
set search_path = public, extensions;
select plan(40);

select tests.create_user('s300-admin@test.vn', 'customer', true);
select tests.create_user('s300-khach@test.vn', 'customer');
update public.profiles set name = 'Đỗ Thị Hoà' where id = tests.user_id('s300-khach@test.vn');

-- The folded texts of one answer's rows for one key, and whether every one matches.
create function pg_temp.values_of(p_answer jsonb, p_key text) returns text[] language sql immutable as $$
  select coalesce(array_agg(private.vi_fold(r ->> p_key)), '{}') from jsonb_array_elements(p_answer -> 'rows') r
$$;
create function pg_temp.all_match(p_answer jsonb, p_key text, p_regex text) returns boolean language sql immutable as $$
  select jsonb_array_length(p_answer -> 'rows') > 0
     and not exists (select 1 from jsonb_array_elements(p_answer -> 'rows') r where private.vi_fold(r ->> p_key) !~ p_regex)
$$;

-- The conditions written for the typed text, and the stored folded columns.
select is(private.vi_search_condition('x', '  '), null, 'blank text: no condition');
select is(private.vi_search_condition('x', 'Đỗ'), '(x like ''do%'' or x like ''% do%'')', '2 letters: a word starts with them (the start of the value or after a space)');
select is(private.vi_search_condition('x', 'Cả Ngày'), 'x like ''%ca ngay%''', '3+ characters: folded contains');
select is(private.vi_search_condition('x', '5%'), format('x like %L', '%5\%%'), 'punctuation: contains, the wildcard escaped');
select is((select name_folded from public.profiles where id = tests.user_id('s300-khach@test.vn')), 'do thi hoa',
          'profiles.name_folded follows the name (đ → d, no accents, lower case)');

select tests.authenticate_as(tests.user_id('s300-admin@test.vn'));

-- Bookings: package, service, customer (snapshots).
select ok(pg_temp.all_match(public.admin_list_bookings(p_package => 'ca ngay'), 'service_item_name', 'ca ngay'),
          'bookings: "ca ngay" finds the "Gói cả ngày" bookings, and only them');
select ok(pg_temp.all_match(public.admin_list_bookings(p_package => 'CA NGÀY'), 'service_item_name', 'ca ngay'),
          'bookings: upper case with accents finds them too');
select ok(pg_temp.all_match(public.admin_list_bookings(p_customer => 'nguyen'), 'customer_name', 'nguyen'),
          'bookings: "nguyen" finds bookings of customers named Nguyễn');
select ok(pg_temp.all_match(public.admin_list_bookings(p_customer => 'do'), 'customer_name', '(^|[^[:alnum:]])do'),
          'bookings: "do" finds customers with a word starting with Đ/D + o');
select ok((select bool_or(v like 'do %' or v like '% do %') from unnest(pg_temp.values_of(public.admin_list_bookings(p_customer => 'do', p_limit => 1000), 'customer_name')) v),
          'bookings: … among them the Đỗ family');
select ok(pg_temp.all_match(public.admin_list_bookings(p_service => 'sua chua'), 'service_name', 'sua chua'),
          'bookings: "sua chua" finds the "Sửa chữa …" services');

-- Customers and providers: name or e-mail.
select ok('nguyen thi khach hang' = any(pg_temp.values_of(public.admin_list_customers(p_search => 'nguyen', p_limit => 1000), 'name')),
          'customers: "nguyen" finds "Nguyễn Thị Khách Hàng"');
select ok(pg_temp.all_match(public.admin_list_customers(p_search => 'nguyen'), 'name', 'nguyen'), 'customers: every row found is a Nguyễn');
select ok('do thi hoa' = any(pg_temp.values_of(public.admin_list_customers(p_search => 'do', p_limit => 1000), 'name')),
          'customers: "do" finds "Đỗ Thị Hoà" (đ ↔ d)');
select ok('do thi hoa' = any(pg_temp.values_of(public.admin_list_customers(p_search => 'DO THI HOA'), 'name')),
          'customers: the whole name without accents, in capitals');
select ok(pg_temp.all_match(public.admin_list_providers(p_search => 'nguyen'), 'name', 'nguyen'), 'providers: "nguyen" finds the Nguyễn providers');
select ok(pg_temp.all_match(public.admin_list_providers(p_search => 'do'), 'name', '(^|[^[:alnum:]])do'), 'providers: "do" matches a word start');
select is((public.admin_list_providers(p_search => 'khach hang') -> 'total')::int, 0, 'providers: a customer''s name is not a provider');

-- Reviews: the customer's name on the review or the comment.
select ok(pg_temp.all_match(public.admin_list_reviews(p_search => 'nguyen'), 'customer_name', 'nguyen'), 'reviews: "nguyen" finds reviews by Nguyễn customers');
select ok(pg_temp.all_match(public.admin_list_reviews(p_search => 'hai long'), 'comment', 'hai long'),
          'reviews: "hai long" finds the comments "Rất hài lòng …"');

-- Conversations: the provider's / customer's name.
select ok(pg_temp.all_match(public.admin_list_conversations(p_customer_name => 'nguyen'), 'customer_name', 'nguyen'),
          'conversations: "nguyen" finds conversations of Nguyễn customers');
select ok(pg_temp.all_match(public.admin_list_conversations(p_provider_name => 'do'), 'provider_name', '(^|[^[:alnum:]])do'),
          'conversations: "do" finds providers with a word starting with "do"');

-- Commissions and deposits: the provider's name.
select ok(pg_temp.all_match(public.admin_list_commissions(p_search => 'nguyen'), 'provider_name', 'nguyen')
          or pg_temp.all_match(public.admin_list_commissions(p_search => 'nguyen'), 'service_name', 'nguyen'),
          'commissions: "nguyen" finds the commissions of Nguyễn providers');
select ok(pg_temp.all_match(public.admin_list_deposits(p_search => 'nguyen'), 'provider_name', 'nguyen'),
          'deposits: "nguyen" finds the deposits of Nguyễn providers');

-- Promotion codes.
select is(pg_temp.values_of(public.admin_list_promotions(p_search => 'giam'), 'code'), array['giam10'], 'promotions: "giam" finds GIAM10');
select is(pg_temp.values_of(public.admin_list_promotions(p_search => 'te'), 'code'), array['tet2026'], 'promotions: "te" finds TET2026 (word start)');

-- The provider picker.
select ok((select bool_and(private.vi_fold(o.name) ~ 'nguyen') and count(*) > 0 from public.admin_provider_options('nguyen') o),
          'picker: "nguyen" finds Nguyễn providers only');
select ok((select bool_and(private.vi_fold(o.name) ~ '(^|[^[:alnum:]])do') and count(*) > 0 from public.admin_provider_options('do') o),
          'picker: "do" finds the providers with a word starting with "do"');
select is((select count(*)::int from public.admin_provider_options(null, 500) o),
          (select least(count(*), 50)::int from public.profiles where role = 'provider'), 'picker: at most 50 names');
select is((select count(*)::int from public.admin_provider_options(null, 3) o), 3, 'picker: p_limit names');
select is((select count(*)::int from public.admin_provider_options() o), 20, 'picker: 20 names by default');
-- A typed text's first names in Vietnamese order, with each one's phone, whatever index the matches
-- are read from.
select results_eq($$ select o.id, o.name, o.phone from public.admin_provider_options('n', 3) o $$,
                  $$ select p.id, p.name, p.phone from public.profiles p
                      where p.role = 'provider' and (p.name_folded like 'n%' or p.name_folded like '% n%')
                      order by p.name collate private.vi, p.id limit 3 $$,
                  'picker: a text''s first names in Vietnamese order, with their phones');

-- The catalogue.
select ok((public.admin_catalogue_matches('ca ngay') -> 'package_ids') @> to_jsonb(array(select i.id from public.service_items i where i.name = 'Gói cả ngày')),
          'catalogue: "ca ngay" finds the package "Gói cả ngày"');
select is(public.admin_catalogue_matches('lao dong') -> 'profession_ids',
          '["10000000-0000-4000-8000-000000000001", "10000000-0000-4000-8000-000000000002"]'::jsonb,
          'catalogue: "lao dong" finds the two "Lao động …" professions');
select ok((public.admin_catalogue_matches('ve sinh') -> 'service_ids') ? '20000000-0000-4000-8000-000000000005',
          'catalogue: "ve sinh" finds the service "Vệ sinh máy lạnh"');
select throws_ok($$ select public.admin_catalogue_matches(' ') $$, '22023', null, 'catalogue: blank text is refused');

-- Typed wildcards and quotes stay text.
select is((public.admin_list_customers(p_search => '%') -> 'total')::int, 0, 'a typed % is not a wildcard');
select is((public.admin_list_customers(p_search => '_h') -> 'total')::int, 0, 'a typed _ is not a wildcard');
select is((public.admin_list_customers(p_search => ''' or true or ''') -> 'total')::int, 0, 'a quote cannot widen the search');

-- Only admins.
select tests.authenticate_as(tests.user_id('s300-khach@test.vn'));
select throws_ok($$ select * from public.admin_provider_options('do') $$, '42501', null, 'a customer cannot use the provider picker');

select * from finish();
rollback;
