-- reviews: status default active (docs/decisions.md#review-status-default: default plus trigger, never null), rating 1–5, one
-- review per booking, updated_at; RLS: the customer and the provider of a review read it, only
-- admins moderate, anon nothing.
begin;
set search_path = public, extensions;
select plan(32);

select tests.make_world();

-- ------------------------------------------------------------------ status default
select is((select status from public.reviews where id = tests.id('review_a')), 'active', 'a review inserted without status is active');
insert into public.bookings (id, customer_id, provider_id, subcategory_id, status, original_price, final_price, customer_name, service_name)
values (tests.id('booking_r1'), tests.user_id('cust.a@pgtap.test'), tests.user_id('prov.q@pgtap.test'), tests.id('svc_active'), 'completed', 1000, 1000, 'Khách A', 'Dịch vụ kiểm thử'),
       (tests.id('booking_r2'), tests.user_id('cust.a@pgtap.test'), tests.user_id('prov.q@pgtap.test'), tests.id('svc_active'), 'completed', 1000, 1000, 'Khách A', 'Dịch vụ kiểm thử');
insert into public.reviews (id, booking_id, provider_id, customer_id, rating, status)
values (tests.id('review_null'), tests.id('booking_r1'), tests.user_id('prov.q@pgtap.test'), tests.user_id('cust.a@pgtap.test'), 1, null);
select is((select status from public.reviews where id = tests.id('review_null')), 'active', 'a review inserted with status null is stored as active');
update public.reviews set status = 'inactive' where id = tests.id('review_null');
update public.reviews set status = null where id = tests.id('review_null');
select is((select status from public.reviews where id = tests.id('review_null')), 'active', 'setting status to null writes active back');
select col_not_null('public', 'reviews', 'status', 'reviews.status is not null');
select col_default_is('public', 'reviews', 'status', 'active'::text, 'reviews.status defaults to active');

-- ------------------------------------------------------------------ constraints
select throws_ok($$ insert into public.reviews (booking_id, rating) values (tests.id('booking_r2'), 0) $$, '23514', null, 'rating 0 is rejected');
select throws_ok($$ insert into public.reviews (booking_id, rating) values (tests.id('booking_r2'), 6) $$, '23514', null, 'rating 6 is rejected');
select lives_ok($$ insert into public.reviews (id, booking_id, rating) values (tests.id('review_five'), tests.id('booking_r2'), 5) $$, 'rating 5 is accepted');
select throws_ok($$ update public.reviews set rating = null where id = tests.id('review_five') $$, '23502', null, 'a review needs a rating');
select throws_ok($$ update public.reviews set status = 'hidden' where id = tests.id('review_five') $$, '23514', null, 'status is active or inactive');
select throws_ok($$ insert into public.reviews (booking_id, rating) values (tests.id('booking_a'), 3) $$, '23505', null, 'one review per booking');
update public.reviews set updated_at = '2020-01-01' where id = tests.id('review_five');
select is((select updated_at from public.reviews where id = tests.id('review_five')), now(), 'updated_at is kept');

-- ------------------------------------------------------------------ anon
select tests.clear_authentication();
select throws_ok($$ select * from public.reviews $$, '42501', null, 'anon cannot read reviews');
select throws_ok($$ update public.reviews set status = 'inactive' $$, '42501', null, 'anon cannot moderate reviews');
select throws_ok($$ insert into public.reviews (booking_id, rating) values (tests.id('booking_b'), 5) $$, '42501', null, 'anon cannot write reviews');

-- ------------------------------------------------------------------ customer A
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select set_eq($$ select id from public.reviews $$, array[tests.id('review_a'), tests.id('review_null')], 'a customer reads exactly the reviews they wrote');
select is_empty($$ select 1 from public.reviews where id = tests.id('review_b') $$, 'a customer cannot read another customer''s review');
select is_empty($$ update public.reviews set status = 'inactive' where id = tests.id('review_b') returning id $$, 'a customer cannot hide another customer''s review');
select is_empty($$ update public.reviews set rating = 5 where id = tests.id('review_a') returning id $$, 'a customer cannot change their own rating through the API');
select throws_ok($$ insert into public.reviews (booking_id, rating) values (tests.id('booking_b'), 5) $$, '42501', null, 'a customer cannot insert reviews through the API');
select throws_ok($$ delete from public.reviews where id = tests.id('review_a') $$, '42501', null, 'a customer cannot delete reviews');

-- ------------------------------------------------------------------ provider P
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select set_eq($$ select id from public.reviews $$, array[tests.id('review_a')], 'a provider reads exactly the reviews about them');
select is_empty($$ update public.reviews set status = 'inactive' where id = tests.id('review_a') returning id $$, 'a provider cannot hide a bad review about them');
select is_empty($$ update public.reviews set rating = 5 where id = tests.id('review_a') returning id $$, 'a provider cannot improve their rating');
select throws_ok($$ delete from public.reviews where id = tests.id('review_a') $$, '42501', null, 'a provider cannot delete reviews');
select tests.as_superuser();
select results_eq($$ select rating, status from public.reviews where id = tests.id('review_a') $$, $$ values (4::smallint, 'active'::text) $$,
  'the review is unchanged by the denied writes');

-- ------------------------------------------------------------------ admin
select set_config('tests.reviews_total', (select count(*) from public.reviews)::text, true);
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is((select count(*) from public.reviews), current_setting('tests.reviews_total')::bigint, 'an admin reads every review');
select isnt_empty($$ update public.reviews set status = 'inactive' where id = tests.id('review_b') returning id $$, 'an admin hides a review');
select isnt_empty($$ update public.reviews set status = 'active' where id = tests.id('review_b') returning id $$, 'an admin shows it again');
select throws_ok($$ update public.reviews set rating = 0 where id = tests.id('review_b') $$, '23514', null, 'the rating check applies to admins');
select throws_ok($$ delete from public.reviews where id = tests.id('review_b') $$, '42501', null, 'reviews are moderated (status), not deleted, through the API');
select throws_ok($$ insert into public.reviews (booking_id, rating) values (tests.id('booking_b'), 5) $$, '42501', null,
  'admins do not write reviews');

select * from finish();
rollback;
