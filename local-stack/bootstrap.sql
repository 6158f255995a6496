-- The platform of a Supabase project, as its database image (supabase/postgres: init scripts,
-- migrations, supautils settings), its Auth server's migrations and its Storage server's
-- migrations leave it. Applied by the local stack before supabase/migrations, idempotently, on
-- PostgreSQL 15 and 17, by a superuser that is not `postgres` (the embedded server's supabase_admin).
-- What it reproduces, and what it cannot, is described in docs/architecture.md#the-platform-mirror.
-- On hosted Supabase or `supabase start` all of this already exists; the migrations depend on
-- nothing here that Supabase does not provide, and get nothing Supabase does not give them.

do $$
begin
  if not coalesce((select rolsuper from pg_roles where rolname = current_user), false) then
    raise exception 'bootstrap.sql phải chạy bằng một superuser (supabase_admin), không phải %', current_user;
  end if;
  if exists (select 1 from pg_roles where rolname = 'postgres' and oid = 10) then
    raise exception 'Cụm PostgreSQL này được tạo với postgres là superuser gốc: không thể hạ quyền postgres như trên Supabase. Tạo lại cụm với superuser gốc supabase_admin (xoá thư mục dữ liệu của nó rồi khởi động lại).';
  end if;
end
$$;

-- Roles -------------------------------------------------------------------------------------
-- postgres: the role that applies migrations and seed; NOSUPERUSER, CREATEDB, REPLICATION,
-- BYPASSRLS as Supabase demotes it. Supabase also gives it CREATEROLE, fenced by supautils'
-- reserved roles; plain SQL cannot fence it (on PostgreSQL 15 CREATEROLE may grant itself any
-- platform role), and no migration needs it, so it is left out.
-- anon / authenticated / service_role: INHERIT since 2023; authenticator: NOINHERIT login of the
-- Data API; the admin roles of Auth and Storage (NOINHERIT CREATEROLE, as the image creates both)
-- own their schemas' tables. supabase_auth_admin's attributes are set in full, as the image's
-- roles test lists them (login, CREATEROLE; not superuser, INHERIT, CREATEDB, REPLICATION,
-- BYPASSRLS; no connection limit), so that a data folder made by an older mirror is corrected.
do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('postgres', 'login nosuperuser createdb nocreaterole replication bypassrls inherit'),
      ('anon', 'nologin inherit nobypassrls'),
      ('authenticated', 'nologin inherit nobypassrls'),
      ('service_role', 'nologin inherit bypassrls'),
      ('authenticator', 'login noinherit nosuperuser nobypassrls'),
      ('supabase_auth_admin', 'login nosuperuser noinherit createrole nocreatedb noreplication nobypassrls connection limit -1'),
      ('supabase_storage_admin', 'login noinherit createrole noreplication'),
      ('supabase_realtime_admin', 'nologin noinherit'),
      ('dashboard_user', 'nologin createrole createdb replication')
    ) as t(name, attributes)
  loop
    if exists (select 1 from pg_roles where rolname = r.name) then
      execute format('alter role %I with %s', r.name, r.attributes);
    else
      execute format('create role %I with %s', r.name, r.attributes);
    end if;
  end loop;
  -- The logins share the password of the superuser's connection (as `supabase start` gives every
  -- role the same one); db.ts passes it, nothing when the server trusts local connections.
  if coalesce(current_setting('sdv.platform_password', true), '') <> '' then
    for r in select unnest(array['postgres', 'authenticator', 'supabase_auth_admin', 'supabase_storage_admin']) as name loop
      execute format('alter role %I with password %L', r.name, current_setting('sdv.platform_password'));
    end loop;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant authenticator to supabase_storage_admin;
grant pg_monitor, pg_read_all_data, pg_signal_backend to postgres;
-- postgres is a member of none of the platform's admin roles (revoked on Supabase in 2024–2025).
do $$
declare
  r record;
begin
  for r in
    select g.rolname as granted
      from pg_auth_members m
      join pg_roles g on g.oid = m.roleid
      join pg_roles u on u.oid = m.member
     where u.rolname = 'postgres'
       and g.rolname in ('supabase_admin', 'supabase_auth_admin', 'supabase_storage_admin', 'supabase_realtime_admin', 'authenticator')
  loop
    execute format('revoke %I from postgres', r.granted);
  end loop;
