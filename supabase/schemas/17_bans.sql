-- Bans hold (docs/decisions.md#bans-hold): a profile whose status is `banned` is a user Supabase Auth
-- refuses and the database ignores.
--   * Setting `banned` sets auth.users.banned_until far in the future (Supabase Auth then answers
--     sign-in, refresh and /user with `user_banned`) and ends every session of the user (their
--     refresh tokens go with them); leaving `banned` clears banned_until, so the user may sign in again.
--   * An access token issued before the ban stays valid until it expires, so row-level security
--     refuses the banned user everything: a restrictive policy on every table of `public` (and on
--     storage.objects) lets through only callers whose profile is not banned.
-- Plain SQL triggers and policies, so the same holds on hosted Supabase. Both functions are
-- security definer (the trigger writes auth.users; the policies' check reads the caller's own
-- profile whatever the policies of profiles say). This file comes after every file that creates a
-- table of `public`.

-- The ban follows profiles.status ------------------------------------------------------------------

create function private.profiles_sync_ban()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'banned' and (tg_op = 'INSERT' or old.status is distinct from 'banned') then
    -- Nobody bans themselves (an admin would lock themselves out of the back office).
    if new.id = auth.uid() then
      raise exception 'Không thể tự cấm tài khoản của chính mình' using errcode = '42501', hint = 'self_ban';
    end if;
    -- 100 years, as Supabase Auth's `ban_duration: "876000h"` gives.
    update auth.users
       set banned_until = now() + interval '876000 hours',
           updated_at = now()
     where id = new.id;
    -- Sessions end (auth.refresh_tokens and auth.mfa_amr_claims cascade from auth.sessions);
    -- refresh tokens older than sessions hang on the user only.
    delete from auth.sessions where user_id = new.id;
    delete from auth.refresh_tokens where user_id = new.id::text;
  elsif tg_op = 'UPDATE' and old.status = 'banned' and new.status <> 'banned' then
    update auth.users
       set banned_until = null,
           updated_at = now()
     where id = new.id
       and banned_until is not null;
  end if;
  return null;
end
$$;
revoke all on function private.profiles_sync_ban() from public, anon, authenticated;

create trigger profiles_sync_ban
  after insert or update of status on public.profiles
  for each row execute function private.profiles_sync_ban();

-- Row-level security refuses a banned caller ---------------------------------------------------------

-- True when the signed-in caller's profile is banned. Security definer: it reads the caller's own
-- profile row whatever the policies of profiles say (no recursion through them).
create function private.caller_is_banned()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.profiles p where p.id = auth.uid() and p.status = 'banned')
$$;
comment on function private.caller_is_banned() is
  'True when auth.uid()''s profile is banned. Used (wrapped in a select) by the restrictive *_not_banned policies.';
revoke all on function private.caller_is_banned() from public;
grant execute on function private.caller_is_banned() to authenticated, service_role;

-- One restrictive policy per table with row-level security in `public`, for every command of the
-- `authenticated` role: combined with AND with the table's permissive policies, so a banned user
-- reads and writes nothing while any other caller is unaffected.
do $$
declare
  v_table text;
begin
  for v_table in
    select c.relname
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
     order by c.relname
  loop
    execute format(
      'create policy %I on public.%I as restrictive for all to authenticated
         using (not (select private.caller_is_banned()))
         with check (not (select private.caller_is_banned()))',
      v_table || '_not_banned', v_table);
  end loop;
end
$$;

create policy sdv_objects_not_banned on storage.objects
  as restrictive for all to authenticated
  using (not (select private.caller_is_banned()))
  with check (not (select private.caller_is_banned()));
