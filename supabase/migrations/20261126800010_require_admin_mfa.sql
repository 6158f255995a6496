-- Two-factor authentication for admins (docs/decisions.md#admin-second-factor): the setting
-- "Bắt buộc xác thực hai lớp cho quản trị viên" (settings.require_admin_mfa, off by default) makes
-- every admin check require a session that verified a second factor (JWT claim aal = 'aal2').
-- private.is_admin() is called by every policy (wrapped in a select: once per statement) and by the
-- column-locking triggers, so it stays cheap: the admin claim decides first (anon, customers and
-- providers never read the settings row), then the aal claim, and only an admin's aal1 session
-- reads the one settings row by its primary key. PL/pgSQL runs that read only when it is reached,
-- so the function stays security invoker: the admin's own role (authenticated) reads the row
-- through settings_authenticated_select, and anon, which may not read the column, never gets there.

alter table public.settings
  add column require_admin_mfa boolean not null default false;

comment on column public.settings.require_admin_mfa is
  'When true, admins reach data only with an aal2 session (a verified second factor); see private.is_admin().';

create or replace function private.is_admin()
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
  return not coalesce((select s.require_admin_mfa from public.settings s where s.id = 'app'), false);
end
$$;

comment on function private.is_admin() is
  'True when the caller''s JWT carries app_metadata.admin = true and, when settings.require_admin_mfa is on, aal = aal2. Used (wrapped in a select) by every RLS policy.';

revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;
