-- Shared helpers of the pgTAP suite. pg_prove runs the files in sorted order, each in its own
-- session, so this file runs first; it commits the `tests` schema (idempotently) and then asserts
-- that the helpers exist, so that pg_prove counts it. Every later file is
-- `begin; select plan(n); … select * from finish(); rollback;` and leaves nothing behind.
--
-- The `tests` schema is not exposed by the API (only `public` is). Helpers:
--   tests.create_user(email, role, is_admin)  → uuid   insert into auth.users (the real trigger creates the profile)
--   tests.user_id(email)                      → uuid   id of a user created earlier
--   tests.authenticate_as(uuid)                        role authenticated + JWT claims of that user
--   tests.authenticate_with_claims(jsonb)              role authenticated + exactly these claims
--   tests.authenticate_as_service_role()               role service_role
--   tests.clear_authentication()                       role anon, claims of the anon key
--   tests.as_superuser()                               back to the session user (postgres), no claims;
--                                                      postgres is not a superuser but bypasses RLS, as
--                                                      on Supabase (see 005-platform.sql)
--   tests.set_role_and_claims(role, claims)            the role and JWT claims (text) of the transaction
--   tests.try_sql(sql)                        → text   'ok', or '<SQLSTATE> <hint>' of the statement's error
--   tests.id(name)                            → uuid   stable id of a fixture row ('booking_a', …)
--   tests.set_balance(provider, balance)               a provider's deposit, through an adjustment row
--                                                      (money moves only through the ledger)
--   tests.make_world()                                 a small fixed data set used by most files (see below)

begin;

create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

-- Stable ids for fixture rows: tests.id('booking_a') is the same uuid in every file and run.
create or replace function tests.id(p_name text)
returns uuid
language sql
immutable
as $$
  select md5('pgtap:' || p_name)::uuid
$$;

create or replace function tests.create_user(p_email text, p_role text default 'customer', p_is_admin boolean default false)
returns uuid
language plpgsql
as $$
declare
  v_id uuid := tests.id('user:' || lower(p_email));
  v_app jsonb := jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email'));
begin
  if p_role not in ('customer', 'provider') then
    raise exception 'tests.create_user: role must be customer or provider, got %', p_role;
  end if;
  if p_role = 'provider' then
    v_app := v_app || jsonb_build_object('role', 'provider');
  end if;
  if p_is_admin then
    v_app := v_app || jsonb_build_object('admin', true);
  end if;
  insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data,
                          raw_user_meta_data, created_at, updated_at)
  values ('00000000-0000-0000-0000-000000000000', v_id, 'authenticated', 'authenticated', lower(p_email), now(),
          v_app, jsonb_build_object('name', 'Kiểm thử ' || split_part(p_email, '@', 1)), now(), now());
  return v_id;
end
$$;

-- Reads auth.users whatever the current role is (the suite switches roles often).
create or replace function tests.user_id(p_email text)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  select u.id into v_id from auth.users u where u.email = lower(p_email);
  if v_id is null then
    raise exception 'tests.user_id: no user with email %', p_email;
  end if;
  return v_id;
end
$$;

