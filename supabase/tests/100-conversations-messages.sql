-- Conversations and messages: the participants read their conversation and write into it as
-- themselves; the recipient marks messages read; nobody else reads them; admins read all and
-- open / close conversations; triggers keep last_message and copy booking_id; constraints.
begin;
set search_path = public, extensions;
select plan(50);

select tests.make_world();

-- ------------------------------------------------------------------ triggers (as the superuser)
select is((select last_message from public.conversations where id = tests.id('conv_a')), 'Chào chị', 'last_message is the newest message');
select is((select last_message_at from public.conversations where id = tests.id('conv_a')), now() - interval '1 minute', 'last_message_at is its time');
select is((select booking_id from public.messages where id = tests.id('msg_a1')), tests.id('booking_a'), 'a message gets its conversation''s booking_id');
insert into public.messages (conversation_id, sender_id, type, content, created_at)
values (tests.id('conv_a'), tests.user_id('cust.a@pgtap.test'), 'text', 'Tin cũ đến muộn', now() - interval '1 hour');
select is((select last_message from public.conversations where id = tests.id('conv_a')), 'Chào chị', 'an older message arriving late does not replace last_message');
insert into public.messages (id, conversation_id, sender_id, type, content)
values (tests.id('msg_img'), tests.id('conv_a'), tests.user_id('prov.p@pgtap.test'), 'image', tests.id('conv_a')::text || '/1700000000001-anh.png');
select is((select last_message from public.conversations where id = tests.id('conv_a')), '[Hình ảnh]', 'an image message shows as [Hình ảnh] in last_message');
select is((select is_read from public.messages where id = tests.id('msg_img')), false, 'a new message is unread');

-- constraints
select throws_ok($$ insert into public.messages (conversation_id, sender_id, content) values (tests.id('conv_a'), tests.user_id('cust.a@pgtap.test'), '   ') $$,
  '23514', null, 'a blank message is rejected');
select throws_ok($$ insert into public.messages (conversation_id, sender_id, type, content) values (tests.id('conv_a'), tests.user_id('cust.a@pgtap.test'), 'video', 'x') $$,
  '23514', null, 'message type is text or image');
select throws_ok($$ insert into public.conversations (booking_id, provider_id, customer_id) values (tests.id('booking_a'), null, null) $$,
  '23505', null, 'one conversation per booking');

-- ------------------------------------------------------------------ anon
select tests.clear_authentication();
select throws_ok($$ select * from public.conversations $$, '42501', null, 'anon cannot read conversations');
select throws_ok($$ select * from public.messages $$, '42501', null, 'anon cannot read messages');
select throws_ok($$ insert into public.messages (conversation_id, sender_id, content) values (tests.id('conv_a'), null, 'x') $$, '42501', null, 'anon cannot write messages');

-- ------------------------------------------------------------------ customer A (participant of conv_a)
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select set_eq($$ select id from public.conversations $$, array[tests.id('conv_a')], 'a customer reads exactly their own conversations');
select is_empty($$ select 1 from public.messages where conversation_id = tests.id('conv_b') $$, 'a customer reads no message of another conversation');
select is_empty($$ select 1 from public.messages where booking_id = tests.id('booking_b') $$, 'not even filtering by the other booking (realtime filter)');
select ok((select count(*) from public.messages) >= 3 and (select bool_and(conversation_id = tests.id('conv_a')) from public.messages),
  'a customer reads only the messages of their conversation');
select lives_ok($$ insert into public.messages (conversation_id, sender_id, type, content)
                  values (tests.id('conv_a'), tests.user_id('cust.a@pgtap.test'), 'text', 'Anh tới lúc mấy giờ?') $$,
  'a participant sends a message as themselves');
select is((select booking_id from public.messages where content = 'Anh tới lúc mấy giờ?'), tests.id('booking_a'), 'the booking_id of the sent message is filled in');
select throws_ok($$ insert into public.messages (id, conversation_id, sender_id, content)
                   values (tests.id('msg_a1'), tests.id('conv_a'), tests.user_id('cust.a@pgtap.test'), 'x') $$,
  '42501', null, 'a participant cannot choose the id of a message');
select is((select last_message from public.conversations where id = tests.id('conv_a')), 'Anh tới lúc mấy giờ?', 'the conversation''s last_message follows (trigger runs as owner)');
select throws_ok($$ insert into public.messages (conversation_id, sender_id, content) values (tests.id('conv_a'), tests.user_id('prov.p@pgtap.test'), 'Giả mạo') $$,
  '42501', null, 'a participant cannot send as the other participant');
select throws_ok($$ insert into public.messages (conversation_id, sender_id, content) values (tests.id('conv_b'), tests.user_id('cust.a@pgtap.test'), 'Xen vào') $$,
  '42501', null, 'a customer cannot write into another customer''s conversation');
select throws_ok($$ insert into public.messages (conversation_id, sender_id, content, booking_id) values (tests.id('conv_a'), tests.user_id('cust.a@pgtap.test'), 'x', tests.id('booking_b')) $$,
  '42501', null, 'a customer cannot choose the booking_id of a message');
