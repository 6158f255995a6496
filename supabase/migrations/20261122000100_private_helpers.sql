-- Foundations shared by every later migration: the `private` schema (never exposed through the
-- API), the admin check every policy uses, the updated_at trigger function and pg_trgm.

create extension if not exists pg_trgm with schema extensions;

create schema if not exists private;
revoke all on schema private from public;
-- Policies call private.is_admin(), so the API roles need USAGE on the schema (nothing else).
grant usage on schema private to anon, authenticated, service_role;
alter default privileges in schema private revoke execute on functions from public;

-- Admin = the JWT claim app_metadata.admin = true. app_metadata is writable only by the service
-- role / SQL, never by the user (user_metadata is ignored on purpose).
create or replace function private.is_admin()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'admin') = 'true', false)
$$;

comment on function private.is_admin() is
  'True when the caller''s JWT carries app_metadata.admin = true. Used (wrapped in a select) by every RLS policy.';

revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- True for a request made through the API by a signed-in user who is not an admin. Used by the
-- BEFORE UPDATE triggers that lock money / status / role columns.
create or replace function private.is_api_non_admin()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select current_user in ('anon', 'authenticated') and not private.is_admin()
$$;

revoke all on function private.is_api_non_admin() from public;
grant execute on function private.is_api_non_admin() to anon, authenticated, service_role;

create or replace function private.set_updated_at()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

revoke all on function private.set_updated_at() from public, anon, authenticated;
