-- The admin conversations list searches the conversations' stored folded copies of the customer's
-- and the provider's names (docs/search.md#matching-typed-text): accent-less text finds the
-- accented names, a rename shows in the search at once, the copies are derived (nobody can set
-- them to something else), and the searches read the conversations' trigram indexes.
begin;
set search_path = public, extensions;
select plan(19);

select tests.make_world();
update public.profiles set name = 'Nguyễn Thị Ánh' where id = tests.user_id('cust.a@pgtap.test');
update public.profiles set name = 'Đỗ Văn Phúc' where id = tests.user_id('prov.p@pgtap.test');

-- Whether a list's answer (the fixture's few conversations among the seeded ones) has a conversation.
create function pg_temp.finds(p_answer jsonb, p_id uuid) returns boolean language sql immutable as $$
  select exists (select 1 from jsonb_array_elements(p_answer -> 'rows') r where (r ->> 'id')::uuid = p_id)
$$;
-- The copies follow the profiles.
select is((select customer_name_folded from public.conversations where id = tests.id('conv_a')), 'nguyen thi anh',
          'customer_name_folded is the folded name of the conversation''s customer');
select is((select provider_name_folded from public.conversations where id = tests.id('conv_a')), 'do van phuc',
          'provider_name_folded is the folded name of the conversation''s provider');

-- Accent-less searches find the accented names.
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select ok(pg_temp.finds(public.admin_list_conversations(p_customer_name => 'nguyen thi'), tests.id('conv_a')),
          'customer "nguyen thi" finds the conversation of Nguyễn Thị Ánh');
select ok(pg_temp.finds(public.admin_list_conversations(p_customer_name => 'AN'), tests.id('conv_a')),
          'customer "AN" (a word start) finds Ánh');
select ok(not pg_temp.finds(public.admin_list_conversations(p_provider_name => 'do phuc'), tests.id('conv_a')),
          'provider "do phuc" (not a part of "do van phuc") does not find it');
select ok(pg_temp.finds(public.admin_list_conversations(p_provider_name => 'đỗ văn'), tests.id('conv_a')),
          'provider "đỗ văn" finds Đỗ Văn Phúc');
select ok(pg_temp.finds(public.admin_list_conversations(p_provider_name => 'do'), tests.id('conv_a')),
          'provider "do" finds Đỗ Văn Phúc');
select is((select r ->> 'customer_name' from jsonb_array_elements(public.admin_list_conversations(p_customer_name => 'nguyen thi anh') -> 'rows') r
            where (r ->> 'id')::uuid = tests.id('conv_a')), 'Nguyễn Thị Ánh',
          'the row answers the profile''s name as it is');
select ok(not pg_temp.finds(public.admin_list_conversations(p_customer_name => 'tho p'), tests.id('conv_a')),
          'a customer-name search does not match the provider''s name');

-- A rename shows at once.
select tests.as_superuser();
update public.profiles set name = 'Trần Bảo Ngọc' where id = tests.user_id('cust.a@pgtap.test');
update public.profiles set name = 'Lê Hữu Đạt' where id = tests.user_id('prov.p@pgtap.test');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select ok(not pg_temp.finds(public.admin_list_conversations(p_customer_name => 'nguyen'), tests.id('conv_a')),
          'after the rename the old customer name no longer finds it');
select ok(pg_temp.finds(public.admin_list_conversations(p_customer_name => 'tran bao'), tests.id('conv_a')),
          'the new customer name finds the conversation');
select ok(pg_temp.finds(public.admin_list_conversations(p_provider_name => 'le huu dat'), tests.id('conv_a')),
          'the new provider name finds the conversation');

-- Derived columns: nobody sets them to something else.
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
update public.conversations set customer_name_folded = 'gia mao', provider_name_folded = 'gia mao' where id = tests.id('conv_a');
select tests.as_superuser();
select is((select array[customer_name_folded, provider_name_folded] from public.conversations where id = tests.id('conv_a')),
          array['tran bao ngoc', 'le huu dat'], 'a participant cannot set the folded names');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select lives_ok($$ update public.conversations set customer_name_folded = 'gia mao', provider_name_folded = 'gia mao' where id = tests.id('conv_a') $$,
                'an admin''s update naming the folded columns runs');
select tests.as_superuser();
select is((select array[customer_name_folded, provider_name_folded] from public.conversations where id = tests.id('conv_a')),
          array['tran bao ngoc', 'le huu dat'], 'the trigger rewrites them from the profiles');
insert into public.bookings (id, customer_id, provider_id, subcategory_id, service_item_id, status, address,
                             original_price, final_price, customer_name, service_name)
values (tests.id('booking_c'), tests.user_id('cust.b@pgtap.test'), tests.user_id('prov.q@pgtap.test'), tests.id('svc_active'),
        tests.id('item_active'), 'pending', '3 Lê Lợi, Quận 1', 200000, 200000, 'Khách B', 'Dịch vụ kiểm thử');
insert into public.conversations (id, booking_id, provider_id, customer_id, customer_name_folded, provider_name_folded)
values (tests.id('conv_c'), tests.id('booking_c'), tests.user_id('prov.q@pgtap.test'), tests.user_id('cust.b@pgtap.test'), 'gia mao', 'gia mao');
select is((select array[customer_name_folded, provider_name_folded] from public.conversations where id = tests.id('conv_c')),
          array['khach b', 'tho q'], 'an insert gets the folded names of its people, whatever it sent');

-- Index-backed: the search is an index condition of the conversations' trigram indexes.
set local enable_seqscan = off;
select matches(tests.query_plan('select c.id from public.conversations c where ' || private.vi_search_condition('c.customer_name_folded', 'nguyen')),
               'Bitmap Index Scan on conversations_customer_name_folded_trgm_idx',
               'customer name search reads conversations_customer_name_folded_trgm_idx');
select matches(tests.query_plan('select c.id from public.conversations c where ' || private.vi_search_condition('c.provider_name_folded', 'do')),
               'Bitmap Index Scan on conversations_provider_name_folded_trgm_idx',
               'provider name search reads conversations_provider_name_folded_trgm_idx');
reset enable_seqscan;
select matches(pg_get_indexdef('public.conversations_customer_name_folded_trgm_idx'::regclass),
               'gin \(customer_name_folded (extensions\.)?gin_trgm_ops\) WITH \(fastupdate=off\)',
               'the trigram index of the customer names is built with fastupdate = off');

select * from finish();
rollback;
