-- Storage: the buckets (5 MB, image types, provider-documents private, banners public) and the
-- policies on storage.objects, exercised the way the Storage API does (as the caller's role):
-- admins write both buckets; a provider reads only their own documents; customers and anon read no
-- documents; nobody but admins lists or writes banners; chat images belong to the conversation.
-- As on Supabase, a direct SQL DELETE on storage.objects / storage.buckets is refused by Storage's
-- delete guard, whoever runs it; the Storage API sets storage.allow_delete_query for its own
-- requests, and from then on the delete policies decide (docs/architecture.md#the-platform-mirror).
begin;
set search_path = public, extensions;
select plan(51);

-- ------------------------------------------------------------------ buckets
select results_eq($$ select id, public, file_size_limit from storage.buckets where id in ('banners', 'provider-documents') order by id $$,
  $$ values ('banners'::text, true, 5242880::bigint), ('provider-documents'::text, false, 5242880::bigint) $$,
  'banners is public, provider-documents private, both limited to 5 MB (5 242 880 bytes)');
select ok((select bool_and(allowed_mime_types is not null and cardinality(allowed_mime_types) > 0
                           and (select bool_and(m like 'image/%') from unnest(allowed_mime_types) m))
             from storage.buckets where id in ('banners', 'provider-documents', 'message-images')),
  'every bucket of the app accepts image types only');
select ok((select 'image/png' = any (allowed_mime_types) and 'image/jpeg' = any (allowed_mime_types) from storage.buckets where id = 'provider-documents'),
  'PNG and JPEG are accepted');
select is((select public from storage.buckets where id = 'message-images'), false, 'chat images are private');

select tests.make_world();
insert into storage.buckets (id, name, public) values ('pgtap-other', 'pgtap-other', false);
select set_config('tests.p_folder', tests.user_id('prov.p@pgtap.test')::text, true);
select set_config('tests.q_folder', tests.user_id('prov.q@pgtap.test')::text, true);

-- ------------------------------------------------------------------ the delete guard (SQL is not the Storage API)
select throws_ok($$ delete from storage.objects where id = tests.id('obj_banner') $$, '42501',
  'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
  'postgres (the migrations'' role) cannot delete an object row in SQL');
select throws_ok($$ delete from storage.buckets where id = 'pgtap-other' $$, '42501',
  'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
  'nor a bucket row');
select tests.authenticate_as_service_role();
select throws_ok($$ delete from storage.objects where id = tests.id('obj_doc_q') $$, '42501', null,
  'the service role cannot delete object rows in SQL either');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select throws_ok($$ delete from storage.objects where id = tests.id('obj_banner') $$, '42501', null,
  'nor can an admin, whatever the delete policies allow');
select tests.as_superuser();
select results_eq($$ select count(*)::int from storage.objects where id in (tests.id('obj_banner'), tests.id('obj_doc_q')) $$,
  array[2], 'the refused deletes removed nothing');
select is((select count(*)::int from pg_trigger where tgname in ('protect_objects_delete', 'protect_buckets_delete') and tgenabled = 'O'), 2,
  'the guard is a statement trigger on both tables');

-- From here on the file acts as the Storage API: it sets storage.allow_delete_query for the
-- transaction, and the delete policies decide for the caller's role.
select set_config('storage.allow_delete_query', 'true', true);

-- ------------------------------------------------------------------ anon
select tests.clear_authentication();
select is_empty($$ select name from storage.objects where bucket_id = 'banners' $$, 'anon cannot list the banners bucket (public URLs only)');
select is_empty($$ select name from storage.objects where bucket_id = 'provider-documents' $$, 'anon reads no provider document');
select is_empty($$ select name from storage.objects where bucket_id = 'message-images' $$, 'anon reads no chat image');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('banners', 'featured_1_hack.png') $$, '42501', null, 'anon cannot upload a banner');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('provider-documents', current_setting('tests.p_folder') || '/x.png') $$, '42501', null,
  'anon cannot upload a provider document');
select is_empty($$ delete from storage.objects where bucket_id = 'banners' returning name $$, 'anon cannot delete banners');
select is_empty($$ update storage.objects set name = 'x' where bucket_id = 'banners' returning id $$, 'anon cannot rename banners');

-- ------------------------------------------------------------------ provider P
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select results_eq($$ select id from storage.objects where bucket_id = 'provider-documents' $$, array[tests.id('obj_doc_p')],
  'a provider reads exactly their own documents');
select is_empty($$ select 1 from storage.objects where bucket_id = 'provider-documents' and name like current_setting('tests.q_folder') || '/%' $$,
  'a provider cannot read another provider''s documents');
select is_empty($$ select 1 from storage.objects where bucket_id = 'banners' $$, 'a provider cannot list banners');
select throws_ok($$ insert into storage.objects (bucket_id, name, owner_id) values ('provider-documents', current_setting('tests.p_folder') || '/1700000000002-giay-phep.png', current_setting('tests.p_folder')) $$,
  '42501', null, 'a provider cannot upload into provider-documents (admins manage documents)');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('banners', 'featured_2_tho.png') $$, '42501', null, 'a provider cannot upload banners');
