-- Helpers shared by the admin finance / moderation list functions (commissions, deposits,
-- conversations, reviews): the admin gate and a LIKE pattern that matches the admin's text
-- literally (the wildcards % and _ they might type are escaped).

create or replace function private.admin_like_pattern(p_text text)
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

create or replace function private.assert_admin()
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
