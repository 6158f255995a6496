-- Input contract of reviews (docs/product.md#input-rules): comment and name lengths, rating range.
begin;
set search_path = public, extensions;
select plan(5);

select tests.make_world();
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));

select lives_ok($$ update public.reviews set comment = repeat('c', 2000) where id = tests.id('review_a') $$, 'a comment of 2000 characters is accepted');
select throws_ok($$ update public.reviews set comment = repeat('c', 2001) where id = tests.id('review_a') $$, '23514', null, 'a comment of 2001 characters is refused');
select throws_ok($$ update public.reviews set customer_name = repeat('c', 101) where id = tests.id('review_a') $$, '23514', null, 'a customer name of 101 characters is refused');
select throws_ok($$ update public.reviews set rating = 6 where id = tests.id('review_a') $$, '23514', null, 'a rating of 6 is refused');
select results_eq($$ select char_length(comment), rating::int from public.reviews where id = tests.id('review_a') $$,
  $$ values (2000, 4) $$, 'the review is unchanged by the refused writes');

select * from finish();
rollback;
