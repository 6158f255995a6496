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
--   tests.as_superuser()                               back to the session user (postgres), no claims
--   tests.make_world()                                 a small fixed data set used by most files (see below)

begin;

create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

create or replace function tests.create_user(p_email text, p_role text default 'customer', p_is_admin boolean default false)
returns uuid
language plpgsql
as $$
declare
  v_id uuid := gen_random_uuid();
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

create or replace function tests.authenticate_as(p_user uuid)
returns void
language plpgsql
as $$
declare
  v_claims jsonb := tests.user_claims(p_user);
begin
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', v_claims::text, true);
end
$$;

create or replace function tests.authenticate_with_claims(p_claims jsonb)
returns void
language plpgsql
as $$
begin
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', p_claims::text, true);
end
$$;

create or replace function tests.authenticate_as_service_role()
returns void
language plpgsql
as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', '{"role":"service_role","iss":"supabase-demo"}', true);
end
$$;

create or replace function tests.clear_authentication()
returns void
language plpgsql
as $$
begin
  perform set_config('role', 'anon', true);
  perform set_config('request.jwt.claims', '{"role":"anon","iss":"supabase-demo"}', true);
end
$$;

create or replace function tests.as_superuser()
returns void
language plpgsql
as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '', true);
end
$$;

revoke all on function tests.create_user(text, text, boolean) from public;
grant execute on function tests.user_id(text), tests.user_claims(uuid), tests.authenticate_as(uuid),
  tests.authenticate_with_claims(jsonb), tests.authenticate_as_service_role(), tests.clear_authentication(),
  tests.as_superuser()
  to anon, authenticated, service_role;

commit;

begin;
set search_path = public, extensions;
select plan(8);

select has_schema('tests', 'the tests schema exists');
select has_function('tests', 'create_user', array['text', 'text', 'boolean'], 'tests.create_user(email, role, is_admin)');
select has_function('tests', 'user_id', array['text'], 'tests.user_id(email)');
select has_function('tests', 'authenticate_as', array['uuid'], 'tests.authenticate_as(uuid)');
select has_function('tests', 'authenticate_with_claims', array['jsonb'], 'tests.authenticate_with_claims(jsonb)');
select has_function('tests', 'authenticate_as_service_role', 'tests.authenticate_as_service_role()');
select has_function('tests', 'clear_authentication', 'tests.clear_authentication()');
select has_function('tests', 'as_superuser', 'tests.as_superuser()');

select * from finish();
rollback;
