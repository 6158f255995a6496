-- Foundations shared by every later file: pg_trgm, the `private` schema (never exposed through
-- the API), the admin checks (private.is_admin for policies and triggers, private.assert_admin for
-- admin functions, private.is_api_non_admin for the column locks), the updated_at trigger function
-- and the literal LIKE pattern of searches. Every function here is security invoker but
-- private.has_verified_mfa_factor (security definer: it reads auth.mfa_factors).

create extension if not exists pg_trgm with schema extensions;

create schema private;
revoke all on schema private from public;
-- Policies call private.is_admin(), so the API roles need USAGE on the schema (nothing else).
grant usage on schema private to anon, authenticated, service_role;
alter default privileges in schema private revoke execute on functions from public;

-- True when the caller (auth.uid()) has a verified second factor (auth.mfa_factors, status
-- 'verified'). Security definer: the API roles may not read auth.mfa_factors. One index probe on
-- mfa_factors_user_id_idx (auth.mfa_factors (user_id), created by Supabase Auth). Reached only by
-- private.is_admin for an admin's session below aal2.
create function private.has_verified_mfa_factor()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from auth.mfa_factors f
     where f.user_id = (select auth.uid()) and f.status = 'verified'
  )
$$;

comment on function private.has_verified_mfa_factor() is
  'True when the caller (auth.uid()) has a verified MFA factor. Used by private.is_admin.';

revoke all on function private.has_verified_mfa_factor() from public;
grant execute on function private.has_verified_mfa_factor() to authenticated, service_role;

-- Admin = the JWT claim app_metadata.admin = true. app_metadata is writable only by the service
-- role / SQL, never by the user (user_metadata is ignored on purpose). An admin who has a verified
-- second factor always needs a session that verified it (JWT claim aal = 'aal2'), whatever the
-- setting: Supabase's documented pattern, so that a stolen password alone never reaches the back
-- office of an admin who enrolled a factor. With the setting "Bắt buộc xác thực hai lớp cho quản
-- trị viên" (settings.require_admin_mfa, off by default) every admin needs aal2
-- (docs/decisions.md#admin-second-factor). Every policy calls this function (wrapped in a select:
-- once per statement), and so do the column-locking triggers, so it stays cheap: the admin claim
-- decides first (anon, customers and providers never read anything), then the aal claim, and only
-- an admin's aal1 session looks up its verified factors (one index probe) and then reads the one
-- settings row by its primary key. PL/pgSQL runs that read only when it is reached, so the
-- function stays security invoker: the admin's own role (authenticated) reads the row through
-- settings_authenticated_select, and anon, which may not read the column, never gets there.
create function private.is_admin()
returns boolean
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if coalesce((auth.jwt() -> 'app_metadata' ->> 'admin') = 'true', false) is not true then
    return false;
  end if;
  if auth.jwt() ->> 'aal' = 'aal2' then
    return true;
  end if;
  if private.has_verified_mfa_factor() then
    return false;
  end if;
  return not coalesce((select s.require_admin_mfa from public.settings s where s.id = 'app'), false);
end
$$;

comment on function private.is_admin() is
  'True when the caller''s JWT carries app_metadata.admin = true and, when the caller has a verified MFA factor or settings.require_admin_mfa is on, aal = aal2. Used (wrapped in a select) by every RLS policy.';

revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- True for a request made through the API by a signed-in user who is not an admin. Used by the
-- BEFORE UPDATE triggers that lock money / status / role columns.
create function private.is_api_non_admin()
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

create function private.set_updated_at()
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

-- The gate of every admin function (docs/database.md#roles): admins (JWT claim) and the service
-- role pass, anyone else gets 42501.
create function private.assert_admin()
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not ((select private.is_admin()) or (select auth.role()) = 'service_role') then
    raise exception 'permission denied: admin only' using errcode = '42501';
  end if;
end
$$;

comment on function private.assert_admin() is 'Raises 42501 unless the caller is an admin (or the service role).';

revoke all on function private.assert_admin() from public, anon;
grant execute on function private.assert_admin() to authenticated, service_role;

-- The search text an admin types is matched literally: the LIKE wildcards % and _ (and the escape
-- character \) are escaped, and the text may appear anywhere in the value. (The admin lists match
-- typed text through private.vi_search_condition; this pattern compares a typed part of an id.)
create function private.admin_like_pattern(p_text text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case
    when nullif(btrim(coalesce(p_text, '')), '') is null then null
    else '%' || replace(replace(replace(btrim(p_text), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end
$$;

comment on function private.admin_like_pattern(text) is
  'ilike pattern "%text%" with the LIKE wildcards of the text escaped; null for blank text.';

revoke all on function private.admin_like_pattern(text) from public, anon;
grant execute on function private.admin_like_pattern(text) to authenticated, service_role;
