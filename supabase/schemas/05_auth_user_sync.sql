-- Profile row for every new auth user; last_login_at follows auth.users.last_sign_in_at and email
-- follows auth.users.email. All three trigger functions are security definer: they run for the Auth
-- server's role and write public.profiles as its owner.

-- A new account's profile: the role from app_metadata only; a name longer than the profile allows
-- is cut, a phone in user_metadata that is not a Vietnamese number is left out, so that signing up
-- never fails on them.
create function private.handle_new_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_phone text := private.normalize_vn_phone(
    coalesce(nullif(btrim(new.phone), ''), nullif(btrim(new.raw_user_meta_data ->> 'phone'), '')));
begin
  insert into public.profiles (id, role, name, email, phone, avatar_url, last_login_at, created_at, updated_at)
  values (
    new.id,
    -- The role comes from app_metadata (set by the service role), never from user_metadata.
    case when new.raw_app_meta_data ->> 'role' = 'provider' then 'provider' else 'customer' end,
    left(coalesce(
      nullif(btrim(new.raw_user_meta_data ->> 'name'), ''),
      nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
      nullif(split_part(coalesce(new.email, ''), '@', 1), ''),
      'Người dùng'
    ), 100),
    nullif(btrim(new.email), ''),
    case when private.is_vn_phone(v_phone) then v_phone end,
    case when char_length(btrim(new.raw_user_meta_data ->> 'avatar_url')) <= 2048
      then nullif(btrim(new.raw_user_meta_data ->> 'avatar_url'), '') end,
    new.last_sign_in_at,
    coalesce(new.created_at, now()),
    coalesce(new.created_at, now())
  )
  on conflict (id) do nothing;
  return new;
end
$$;
revoke all on function private.handle_new_auth_user() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_auth_user();

create function private.handle_auth_user_sign_in()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles
     set last_login_at = new.last_sign_in_at
   where id = new.id
     and last_login_at is distinct from new.last_sign_in_at;
  return new;
end
$$;
revoke all on function private.handle_auth_user_sign_in() from public, anon, authenticated;

create trigger on_auth_user_signed_in
  after update of last_sign_in_at on auth.users
  for each row
  when (new.last_sign_in_at is distinct from old.last_sign_in_at)
  execute function private.handle_auth_user_sign_in();

-- profiles.email follows auth.users.email when the account's e-mail changes (the profile's e-mail
-- changes only this way, private.profiles_email_follows_auth).
create function private.handle_auth_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles
     set email = nullif(btrim(new.email), '')
   where id = new.id
     and email is distinct from nullif(btrim(new.email), '');
  return null;
end
$$;
revoke all on function private.handle_auth_user_email_change() from public, anon, authenticated;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (new.email is distinct from old.email)
  execute function private.handle_auth_user_email_change();
