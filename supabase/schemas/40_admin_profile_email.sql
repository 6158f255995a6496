-- An admin changes a customer's or a provider's e-mail, which is their sign-in e-mail
-- (docs/decisions.md#an-admin-changes-the-sign-in-e-mail): one security definer function, callable
-- through the API by an admin only, changes auth.users and the Auth "email" identity as Supabase
-- Auth's admin update does (the profile follows through on_auth_user_email_changed), in one
-- transaction, and queues a notice to the old and the new address in private.email_outbox.

-- Notices the database asks to be e-mailed. The local stack's Auth server sends them into its
-- mailbox and marks them sent; on hosted Supabase a Database Webhook on insert (or a scheduled
-- Edge Function reading the unsent rows with the service role) delivers them
-- (docs/database.md#e-mail-outbox).
create table private.email_outbox (
  id bigint generated always as identity primary key,
  to_email text not null constraint email_outbox_to_email_format check (private.is_email(to_email)),
  kind text not null constraint email_outbox_kind_check check (kind in ('email_changed_old', 'email_changed_new')),
  profile_id uuid references public.profiles (id) on delete cascade,
  -- What the notice says: {"old_email": …, "new_email": …}.
  payload jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

comment on table private.email_outbox is
  'E-mails the database asks to send (sent_at null until delivered): the local stack''s mailer, or a Database Webhook / Edge Function on hosted Supabase.';

create index email_outbox_unsent_idx on private.email_outbox (created_at) where sent_at is null;
create index email_outbox_profile_id_idx on private.email_outbox (profile_id);

alter table private.email_outbox enable row level security;
revoke all on table private.email_outbox from public, anon, authenticated;
grant select, update on table private.email_outbox to service_role;

-- Only the delivery reads and marks the rows (an Edge Function with the service role on hosted
-- Supabase); the API's other roles have no grant, and the function above writes as its owner.
create policy email_outbox_service_role_delivery on private.email_outbox
  for all to service_role using (true) with check (true);

-- p_expected_updated_at: the profile's updated_at the admin saw; when the profile changed since,
-- nothing is written and the answer is null (the screen reloads and says so). Otherwise the answer
-- is the profile's new updated_at. Refusals: blank (profiles_email_required), not an e-mail
-- (profiles_email_format), used by another account (profiles_email_taken), not an admin, an
-- admin's account, no such profile.
create function private.admin_set_profile_email(p_id uuid, p_email text, p_expected_updated_at timestamptz)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_profile public.profiles%rowtype;
  v_old text;
  v_is_admin boolean;
  v_updated_at timestamptz;
begin
  perform private.assert_admin();
  if v_email = '' then
    raise exception 'new row for relation "profiles" violates check constraint "profiles_email_required"'
      using errcode = '23514', constraint = 'profiles_email_required';
  end if;
  if char_length(v_email) > 254 then
    raise exception 'new row for relation "profiles" violates check constraint "profiles_email_length"'
      using errcode = '23514', constraint = 'profiles_email_length';
  end if;
  if not private.is_email(v_email) then
    raise exception 'new row for relation "profiles" violates check constraint "profiles_email_format"'
      using errcode = '23514', constraint = 'profiles_email_format';
  end if;

  select * into v_profile from public.profiles where id = p_id for update;
  select u.email, coalesce((u.raw_app_meta_data ->> 'admin')::boolean, false)
    into v_old, v_is_admin
    from auth.users u where u.id = p_id for update;
  if v_profile.id is null then
    raise exception 'profile % not found', p_id using errcode = 'P0002';
  end if;
  if v_is_admin then
    raise exception 'permission denied: an admin''s sign-in e-mail is changed by that admin' using errcode = '42501';
  end if;
  if v_profile.updated_at is distinct from p_expected_updated_at then
    return null;
  end if;
  if lower(v_old) is not distinct from v_email then
    return v_profile.updated_at;
  end if;
  if exists (select 1 from auth.users u where lower(u.email) = v_email and u.id <> p_id)
     or exists (select 1 from public.profiles p where lower(p.email) = v_email and p.id <> p_id) then
    raise exception 'duplicate key value violates unique constraint "profiles_email_taken"'
      using errcode = '23505', constraint = 'profiles_email_taken';
  end if;

  begin
    -- As Supabase Auth's admin update with email_confirm and its confirmed e-mail change do: the new
    -- address is the confirmed sign-in e-mail, any pending change and its tokens are dropped.
    update auth.users
       set email = v_email,
           email_confirmed_at = coalesce(email_confirmed_at, now()),
           email_change = '',
           email_change_token_new = '',
           email_change_token_current = '',
           email_change_confirm_status = 0,
           email_change_sent_at = null,
           updated_at = now()
     where id = p_id;
  exception when unique_violation then
    raise exception 'duplicate key value violates unique constraint "profiles_email_taken"'
      using errcode = '23505', constraint = 'profiles_email_taken';
  end;
  if to_regclass('auth.one_time_tokens') is not null then
    execute 'delete from auth.one_time_tokens where user_id = $1' using p_id;
  end if;
  update auth.identities
     set identity_data = identity_data || jsonb_build_object('email', v_email, 'email_verified', true),
         updated_at = now()
   where user_id = p_id and provider = 'email';
  if not found then
    insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
    values (p_id::text, p_id, jsonb_build_object('sub', p_id::text, 'email', v_email, 'email_verified', true), 'email', now(), now());
  end if;

  -- The notices: the old address learns where its account went, the new one that it signs in now.
  if v_old is not null and private.is_email(lower(v_old)) then
    insert into private.email_outbox (to_email, kind, profile_id, payload)
    values (lower(v_old), 'email_changed_old', p_id, jsonb_build_object('old_email', lower(v_old), 'new_email', v_email));
  end if;
  insert into private.email_outbox (to_email, kind, profile_id, payload)
  values (v_email, 'email_changed_new', p_id, jsonb_build_object('old_email', lower(v_old), 'new_email', v_email));

  select updated_at into v_updated_at from public.profiles where id = p_id;
  return v_updated_at;
end
$$;

revoke all on function private.admin_set_profile_email(uuid, text, timestamptz) from public, anon;
grant execute on function private.admin_set_profile_email(uuid, text, timestamptz) to authenticated, service_role;

-- The API's entry (security invoker, as every function of the exposed schema): the work is
-- private.admin_set_profile_email's, which checks the caller is an admin first.
create function public.admin_set_profile_email(p_id uuid, p_email text, p_expected_updated_at timestamptz)
returns timestamptz
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.admin_set_profile_email(p_id, p_email, p_expected_updated_at)
$$;

comment on function public.admin_set_profile_email(uuid, text, timestamptz) is
  'Admin only: a customer''s or provider''s sign-in e-mail (auth.users, the email identity, the profile) in one transaction, both addresses notified through private.email_outbox; null when the profile changed since p_expected_updated_at.';

revoke all on function public.admin_set_profile_email(uuid, text, timestamptz) from public, anon;
grant execute on function public.admin_set_profile_email(uuid, text, timestamptz) to authenticated, service_role;
