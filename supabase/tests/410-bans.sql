-- Bans hold (docs/decisions.md#bans-hold): setting a profile `banned` sets auth.users.banned_until
-- far ahead and ends the user's sessions and refresh tokens; with a token issued before the ban the
-- user reads and writes nothing (restrictive policies on every table and on storage.objects);
-- lifting the ban clears banned_until and gives access back. Other users are unaffected.
begin;
set search_path = public, extensions;
select plan(30);

select tests.make_world();
select set_config('tests.a', tests.user_id('cust.a@pgtap.test')::text, true);
select set_config('tests.p', tests.user_id('prov.p@pgtap.test')::text, true);

-- Sessions of cust.a (one with a refresh token, one legacy token without a session).
insert into auth.sessions (id, user_id, created_at, updated_at, aal) values
  (tests.id('sess_a'), current_setting('tests.a')::uuid, now(), now(), 'aal1'),
  (tests.id('sess_b'), tests.user_id('cust.b@pgtap.test'), now(), now(), 'aal1');
insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, session_id) values
  ('ledger-rt-a', current_setting('tests.a'), false, now(), now(), tests.id('sess_a')),
  ('ledger-rt-a-legacy', current_setting('tests.a'), false, now(), now(), null),
  ('ledger-rt-b', tests.user_id('cust.b@pgtap.test')::text, false, now(), now(), tests.id('sess_b'));

-- Before the ban: cust.a reads and writes.
select tests.authenticate_as(current_setting('tests.a')::uuid);
select isnt_empty($$ select 1 from public.profiles where id = current_setting('tests.a')::uuid $$, 'before the ban the customer reads their profile');

-- ------------------------------------------------------------------ the ban (an admin, through the API)
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select isnt_empty($$ update public.profiles set status = 'banned' where id = current_setting('tests.a')::uuid returning id $$, 'an admin bans a customer');
select tests.as_superuser();
select ok((select banned_until > now() + interval '50 years' from auth.users where id = current_setting('tests.a')::uuid),
  'the ban sets auth.users.banned_until far in the future (Supabase Auth refuses sign-in and refresh)');
select is_empty($$ select 1 from auth.sessions where user_id = current_setting('tests.a')::uuid $$, 'the banned user''s sessions are gone');
select is_empty($$ select 1 from auth.refresh_tokens where user_id = current_setting('tests.a') $$, 'and every refresh token of theirs, legacy ones too');
select isnt_empty($$ select 1 from auth.sessions where id = tests.id('sess_b') $$, 'another user''s session stays');
select isnt_empty($$ select 1 from auth.refresh_tokens where token = 'ledger-rt-b' $$, 'another user''s refresh token stays');
select ok((select banned_until is null from auth.users where id = tests.user_id('cust.b@pgtap.test')), 'another user is not banned');

-- ------------------------------------------------------------------ with a token issued before the ban
select tests.authenticate_as(current_setting('tests.a')::uuid);
select is_empty($$ select 1 from public.profiles $$, 'a banned customer reads not even their own profile');
select is_empty($$ select 1 from public.bookings $$, 'nor their bookings');
select is_empty($$ select 1 from public.conversations $$, 'nor their conversations');
select is_empty($$ select 1 from public.messages $$, 'nor messages');
select is_empty($$ select 1 from public.categories $$, 'nor, signed in, the catalogue');
select is(tests.try_sql(format(
  'insert into public.messages (conversation_id, sender_id, type, content) values (%L, %L, ''text'', ''Vẫn gửi được?'')',
  tests.id('conv_a'), current_setting('tests.a'))), '42501', 'a banned customer cannot send a message');
select is_empty($$ update public.profiles set phone = '0911111111' where id = current_setting('tests.a')::uuid returning id $$,
  'a banned customer cannot edit their profile');
select is_empty($$ update public.messages set is_read = true where id = tests.id('msg_a2') returning id $$,
  'a banned customer cannot mark a message read');
select is(tests.try_sql(format(
  'insert into storage.objects (bucket_id, name, owner_id) values (''message-images'', %L, %L)',
  tests.id('conv_a')::text || '/ban.png', current_setting('tests.a'))), '42501', 'a banned customer cannot upload a chat image');
select is_empty($$ select 1 from storage.objects $$, 'nor read chat images');
select is(tests.try_sql(format('select public.cancel_booking(%L)', tests.id('booking_a'))), 'P0001 account_banned',
  'the marketplace operations refuse them too');

-- Other users are unaffected.
select tests.authenticate_as(tests.user_id('cust.b@pgtap.test'));
select isnt_empty($$ select 1 from public.profiles where id = tests.user_id('cust.b@pgtap.test') $$, 'another customer still reads their profile');
select is(tests.try_sql(format(
  'insert into public.messages (conversation_id, sender_id, type, content) values (%L, %L, ''text'', ''Chào'')',
  tests.id('conv_b'), tests.user_id('cust.b@pgtap.test'))), 'ok', 'and still sends messages');

-- A banned provider: no deposits, no messages.
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
update public.profiles set status = 'banned' where id = current_setting('tests.p')::uuid;
select tests.authenticate_as(current_setting('tests.p')::uuid);
select is_empty($$ select 1 from public.deposit_history $$, 'a banned provider reads no deposit');
select is_empty($$ select 1 from public.commissions $$, 'nor commissions');
select is(tests.try_sql(format(
  'insert into public.messages (conversation_id, sender_id, type, content) values (%L, %L, ''text'', ''Xin chào'')',
  tests.id('conv_a'), current_setting('tests.p'))), '42501', 'a banned provider cannot send a message');
select is(tests.try_sql($$ select public.request_deposit(100000) $$), 'P0001 account_banned', 'nor ask for a deposit');

-- An admin cannot ban themselves (they would lock themselves out).
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is(tests.try_sql($$ update public.profiles set status = 'banned' where id = tests.user_id('admin@pgtap.test') $$),
  '42501 self_ban', 'an admin cannot ban their own account');

-- ------------------------------------------------------------------ lifting the ban
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
update public.profiles set status = 'active' where id = current_setting('tests.a')::uuid;
select tests.as_superuser();
select ok((select banned_until is null from auth.users where id = current_setting('tests.a')::uuid), 'lifting the ban clears banned_until');
select ok((select banned_until > now() from auth.users where id = current_setting('tests.p')::uuid), 'the provider, still banned, keeps theirs');
select tests.authenticate_as(current_setting('tests.a')::uuid);
select isnt_empty($$ select 1 from public.profiles where id = current_setting('tests.a')::uuid $$, 'after the ban the customer reads their profile again');
select is(tests.try_sql(format(
  'insert into public.messages (conversation_id, sender_id, type, content) values (%L, %L, ''text'', ''Đã mở lại'')',
  tests.id('conv_a'), current_setting('tests.a'))), 'ok', 'and sends messages again');

select * from finish();
rollback;