end
$$;

-- supautils' privileged_role_allowed_configs lets postgres set a few superuser-only settings;
-- of those, session_replication_role is the one our tests use (PostgreSQL 15+ grants it natively).
grant set on parameter session_replication_role to postgres;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
alter role supabase_auth_admin set search_path = auth;
alter role supabase_auth_admin set idle_in_transaction_session_timeout = 60000;
alter role supabase_auth_admin set log_statement = none;
alter role supabase_storage_admin set search_path = storage;
alter role postgres set search_path = "$user", public, extensions;

-- Database, public and extensions ----------------------------------------------------------
do $$
begin
  execute format('grant all on database %I to postgres', current_database());
end
$$;

-- public: postgres creates the app's objects; the API roles only use the schema.
revoke create on schema public from public, anon, authenticated, service_role;
grant usage on schema public to postgres, anon, authenticated, service_role;
grant create on schema public to postgres;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to postgres;
grant all on all tables in schema extensions to postgres with grant option;
grant all on all routines in schema extensions to postgres with grant option;
grant all on all sequences in schema extensions to postgres with grant option;
alter default privileges in schema extensions grant all on tables to postgres with grant option;
alter default privileges in schema extensions grant all on routines to postgres with grant option;
alter default privileges in schema extensions grant all on sequences to postgres with grant option;
grant execute on all functions in schema extensions to anon, authenticated, service_role;
alter default privileges in schema extensions grant execute on functions to anon, authenticated, service_role;

create schema if not exists auth;
-- The schema belongs to supabase_admin; Auth's admin creates and owns what is in it; postgres
-- may use it (USAGE) but not create in it.
grant usage on schema auth to postgres, anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin;
revoke create on schema auth from postgres;

-- auth ------------------------------------------------------------------------------------
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
-- Auth keeps every one-time token unique among users, except the empty and all-digit values it
-- stores for "none" (two users holding the same pending link token are refused).
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token) where confirmation_token !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token) where recovery_token !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current) where email_change_token_current !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new) where email_change_token_new !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token) where reauthentication_token !~ '^[0-9 ]*$';

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal text,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- Multi-factor authentication (TOTP), as Supabase Auth keeps it.
create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null,
  status text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz
);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
  where trim(friendly_name) <> '';
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

-- Columns and rules Auth's later migrations added to these tables (WebAuthn, OAuth server, refresh
-- token rotation), and its enum types in place of free text: a value outside them is refused with
-- 22P02, as on Supabase, not accepted or refused by a check of ours.
alter table auth.sessions add column if not exists oauth_client_id uuid;
alter table auth.sessions add column if not exists refresh_token_hmac_key text;
alter table auth.sessions add column if not exists refresh_token_counter bigint;
alter table auth.sessions add column if not exists scopes text;
alter table auth.mfa_factors add column if not exists web_authn_credential jsonb;
alter table auth.mfa_factors add column if not exists web_authn_aaguid uuid;
alter table auth.mfa_factors add column if not exists last_webauthn_challenge_data jsonb;
alter table auth.mfa_challenges add column if not exists web_authn_session_data jsonb;
do $$
begin
  if to_regtype('auth.factor_type') is null then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if to_regtype('auth.factor_status') is null then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if to_regtype('auth.aal_level') is null then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if not exists (select 1 from pg_constraint where conrelid = 'auth.sessions'::regclass and conname = 'sessions_scopes_length') then
    alter table auth.sessions add constraint sessions_scopes_length check (char_length(scopes) <= 4096);
  end if;
  -- Auth keeps last_challenged_at unique (two challenges of the same instant are refused).
  if not exists (select 1 from pg_constraint where conrelid = 'auth.mfa_factors'::regclass and conname = 'mfa_factors_last_challenged_at_key') then
    alter table auth.mfa_factors add constraint mfa_factors_last_challenged_at_key unique (last_challenged_at);
  end if;
  -- Data folders made before the enums: their text columns (and the checks standing in for the
  -- enums) are converted once.
  if (select atttypid from pg_attribute where attrelid = 'auth.mfa_factors'::regclass and attname = 'factor_type') = 'text'::regtype then
    alter table auth.mfa_factors drop constraint if exists mfa_factors_factor_type_check;
    alter table auth.mfa_factors drop constraint if exists mfa_factors_status_check;
    alter table auth.mfa_factors
      alter column factor_type type auth.factor_type using factor_type::auth.factor_type,
      alter column status type auth.factor_status using status::auth.factor_status;
  end if;
  if (select atttypid from pg_attribute where attrelid = 'auth.sessions'::regclass and attname = 'aal') = 'text'::regtype then
    alter table auth.sessions alter column aal type auth.aal_level using aal::auth.aal_level;
  end if;
