-- Provider service types and provider documents: the provider reads their own, admins manage
-- them (docs/screens.md#provider-detail), nobody else sees them.
begin;
set search_path = public, extensions;
select plan(31);

select tests.make_world();

-- ------------------------------------------------------------------ constraints
select throws_ok($$ insert into public.provider_service_types (provider_id, subcategory_id) values (tests.user_id('prov.p@pgtap.test'), tests.id('svc_active')) $$,
  '23505', null, 'a service type is added to a provider once ("Loại dịch vụ này đã được thêm!")');
select throws_ok($$ insert into public.provider_service_types (provider_id, subcategory_id) values (tests.user_id('prov.p@pgtap.test'), gen_random_uuid()) $$,
  '23503', null, 'a service type must be an existing service');
select throws_ok($$ insert into public.provider_documents (provider_id, name, storage_path) values (tests.user_id('prov.p@pgtap.test'), '  ', 'p/x.png') $$,
  '23514', null, 'a document needs a name');
select throws_ok($$ insert into public.provider_documents (provider_id, name, type, storage_path) values (tests.user_id('prov.p@pgtap.test'), 'Giấy', 'pdf', 'p/x.pdf') $$,
  '23514', null, 'a document type is image or file');
select throws_ok($$ insert into public.provider_documents (provider_id, name, storage_path) values (tests.user_id('prov.p@pgtap.test'), 'Giấy', ' ') $$,
  '23514', null, 'a document needs its storage path');
select is((select type from public.provider_documents where id = tests.id('doc_p')), 'image', 'documents are images by default');
update public.provider_documents set updated_at = '2020-01-01' where id = tests.id('doc_p');
select is((select updated_at from public.provider_documents where id = tests.id('doc_p')), now(), 'provider_documents.updated_at is kept');

-- ------------------------------------------------------------------ anon
select tests.clear_authentication();
select throws_ok($$ select * from public.provider_service_types $$, '42501', null, 'anon cannot read provider service types');
select throws_ok($$ select * from public.provider_documents $$, '42501', null, 'anon cannot read provider documents');
select throws_ok($$ insert into public.provider_documents (provider_id, name, storage_path) values (tests.user_id('prov.p@pgtap.test'), 'x', 'x') $$,
  '42501', null, 'anon cannot add provider documents');

-- ------------------------------------------------------------------ provider P
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select results_eq($$ select subcategory_id from public.provider_service_types $$, array[tests.id('svc_active')], 'a provider reads their own service types');
select results_eq($$ select id from public.provider_documents $$, array[tests.id('doc_p')], 'a provider reads exactly their own documents');
select is_empty($$ select 1 from public.provider_documents where id = tests.id('doc_q') $$, 'a provider cannot read another provider''s documents');
select throws_ok($$ insert into public.provider_service_types (provider_id, subcategory_id) values (tests.user_id('prov.p@pgtap.test'), tests.id('svc_inactive')) $$,
  '42501', null, 'a provider cannot add service types to themselves (admins approve them)');
select is_empty($$ delete from public.provider_service_types where provider_id = tests.user_id('prov.q@pgtap.test') returning subcategory_id $$,
  'a provider cannot remove another provider''s service types');
select is_empty($$ delete from public.provider_service_types returning subcategory_id $$, 'a provider cannot remove their own service types');
select throws_ok($$ insert into public.provider_documents (provider_id, name, storage_path) values (tests.user_id('prov.p@pgtap.test'), 'Tự thêm', 'x/y.png') $$,
  '42501', null, 'a provider cannot add documents themselves');
select is_empty($$ update public.provider_documents set name = 'Đổi' where id = tests.id('doc_p') returning id $$, 'a provider cannot rename their documents');
select is_empty($$ delete from public.provider_documents where id = tests.id('doc_q') returning id $$, 'a provider cannot delete another provider''s document');
select throws_ok($$ update public.provider_service_types set subcategory_id = tests.id('svc_inactive') $$, '42501', null, 'service types are never updated in place');

-- ------------------------------------------------------------------ customer
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is_empty($$ select 1 from public.provider_service_types $$, 'a customer reads no provider service type');
select is_empty($$ select 1 from public.provider_documents $$, 'a customer reads no provider document');
select throws_ok($$ insert into public.provider_documents (provider_id, name, storage_path) values (tests.user_id('cust.a@pgtap.test'), 'x', 'x') $$,
  '42501', null, 'a customer cannot add documents');

select tests.as_superuser();
select is((select count(*)::int from public.provider_service_types where provider_id in (tests.user_id('prov.p@pgtap.test'), tests.user_id('prov.q@pgtap.test'))),
  2, 'the denied writes changed no service type');

-- ------------------------------------------------------------------ admin
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is((select count(*)::int from public.provider_documents where id in (tests.id('doc_p'), tests.id('doc_q'))), 2, 'an admin reads every provider''s documents');
select lives_ok($$ insert into public.provider_service_types (provider_id, subcategory_id) values (tests.user_id('prov.p@pgtap.test'), tests.id('svc_inactive')) $$,
  'an admin adds a service type to a provider');
select isnt_empty($$ delete from public.provider_service_types where provider_id = tests.user_id('prov.p@pgtap.test') and subcategory_id = tests.id('svc_inactive') returning 1 $$,
  'an admin removes a service type');
select lives_ok($$ insert into public.provider_documents (id, provider_id, name, type, storage_path)
                  values (tests.id('doc_new'), tests.user_id('prov.q@pgtap.test'), 'Bằng nghề', 'image', tests.user_id('prov.q@pgtap.test')::text || '/1700000000010-bang.png') $$,
  'an admin adds a document to a provider');
select isnt_empty($$ update public.provider_documents set name = 'Bằng nghề (bản gốc)' where id = tests.id('doc_new') returning id $$, 'an admin renames a document');
select isnt_empty($$ delete from public.provider_documents where id = tests.id('doc_new') returning id $$, 'an admin removes a document');

-- ------------------------------------------------------------------ cascade
select tests.as_superuser();
insert into public.provider_service_types (provider_id, subcategory_id) values (tests.user_id('prov.q@pgtap.test'), tests.id('svc_inactive'));
delete from public.service_items where subcategory_id = tests.id('svc_inactive');
delete from public.subcategories where id = tests.id('svc_inactive');
select is_empty($$ select 1 from public.provider_service_types where subcategory_id = tests.id('svc_inactive') $$, 'removing a service removes it from providers');

select * from finish();
rollback;