select isnt_empty($$ update public.messages set is_read = true where id = tests.id('msg_a2') returning id $$, 'the recipient marks a message read');
select tests.as_superuser();
select is((select read_at from public.messages where id = tests.id('msg_a2')), now(), 'marking read stamps read_at');
update public.messages set is_read = true where id = tests.id('msg_b1');
update public.messages set is_read = false where id = tests.id('msg_b1');
select is((select read_at from public.messages where id = tests.id('msg_b1')), null, 'marking a read message unread clears read_at');
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select is_empty($$ update public.messages set is_read = true where id = tests.id('msg_a1') returning id $$, 'the sender cannot mark their own message read');
select is_empty($$ update public.messages set is_read = true where id = tests.id('msg_b1') returning id $$, 'a customer cannot touch another conversation''s messages');
select throws_ok($$ update public.messages set content = 'Sửa lời' where id = tests.id('msg_a1') $$, '42501', null, 'nobody edits a sent message''s content');
select throws_ok($$ delete from public.messages where id = tests.id('msg_a1') $$, '42501', null, 'a participant cannot delete messages');
select is_empty($$ update public.conversations set is_active = false where id = tests.id('conv_a') returning id $$, 'a participant cannot close the conversation');
select throws_ok($$ insert into public.conversations (booking_id, provider_id, customer_id) values (tests.id('booking_b'), null, tests.user_id('cust.a@pgtap.test')) $$,
  '42501', null, 'a customer cannot open conversations');
select throws_ok($$ delete from public.conversations where id = tests.id('conv_a') $$, '42501', null, 'a customer cannot delete conversations');

-- ------------------------------------------------------------------ provider P (participant of conv_a)
select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select set_eq($$ select id from public.conversations $$, array[tests.id('conv_a')], 'a provider reads exactly their own conversations');
select is_empty($$ select 1 from public.messages where conversation_id = tests.id('conv_b') $$, 'a provider reads no message of another conversation');
select lives_ok($$ insert into public.messages (conversation_id, sender_id, content) values (tests.id('conv_a'), tests.user_id('prov.p@pgtap.test'), '3 giờ chiều nhé') $$,
  'the provider replies');
select isnt_empty($$ update public.messages set is_read = true where content = 'Anh tới lúc mấy giờ?' returning id $$, 'the provider marks the customer''s message read');
select throws_ok($$ insert into public.messages (conversation_id, sender_id, content) values (tests.id('conv_b'), tests.user_id('prov.p@pgtap.test'), 'x') $$,
  '42501', null, 'a provider cannot write into another provider''s conversation');

-- A closed conversation takes no new message.
select tests.as_superuser();
update public.conversations set is_active = false where id = tests.id('conv_a');
select tests.authenticate_as(tests.user_id('cust.a@pgtap.test'));
select throws_ok($$ insert into public.messages (conversation_id, sender_id, content) values (tests.id('conv_a'), tests.user_id('cust.a@pgtap.test'), 'Còn đó không?') $$,
  '42501', null, 'nobody writes into a closed (completed) conversation');
select isnt_empty($$ select 1 from public.conversations where id = tests.id('conv_a') $$, 'a closed conversation stays readable by its participants');

-- ------------------------------------------------------------------ another customer
select tests.authenticate_as(tests.user_id('cust.b@pgtap.test'));
select is_empty($$ select 1 from public.conversations where id = tests.id('conv_a') $$, 'customer B cannot read customer A''s conversation');
select is_empty($$ select 1 from public.messages where conversation_id = tests.id('conv_a') $$, 'customer B cannot read customer A''s messages');

-- ------------------------------------------------------------------ admin
select tests.as_superuser();
select set_config('tests.messages_total', (select count(*) from public.messages)::text, true);
insert into public.bookings (id, customer_id, provider_id, subcategory_id, status, original_price, final_price, customer_name, service_name)
values (tests.id('booking_conv'), tests.user_id('cust.b@pgtap.test'), tests.user_id('prov.p@pgtap.test'), tests.id('svc_active'), 'confirmed', 1000, 1000, 'Khách B', 'Dịch vụ kiểm thử');
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is((select count(*) from public.messages), current_setting('tests.messages_total')::bigint, 'an admin reads every message');
select isnt_empty($$ select 1 from public.conversations where id in (tests.id('conv_a'), tests.id('conv_b')) $$, 'an admin reads every conversation');
select isnt_empty($$ update public.conversations set is_active = true where id = tests.id('conv_a') returning id $$, 'an admin reopens a conversation');
select isnt_empty($$ insert into public.conversations (booking_id, provider_id, customer_id)
                     values (tests.id('booking_conv'), tests.user_id('prov.p@pgtap.test'), tests.user_id('cust.b@pgtap.test')) returning id $$,
  'an admin may open a conversation');
select throws_ok($$ insert into public.messages (conversation_id, sender_id, content) values (tests.id('conv_a'), tests.user_id('admin@pgtap.test'), 'Admin nói') $$,
  '42501', null, 'an admin does not post into customers'' conversations');
select throws_ok($$ delete from public.messages where id = tests.id('msg_a1') $$, '42501', null, 'messages are never deleted through the API');
select throws_ok($$ delete from public.conversations where id = tests.id('conv_a') $$, '42501', null, 'conversations are never deleted through the API');

select tests.authenticate_as_service_role();
select is((select count(*) from public.messages), current_setting('tests.messages_total')::bigint, 'the service role reads every message');

select * from finish();
rollback;
