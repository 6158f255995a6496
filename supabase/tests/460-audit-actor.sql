-- Every audit row names its actor: changes made by Auth to a sign-in account (e-mail, password,
-- ban; no JWT in the transaction) are logged on 'auth.users' with the account as actor — or the
-- admin whose request made them — and so are the profile changes the sync triggers derive;
-- the password hash never reaches the log; ledger writes carry the admin; the audit list RPC
-- answers admins only, filtered by table, actor, time and record.
begin;
set search_path = public, extensions;
select plan(22);

select tests.make_world();
select set_config('tests.audit_before', (select coalesce(max(id), 0) from public.audit_log)::text, true);

create function pg_temp.last_entry(p_table text, p_row uuid) returns public.audit_log language sql as $$
  select * from public.audit_log
   where id > current_setting('tests.audit_before')::bigint and table_name = p_table and row_id = p_row::text
   order by id desc limit 1
$$;

-- ------------------------------------------------------------------ Auth changes (no JWT: Supabase Auth's own connection)
select tests.as_superuser();
update auth.users set email = 'cust.a.moi@pgtap.test' where id = tests.user_id('cust.a@pgtap.test');
select is((pg_temp.last_entry('auth.users', tests.id('user:cust.a@pgtap.test'))).changes,
  '{"email": ["cust.a@pgtap.test", "cust.a.moi@pgtap.test"]}'::jsonb, 'an e-mail change of a sign-in account is logged old → new');
select is((pg_temp.last_entry('auth.users', tests.id('user:cust.a@pgtap.test'))).actor_id, tests.id('user:cust.a@pgtap.test'),
  'without a JWT, the account itself is the actor of its e-mail change');
select is((pg_temp.last_entry('profiles', tests.id('user:cust.a@pgtap.test'))).changes -> 'email',
  '["cust.a@pgtap.test", "cust.a.moi@pgtap.test"]'::jsonb, 'the profile e-mail follows and is logged');
select is((pg_temp.last_entry('profiles', tests.id('user:cust.a@pgtap.test'))).actor_id, tests.id('user:cust.a@pgtap.test'),
  'the profile change derived by the auth sync trigger carries the same actor');
select is((pg_temp.last_entry('profiles', tests.id('user:cust.a@pgtap.test'))).actor_email, 'cust.a.moi@pgtap.test',
  'and the actor''s e-mail');

update auth.users set encrypted_password = '$2a$10$pgtapFakeHashOfANewPassword0123456789abcdefghij' where id = tests.user_id('cust.b@pgtap.test');
select is((pg_temp.last_entry('auth.users', tests.id('user:cust.b@pgtap.test'))).changes, '{"password": ["***", "***"]}'::jsonb,
  'a password change is logged without the hash');
select is((pg_temp.last_entry('auth.users', tests.id('user:cust.b@pgtap.test'))).actor_id, tests.id('user:cust.b@pgtap.test'),
  'a password change made by Auth names the account as actor');
select ok(not exists (select 1 from public.audit_log where id > current_setting('tests.audit_before')::bigint
                        and changes::text like '%pgtapFakeHash%'), 'no password hash anywhere in the log');

update auth.users set banned_until = 'infinity' where id = tests.user_id('prov.q@pgtap.test');
select is((pg_temp.last_entry('auth.users', tests.id('user:prov.q@pgtap.test'))).changes -> 'banned_until' -> 1, '"infinity"'::jsonb,
  'a ban is logged');
select is((pg_temp.last_entry('auth.users', tests.id('user:prov.q@pgtap.test'))).actor_id, tests.id('user:prov.q@pgtap.test'),
  'a ban made through Auth without a JWT names the account');

-- An admin's request that writes auth.users (a security definer RPC, claims of the admin).
select tests.set_role_and_claims('none', tests.user_claims(tests.user_id('admin@pgtap.test'))::text);
update auth.users set banned_until = null where id = tests.user_id('prov.q@pgtap.test');
select tests.as_superuser();
select is((pg_temp.last_entry('auth.users', tests.id('user:prov.q@pgtap.test'))).actor_id, tests.id('user:admin@pgtap.test'),
  'a ban lifted in an admin''s request names the admin');
select is((pg_temp.last_entry('auth.users', tests.id('user:prov.q@pgtap.test'))).actor_email, 'admin@pgtap.test', 'with the admin''s e-mail');

-- A new account (sign-up through Auth): its profile's insert names the account.
select tests.create_user('moi@pgtap.test');
select is((pg_temp.last_entry('profiles', tests.id('user:moi@pgtap.test'))).actor_id, tests.id('user:moi@pgtap.test'),
  'a sign-up''s profile row is logged with the new account as actor');

-- Later direct changes of the same transaction without a JWT are system changes, not the account's.
update public.categories set name = 'Ngành hệ thống' where id = tests.id('cat');
select is((pg_temp.last_entry('categories', tests.id('cat'))).actor_id, null, 'a later change without a JWT has no actor');

-- ------------------------------------------------------------------ ledger: a deposit completed by an admin
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
update public.deposit_history set status = 'completed' where id = tests.id('deposit_p');
select tests.as_superuser();
select is((pg_temp.last_entry('profiles', tests.id('user:prov.p@pgtap.test'))).actor_id, tests.id('user:admin@pgtap.test'),
  'the balance change a completed deposit causes names the admin');

-- ------------------------------------------------------------------ the list RPC
select tests.authenticate_as(tests.id('user:cust.a@pgtap.test'));
select throws_ok($$ select public.admin_list_audit_log() $$, '42501', null, 'a customer cannot list the audit log');
select tests.clear_authentication();
select throws_ok($$ select public.admin_list_audit_log() $$, '42501', null, 'anon cannot list the audit log');

select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select is((select jsonb_agg(r -> 'changes') from jsonb_array_elements(
             public.admin_list_audit_log(p_table => 'auth.users', p_record => tests.user_id('cust.b@pgtap.test')::text) -> 'rows') r),
  '[{"password": ["***", "***"]}]'::jsonb, 'filtered by table and record: the one entry');
select is((public.admin_list_audit_log(p_actor => 'ADMIN@pgtap.test', p_from => now(), p_to => now() + interval '1 second') -> 'total')::int,
  (select count(*)::int from public.audit_log where actor_id = tests.user_id('admin@pgtap.test') and created_at >= now()),
  'filtered by actor e-mail (any case) and time: the admin''s entries of this transaction');
select ok((select bool_and(r ->> 'actor_id' = tests.user_id('prov.q@pgtap.test')::text)
             from jsonb_array_elements(public.admin_list_audit_log(p_actor => tests.user_id('prov.q@pgtap.test')::text) -> 'rows') r),
  'filtered by actor id: only that actor''s entries');
select is((select r ->> 'actor_name' from jsonb_array_elements(
             public.admin_list_audit_log(p_table => 'auth.users', p_record => tests.user_id('prov.q@pgtap.test')::text, p_limit => 1) -> 'rows') r),
  'Kiểm thử admin', 'each row names its actor''s profile name');
select throws_ok($$ select public.admin_list_audit_log(p_from => now(), p_to => now() - interval '1 day') $$, '22023', null,
  'a time range that ends before it starts is refused');

select * from finish();
rollback;