end
$$;

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

-- Auth's tables and functions belong to supabase_auth_admin (handed over below, with Storage's);
-- ALL on them is granted to postgres (the image's default privileges), nothing to the API roles.
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant select on all tables in schema auth to postgres with grant option;
grant execute on all functions in schema auth to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on routines to postgres;

-- storage -----------------------------------------------------------------------------------
-- The tables of Storage's migrations as they stand now, owned by supabase_storage_admin.
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;
grant usage on schema storage to postgres with grant option;
grant all on schema storage to supabase_storage_admin;
revoke create on schema storage from postgres;

do $$
begin
  if to_regtype('storage.buckettype') is null then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD',
  versioning_status text not null default 'DISABLED',
  constraint buckets_versioning_status_check check (versioning_status in ('DISABLED', 'ENABLED', 'SUSPENDED')),
  constraint buckets_versioning_standard_only_check check (type = 'STANDARD' or versioning_status = 'DISABLED'),
  constraint buckets_versioning_dark_check check (versioning_status = 'DISABLED')
);
create unique index if not exists bname on storage.buckets (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  archived_at timestamptz,
  is_delete_marker boolean not null default false,
  is_versioned boolean not null default false
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';
alter table storage.objects enable row level security;
alter table storage.buckets enable row level security;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

-- The delete guard of Storage: a DELETE statement on buckets or objects is refused (42501) unless
-- the transaction set storage.allow_delete_query = 'true', as the Storage server does for its own
-- requests; SQL cannot remove rows whose files would be left behind.
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
create or replace trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create or replace trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- Storage's row triggers: a bucket name longer than 100 characters is refused, and an object's
-- updated_at follows every UPDATE.
create or replace function storage.enforce_bucket_name_length() returns trigger
language plpgsql
as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$$;
create or replace trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
as $$ begin new.updated_at = now(); return new; end $$;
create or replace trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- As Auth's and Storage's migrations leave them: every table, sequence and function of auth owned
-- by supabase_auth_admin, of storage by supabase_storage_admin, every table with row-level security
-- enabled (auth's with no policy: only their owner and BYPASSRLS roles read them).
do $$
declare
  r record;
  v_owner text;
begin
  for r in select c.oid::regclass as name, c.relkind, c.relnamespace::regnamespace::text as schema from pg_class c
            where c.relnamespace in ('auth'::regnamespace, 'storage'::regnamespace) and c.relkind in ('r', 'p', 'S')
  loop
    v_owner := case r.schema when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end;
    if r.relkind <> 'S' then
      execute format('alter table %s owner to %I', r.name, v_owner);
      execute format('alter table %s enable row level security', r.name);
    elsif not exists (select 1 from pg_depend d where d.objid = r.name::oid and d.deptype in ('a', 'i') and d.classid = 'pg_class'::regclass) then
      execute format('alter sequence %s owner to %I', r.name, v_owner);
    end if;
  end loop;
  for r in select p.oid::regprocedure as name, p.pronamespace::regnamespace::text as schema from pg_proc p
            where p.pronamespace in ('auth'::regnamespace, 'storage'::regnamespace)
  loop
    execute format('alter function %s owner to %I', r.name, case r.schema when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end);
  end loop;
end
$$;
alter type storage.buckettype owner to supabase_storage_admin;
alter type auth.factor_type owner to supabase_auth_admin;
alter type auth.factor_status owner to supabase_auth_admin;
alter type auth.aal_level owner to supabase_auth_admin;
-- Every verb is granted and row-level security decides (no policy here: the app's migrations add them).
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to postgres, anon, authenticated, service_role;

-- supautils' policy_grants and drop_trigger_grants ---------------------------------------
-- On Supabase the supautils extension lets postgres create, alter and drop policies, and drop
-- triggers, on these platform tables it does not own (it already holds TRIGGER on them, so it may
-- create triggers). supautils is a C extension a plain PostgreSQL lacks: two event triggers give
-- postgres the ownership of exactly these tables for the duration of such a statement, and give
-- it back when the statement ends (or its transaction rolls back). Nothing else is lent.
-- The list is the image's (supabase/postgres, supautils.conf: policy_grants and drop_trigger_grants
-- of "postgres" are the same eleven tables; those that do not exist here are skipped); any other
-- row, left by an older mirror, is removed. auth.mfa_factors, auth.mfa_challenges and the other
-- auth tables are not in it: postgres may not put a policy on them, as on Supabase.
create schema if not exists supautils;
revoke all on schema supautils from public;

create table if not exists supautils.policy_grants (
  relation text primary key
);
insert into supautils.policy_grants (relation) values
  ('auth.audit_log_entries'), ('auth.identities'), ('auth.refresh_tokens'), ('auth.sessions'), ('auth.users'),
  ('realtime.messages'), ('storage.buckets'), ('storage.migrations'), ('storage.objects'),
  ('storage.s3_multipart_uploads'), ('storage.s3_multipart_uploads_parts')
on conflict do nothing;
delete from supautils.policy_grants where relation not in (
  'auth.audit_log_entries', 'auth.identities', 'auth.refresh_tokens', 'auth.sessions', 'auth.users',
  'realtime.messages', 'storage.buckets', 'storage.migrations', 'storage.objects',
  'storage.s3_multipart_uploads', 'storage.s3_multipart_uploads_parts');
revoke all on supautils.policy_grants from public;

create or replace function supautils.lend_platform_tables() returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Security definer: current_user is the owner here; the statement's role is the session's.
  if session_user <> 'postgres' or current_setting('role') not in ('none', 'postgres') then
    return;
  end if;
  perform set_config('supautils.lent', 'on', true);
  update pg_catalog.pg_class c
     set relowner = 'postgres'::regrole::oid
    from supautils.policy_grants g
   where c.oid = to_regclass(g.relation)::oid
     and c.relowner in ('supabase_auth_admin'::regrole::oid, 'supabase_storage_admin'::regrole::oid,
                        'supabase_realtime_admin'::regrole::oid);
end
$$;

create or replace function supautils.return_platform_tables() returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(current_setting('supautils.lent', true), '') <> 'on' then
    return;
  end if;
  update pg_catalog.pg_class c
     set relowner = case when c.relnamespace = 'auth'::regnamespace::oid then 'supabase_auth_admin'::regrole::oid
                         when c.relnamespace = 'realtime'::regnamespace::oid then 'supabase_realtime_admin'::regrole::oid
                         else 'supabase_storage_admin'::regrole::oid end
    from supautils.policy_grants g
   where c.oid = to_regclass(g.relation)::oid
     and c.relowner = 'postgres'::regrole::oid;
  perform set_config('supautils.lent', '', true);
end
$$;
revoke all on function supautils.lend_platform_tables(), supautils.return_platform_tables() from public;

drop event trigger if exists supautils_lend_platform_tables;
create event trigger supautils_lend_platform_tables on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function supautils.lend_platform_tables();
drop event trigger if exists supautils_return_platform_tables;
create event trigger supautils_return_platform_tables on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function supautils.return_platform_tables();

-- realtime ----------------------------------------------------------------------------------
create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
alter publication supabase_realtime owner to postgres;

-- migration history, as the Supabase CLI records it (as postgres) -------------------------
create schema if not exists supabase_migrations authorization postgres;
alter schema supabase_migrations owner to postgres;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
alter table supabase_migrations.schema_migrations owner to postgres;