create or replace function tests.user_claims(p_user uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_claims jsonb;
begin
  select jsonb_build_object(
           'sub', u.id,
           'role', 'authenticated',
           'aud', 'authenticated',
           'email', u.email,
           'app_metadata', coalesce(u.raw_app_meta_data, '{}'::jsonb),
           'user_metadata', coalesce(u.raw_user_meta_data, '{}'::jsonb),
           'iat', extract(epoch from now())::bigint,
           'exp', extract(epoch from now())::bigint + 3600)
    into v_claims
    from auth.users u
   where u.id = p_user;
  if v_claims is null then
    raise exception 'tests.user_claims: no auth.users row %', p_user;
  end if;
  return v_claims;
end
$$;

-- The role and JWT claims of the rest of the transaction, as the API sets them for a request.
create or replace function tests.set_role_and_claims(p_role text, p_claims text)
returns void
language plpgsql
as $$
begin
  perform set_config('role', p_role, true);
  perform set_config('request.jwt.claims', p_claims, true);
end
$$;

create or replace function tests.authenticate_as(p_user uuid) returns void language sql
as $$ select tests.set_role_and_claims('authenticated', tests.user_claims(p_user)::text) $$;

create or replace function tests.authenticate_with_claims(p_claims jsonb) returns void language sql
as $$ select tests.set_role_and_claims('authenticated', p_claims::text) $$;

create or replace function tests.authenticate_as_service_role() returns void language sql
as $$ select tests.set_role_and_claims('service_role', '{"role":"service_role","iss":"supabase-demo"}') $$;

create or replace function tests.clear_authentication() returns void language sql
as $$ select tests.set_role_and_claims('anon', '{"role":"anon","iss":"supabase-demo"}') $$;

create or replace function tests.as_superuser() returns void language sql
as $$ select tests.set_role_and_claims('none', '') $$;

-- `tests.try_sql(sql)`: runs one statement as the current role and answers 'ok' or
-- '<SQLSTATE> <hint>' (the stable code of a refusal), so a refusal's kind is asserted, not only its presence.
create or replace function tests.try_sql(p_sql text)
returns text
language plpgsql
as $$
declare
  v_state text;
  v_hint text;
begin
  execute p_sql;
  return 'ok';
exception when others then
  get stacked diagnostics v_state = returned_sqlstate, v_hint = pg_exception_hint;
  return btrim(v_state || ' ' || coalesce(v_hint, ''));
end
$$;
grant execute on function tests.try_sql(text) to anon, authenticated, service_role;

-- A provider's balance set for a fixture the only way the database allows: an adjustment of the
-- difference (docs/decisions.md#money-only-through-the-ledger). Its status is left as it is, except
-- that an active provider falling below the minimum deposit becomes inactive.
create or replace function tests.set_balance(p_provider uuid, p_balance bigint)
returns void
language plpgsql
as $$
declare
  v_delta bigint := p_balance - (select p.deposit from public.profiles p where p.id = p_provider);
begin
  if v_delta <> 0 then
    insert into public.deposit_history (provider_id, amount, status, kind, note)
    values (p_provider, v_delta, 'completed', 'adjustment', 'Số dư của dữ liệu kiểm thử');
  end if;
end
$$;
revoke all on function tests.set_balance(uuid, bigint) from public;

-- The small data set most files start from (run as postgres, inside the file's transaction):
--   users     admin@pgtap.test (admin claim), cust.a@ / cust.b@ (customers), prov.p@ / prov.q@ (providers)
--   catalogue category 'cat' → service 'svc_active' (rate 15, active) with packages 'item_active'
--             (active) and 'item_hidden' (inactive); service 'svc_inactive' (no rate, inactive) with
--             package 'item_of_inactive' (active, but its service is not)
--   bookings  'booking_a' (cust.a, prov.p, pending), 'booking_b' (cust.b, prov.q, confirmed)
--   reviews   'review_a' (booking_a, rating 4), 'review_b' (booking_b, rating 2)
--   chats     'conv_a' (booking_a) with messages 'msg_a1' (from cust.a) and 'msg_a2' (from prov.p);
--             'conv_b' (booking_b) with 'msg_b1' (from cust.b)
--   deposits  'deposit_p' (prov.p, 100 000, pending), 'deposit_q' (prov.q, 50 000, pending)
--   promotion 'promo' (code PGTAP10, 10 %, on svc_active)
--   provider  service type (prov.p, svc_active), (prov.q, svc_active); documents 'doc_p', 'doc_q'
--   storage   provider-documents/{prov.p}/…, provider-documents/{prov.q}/…, banners/featured_…,
--             message-images/{conv_a}/…
create or replace function tests.make_world()
returns void
language plpgsql
as $$
declare
  v_admin uuid := tests.create_user('admin@pgtap.test', 'customer', true);
  v_a uuid := tests.create_user('cust.a@pgtap.test', 'customer', false);
  v_b uuid := tests.create_user('cust.b@pgtap.test', 'customer', false);
  v_p uuid := tests.create_user('prov.p@pgtap.test', 'provider', false);
  v_q uuid := tests.create_user('prov.q@pgtap.test', 'provider', false);
begin
  update public.profiles set name = 'Khách A', phone = '0900000001' where id = v_a;
  update public.profiles set name = 'Khách B', phone = '0900000002' where id = v_b;
  update public.profiles set name = 'Thợ P', phone = '0900000003', status = 'active' where id = v_p;
  update public.profiles set name = 'Thợ Q', phone = '0900000004', status = 'active' where id = v_q;

  insert into public.categories (id, name, icon) values (tests.id('cat'), 'Ngành kiểm thử', 'wrench');
  insert into public.subcategories (id, category_id, name, icon, commission_rate, active) values
    (tests.id('svc_active'), tests.id('cat'), 'Dịch vụ kiểm thử', 'broom', 15, true),
    (tests.id('svc_inactive'), tests.id('cat'), 'Dịch vụ đã ẩn', 'box', null, false);
  insert into public.service_items (id, subcategory_id, name, price, duration, description, job_details, active) values
    (tests.id('item_active'), tests.id('svc_active'), 'Gói 2 giờ', 200000, '2 giờ', 'Dọn dẹp 2 giờ', 'Lau nhà, quét bụi', true),
    (tests.id('item_hidden'), tests.id('svc_active'), 'Gói ẩn', 300000, '3 giờ', 'Gói đã ẩn', 'Không bán', false),
    (tests.id('item_of_inactive'), tests.id('svc_inactive'), 'Gói của dịch vụ ẩn', 150000, '1 giờ', 'Mô tả', 'Chi tiết', true);

  insert into public.bookings (id, customer_id, provider_id, subcategory_id, service_item_id, status, address,
                               original_price, final_price, customer_name, service_name) values
    (tests.id('booking_a'), v_a, v_p, tests.id('svc_active'), tests.id('item_active'), 'pending', '1 Lê Lợi, Quận 1',
     200000, 180000, 'Khách A', 'Dịch vụ kiểm thử'),
    (tests.id('booking_b'), v_b, v_q, tests.id('svc_active'), tests.id('item_active'), 'confirmed', '2 Lê Lợi, Quận 1',
     200000, 200000, 'Khách B', 'Dịch vụ kiểm thử');

  insert into public.reviews (id, booking_id, provider_id, customer_id, customer_name, rating, comment) values
    (tests.id('review_a'), tests.id('booking_a'), v_p, v_a, 'Khách A', 4, 'Tốt'),
    (tests.id('review_b'), tests.id('booking_b'), v_q, v_b, 'Khách B', 2, 'Chưa tốt');

  insert into public.conversations (id, booking_id, provider_id, customer_id) values
    (tests.id('conv_a'), tests.id('booking_a'), v_p, v_a),
    (tests.id('conv_b'), tests.id('booking_b'), v_q, v_b);
  insert into public.messages (id, conversation_id, sender_id, type, content, created_at) values
    (tests.id('msg_a1'), tests.id('conv_a'), v_a, 'text', 'Chào anh', now() - interval '2 minutes'),
    (tests.id('msg_a2'), tests.id('conv_a'), v_p, 'text', 'Chào chị', now() - interval '1 minute'),
    (tests.id('msg_b1'), tests.id('conv_b'), v_b, 'text', 'Xin chào', now() - interval '1 minute');

  insert into public.deposit_history (id, provider_id, amount, status) values
    (tests.id('deposit_p'), v_p, 100000, 'pending'),
    (tests.id('deposit_q'), v_q, 50000, 'pending');

  insert into public.discount_codes (id, code, discount_type, discount_value, max_uses, expires_at) values
    (tests.id('promo'), 'PGTAP10', 'percentage', 10, 100, now() + interval '30 days');
  insert into public.discount_code_services (discount_code_id, subcategory_id) values (tests.id('promo'), tests.id('svc_active'));

  insert into public.provider_service_types (provider_id, subcategory_id) values
    (v_p, tests.id('svc_active')), (v_q, tests.id('svc_active'));
  insert into public.provider_documents (id, provider_id, name, type, storage_path) values
    (tests.id('doc_p'), v_p, 'CCCD', 'image', v_p::text || '/1700000000000-cccd.png'),
    (tests.id('doc_q'), v_q, 'CCCD', 'image', v_q::text || '/1700000000000-cccd.png');

  insert into storage.objects (id, bucket_id, name, owner_id, metadata) values
    (tests.id('obj_doc_p'), 'provider-documents', v_p::text || '/1700000000000-cccd.png', v_admin::text,
     '{"size": 1024, "mimetype": "image/png"}'),
    (tests.id('obj_doc_q'), 'provider-documents', v_q::text || '/1700000000000-cccd.png', v_admin::text,
     '{"size": 1024, "mimetype": "image/png"}'),
    (tests.id('obj_banner'), 'banners', 'featured_1700000000000_banner.png', v_admin::text,
     '{"size": 2048, "mimetype": "image/png"}'),
    (tests.id('obj_chat_a'), 'message-images', tests.id('conv_a')::text || '/1700000000000-anh.png', v_a::text,
     '{"size": 512, "mimetype": "image/png"}');
end
$$;

-- The plan of a query as text (explain, no costs), for tests that check which index a search or
-- sort uses. Runs with the caller's rights.
create or replace function tests.query_plan(p_query text) returns text language plpgsql as $$
declare
  v_line text;
  v_plan text := '';
begin
  for v_line in execute 'explain (costs off) ' || p_query loop
    v_plan := v_plan || v_line || E'\n';
  end loop;
  return v_plan;
end
$$;

revoke all on function tests.create_user(text, text, boolean) from public;
revoke all on function tests.make_world() from public;
grant execute on function tests.id(text), tests.user_id(text), tests.user_claims(uuid), tests.authenticate_as(uuid),
  tests.authenticate_with_claims(jsonb), tests.authenticate_as_service_role(), tests.clear_authentication(),
  tests.as_superuser(), tests.query_plan(text)
  to anon, authenticated, service_role;

commit;

begin;
set search_path = public, extensions;
select plan(25);

select has_schema('tests', 'the tests schema exists');
select has_function('tests', 'create_user', array['text', 'text', 'boolean'], 'tests.create_user(email, role, is_admin)');
select has_function('tests', 'user_id', array['text'], 'tests.user_id(email)');
select has_function('tests', 'authenticate_as', array['uuid'], 'tests.authenticate_as(uuid)');
select has_function('tests', 'authenticate_with_claims', array['jsonb'], 'tests.authenticate_with_claims(jsonb)');
select has_function('tests', 'authenticate_as_service_role', 'tests.authenticate_as_service_role()');
select has_function('tests', 'clear_authentication', 'tests.clear_authentication()');
select has_function('tests', 'as_superuser', 'tests.as_superuser()');
select has_function('tests', 'set_role_and_claims', array['text', 'text'], 'tests.set_role_and_claims(role, claims)');
select has_function('tests', 'try_sql', array['text'], 'tests.try_sql(sql)');
select has_function('tests', 'id', array['text'], 'tests.id(name)');
select has_function('tests', 'make_world', 'tests.make_world()');

-- The helpers act as the API does.
select tests.create_user('helper.admin@pgtap.test', 'customer', true);
select tests.create_user('helper.provider@pgtap.test', 'provider', false);
select is(tests.user_id('HELPER.ADMIN@pgtap.test'), tests.id('user:helper.admin@pgtap.test'), 'tests.user_id finds a user by e-mail, case-insensitively');
select is((select role from public.profiles where id = tests.user_id('helper.provider@pgtap.test')), 'provider', 'tests.create_user(…, provider) makes a provider profile');
select tests.authenticate_as(tests.user_id('helper.provider@pgtap.test'));
select is(current_user::text, 'authenticated', 'authenticate_as: role authenticated');
select is(auth.uid(), tests.user_id('helper.provider@pgtap.test'), 'authenticate_as: auth.uid() is the user');
select is(auth.email(), 'helper.provider@pgtap.test', 'authenticate_as: auth.email() is the user''s e-mail');
select ok(not private.is_admin(), 'authenticate_as a non-admin: private.is_admin() is false');
select tests.authenticate_as(tests.user_id('helper.admin@pgtap.test'));
select ok(private.is_admin(), 'authenticate_as an admin carries app_metadata.admin = true');
select tests.clear_authentication();
select is(current_user::text, 'anon', 'clear_authentication: role anon');
select ok(auth.uid() is null and not private.is_admin(), 'clear_authentication: no user, not an admin');
select tests.authenticate_as_service_role();
select is(current_user::text, 'service_role', 'authenticate_as_service_role switches to service_role');
select tests.as_superuser();
select is(current_user::text, session_user::text, 'as_superuser: back to the session user');
select ok(auth.uid() is null, 'as_superuser: without claims');
select tests.make_world();
select is((select count(*)::int from public.bookings where id in (tests.id('booking_a'), tests.id('booking_b'))), 2, 'make_world builds the fixture');

select * from finish();
rollback;