select is_empty($$ delete from storage.objects where id = tests.id('obj_doc_p') returning id $$, 'a provider cannot delete their own document object');
select is_empty($$ update storage.objects set name = current_setting('tests.p_folder') || '/renamed.png' where id = tests.id('obj_doc_p') returning id $$,
  'a provider cannot rename their own document object');
select isnt_empty($$ select 1 from storage.objects where id = tests.id('obj_chat_a') $$, 'a provider reads the images of their conversation');

-- ------------------------------------------------------------------ customer A
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is_empty($$ select 1 from storage.objects where bucket_id = 'provider-documents' $$, 'a customer reads no provider document');
select is_empty($$ select 1 from storage.objects where bucket_id = 'banners' $$, 'a customer cannot list banners');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('provider-documents', current_setting('tests.p_folder') || '/fake.png') $$,
  '42501', null, 'a customer cannot upload provider documents');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('banners', 'featured_3_khach.png') $$, '42501', null, 'a customer cannot upload banners');
select is_empty($$ delete from storage.objects where id = tests.id('obj_banner') returning id $$, 'a customer cannot delete a banner');
select results_eq($$ select id from storage.objects where bucket_id = 'message-images' $$, array[tests.id('obj_chat_a')],
  'a customer reads the images of their own conversation');
select lives_ok($$ insert into storage.objects (bucket_id, name, owner_id) values ('message-images', tests.id('conv_a')::text || '/1700000000003-anh.png', auth.uid()::text) $$,
  'a participant uploads a chat image into their conversation''s folder');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('message-images', tests.id('conv_b')::text || '/1700000000004-anh.png') $$,
  '42501', null, 'a customer cannot upload into another conversation''s folder');
select is_empty($$ delete from storage.objects where id = tests.id('obj_chat_a') returning id $$, 'a participant cannot delete chat images');

select tests.authenticate_as(tests.user_id('cust.b@pgtap.test'));
select is_empty($$ select 1 from storage.objects where bucket_id = 'message-images' and name like tests.id('conv_a')::text || '/%' $$,
  'another customer cannot read the chat images of conv_a');

-- ------------------------------------------------------------------ admin
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select ok((select count(*) from storage.objects where bucket_id = 'provider-documents'
             and id in (tests.id('obj_doc_p'), tests.id('obj_doc_q'))) = 2, 'an admin reads every provider''s documents');
select isnt_empty($$ select 1 from storage.objects where id = tests.id('obj_banner') $$, 'an admin lists banners');
select lives_ok($$ insert into storage.objects (id, bucket_id, name, owner_id) values
                  (tests.id('obj_admin_doc'), 'provider-documents', current_setting('tests.q_folder') || '/1700000000005-bang-lai.png', auth.uid()::text) $$,
  'an admin uploads a provider document');
select lives_ok($$ insert into storage.objects (id, bucket_id, name, owner_id) values
                  (tests.id('obj_admin_banner'), 'banners', 'voucher_1700000000006_uu-dai.png', auth.uid()::text) $$,
  'an admin uploads a banner');
select isnt_empty($$ update storage.objects set metadata = '{"size": 4096, "mimetype": "image/png"}' where id = tests.id('obj_admin_banner') returning id $$,
  'an admin overwrites a banner (upsert needs update)');
select isnt_empty($$ delete from storage.objects where id = tests.id('obj_banner') returning id $$, 'an admin deletes a banner');
select isnt_empty($$ delete from storage.objects where id = tests.id('obj_admin_doc') returning id $$, 'an admin deletes a provider document');
select isnt_empty($$ select 1 from storage.objects where id = tests.id('obj_chat_a') $$, 'an admin reads chat images');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('pgtap-other', 'x.png') $$, '42501', null,
  'an admin''s rights stop at the app''s buckets (policies are scoped by bucket_id)');

-- ------------------------------------------------------------------ service role
select tests.authenticate_as_service_role();
select isnt_empty($$ select 1 from storage.objects where id = tests.id('obj_doc_q') $$, 'the service role reads every object');
select lives_ok($$ delete from storage.objects where id = tests.id('obj_doc_q') $$, 'the service role deletes objects');

-- ------------------------------------------------------------------ the rows a provider reads
select tests.as_superuser();
insert into storage.objects (id, bucket_id, name) values
  (tests.id('obj_doc_p_nested'), 'provider-documents', current_setting('tests.p_folder') || '/sub/1700000000007-x.png'),
  (tests.id('obj_doc_other_root'), 'provider-documents', '1700000000008-no-folder.png'),
  (tests.id('obj_banner_in_p_folder'), 'banners', current_setting('tests.p_folder') || '/1700000000009-x.png');
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select is_empty($$ select 1 from storage.objects where id = tests.id('obj_doc_other_root') $$, 'a provider cannot read an object outside every folder');
select isnt_empty($$ select 1 from storage.objects where id = tests.id('obj_doc_p_nested') $$, 'a provider reads objects in sub-folders of their own folder');
select is_empty($$ select 1 from storage.objects where id = tests.id('obj_banner_in_p_folder') $$,
  'the own-folder rule is scoped to provider-documents (not banners)');
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is_empty($$ select 1 from storage.objects where id = tests.id('obj_doc_p_nested') $$, 'a customer cannot read it');

select tests.clear_authentication();
select is_empty($$ select 1 from storage.objects where id = tests.id('obj_doc_p_nested') $$, 'nor can anon');

select * from finish();
rollback;
