-- Input contract of provider documents and commissions (docs/product.md#input-rules): document name and
-- path lengths; the commission prices the database copies stay in range.
begin;
set search_path = public, extensions;
select plan(5);

select tests.make_world();
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));

select lives_ok($$ update public.provider_documents set name = repeat('d', 255) where id = tests.id('doc_p') $$, 'a document name of 255 characters is accepted');
select throws_ok($$ update public.provider_documents set name = repeat('d', 256) where id = tests.id('doc_p') $$, '23514', null, 'a document name of 256 characters is refused');
select throws_ok($$ update public.provider_documents set storage_path = repeat('d', 1025) where id = tests.id('doc_p') $$, '23514', null, 'a path of 1025 characters is refused');
select is((select char_length(name) from public.provider_documents where id = tests.id('doc_p')), 255, 'the document is unchanged by the refused writes');

select tests.as_superuser();
select throws_ok($$ update public.commissions set service_price = 1000000001 $$, '23514', null,
  'a commission''s service price above 1 000 000 000 is refused');

select * from finish();
rollback;
