-- Input contract of chat messages (docs/product.md#input-rules): text length, and an image message's
-- content is an object of message-images inside the conversation's folder, for every writer.
begin;
set search_path = public, extensions;
select plan(10);

select tests.make_world();

select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select lives_ok($$ insert into public.messages (conversation_id, sender_id, type, content)
                   values (tests.id('conv_a'), tests.user_id('cust.a@pgtap.test'), 'image', tests.id('conv_a')::text || '/1700000000000-anh.png') $$,
  'a participant posts an image stored in the conversation''s folder');
select throws_ok($$ insert into public.messages (conversation_id, sender_id, type, content)
                    values (tests.id('conv_a'), tests.user_id('cust.a@pgtap.test'), 'image', 'https://tracker.example/pixel.gif') $$,
  '23514', null, 'an image message pointing to any https URL is refused');
select throws_ok($$ insert into public.messages (conversation_id, sender_id, type, content)
                    values (tests.id('conv_a'), tests.user_id('cust.a@pgtap.test'), 'image', tests.id('conv_b')::text || '/1700000000000-anh.png') $$,
  '23514', null, 'an image of another conversation''s folder is refused');
select throws_ok($$ insert into public.messages (conversation_id, sender_id, type, content)
                    values (tests.id('conv_a'), tests.user_id('cust.a@pgtap.test'), 'image', tests.id('conv_a')::text || '/../x/y.png') $$,
  '23514', null, 'a path leaving the folder is refused');
select throws_ok($$ insert into public.messages (conversation_id, sender_id, type, content)
                    values (tests.id('conv_a'), tests.user_id('cust.a@pgtap.test'), 'text', repeat('m', 2001)) $$,
  '23514', null, 'a text of 2001 characters is refused');
select lives_ok($$ insert into public.messages (conversation_id, sender_id, type, content)
                   values (tests.id('conv_a'), tests.user_id('cust.a@pgtap.test'), 'text', 'https://vi.wikipedia.org') $$,
  'a text message may contain a URL (it is shown as text)');

select tests.authenticate_as_service_role();
select throws_ok($$ insert into public.messages (conversation_id, sender_id, type, content)
                    values (tests.id('conv_a'), null, 'image', 'https://tracker.example/pixel.gif') $$,
  '23514', null, 'the service role cannot store a URL as an image either');
select tests.as_superuser();
select throws_ok($$ update public.messages set type = 'image' where id = tests.id('msg_a1') $$, '23514', null,
  'a text message cannot become an image whose content is not a path');
select throws_ok($$ update public.conversations set last_message = repeat('m', 2001) where id = tests.id('conv_a') $$, '23514', null,
  'conversations: a last message of 2001 characters is refused');
select is((select count(*)::int from public.messages where conversation_id = tests.id('conv_a')), 4, 'only the two valid messages were added');

select * from finish();
rollback;
