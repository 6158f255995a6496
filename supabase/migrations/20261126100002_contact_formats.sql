-- E-mail and phone formats of profiles and settings (docs/product.md#input-rules), and the profile's
-- e-mail as the sign-in e-mail (docs/decisions.md#the-profile-e-mail-is-the-sign-in-e-mail).

-- An e-mail address: one @, a local part of the usual characters, a domain of dot-separated labels.
create or replace function private.is_email(p_value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p_value ~* '^[a-z0-9.!#$%&''*+/=?^_`{|}~-]{1,64}@[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$'
$$;

-- A Vietnamese phone number as typed: spaces and dots dropped, +84 written as 0. Anything else is
-- returned as given (trimmed) so that the check constraint refuses it.
create or replace function private.normalize_vn_phone(p_value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_value is null then null
    when regexp_replace(p_value, '[ .]', '', 'g') ~ '^\+84[0-9]{9,10}$'
      then '0' || substr(regexp_replace(p_value, '[ .]', '', 'g'), 4)
    when regexp_replace(p_value, '[ .]', '', 'g') ~ '^0[0-9]{9,10}$'
      then regexp_replace(p_value, '[ .]', '', 'g')
    else btrim(p_value)
  end
$$;

-- A stored (normalised) Vietnamese phone number: 0 followed by 9 or 10 digits.
create or replace function private.is_vn_phone(p_value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p_value ~ '^0[0-9]{9,10}$'
$$;

grant execute on function private.is_email(text), private.normalize_vn_phone(text), private.is_vn_phone(text)
  to anon, authenticated, service_role;

-- Profiles: e-mail lower-case, phone normalised. Runs after profiles_before_write (which trims),
-- triggers firing in name order.
create or replace function private.profiles_normalize_contact()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.email := lower(new.email);
  new.phone := private.normalize_vn_phone(new.phone);
  return new;
end
$$;
revoke all on function private.profiles_normalize_contact() from public, anon, authenticated;

create trigger profiles_normalize_contact
  before insert or update of email, phone on public.profiles
  for each row execute function private.profiles_normalize_contact();

update public.profiles set email = lower(email), phone = private.normalize_vn_phone(phone)
 where email <> lower(email) or phone is distinct from private.normalize_vn_phone(phone);

alter table public.profiles
  add constraint profiles_email_format check (private.is_email(email) and email = lower(email)),
  add constraint profiles_phone_format check (private.is_vn_phone(phone));

create unique index profiles_email_lower_key on public.profiles (lower(email));

-- The profile's e-mail is the account's sign-in e-mail: it changes only when auth.users.email
-- changes (private.handle_auth_user_email_change copies it), for everyone, admins and the service
-- role included. Security definer to read auth.users.
create or replace function private.profiles_email_follows_auth()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_auth_email text;
begin
  if lower(btrim(new.email)) is not distinct from lower(old.email) then
    return new;
  end if;
  select lower(nullif(btrim(u.email), '')) into v_auth_email from auth.users u where u.id = new.id;
  if lower(nullif(btrim(new.email), '')) is distinct from v_auth_email then
    raise exception 'profiles.email is the sign-in e-mail and changes only with it'
      using errcode = '42501', constraint = 'profiles_email_follows_auth',
            hint = 'Change the e-mail of the account (Auth), the profile follows.';
  end if;
  return new;
end
$$;
revoke all on function private.profiles_email_follows_auth() from public, anon, authenticated;

create trigger profiles_email_follows_auth
  before update of email on public.profiles
  for each row execute function private.profiles_email_follows_auth();

-- A new account's profile: a name longer than the profile allows is cut, a phone in user_metadata
-- that is not a Vietnamese number is left out, so that signing up never fails on them.
create or replace function private.handle_new_auth_user()
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

-- Settings: the admin e-mail is an e-mail; the contact phone is empty, a Vietnamese number or a
-- 1800 / 1900 hotline, spaces and dots allowed (it is shown as typed on the public site).
alter table public.settings
  add constraint settings_admin_email_format check (private.is_email(admin_email)),
  add constraint settings_contact_phone_format check (
    contact_phone = ''
    or private.is_vn_phone(private.normalize_vn_phone(contact_phone))
    or regexp_replace(contact_phone, '[ .]', '', 'g') ~ '^1[89]00[0-9]{4,6}$'
  );
