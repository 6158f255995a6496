-- Baseline: the whole schema of Sàn Dịch Vụ in one migration, generated from the declarative
-- schemas when the 32 migrations of the first version were squashed (nothing had been deployed):
-- the files of supabase/schemas (docs/database.md#declarative-schemas) concatenated in the order of
-- `[db.migrations] schema_paths`, each under a line naming it. The schema files are where each
-- object is read and changed; this file is history and is never edited again. A schema change is
-- a new migration written by `npm run db:diff -- <name>`, and `npm run db:diff -- --check` proves
-- that the migrations give the same database as the schema files.

-- ================================================================================================
-- supabase/schemas/01_private_helpers.sql
-- ================================================================================================

-- Foundations shared by every later file: pg_trgm, the `private` schema (never exposed through
-- the API), the admin checks (private.is_admin for policies and triggers, private.assert_admin for
-- admin functions, private.is_api_non_admin for the column locks), the updated_at trigger function
-- and the literal LIKE pattern of searches. Every function here is security invoker.

create extension if not exists pg_trgm with schema extensions;

create schema private;
revoke all on schema private from public;
-- Policies call private.is_admin(), so the API roles need USAGE on the schema (nothing else).
grant usage on schema private to anon, authenticated, service_role;
alter default privileges in schema private revoke execute on functions from public;

-- Admin = the JWT claim app_metadata.admin = true. app_metadata is writable only by the service
-- role / SQL, never by the user (user_metadata is ignored on purpose). With the setting "Bắt buộc
-- xác thực hai lớp cho quản trị viên" (settings.require_admin_mfa, off by default) an admin also
-- needs a session that verified a second factor (JWT claim aal = 'aal2',
-- docs/decisions.md#admin-second-factor). Every policy calls this function (wrapped in a select:
-- once per statement), and so do the column-locking triggers, so it stays cheap: the admin claim
-- decides first (anon, customers and providers never read the settings row), then the aal claim,
-- and only an admin's aal1 session reads the one settings row by its primary key. PL/pgSQL runs
-- that read only when it is reached, so the function stays security invoker: the admin's own role
-- (authenticated) reads the row through settings_authenticated_select, and anon, which may not
-- read the column, never gets there.
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
  return not coalesce((select s.require_admin_mfa from public.settings s where s.id = 'app'), false);
end
$$;

comment on function private.is_admin() is
  'True when the caller''s JWT carries app_metadata.admin = true and, when settings.require_admin_mfa is on, aal = aal2. Used (wrapped in a select) by every RLS policy.';

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

-- ================================================================================================
-- supabase/schemas/02_vietnamese_text.sql
-- ================================================================================================

-- Vietnamese text as people type it, and the formats of e-mails and phone numbers
-- (docs/product.md#input-rules). Every function here is security invoker.
--   * private.vi_fold: lower case without accents, so a search folds case and accents on both
--     sides: "nguyen" finds "Nguyễn", "ca ngay" finds "Cả ngày" and "do" finds "Đỗ" (unaccent's
--     rules map đ/Đ to d). Immutable so that expression indexes (trigram and btree) and stored
--     generated columns can be built on it; the dictionary is named with its schema so the result
--     never depends on the caller's search_path.
--   * the collation private.vi orders names as a Vietnamese reader expects (ICU: "Hồ" before
--     "Huỳnh", "Đ" after "D").
--   * private.vi_search_condition: the WHERE condition of a typed text on a folded column, for the
--     admin lists (docs/search.md).
--   * private.is_email, private.normalize_vn_phone, private.is_vn_phone: the formats the check
--     constraints of profiles and settings enforce.

create extension if not exists unaccent with schema extensions;

create function private.vi_fold(p_text text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, p_text))
$$;

comment on function private.vi_fold(text) is
  'Lower case without Vietnamese accents (đ → d): the form in which searches and accent-insensitive uniqueness compare text. Immutable, for expression indexes.';

revoke all on function private.vi_fold(text) from public;
grant execute on function private.vi_fold(text) to anon, authenticated, service_role;

create collation private.vi (provider = icu, locale = 'vi-VN');

comment on collation private.vi is
  'Vietnamese order (ICU vi-VN), for lists and pickers sorted by name.';

-- The condition "the folded column matches the typed text" as SQL with the text inlined as a quoted
-- literal; null for blank text. p_folded is SQL written by a list function (never typed text): a
-- column that holds private.vi_fold of the searched text (the `*_folded` generated columns, with a
-- trigram GIN index each), or a private.vi_fold(...) expression on the small catalogue tables.
--   3+ characters, or any text with punctuation: the folded value contains the folded text
--     (`like '%text%'`, LIKE's wildcards typed by the admin escaped);
--   1–2 letters or digits: a word starts with them, i.e. they start the value or follow a space
--     (`col like 'do%' or col like '% do%'`; letters and digits need no escaping). Each LIKE is an
--     exact condition of the trigram index, through the trigrams pg_trgm keeps for the start of
--     every word ("  d", " do"), and tests a row about three times faster than the regular
--     expression `(^| )do` would (a deep page of a frequent word tests thousands of rows).
create function private.vi_search_condition(p_folded text, p_text text)
returns text
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_text text := private.vi_fold(btrim(coalesce(p_text, '')));
begin
  if v_text = '' then
    return null;
  end if;
  if char_length(v_text) <= 2 and v_text ~ '^[[:alnum:]]+$' then
    return format('(%1$s like %2$L or %1$s like %3$L)', p_folded, v_text || '%', '% ' || v_text || '%');
  end if;
  return format('%s like %L', p_folded,
                '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%');
end
$$;

comment on function private.vi_search_condition(text, text) is
  'SQL condition: the folded column matches the typed text accent- and case-insensitively (3+ characters: contains; 1–2 letters: a word starts with them). Null for blank text.';

-- Only the admin list functions (security definer, running as the owner) call it.
revoke all on function private.vi_search_condition(text, text) from public, anon, authenticated, service_role;

-- An e-mail address: one @, a local part of the usual characters, a domain of dot-separated labels.
create function private.is_email(p_value text)
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
create function private.normalize_vn_phone(p_value text)
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
create function private.is_vn_phone(p_value text)
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

-- ================================================================================================
-- supabase/schemas/03_settings.sql
-- ================================================================================================

-- The one settings row (id = 'app'), docs/decisions.md#one-settings-row: commission rate, minimum
-- deposit, site name, contact information, maintenance mode, banners, the mobile app's store
-- links (docs/screens.md#settings-and-banners) and whether admins need a second factor
-- (docs/decisions.md#admin-second-factor, read by private.is_admin). Every user-entered text has a
-- length bound and every amount a range (docs/product.md#input-rules), each its own constraint
-- (<table>_<column>_length / _range) so that the screens can name the field the database refuses.

create table public.settings (
  id text primary key default 'app' constraint settings_single_row check (id = 'app'),
  admin_email text not null default 'admin@sandichvu.vn'
    constraint settings_admin_email_check check (btrim(admin_email) <> '' and position('@' in admin_email) > 1),
  site_name text not null default 'Sàn Dịch Vụ' constraint settings_site_name_check check (btrim(site_name) <> ''),
  site_description text not null default '',
  contact_phone text not null default '',
  contact_address text not null default '',
  commission_rate numeric(5, 2) not null default 10
    constraint settings_commission_rate_check check (commission_rate between 0 and 100),
  min_deposit_amount bigint not null default 0
    constraint settings_min_deposit_amount_check check (min_deposit_amount >= 0),
  maintenance_mode boolean not null default false,
  featured_banner_url text,
  voucher_banner_url text,
  updated_at timestamptz not null default now(),
  -- Store links of the mobile app: the public site's App Store / Google Play badges link to them;
  -- null = not published yet (the badges show without a link). Only https addresses without
  -- spaces, at most 500 characters, for the admin too.
  app_store_url text
    constraint settings_app_store_url_check
    check (app_store_url is null or (char_length(app_store_url) <= 500 and app_store_url ~ '^https://[^[:space:]/?#]+[^[:space:]]*$')),
  google_play_url text
    constraint settings_google_play_url_check
    check (google_play_url is null or (char_length(google_play_url) <= 500 and google_play_url ~ '^https://[^[:space:]/?#]+[^[:space:]]*$')),
  require_admin_mfa boolean not null default false,
  -- Input bounds.
  constraint settings_admin_email_length check (char_length(admin_email) <= 254),
  constraint settings_site_name_length check (char_length(site_name) <= 100),
  constraint settings_site_description_length check (char_length(site_description) <= 1000),
  constraint settings_contact_phone_length check (char_length(contact_phone) <= 20),
  constraint settings_contact_address_length check (char_length(contact_address) <= 300),
  constraint settings_min_deposit_amount_range check (min_deposit_amount <= 1000000000),
  constraint settings_featured_banner_url_length check (char_length(featured_banner_url) <= 2048),
  constraint settings_voucher_banner_url_length check (char_length(voucher_banner_url) <= 2048),
  -- Formats: the admin e-mail is an e-mail; the contact phone is empty, a Vietnamese number or a
  -- 1800 / 1900 hotline, spaces and dots allowed (it is shown as typed on the public site).
  constraint settings_admin_email_format check (private.is_email(admin_email)),
  constraint settings_contact_phone_format check (
    contact_phone = ''
    or private.is_vn_phone(private.normalize_vn_phone(contact_phone))
    or regexp_replace(contact_phone, '[ .]', '', 'g') ~ '^1[89]00[0-9]{4,6}$'
  )
);

comment on table public.settings is 'Global settings, exactly one row (id = ''app'').';
comment on column public.settings.app_store_url is 'App Store page of the mobile app (https), linked by the public site''s badge; null when not published.';
comment on column public.settings.google_play_url is 'Google Play page of the mobile app (https), linked by the public site''s badge; null when not published.';
comment on column public.settings.require_admin_mfa is
  'When true, admins reach data only with an aal2 session (a verified second factor); see private.is_admin().';

alter table public.settings enable row level security;

create trigger settings_set_updated_at
  before update on public.settings
  for each row execute function private.set_updated_at();

revoke all on table public.settings from anon, authenticated;
-- anon (the public site) reads only the public columns; `select *` as anon is denied on purpose.
grant select (id, site_name, site_description, contact_phone, contact_address, admin_email,
              maintenance_mode, featured_banner_url, voucher_banner_url, updated_at,
              app_store_url, google_play_url)
  on table public.settings to anon;
grant select, insert, update on table public.settings to authenticated;
grant all on table public.settings to service_role;

create policy settings_anon_select on public.settings
  for select to anon
  using (id = 'app');

create policy settings_authenticated_select on public.settings
  for select to authenticated
  using (id = 'app');

create policy settings_admin_insert on public.settings
  for insert to authenticated
  with check ((select private.is_admin()));

create policy settings_admin_update on public.settings
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

insert into public.settings (id) values ('app');

-- ================================================================================================
-- supabase/schemas/04_profiles.sql
-- ================================================================================================

-- Customers and providers: profiles.id = auth.users.id (docs/decisions.md#platform-mapping). Admin
-- is a JWT claim, not a role. Contact fields are normalised (e-mail lower case, Vietnamese phone
-- numbers as 0…) and bounded (docs/product.md#input-rules); the profile's e-mail is the account's
-- sign-in e-mail (docs/decisions.md#the-profile-e-mail-is-the-sign-in-e-mail). name_folded and
-- email_folded are the accent-free copies the admin lists search (docs/search.md), each with a
-- trigram index; btree indexes serve the lists' sorts.
-- Trigger functions: profiles_before_write, profiles_protect_columns and profiles_normalize_contact
-- are security invoker; profiles_email_follows_auth is security definer (it reads auth.users).
-- Other triggers on profiles belong to their areas: the auth user sync, the audit log, the rollups,
-- the ledger's money guard and the bans.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  role text not null default 'customer' constraint profiles_role_check check (role in ('customer', 'provider')),
  name text not null constraint profiles_name_check check (btrim(name) <> ''),
  email text constraint profiles_email_check check (email is null or (btrim(email) <> '' and position('@' in email) > 1)),
  phone text constraint profiles_phone_check check (phone is null or btrim(phone) <> ''),
  avatar_url text,
  -- No column default: the BEFORE INSERT trigger picks the role's default (docs/decisions.md#statuses-live-in-the-database).
  status text not null,
  deposit bigint not null default 0 constraint profiles_deposit_check check (deposit >= 0),
  total_earnings bigint not null default 0 constraint profiles_total_earnings_check check (total_earnings >= 0),
  total_bookings integer not null default 0 constraint profiles_total_bookings_check check (total_bookings >= 0),
  saved_addresses jsonb not null default '[]'::jsonb
    constraint profiles_saved_addresses_check check (jsonb_typeof(saved_addresses) = 'array'),
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  name_folded text generated always as (private.vi_fold(name)) stored,
  email_folded text generated always as (private.vi_fold(email)) stored,
  constraint profiles_status_check check (
    (role = 'provider' and status in ('inactive', 'pending_approval', 'active', 'banned'))
    or (role = 'customer' and status in ('active', 'inactive', 'banned', 'pending_approval'))
  ),
  -- Input bounds. Saved addresses: at most 20, the whole list at most 20,000 characters of JSON.
  constraint profiles_name_length check (char_length(name) <= 100),
  constraint profiles_email_length check (char_length(email) <= 254),
  constraint profiles_avatar_url_length check (char_length(avatar_url) <= 2048),
  constraint profiles_saved_addresses_length check (
    jsonb_array_length(saved_addresses) <= 20 and char_length(saved_addresses::text) <= 20000
  ),
  -- Formats (profiles_normalize_contact writes them so).
  constraint profiles_email_format check (private.is_email(email) and email = lower(email)),
  constraint profiles_phone_format check (private.is_vn_phone(phone))
);

comment on table public.profiles is 'One row per auth user: customers and providers. deposit / total_earnings / total_bookings are maintained by the database.';
comment on column public.profiles.total_bookings is 'Bookings where this profile is the customer (maintained by trigger).';
comment on column public.profiles.total_earnings is 'Sum of provider_amount of this provider''s commissions (maintained by trigger).';
comment on column public.profiles.name_folded is 'private.vi_fold(name): accent-insensitive search (docs/search.md).';
comment on column public.profiles.email_folded is 'private.vi_fold(email): accent-insensitive search (docs/search.md).';

alter table public.profiles enable row level security;

-- The default order of the customers and providers lists; the index includes what their typed
-- text and their other filters read, so that a page's ids (and the rows a deep page skips) come
-- from the index alone (private.admin_sorted_page, docs/search.md).
create index profiles_role_created_at_search_idx on public.profiles (role, created_at desc, id desc)
  include (name_folded, email_folded, status);
-- The providers' names have their own trigram index: a provider-name lookup (commissions,
-- deposits, the stat cards) reads a few hundred entries instead of a common word's thousands of
-- customers filtered by role.
create index profiles_provider_name_folded_trgm_idx on public.profiles
  using gin (name_folded extensions.gin_trgm_ops) with (fastupdate = off) where role = 'provider';
create index profiles_role_status_idx on public.profiles (role, status);
create unique index profiles_email_lower_key on public.profiles (lower(email));
create index profiles_name_folded_trgm_idx on public.profiles using gin (name_folded extensions.gin_trgm_ops) with (fastupdate = off);
create index profiles_email_folded_trgm_idx on public.profiles using gin (email_folded extensions.gin_trgm_ops) with (fastupdate = off);
-- Sorts of the customers and providers lists.
create index profiles_role_name_vi_idx on public.profiles (role, name collate private.vi, id);
create index profiles_customer_total_bookings_idx on public.profiles (total_bookings, id) where role = 'customer';
create index profiles_provider_deposit_idx on public.profiles (deposit, id) where role = 'provider';
create index profiles_provider_total_earnings_idx on public.profiles (total_earnings, id) where role = 'provider';

-- Status default by role; trims the editable text fields.
create function private.profiles_before_write()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and new.status is null then
    new.status := case when new.role = 'provider' then 'pending_approval' else 'active' end;
  end if;
  new.name := btrim(new.name);
  new.email := nullif(btrim(new.email), '');
  new.phone := nullif(btrim(new.phone), '');
  return new;
end
$$;
revoke all on function private.profiles_before_write() from public, anon, authenticated;

create trigger profiles_before_write
  before insert or update on public.profiles
  for each row execute function private.profiles_before_write();

-- E-mail lower-case, phone normalised. Runs after profiles_before_write (which trims), triggers
-- firing in name order.
create function private.profiles_normalize_contact()
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

-- A signed-in user who is not an admin may edit only their own contact fields: role, status,
-- money, counters, email and login time are the database's / the admins'.
create function private.profiles_protect_columns()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if private.is_api_non_admin() and (
       new.id is distinct from old.id
    or new.role is distinct from old.role
    or new.status is distinct from old.status
    or new.deposit is distinct from old.deposit
    or new.total_earnings is distinct from old.total_earnings
    or new.total_bookings is distinct from old.total_bookings
    or new.email is distinct from old.email
    or new.last_login_at is distinct from old.last_login_at
    or new.created_at is distinct from old.created_at
  ) then
    raise exception 'permission denied: only an admin may change role, status, deposit, earnings or email'
      using errcode = '42501';
  end if;
  return new;
end
$$;
revoke all on function private.profiles_protect_columns() from public, anon, authenticated;

create trigger profiles_protect_columns
  before update on public.profiles
  for each row execute function private.profiles_protect_columns();

-- The profile's e-mail is the account's sign-in e-mail: it changes only when auth.users.email
-- changes (private.handle_auth_user_email_change copies it), for everyone, admins and the service
-- role included. Security definer to read auth.users.
create function private.profiles_email_follows_auth()
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

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

revoke all on table public.profiles from anon, authenticated;
grant select, update on table public.profiles to authenticated;
grant all on table public.profiles to service_role;

create policy profiles_select on public.profiles
  for select to authenticated
  using ((select private.is_admin()) or id = (select auth.uid()));

create policy profiles_update on public.profiles
  for update to authenticated
  using ((select private.is_admin()) or id = (select auth.uid()))
  with check ((select private.is_admin()) or id = (select auth.uid()));

-- ================================================================================================
-- supabase/schemas/05_auth_user_sync.sql
-- ================================================================================================

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

-- ================================================================================================
-- supabase/schemas/06_catalogue.sql
-- ================================================================================================

-- The catalogue: professions (categories), services (subcategories), packages (service_items).
-- Texts and numbers are bounded (docs/product.md#input-rules). Names are unique whatever the case
-- and the accents (private.vi_fold): two professions cannot both be "Dịch vụ y tế" and "dich vu Y
-- TE"; a service name is unique in its profession and a package name in its service.
-- private.fill_sort_order is security definer (it reads the whole group, whatever the policies).

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint categories_name_check check (btrim(name) <> ''),
  icon text,
  -- Filled with max + 1 in the table by trigger when not given (0 for the first row).
  sort_order integer not null constraint categories_sort_order_check check (sort_order >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Input bounds.
  constraint categories_name_length check (char_length(name) <= 100),
  constraint categories_icon_length check (char_length(icon) <= 64),
  constraint categories_sort_order_range check (sort_order <= 100000)
);
comment on table public.categories is 'Professions (ngành nghề), top-level groups of services.';

create table public.subcategories (
  id uuid primary key default gen_random_uuid(),
  category_id uuid not null references public.categories (id) on delete restrict,
  name text not null constraint subcategories_name_check check (btrim(name) <> ''),
  icon text not null constraint subcategories_icon_check check (btrim(icon) <> ''),
  sort_order integer not null constraint subcategories_sort_order_check check (sort_order >= 0),
  -- Platform percentage; null means "use settings.commission_rate".
  commission_rate numeric(5, 2) constraint subcategories_commission_rate_check check (commission_rate between 0 and 100),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Input bounds.
  constraint subcategories_name_length check (char_length(name) <= 100),
  constraint subcategories_icon_length check (char_length(icon) <= 64),
  constraint subcategories_sort_order_range check (sort_order <= 100000)
);
comment on table public.subcategories is 'Services (dịch vụ) grouped by category.';

create table public.service_items (
  id uuid primary key default gen_random_uuid(),
  subcategory_id uuid not null references public.subcategories (id) on delete restrict,
  name text not null constraint service_items_name_check check (btrim(name) <> ''),
  price bigint not null constraint service_items_price_check check (price > 0),
  duration text not null constraint service_items_duration_check check (btrim(duration) <> ''),
  description text not null constraint service_items_description_check check (btrim(description) <> ''),
  job_details text not null constraint service_items_job_details_check check (btrim(job_details) <> ''),
  sort_order integer not null constraint service_items_sort_order_check check (sort_order >= 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Input bounds.
  constraint service_items_name_length check (char_length(name) <= 150),
  constraint service_items_price_range check (price <= 1000000000),
  constraint service_items_duration_length check (char_length(duration) <= 100),
  constraint service_items_description_length check (char_length(description) <= 2000),
  constraint service_items_job_details_length check (char_length(job_details) <= 5000),
  constraint service_items_sort_order_range check (sort_order <= 100000)
);
comment on table public.service_items is 'Service packages (gói dịch vụ) grouped by service.';

alter table public.categories enable row level security;
alter table public.subcategories enable row level security;
alter table public.service_items enable row level security;

create index categories_sort_order_idx on public.categories (sort_order);
create index subcategories_category_id_sort_order_idx on public.subcategories (category_id, sort_order);
create index service_items_subcategory_id_sort_order_idx on public.service_items (subcategory_id, sort_order);

create unique index categories_name_folded_key on public.categories (private.vi_fold(name));
create unique index subcategories_category_name_folded_key on public.subcategories (category_id, private.vi_fold(name));
create unique index service_items_subcategory_name_folded_key on public.service_items (subcategory_id, private.vi_fold(name));

-- sort_order = max in the group + 1 when not given. A transaction-scoped advisory lock per group
-- keeps two concurrent inserts from taking the same number.
create function private.fill_sort_order()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  next_order integer;
begin
  if new.sort_order is not null then
    return new;
  end if;
  if tg_table_name = 'categories' then
    perform pg_advisory_xact_lock(hashtext('sort_order:categories'));
    select coalesce(max(sort_order), -1) + 1 into next_order from public.categories;
  elsif tg_table_name = 'subcategories' then
    perform pg_advisory_xact_lock(hashtext('sort_order:subcategories:' || new.category_id::text));
    select coalesce(max(sort_order), -1) + 1 into next_order
      from public.subcategories where category_id = new.category_id;
  elsif tg_table_name = 'service_items' then
    perform pg_advisory_xact_lock(hashtext('sort_order:service_items:' || new.subcategory_id::text));
    select coalesce(max(sort_order), -1) + 1 into next_order
      from public.service_items where subcategory_id = new.subcategory_id;
  else
    raise exception 'fill_sort_order: unexpected table %', tg_table_name;
  end if;
  new.sort_order := next_order;
  return new;
end
$$;
revoke all on function private.fill_sort_order() from public, anon, authenticated;

create trigger categories_fill_sort_order before insert on public.categories
  for each row execute function private.fill_sort_order();
create trigger subcategories_fill_sort_order before insert on public.subcategories
  for each row execute function private.fill_sort_order();
create trigger service_items_fill_sort_order before insert on public.service_items
  for each row execute function private.fill_sort_order();

create trigger categories_set_updated_at before update on public.categories
  for each row execute function private.set_updated_at();
create trigger subcategories_set_updated_at before update on public.subcategories
  for each row execute function private.set_updated_at();
create trigger service_items_set_updated_at before update on public.service_items
  for each row execute function private.set_updated_at();

revoke all on table public.categories, public.subcategories, public.service_items from anon, authenticated;
grant select on table public.categories, public.service_items to anon;
-- The platform's commission percentage is back-office data: anon reads every other column of
-- subcategories (the public site never asks for commission_rate).
grant select (id, category_id, name, icon, sort_order, active, created_at, updated_at)
  on table public.subcategories to anon;
grant select, insert, update, delete on table public.categories, public.subcategories, public.service_items to authenticated;
grant all on table public.categories, public.subcategories, public.service_items to service_role;

-- categories: everyone reads; admins write.
create policy categories_anon_select on public.categories
  for select to anon using (true);
create policy categories_select on public.categories
  for select to authenticated using (true);
create policy categories_admin_insert on public.categories
  for insert to authenticated with check ((select private.is_admin()));
create policy categories_admin_update on public.categories
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy categories_admin_delete on public.categories
  for delete to authenticated using ((select private.is_admin()));

-- subcategories: the public sees active ones; admins see and write all.
create policy subcategories_anon_select on public.subcategories
  for select to anon using (active);
create policy subcategories_select on public.subcategories
  for select to authenticated using (active or (select private.is_admin()));
create policy subcategories_admin_insert on public.subcategories
  for insert to authenticated with check ((select private.is_admin()));
create policy subcategories_admin_update on public.subcategories
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy subcategories_admin_delete on public.subcategories
  for delete to authenticated using ((select private.is_admin()));

-- service_items: the public sees active packages of active services; admins see and write all.
create policy service_items_anon_select on public.service_items
  for select to anon
  using (active and exists (select 1 from public.subcategories s where s.id = subcategory_id and s.active));
create policy service_items_select on public.service_items
  for select to authenticated
  using (
    (select private.is_admin())
    or (active and exists (select 1 from public.subcategories s where s.id = subcategory_id and s.active))
  );
create policy service_items_admin_insert on public.service_items
  for insert to authenticated with check ((select private.is_admin()));
create policy service_items_admin_update on public.service_items
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy service_items_admin_delete on public.service_items
  for delete to authenticated using ((select private.is_admin()));

-- ================================================================================================
-- supabase/schemas/07_provider_extras.sql
-- ================================================================================================

-- Provider service types and provider documents (names and object paths bounded,
-- docs/product.md#input-rules).

create table public.provider_service_types (
  provider_id uuid not null references public.profiles (id) on delete cascade,
  subcategory_id uuid not null references public.subcategories (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (provider_id, subcategory_id)
);
comment on table public.provider_service_types is 'Services a provider offers (one row per provider and service).';

create table public.provider_documents (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null references public.profiles (id) on delete cascade,
  name text not null constraint provider_documents_name_check check (btrim(name) <> ''),
  type text not null default 'image' constraint provider_documents_type_check check (type in ('image', 'file')),
  -- Object name in the bucket provider-documents: {provider_id}/{timestamp}-{filename}.
  storage_path text not null constraint provider_documents_storage_path_check check (btrim(storage_path) <> ''),
  uploaded_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Input bounds.
  constraint provider_documents_name_length check (char_length(name) <= 255),
  constraint provider_documents_storage_path_length check (char_length(storage_path) <= 1024)
);
comment on table public.provider_documents is 'Documents and images of a provider; the bytes live in storage bucket provider-documents.';

alter table public.provider_service_types enable row level security;
alter table public.provider_documents enable row level security;

create index provider_service_types_subcategory_id_idx on public.provider_service_types (subcategory_id);
create index provider_documents_provider_id_idx on public.provider_documents (provider_id, uploaded_at desc);

create trigger provider_documents_set_updated_at before update on public.provider_documents
  for each row execute function private.set_updated_at();

revoke all on table public.provider_service_types, public.provider_documents from anon, authenticated;
grant select, insert, delete on table public.provider_service_types to authenticated;
grant select, insert, update, delete on table public.provider_documents to authenticated;
grant all on table public.provider_service_types, public.provider_documents to service_role;

create policy provider_service_types_select on public.provider_service_types
  for select to authenticated
  using ((select private.is_admin()) or provider_id = (select auth.uid()));
create policy provider_service_types_admin_insert on public.provider_service_types
  for insert to authenticated with check ((select private.is_admin()));
create policy provider_service_types_admin_delete on public.provider_service_types
  for delete to authenticated using ((select private.is_admin()));

create policy provider_documents_select on public.provider_documents
  for select to authenticated
  using ((select private.is_admin()) or provider_id = (select auth.uid()));
create policy provider_documents_admin_insert on public.provider_documents
  for insert to authenticated with check ((select private.is_admin()));
create policy provider_documents_admin_update on public.provider_documents
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy provider_documents_admin_delete on public.provider_documents
  for delete to authenticated using ((select private.is_admin()));

-- ================================================================================================
-- supabase/schemas/08_bookings.sql
-- ================================================================================================

-- Bookings with the customer and service snapshot taken when the booking is made, and completed_at.
-- The commission row of a completed booking is kept by 10_commissions.sql, the booking
-- state machine of customers and providers by the marketplace operations (docs/marketplace.md).
-- Snapshot texts and prices are bounded like their sources (docs/product.md#input-rules); a
-- provider appears at most once in a booking's queue. The `*_folded` columns are the accent-free
-- copies the admin bookings list searches (docs/search.md), each with a trigram index; btree
-- indexes serve the list's sorts and the providers' open-bookings list
-- (docs/marketplace.md#open-bookings).
-- private.bookings_fill_snapshot is security definer (it reads the customer's profile and the
-- catalogue whatever the caller may see); private.bookings_completion_stamp and
-- private.uuid_array_is_distinct are security invoker.

-- Queue integrity: a provider appears at most once in a booking's queue (also for admin edits).
create function private.uuid_array_is_distinct(p_values uuid[])
returns boolean
language sql
immutable
strict
security invoker
set search_path = ''
as $$
  select cardinality(p_values) = (select count(distinct v) from unnest(p_values) v)
$$;
revoke all on function private.uuid_array_is_distinct(uuid[]) from public;
grant execute on function private.uuid_array_is_distinct(uuid[]) to anon, authenticated, service_role;

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid references public.profiles (id) on delete set null,
  customer_name text not null constraint bookings_customer_name_check check (btrim(customer_name) <> ''),
  customer_email text,
  customer_phone text,
  provider_id uuid references public.profiles (id) on delete set null,
  provider_queue uuid[] not null default '{}',
  subcategory_id uuid not null references public.subcategories (id) on delete restrict,
  service_name text not null constraint bookings_service_name_check check (btrim(service_name) <> ''),
  category_name text,
  service_item_id uuid references public.service_items (id) on delete set null,
  service_item_name text,
  service_item_description text,
  service_item_job_details text,
  service_item_duration text,
  service_item_price bigint constraint bookings_service_item_price_check check (service_item_price >= 0),
  status text not null default 'pending'
    constraint bookings_status_check check (status in ('pending', 'confirmed', 'pending_completion', 'completed', 'cancelled')),
  scheduled_at timestamptz,
  address text,
  note text,
  payment_method text not null default 'cash'
    constraint bookings_payment_method_check check (payment_method in ('cash', 'bank_transfer')),
  original_price bigint not null constraint bookings_original_price_check check (original_price >= 0),
  final_price bigint not null constraint bookings_final_price_check check (final_price >= 0),
  discount_code text,
  discount_type text constraint bookings_discount_type_check check (discount_type in ('percentage', 'fixed_amount')),
  discount_value numeric(12, 2) constraint bookings_discount_value_check check (discount_value >= 0),
  discount_amount bigint constraint bookings_discount_amount_check check (discount_amount >= 0),
  completion_reported_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  service_item_name_folded text generated always as (private.vi_fold(service_item_name)) stored,
  service_name_folded text generated always as (private.vi_fold(service_name)) stored,
  customer_name_folded text generated always as (private.vi_fold(customer_name)) stored,
  constraint bookings_discount_check check (discount_code is null or (discount_type is not null and discount_value is not null)),
  constraint bookings_provider_queue_distinct check (private.uuid_array_is_distinct(provider_queue)),
  -- Input bounds: the snapshot columns hold at most what their source columns may hold.
  constraint bookings_customer_name_length check (char_length(customer_name) <= 100),
  constraint bookings_customer_email_length check (char_length(customer_email) <= 254),
  constraint bookings_customer_phone_length check (char_length(customer_phone) <= 20),
  constraint bookings_service_name_length check (char_length(service_name) <= 100),
  constraint bookings_category_name_length check (char_length(category_name) <= 100),
  constraint bookings_service_item_name_length check (char_length(service_item_name) <= 150),
  constraint bookings_service_item_description_length check (char_length(service_item_description) <= 2000),
  constraint bookings_service_item_job_details_length check (char_length(service_item_job_details) <= 5000),
  constraint bookings_service_item_duration_length check (char_length(service_item_duration) <= 100),
  constraint bookings_address_length check (char_length(address) <= 500),
  constraint bookings_note_length check (char_length(note) <= 1000),
  constraint bookings_discount_code_length check (char_length(discount_code) <= 32),
  constraint bookings_service_item_price_range check (service_item_price <= 1000000000),
  constraint bookings_original_price_range check (original_price <= 1000000000),
  constraint bookings_final_price_range check (final_price <= 1000000000),
  constraint bookings_discount_value_range check (discount_value <= 1000000000),
  constraint bookings_discount_amount_range check (discount_amount <= 1000000000)
);
comment on table public.bookings is 'Bookings. customer_*, service_*, category_name are snapshots taken at insert; completed_at is kept by trigger.';
comment on column public.bookings.service_item_name_folded is 'private.vi_fold(service_item_name): accent-insensitive search (docs/search.md).';
comment on column public.bookings.service_name_folded is 'private.vi_fold(service_name): accent-insensitive search (docs/search.md).';
comment on column public.bookings.customer_name_folded is 'private.vi_fold(customer_name): accent-insensitive search (docs/search.md).';

alter table public.bookings enable row level security;

-- The admin bookings list's default order; the index includes what its typed text and its other filters
-- read, so that a page's ids (and the rows a deep page skips) come from the index alone
-- (private.admin_sorted_page, docs/search.md).
create index bookings_created_at_search_idx on public.bookings (created_at desc, id desc)
  include (customer_name_folded, service_item_name_folded, service_name_folded, status);
create index bookings_status_created_at_idx on public.bookings (status, created_at desc);
create index bookings_provider_id_created_at_idx on public.bookings (provider_id, created_at desc);
create index bookings_customer_id_created_at_idx on public.bookings (customer_id, created_at desc);
create index bookings_subcategory_id_idx on public.bookings (subcategory_id);
create index bookings_service_item_id_idx on public.bookings (service_item_id);
create index bookings_service_item_name_folded_trgm_idx on public.bookings using gin (service_item_name_folded extensions.gin_trgm_ops) with (fastupdate = off);
create index bookings_service_name_folded_trgm_idx on public.bookings using gin (service_name_folded extensions.gin_trgm_ops) with (fastupdate = off);
create index bookings_customer_name_folded_trgm_idx on public.bookings using gin (customer_name_folded extensions.gin_trgm_ops) with (fastupdate = off);
-- Sorts of the admin bookings list.
create index bookings_final_price_id_idx on public.bookings (final_price, id);
create index bookings_customer_name_vi_idx on public.bookings (customer_name collate private.vi, id);
-- The providers' open-bookings list walks this partial index per service type.
create index bookings_open_subcategory_created_at_idx
  on public.bookings (subcategory_id, created_at desc, id desc)
  where status = 'pending' and provider_id is null;

-- Snapshot on insert: fills what the caller did not give from the customer's profile, the service
-- and the package, so that later catalogue or profile edits do not rewrite history.
create function private.bookings_fill_snapshot()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  customer public.profiles%rowtype;
  item public.service_items%rowtype;
  service_name text;
  category_name text;
begin
  if new.customer_id is not null then
    select * into customer from public.profiles where id = new.customer_id;
    new.customer_name := coalesce(new.customer_name, customer.name);
    new.customer_email := coalesce(new.customer_email, customer.email);
    new.customer_phone := coalesce(new.customer_phone, customer.phone);
  end if;
  if new.service_item_id is not null then
    select * into item from public.service_items where id = new.service_item_id;
    if found then
      if new.subcategory_id is null then
        new.subcategory_id := item.subcategory_id;
      end if;
      new.service_item_name := coalesce(new.service_item_name, item.name);
      new.service_item_description := coalesce(new.service_item_description, item.description);
      new.service_item_job_details := coalesce(new.service_item_job_details, item.job_details);
      new.service_item_duration := coalesce(new.service_item_duration, item.duration);
      new.service_item_price := coalesce(new.service_item_price, item.price);
    end if;
  end if;
  select s.name, c.name into service_name, category_name
    from public.subcategories s join public.categories c on c.id = s.category_id
   where s.id = new.subcategory_id;
  new.service_name := coalesce(new.service_name, service_name);
  new.category_name := coalesce(new.category_name, category_name);
  new.original_price := coalesce(new.original_price, new.service_item_price);
  new.final_price := coalesce(new.final_price, greatest(new.original_price - coalesce(new.discount_amount, 0), 0));
  return new;
end
$$;
revoke all on function private.bookings_fill_snapshot() from public, anon, authenticated;

create trigger bookings_fill_snapshot
  before insert on public.bookings
  for each row execute function private.bookings_fill_snapshot();

-- completed_at: stamped when the booking becomes completed, cleared when it leaves completed
-- (docs/decisions.md#commission-rows-follow-completion).
create function private.bookings_completion_stamp()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if new.status = 'completed' then
    if tg_op = 'INSERT' then
      new.completed_at := coalesce(new.completed_at, now());
    elsif old.status <> 'completed' then
      new.completed_at := now();
    end if;
  else
    new.completed_at := null;
  end if;
  return new;
end
$$;
revoke all on function private.bookings_completion_stamp() from public, anon, authenticated;

create trigger bookings_completion_stamp
  before insert or update of status on public.bookings
  for each row execute function private.bookings_completion_stamp();

create trigger bookings_set_updated_at
  before update on public.bookings
  for each row execute function private.set_updated_at();

revoke all on table public.bookings from anon, authenticated;
grant select, update on table public.bookings to authenticated;
grant all on table public.bookings to service_role;

-- Customers see their bookings, providers the bookings assigned to them, admins all.
create policy bookings_select on public.bookings
  for select to authenticated
  using (
    (select private.is_admin())
    or customer_id = (select auth.uid())
    or provider_id = (select auth.uid())
  );

-- Only admins change bookings through the API (the mobile apps are out of scope).
create policy bookings_admin_update on public.bookings
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- ================================================================================================
-- supabase/schemas/09_reviews.sql
-- ================================================================================================

-- Customer reviews of a booking (docs/decisions.md#review-status-default: status never null,
-- default active). The customer's name and the comment are bounded (docs/product.md#input-rules)
-- and have accent-free copies (`*_folded`, docs/search.md) with a trigram index each, which the
-- admin reviews list searches; its filters and sorts have their btree indexes. The trigger
-- function private.reviews_before_write is security invoker.

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  provider_id uuid references public.profiles (id) on delete set null,
  customer_id uuid references public.profiles (id) on delete set null,
  customer_name text,
  rating smallint not null constraint reviews_rating_check check (rating between 1 and 5),
  comment text,
  status text not null default 'active' constraint reviews_status_check check (status in ('active', 'inactive')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  customer_name_folded text generated always as (private.vi_fold(customer_name)) stored,
  comment_folded text generated always as (private.vi_fold(comment)) stored,
  constraint reviews_booking_id_key unique (booking_id),
  -- Input bounds.
  constraint reviews_customer_name_length check (char_length(customer_name) <= 100),
  constraint reviews_comment_length check (char_length(comment) <= 2000)
);
comment on table public.reviews is 'One review per booking. status is coalesced to active by trigger.';
comment on column public.reviews.customer_name_folded is 'private.vi_fold(customer_name): accent-insensitive search (docs/search.md).';
comment on column public.reviews.comment_folded is 'private.vi_fold(comment): accent-insensitive search (docs/search.md).';

alter table public.reviews enable row level security;

create index reviews_provider_id_created_at_idx on public.reviews (provider_id, created_at desc);
create index reviews_customer_id_idx on public.reviews (customer_id);
-- The admin reviews list's default order; the index includes what its typed text and its other filters
-- read, so that a page's ids (and the rows a deep page skips) come from the index alone
-- (private.admin_sorted_page, docs/search.md).
create index reviews_created_at_search_idx on public.reviews (created_at desc, id desc)
  include (customer_name_folded, comment_folded, rating, status);
create index reviews_status_created_at_idx on public.reviews (status, created_at desc);
create index reviews_customer_name_folded_trgm_idx on public.reviews using gin (customer_name_folded extensions.gin_trgm_ops) with (fastupdate = off);
create index reviews_comment_folded_trgm_idx on public.reviews using gin (comment_folded extensions.gin_trgm_ops) with (fastupdate = off);
-- Filter and sort by rating (one index per order: no second index on its prefix (rating) alone).
create index reviews_rating_id_idx on public.reviews (rating, id);

create function private.reviews_before_write()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.status := coalesce(new.status, 'active');
  return new;
end
$$;
revoke all on function private.reviews_before_write() from public, anon, authenticated;

create trigger reviews_before_write
  before insert or update on public.reviews
  for each row execute function private.reviews_before_write();

create trigger reviews_set_updated_at
  before update on public.reviews
  for each row execute function private.set_updated_at();

revoke all on table public.reviews from anon, authenticated;
grant select, update on table public.reviews to authenticated;
grant all on table public.reviews to service_role;

create policy reviews_select on public.reviews
  for select to authenticated
  using (
    (select private.is_admin())
    or customer_id = (select auth.uid())
    or provider_id = (select auth.uid())
  );

-- Moderation (status) is the admins' job.
create policy reviews_admin_update on public.reviews
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- ================================================================================================
-- supabase/schemas/10_commissions.sql
-- ================================================================================================

-- Commission of a completed booking (docs/decisions.md#commission-amounts,
-- docs/decisions.md#commission-rows-follow-completion). Rows are written by the database only:
-- private.bookings_sync_commission keeps one row per completed booking and
-- private.commissions_sync_earnings keeps the providers' total_earnings (both security definer).
-- Amounts are bounded (docs/product.md#input-rules); btree indexes serve the admin list's sorts.

create table public.commissions (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  provider_id uuid references public.profiles (id) on delete set null,
  subcategory_id uuid references public.subcategories (id) on delete set null,
  -- The platform's percentage, snapshotted when the booking completed.
  commission_rate numeric(5, 2) not null constraint commissions_commission_rate_check check (commission_rate between 0 and 100),
  service_price bigint not null constraint commissions_service_price_check check (service_price >= 0),
  -- Platform income.
  platform_fee bigint generated always as (round(service_price * commission_rate / 100)::bigint) stored,
  -- What the provider earns.
  provider_amount bigint generated always as (service_price - round(service_price * commission_rate / 100)::bigint) stored,
  final_price bigint not null constraint commissions_final_price_check check (final_price >= 0),
  booking_completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint commissions_booking_id_key unique (booking_id),
  -- Input bounds.
  constraint commissions_service_price_range check (service_price <= 1000000000),
  constraint commissions_final_price_range check (final_price <= 1000000000)
);
comment on table public.commissions is 'One row per completed booking, created/removed by trigger on bookings.status. platform_fee = round(service_price * commission_rate / 100), provider_amount = service_price - platform_fee.';

alter table public.commissions enable row level security;

-- The admin commissions list's default order; the index includes what its typed text and its other filters
-- read, so that a page's ids (and the rows a deep page skips) come from the index alone
-- (private.admin_sorted_page, docs/search.md).
create index commissions_created_at_search_idx on public.commissions (created_at desc, id desc)
  include (provider_id, subcategory_id, booking_id);
-- A provider's commissions newest first; the sums of the stat cards are in the index too, so the
-- days of a period outside the monthly rollup are read from it alone (index-only scans).
create index commissions_provider_id_created_at_idx on public.commissions (provider_id, created_at desc)
  include (subcategory_id, service_price, platform_fee, provider_amount, commission_rate);
create index commissions_subcategory_id_created_at_idx on public.commissions (subcategory_id, created_at desc);
-- A booking's short number (the last 8 digits of its id, shown after #) typed in the search box
-- (private.id_search_condition).
create index commissions_booking_short_idx on public.commissions ((right(booking_id::text, 8)));
-- Sorts of the admin commissions list.
create index commissions_final_price_id_idx on public.commissions (final_price, id);
create index commissions_platform_fee_id_idx on public.commissions (platform_fee, id);

create trigger commissions_set_updated_at
  before update on public.commissions
  for each row execute function private.set_updated_at();

revoke all on table public.commissions from anon, authenticated;
grant select on table public.commissions to authenticated;
grant all on table public.commissions to service_role;

create policy commissions_select on public.commissions
  for select to authenticated
  using ((select private.is_admin()) or provider_id = (select auth.uid()));

-- docs/decisions.md#commission-rows-follow-completion: a booking that becomes completed gets its
-- commission row (rate of its service, else the settings default); leaving completed removes the
-- row. Providers' total_earnings follow their commissions.
create function private.bookings_sync_commission()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  rate numeric(5, 2);
begin
  if new.status = 'completed' and (tg_op = 'INSERT' or old.status <> 'completed') then
    select coalesce(
             (select s.commission_rate from public.subcategories s where s.id = new.subcategory_id),
             (select st.commission_rate from public.settings st where st.id = 'app'),
             10
           )
      into rate;
    insert into public.commissions
      (booking_id, provider_id, subcategory_id, commission_rate, service_price, final_price, booking_completed_at, created_at)
    values
      (new.id, new.provider_id, new.subcategory_id, rate, new.original_price, new.final_price, new.completed_at,
       coalesce(new.completed_at, now()))
    on conflict (booking_id) do nothing;
  elsif tg_op = 'UPDATE' and old.status = 'completed' and new.status <> 'completed' then
    delete from public.commissions where booking_id = new.id;
  elsif tg_op = 'UPDATE' and new.status = 'completed' and (
           new.provider_id is distinct from old.provider_id
        or new.subcategory_id is distinct from old.subcategory_id
        or new.original_price is distinct from old.original_price
        or new.final_price is distinct from old.final_price) then
    -- Corrections to a completed booking carry over; the snapshotted rate stays.
    update public.commissions
       set provider_id = new.provider_id,
           subcategory_id = new.subcategory_id,
           service_price = new.original_price,
           final_price = new.final_price
     where booking_id = new.id;
  end if;
  return null;
end
$$;
revoke all on function private.bookings_sync_commission() from public, anon, authenticated;

create trigger bookings_sync_commission
  after insert or update of status, provider_id, subcategory_id, original_price, final_price on public.bookings
  for each row execute function private.bookings_sync_commission();

-- total_earnings = sum(provider_amount) of the provider's commissions, kept incrementally under the
-- provider row's lock (concurrent changes serialise on the UPDATE).
create function private.commissions_sync_earnings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.provider_id is not null then
    update public.profiles
       set total_earnings = greatest(total_earnings - old.provider_amount, 0)
     where id = old.provider_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.provider_id is not null then
    update public.profiles
       set total_earnings = total_earnings + new.provider_amount
     where id = new.provider_id;
  end if;
  return null;
end
$$;
revoke all on function private.commissions_sync_earnings() from public, anon, authenticated;

create trigger commissions_sync_earnings
  after insert or delete or update of provider_id, service_price, commission_rate on public.commissions
  for each row execute function private.commissions_sync_earnings();

-- ================================================================================================
-- supabase/schemas/11_deposits_ledger.sql
-- ================================================================================================

-- Provider deposits and the ledger of provider money (docs/decisions.md#money-only-through-the-ledger,
-- docs/product.md#deposits-and-balances):
--   * deposit_history rows are of a `kind`: 'deposit' (a top-up: pending, then completed or
--     canceled by an admin) or 'adjustment' (a manual correction by an admin: signed amount,
--     reason in `note`, born completed, never edited nor deleted);
--   * one BEFORE trigger (deposit_apply_transition → private.ledger_apply) applies every ledger row
--     to the provider's balance, atomically with a lock on the provider row;
--   * a guard (profiles_money_guard) refuses every other write of profiles.deposit /
--     total_earnings, whoever sends it (admins, service_role, the postgres owner): only the ledger
--     triggers may move them;
--   * admin_adjust_balance(provider, amount, reason) writes an adjustment atomically (body in
--     `private`, security definer, admin check first; security invoker wrapper in `public`).
-- private.ledger_apply and private.ledger_earnings are security definer, private.profiles_money_guard
-- is security invoker.

create table public.deposit_history (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null references public.profiles (id) on delete cascade,
  amount bigint not null,
  status text not null default 'pending'
    constraint deposit_history_status_check check (status in ('pending', 'completed', 'canceled')),
  old_balance bigint constraint deposit_history_old_balance_check check (old_balance >= 0),
  new_balance bigint constraint deposit_history_new_balance_check check (new_balance >= 0),
  note text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  kind text not null default 'deposit'
    constraint deposit_history_kind_check check (kind in ('deposit', 'adjustment')),
  -- A deposit's amount is 0 or more; an adjustment's is signed, never 0, at most 1 000 000 000 either way.
  constraint deposit_history_amount_check check (
    (kind = 'deposit' and amount >= 0)
    or (kind = 'adjustment' and amount <> 0 and amount between -1000000000 and 1000000000)
  ),
  -- An adjustment is completed and carries a reason of 1–500 characters.
  constraint deposit_history_adjustment_check check (
    kind = 'deposit'
    or (status = 'completed' and note is not null and char_length(btrim(note)) between 1 and 500)
  ),
  -- Input bounds (docs/product.md#input-rules).
  constraint deposit_history_amount_range check (amount <= 1000000000),
  constraint deposit_history_note_length check (char_length(note) <= 500)
);
comment on table public.deposit_history is 'Deposit requests of providers; old_balance / new_balance record the balance before / after the last status change.';
comment on column public.deposit_history.kind is
  'deposit: a top-up (status pending/completed/canceled). adjustment: a manual correction by an admin, signed amount, reason in note, always completed and never edited.';
comment on column public.deposit_history.note is
  'Free note of a deposit; for an adjustment, its mandatory reason.';

alter table public.deposit_history enable row level security;

create index deposit_history_created_at_idx on public.deposit_history (created_at desc);
create index deposit_history_provider_id_created_at_idx on public.deposit_history (provider_id, created_at desc);
create index deposit_history_status_created_at_idx on public.deposit_history (status, created_at desc);
create index deposit_history_kind_created_at_idx on public.deposit_history (kind, created_at desc)
  where kind = 'adjustment';
-- Sort of the admin deposit history by amount.
create index deposit_history_amount_id_idx on public.deposit_history (amount, id);

create trigger deposit_history_set_updated_at
  before update on public.deposit_history
  for each row execute function private.set_updated_at();

revoke all on table public.deposit_history from anon, authenticated;
grant select, insert, update on table public.deposit_history to authenticated;
grant all on table public.deposit_history to service_role;

create policy deposit_history_select on public.deposit_history
  for select to authenticated
  using ((select private.is_admin()) or provider_id = (select auth.uid()));

create policy deposit_history_admin_insert on public.deposit_history
  for insert to authenticated
  with check ((select private.is_admin()));

create policy deposit_history_admin_update on public.deposit_history
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- The ledger trigger -----------------------------------------------------------------------------

-- Applies one ledger row to its provider's balance, atomically with a lock on the provider row
-- (docs/product.md#deposits-and-balances):
--   deposit     to completed: balance + amount; an inactive provider whose balance reaches the
--               minimum becomes active (pending_approval and banned never change);
--               from completed: balance − amount, never below 0; amount edited while completed:
--               balance moves by the difference (never below 0);
--   adjustment  balance + amount exactly (refused when the balance would go below 0);
--   after any change, an active provider below settings.min_deposit_amount becomes inactive.
-- old_balance / new_balance record the balance of the row's last change (admins may still correct
-- the record, docs/screens.md#deposit-history; it moves no money). kind and provider_id never change
-- after the insert; an adjustment is never changed nor deleted.
create function private.ledger_apply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  was_completed boolean := tg_op = 'UPDATE' and old.status = 'completed';
  is_completed boolean := new.status = 'completed';
  delta bigint;
  provider public.profiles%rowtype;
  balance_after bigint;
  minimum bigint;
  next_status text;
begin
  if tg_op = 'DELETE' then
    -- pg_trigger_depth() = 1: a DELETE statement on deposit_history itself, not the cascade of a
    -- deleted provider.
    if old.kind = 'adjustment' and pg_trigger_depth() = 1 then
      raise exception 'an adjustment cannot be deleted: write another adjustment'
        using errcode = '42501', hint = 'adjustment_immutable';
    end if;
    return old;
  end if;
  if tg_op = 'UPDATE' then
    if old.kind = 'adjustment' then
      raise exception 'an adjustment cannot be changed: write another adjustment'
        using errcode = '42501', hint = 'adjustment_immutable';
    end if;
    if new.kind is distinct from old.kind or new.provider_id is distinct from old.provider_id then
      raise exception 'deposit_history.kind and provider_id cannot be changed' using errcode = '42501';
    end if;
  end if;

  if new.kind = 'adjustment' then
    delta := new.amount;
  elsif not was_completed and is_completed then
    delta := new.amount;
  elsif was_completed and not is_completed then
    delta := -old.amount;
  elsif was_completed and is_completed and new.amount <> old.amount then
    delta := new.amount - old.amount;
  else
    return new;
  end if;

  select * into provider from public.profiles where id = new.provider_id for update;
  if not found then
    raise exception 'provider % not found', new.provider_id using errcode = '23503';
  end if;
  if provider.role <> 'provider' then
    raise exception 'profile % is not a provider', new.provider_id using errcode = '23514';
  end if;

  if new.kind = 'adjustment' then
    if provider.deposit + delta < 0 then
      raise exception 'Số dư sau điều chỉnh không được âm (hiện có % đ)', to_char(provider.deposit, 'FM999G999G999G999')
        using errcode = '23514', hint = 'balance_below_zero';
    end if;
    balance_after := provider.deposit + delta;
  else
    balance_after := greatest(provider.deposit + delta, 0);
  end if;

  select coalesce((select st.min_deposit_amount from public.settings st where st.id = 'app'), 0) into minimum;
  next_status := provider.status;
  if new.kind = 'deposit' and not was_completed and is_completed
     and next_status = 'inactive' and balance_after >= minimum then
    next_status := 'active';
  end if;
  if next_status = 'active' and balance_after < minimum then
    next_status := 'inactive';
  end if;

  update public.profiles
     set deposit = balance_after,
         status = next_status
   where id = provider.id;

  new.old_balance := provider.deposit;
  new.new_balance := balance_after;
  return new;
end
$$;
revoke all on function private.ledger_apply() from public, anon, authenticated;

-- Every write of deposit_history, deletes included: an adjustment is never deleted, except with
-- its provider.
create trigger deposit_apply_transition
  before insert or update or delete on public.deposit_history
  for each row execute function private.ledger_apply();

-- The money guard on profiles --------------------------------------------------------------------

-- What the commissions say a provider earned (the ledger of total_earnings).
create function private.ledger_earnings(p_provider_id uuid)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(c.provider_amount), 0)::bigint from public.commissions c where c.provider_id = p_provider_id
$$;
revoke all on function private.ledger_earnings(uuid) from public, anon, authenticated;
grant execute on function private.ledger_earnings(uuid) to authenticated, service_role;

-- profiles.deposit and total_earnings move only when a ledger trigger writes them (the UPDATE is
-- issued from inside a trigger: deposit_apply_transition, commissions_sync_earnings), or when
-- total_earnings is set to exactly what the commissions add up to (private.rebuild_rollups()).
-- Every other write is refused with 42501, for admins, service_role and the postgres owner alike.
-- A superuser (the platform's own supabase_admin, which no API request or migration uses) is not
-- checked: it could switch the trigger off anyway. A new profile starts at 0.
create function private.profiles_money_guard()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_superuser boolean := coalesce((select r.rolsuper from pg_catalog.pg_roles r where r.rolname = current_user), false);
begin
  if v_superuser or pg_trigger_depth() > 1 then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.deposit <> 0 or new.total_earnings <> 0 then
      raise exception 'permission denied: a new profile starts with deposit 0 and total_earnings 0'
        using errcode = '42501', hint = 'money_only_through_ledger';
    end if;
    return new;
  end if;
  if new.deposit is distinct from old.deposit then
    raise exception 'permission denied: profiles.deposit changes only through deposit history (a deposit or an adjustment)'
      using errcode = '42501', hint = 'money_only_through_ledger';
  end if;
  if new.total_earnings is distinct from old.total_earnings
     and new.total_earnings is distinct from private.ledger_earnings(new.id) then
    raise exception 'permission denied: profiles.total_earnings follows the commissions only'
      using errcode = '42501', hint = 'money_only_through_ledger';
  end if;
  return new;
end
$$;
revoke all on function private.profiles_money_guard() from public, anon, authenticated;

create trigger profiles_money_guard
  before insert or update on public.profiles
  for each row execute function private.profiles_money_guard();

-- The admin's manual adjustment ------------------------------------------------------------------

create function private.admin_adjust_balance(p_provider_id uuid, p_amount bigint, p_reason text)
returns public.deposit_history
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
  v_provider public.profiles%rowtype;
  v_row public.deposit_history%rowtype;
begin
  perform private.assert_admin();
  if v_reason is null then
    raise exception 'Vui lòng nhập lý do điều chỉnh' using errcode = 'P0001', hint = 'reason_required';
  end if;
  if char_length(v_reason) > 500 then
    raise exception 'Lý do điều chỉnh tối đa 500 ký tự' using errcode = 'P0001', hint = 'reason_too_long';
  end if;
  if p_amount is null or p_amount = 0 then
    raise exception 'Số tiền điều chỉnh phải khác 0' using errcode = 'P0001', hint = 'amount_zero';
  end if;
  if p_amount not between -1000000000 and 1000000000 then
    raise exception 'Số tiền điều chỉnh tối đa 1.000.000.000 đ mỗi lần' using errcode = 'P0001', hint = 'amount_too_large';
  end if;
  select * into v_provider from public.profiles where id = p_provider_id for update;
  if not found or v_provider.role <> 'provider' then
    raise exception 'Không tìm thấy nhà cung cấp' using errcode = 'P0001', hint = 'provider_not_found';
  end if;
  if v_provider.deposit + p_amount < 0 then
    raise exception 'Số dư sau điều chỉnh không được âm (hiện có % đ)', to_char(v_provider.deposit, 'FM999G999G999G999')
      using errcode = 'P0001', hint = 'balance_below_zero';
  end if;
  insert into public.deposit_history (provider_id, amount, status, kind, note)
  values (p_provider_id, p_amount, 'completed', 'adjustment', v_reason)
  returning * into v_row;
  return v_row;
end
$$;
revoke all on function private.admin_adjust_balance(uuid, bigint, text) from public, anon;
grant execute on function private.admin_adjust_balance(uuid, bigint, text) to authenticated, service_role;

create function public.admin_adjust_balance(p_provider_id uuid, p_amount bigint, p_reason text)
returns public.deposit_history
language sql
volatile
security invoker
set search_path = ''
as $$
  select * from private.admin_adjust_balance(p_provider_id, p_amount, p_reason)
$$;
comment on function public.admin_adjust_balance(uuid, bigint, text) is
  'Admin: a manual balance adjustment ("Điều chỉnh") of a provider: signed amount (never 0, at most 1 000 000 000 either way), mandatory reason (≤ 500 characters), balance never below 0. Returns the deposit_history row (kind adjustment) with old/new balance.';
revoke all on function public.admin_adjust_balance(uuid, bigint, text) from public, anon;
grant execute on function public.admin_adjust_balance(uuid, bigint, text) to authenticated, service_role;

-- ================================================================================================
-- supabase/schemas/12_discount_codes.sql
-- ================================================================================================

-- Promotion codes and the services each applies to (docs/decisions.md#promotion-code-normalisation).
-- After trimming and upper-casing (discount_codes_normalise, a security invoker trigger function)
-- a code is 3 to 32 characters among A-Z, 0-9, - and _ (docs/product.md#input-rules): no spaces,
-- accents or markup; amounts and counts are bounded. code_folded is the copy the admin promotion
-- codes list searches (docs/search.md), with a trigram index; btree indexes serve its sorts.

create table public.discount_codes (
  id uuid primary key default gen_random_uuid(),
  -- Trimmed and upper-cased by trigger; unique regardless of case.
  code text not null constraint discount_codes_code_check check (btrim(code) <> ''),
  discount_type text not null
    constraint discount_codes_discount_type_check check (discount_type in ('percentage', 'fixed_amount')),
  discount_value numeric(12, 2) not null constraint discount_codes_discount_value_check check (discount_value >= 0),
  max_uses integer not null default 0 constraint discount_codes_max_uses_check check (max_uses >= 0),
  uses_count integer not null default 0 constraint discount_codes_uses_count_check check (uses_count >= 0),
  expires_at timestamptz not null,
  status text not null default 'active' constraint discount_codes_status_check check (status in ('active', 'inactive')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  code_folded text generated always as (private.vi_fold(code)) stored,
  constraint discount_codes_percentage_check check (discount_type <> 'percentage' or discount_value <= 100),
  constraint discount_codes_code_format check (code ~ '^[A-Z0-9_-]{3,32}$'),
  -- Input bounds.
  constraint discount_codes_discount_value_range check (discount_value <= 1000000000),
  constraint discount_codes_max_uses_range check (max_uses <= 1000000),
  constraint discount_codes_uses_count_range check (uses_count <= 1000000)
);
comment on table public.discount_codes is 'Promotion codes. remaining = greatest(max_uses - uses_count, 0).';
comment on column public.discount_codes.code_folded is 'private.vi_fold(code): accent-insensitive search (docs/search.md).';

create table public.discount_code_services (
  discount_code_id uuid not null references public.discount_codes (id) on delete cascade,
  subcategory_id uuid not null references public.subcategories (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (discount_code_id, subcategory_id)
);
comment on table public.discount_code_services is 'Services a promotion code applies to.';

alter table public.discount_codes enable row level security;
alter table public.discount_code_services enable row level security;

create unique index discount_codes_code_upper_key on public.discount_codes (upper(code));
create index discount_codes_created_at_idx on public.discount_codes (created_at desc);
create index discount_code_services_subcategory_id_idx on public.discount_code_services (subcategory_id);
create index discount_codes_code_folded_trgm_idx on public.discount_codes using gin (code_folded extensions.gin_trgm_ops) with (fastupdate = off);
-- Sorts of the admin promotion codes list.
create index discount_codes_code_id_idx on public.discount_codes (code, id);
create index discount_codes_uses_count_id_idx on public.discount_codes (uses_count, id);
create index discount_codes_expires_at_id_idx on public.discount_codes (expires_at, id);

create function private.discount_codes_normalise()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.code := upper(btrim(new.code));
  return new;
end
$$;
revoke all on function private.discount_codes_normalise() from public, anon, authenticated;

create trigger discount_codes_normalise
  before insert or update of code on public.discount_codes
  for each row execute function private.discount_codes_normalise();

create trigger discount_codes_set_updated_at
  before update on public.discount_codes
  for each row execute function private.set_updated_at();

revoke all on table public.discount_codes, public.discount_code_services from anon, authenticated;
grant select, insert, update, delete on table public.discount_codes to authenticated;
grant select, insert, delete on table public.discount_code_services to authenticated;
grant all on table public.discount_codes, public.discount_code_services to service_role;

create policy discount_codes_admin_select on public.discount_codes
  for select to authenticated using ((select private.is_admin()));
create policy discount_codes_admin_insert on public.discount_codes
  for insert to authenticated with check ((select private.is_admin()));
create policy discount_codes_admin_update on public.discount_codes
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy discount_codes_admin_delete on public.discount_codes
  for delete to authenticated using ((select private.is_admin()));

create policy discount_code_services_admin_select on public.discount_code_services
  for select to authenticated using ((select private.is_admin()));
create policy discount_code_services_admin_insert on public.discount_code_services
  for insert to authenticated with check ((select private.is_admin()));
create policy discount_code_services_admin_delete on public.discount_code_services
  for delete to authenticated using ((select private.is_admin()));

-- ================================================================================================
-- supabase/schemas/13_conversations_messages.sql
-- ================================================================================================

-- Conversations between a booking's customer and provider, and their messages. Texts are bounded
-- (docs/product.md#input-rules); an image message's content is the name of an object of bucket
-- message-images inside the conversation's own folder, `{conversation_id}/{file}`: never a URL,
-- never another conversation's file, for every writer (a check constraint), admins and the service
-- role included; the file name is one path segment of safe characters.
-- customer_name_folded / provider_name_folded are private.vi_fold of the customer's / provider's
-- profile name (profiles.name_folded), null when there is no such person or the profile does not
-- have that role (a name search is restricted to the role concerned): the admin conversations list
-- searches them through their own trigram indexes (docs/search.md#matching-typed-text). Derived
-- only: a trigger sets both on every insert and on every update that names them or changes the
-- people (whatever the writer sent), and a rename (or role change) of a profile rewrites the copies
-- of that person's conversations.
-- private.messages_before_insert and private.messages_after_insert are security definer (they read
-- and update the conversation), private.messages_read_at is security invoker;
-- private.conversations_names and private.profiles_conversation_names are security definer (they
-- read profiles / write the conversations of the renamed person, which only admins may update).

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  provider_id uuid references public.profiles (id) on delete set null,
  customer_id uuid references public.profiles (id) on delete set null,
  -- true = "đang hoạt động", false = "đã kết thúc".
  is_active boolean not null default true,
  last_message text,
  last_message_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- private.vi_fold of the customer's / provider's profile name, kept by trigger (below).
  customer_name_folded text,
  provider_name_folded text,
  constraint conversations_booking_id_key unique (booking_id),
  -- Input bounds.
  constraint conversations_last_message_length check (char_length(last_message) <= 2000)
);
comment on table public.conversations is 'One conversation per booking; last_message / last_message_at kept by trigger on messages.';
comment on column public.conversations.customer_name_folded is
  'private.vi_fold of the customer''s profile name (null if none); kept by trigger, for the admin list''s name search (docs/search.md).';
comment on column public.conversations.provider_name_folded is
  'private.vi_fold of the provider''s profile name (null if none); kept by trigger, for the admin list''s name search (docs/search.md).';

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  -- Copied from the conversation by trigger (for the realtime filter booking_id=eq.X).
  booking_id uuid not null references public.bookings (id) on delete cascade,
  sender_id uuid references public.profiles (id) on delete set null,
  type text not null default 'text' constraint messages_type_check check (type in ('text', 'image')),
  -- Text, or for an image the object name in bucket message-images ({conversation_id}/{file}).
  content text not null constraint messages_content_check check (btrim(content) <> ''),
  created_at timestamptz not null default now(),
  is_read boolean not null default false,
  read_at timestamptz,
  -- Input bounds.
  constraint messages_content_length check (char_length(content) <= 2000),
  -- An image is an object of the conversation's own folder (see above).
  constraint messages_image_path check (
    type <> 'image'
    or (
      starts_with(content, conversation_id::text || '/')
      and substr(content, 38) ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$'
    )
  )
);
comment on table public.messages is 'Chat messages. Participants insert as themselves; the recipient may set is_read / read_at.';

alter table public.conversations enable row level security;
alter table public.messages enable row level security;

create index conversations_last_message_at_idx on public.conversations (last_message_at desc nulls last);
create index conversations_provider_id_idx on public.conversations (provider_id);
create index conversations_customer_id_idx on public.conversations (customer_id);
create index messages_conversation_id_created_at_idx on public.messages (conversation_id, created_at);
create index messages_booking_id_created_at_idx on public.messages (booking_id, created_at);
create index messages_sender_id_idx on public.messages (sender_id);
-- Sorts of the admin conversations list. Conversations without messages sort as the oldest: the
-- key is coalesce(last_message_at, '-infinity'). The default order's index includes the searched
-- names and the filters (a deep page of a name search skips index entries, not table rows).
create index conversations_last_message_names_idx
  on public.conversations (coalesce(last_message_at, '-infinity'::timestamptz), id)
  include (customer_name_folded, provider_name_folded, is_active, last_message_at);
-- The name searches of the admin list (fastupdate off, like the other folded columns).
create index conversations_customer_name_folded_trgm_idx on public.conversations
  using gin (customer_name_folded extensions.gin_trgm_ops) with (fastupdate = off);
create index conversations_provider_name_folded_trgm_idx on public.conversations
  using gin (provider_name_folded extensions.gin_trgm_ops) with (fastupdate = off);
create index conversations_created_at_id_idx on public.conversations (created_at, id);

create trigger conversations_set_updated_at
  before update on public.conversations
  for each row execute function private.set_updated_at();

create function private.messages_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select c.booking_id into new.booking_id from public.conversations c where c.id = new.conversation_id;
  if new.is_read and new.read_at is null then
    new.read_at := now();
  end if;
  return new;
end
$$;
revoke all on function private.messages_before_insert() from public, anon, authenticated;

create trigger messages_before_insert
  before insert on public.messages
  for each row execute function private.messages_before_insert();

create function private.messages_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.conversations
     set last_message = case when new.type = 'image' then '[Hình ảnh]' else new.content end,
         last_message_at = new.created_at
   where id = new.conversation_id
     and (last_message_at is null or last_message_at <= new.created_at);
  return null;
end
$$;
revoke all on function private.messages_after_insert() from public, anon, authenticated;

create trigger messages_after_insert
  after insert on public.messages
  for each row execute function private.messages_after_insert();

create function private.messages_read_at()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if new.is_read and not old.is_read and new.read_at is null then
    new.read_at := now();
  elsif not new.is_read then
    new.read_at := null;
  end if;
  return new;
end
$$;
revoke all on function private.messages_read_at() from public, anon, authenticated;

create trigger messages_read_at
  before update of is_read on public.messages
  for each row execute function private.messages_read_at();

revoke all on table public.conversations, public.messages from anon, authenticated;
grant select, insert, update on table public.conversations to authenticated;
grant select on table public.messages to authenticated;
grant insert (conversation_id, sender_id, type, content) on table public.messages to authenticated;
grant update (is_read, read_at) on table public.messages to authenticated;
grant all on table public.conversations, public.messages to service_role;

create policy conversations_select on public.conversations
  for select to authenticated
  using (
    (select private.is_admin())
    or customer_id = (select auth.uid())
    or provider_id = (select auth.uid())
  );
create policy conversations_admin_insert on public.conversations
  for insert to authenticated with check ((select private.is_admin()));
create policy conversations_admin_update on public.conversations
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));

create policy messages_select on public.messages
  for select to authenticated
  using (
    (select private.is_admin())
    or exists (
      select 1 from public.conversations c
       where c.id = conversation_id
         and (c.customer_id = (select auth.uid()) or c.provider_id = (select auth.uid()))
    )
  );

-- A participant writes as themselves into an active conversation of theirs.
create policy messages_participant_insert on public.messages
  for insert to authenticated
  with check (
    sender_id = (select auth.uid())
    and exists (
      select 1 from public.conversations c
       where c.id = conversation_id
         and c.is_active
         and (c.customer_id = (select auth.uid()) or c.provider_id = (select auth.uid()))
    )
  );

-- The recipient marks a message read (only is_read / read_at are granted).
create policy messages_recipient_update on public.messages
  for update to authenticated
  using (
    sender_id is distinct from (select auth.uid())
    and exists (
      select 1 from public.conversations c
       where c.id = conversation_id
         and (c.customer_id = (select auth.uid()) or c.provider_id = (select auth.uid()))
    )
  )
  with check (
    sender_id is distinct from (select auth.uid())
    and exists (
      select 1 from public.conversations c
       where c.id = conversation_id
         and (c.customer_id = (select auth.uid()) or c.provider_id = (select auth.uid()))
    )
  );

-- The people's folded names ----------------------------------------------------------------------

-- Both copies from the profiles, whatever the row held or the writer sent.
create function private.conversations_names()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.customer_name_folded := (select p.name_folded from public.profiles p
                                where p.id = new.customer_id and p.role = 'customer');
  new.provider_name_folded := (select p.name_folded from public.profiles p
                                where p.id = new.provider_id and p.role = 'provider');
  return new;
end
$$;
revoke all on function private.conversations_names() from public, anon, authenticated;

-- On insert, and on an update naming the people or the copies (a profile's deletion sets the id
-- to null through the foreign key: an update of it). Other updates (a new message, closing the
-- conversation) keep the copies as they are.
create trigger conversations_names
  before insert or update of customer_id, provider_id, customer_name_folded, provider_name_folded
  on public.conversations
  for each row execute function private.conversations_names();

-- A renamed profile (or one whose role changed): its conversations' copies again, through the
-- trigger above.
create function private.profiles_conversation_names()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.conversations c
     set customer_name_folded = null
   where c.customer_id = new.id;
  update public.conversations c
     set provider_name_folded = null
   where c.provider_id = new.id;
  return null;
end
$$;
revoke all on function private.profiles_conversation_names() from public, anon, authenticated;

create trigger profiles_conversation_names
  after update of name, role on public.profiles
  for each row
  when (old.name_folded is distinct from new.name_folded or old.role is distinct from new.role)
  execute function private.profiles_conversation_names();

-- ================================================================================================
-- supabase/schemas/14_audit_log.sql
-- ================================================================================================

-- Audit log: who changed what, written by triggers only, readable by admins only. Both trigger
-- functions are security definer (they write the log as its owner).
-- Every audit row names who acted (docs/decisions.md#audit-log). The actor is the caller of the
-- request (auth.uid(), from the JWT). Where there is no JWT:
--   * changes made by Auth to its own users (e-mail, password, ban; Supabase Auth writes
--     auth.users without request claims) are logged as table 'auth.users' with the auth user as
--     actor, unless an admin's request made them (an admin RPC writing auth.users: auth.uid() is
--     that admin); the profile changes that the auth sync triggers derive from them carry the
--     same actor.
-- Ledger writes (deposits and the balance changes they cause) run in the admin's or the user's
-- request, so auth.uid() names them, the nested balance update of the provider's profile included.
-- The actor's e-mail comes from the JWT, else from auth.users.
-- The audit log screen's filters (table, actor, record, time) each have an index that also gives
-- the list's order (created_at desc, id desc).

create table public.audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid,
  actor_email text,
  table_name text not null,
  row_id text not null,
  action text not null constraint audit_log_action_check check (action in ('insert', 'update', 'delete')),
  -- {column: [old, new]} for the columns that changed.
  changes jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
comment on table public.audit_log is
  'Every change to audited tables and to sign-in accounts (table ''auth.users''): actor (docs/decisions.md#audit-log; null only for system changes), table, row, {column: [old, new]}.';

alter table public.audit_log enable row level security;

create index audit_log_table_row_idx on public.audit_log (table_name, row_id, created_at desc);
create index audit_log_actor_id_idx on public.audit_log (actor_id, created_at desc);
create index audit_log_created_at_id_idx on public.audit_log (created_at desc, id desc);
create index audit_log_table_created_at_idx on public.audit_log (table_name, created_at desc, id desc);
create index audit_log_row_created_at_idx on public.audit_log (row_id, created_at desc, id desc);
create index audit_log_actor_email_idx on public.audit_log (lower(actor_email), created_at desc, id desc);

revoke all on table public.audit_log from anon, authenticated;
grant select on table public.audit_log to authenticated;
-- Written only by the security definer trigger functions below (as the table owner): no API role,
-- not even service_role, may insert, update, delete or truncate it.
revoke insert, update, delete, truncate, references, trigger on table public.audit_log from service_role;
grant select on table public.audit_log to service_role;

create policy audit_log_admin_select on public.audit_log
  for select to authenticated
  using ((select private.is_admin()));

-- AFTER row trigger on auth.users, named so that it fires before the sync triggers
-- (on_auth_user_*; triggers of one event fire in name order): it records the sign-in account's
-- changes that matter (never the password hash itself) and tells the sync triggers' audit rows
-- who acted, through the transaction-local setting sdv.audit_actor.
create function private.audit_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := coalesce(auth.uid(), new.id);
  v_actor_email text;
  diff jsonb := '{}'::jsonb;
begin
  select u.email into v_actor_email from auth.users u where u.id = v_actor;
  perform set_config('sdv.audit_actor', v_actor::text, true),
          set_config('sdv.audit_actor_email', coalesce(v_actor_email, ''), true);
  if tg_op <> 'UPDATE' then
    return null;
  end if;
  if new.email is distinct from old.email then
    diff := diff || jsonb_build_object('email', jsonb_build_array(old.email, new.email));
  end if;
  if new.encrypted_password is distinct from old.encrypted_password then
    -- The hash never leaves auth.users: the entry says that the password changed, nothing more.
    diff := diff || jsonb_build_object('password', jsonb_build_array('***', '***'));
  end if;
  if new.banned_until is distinct from old.banned_until then
    diff := diff || jsonb_build_object('banned_until', jsonb_build_array(old.banned_until, new.banned_until));
  end if;
  if diff <> '{}'::jsonb then
    insert into public.audit_log (actor_id, actor_email, table_name, row_id, action, changes)
    values (v_actor, v_actor_email, 'auth.users', new.id::text, 'update', diff);
  end if;
  return null;
end
$$;
revoke all on function private.audit_auth_user() from public, anon, authenticated, service_role;

create trigger audit_auth_users
  after insert or update on auth.users
  for each row execute function private.audit_auth_user();

-- AFTER row trigger of the audited tables. Arguments: the primary key column names (row_id = their
-- values joined by ':'). Updates that change only updated_at / last_login_at are not logged, and
-- the generated *_folded columns (search copies of names, e-mails and comments,
-- docs/search.md#matching-typed-text) are left out of the diffs: they only repeat their source.
create function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  old_doc jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) else '{}'::jsonb end;
  new_doc jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) else '{}'::jsonb end;
  key_doc jsonb := case when tg_op = 'DELETE' then old_doc else new_doc end;
  diff jsonb := '{}'::jsonb;
  col text;
  row_key text := '';
  i integer;
  v_actor uuid := auth.uid();
  v_actor_email text := auth.email();
  -- Generated columns (the folded copies searches use) follow their source column: logging them
  -- would only repeat it.
  v_generated text[] := array(select a.attname::text from pg_catalog.pg_attribute a
                               where a.attrelid = tg_relid and a.attgenerated <> '' and not a.attisdropped);
begin
  for col in select k from jsonb_object_keys(old_doc || new_doc) as k loop
    if col in ('updated_at', 'last_login_at') or col = any (v_generated) then
      continue;
    end if;
    if (old_doc -> col) is distinct from (new_doc -> col) then
      diff := diff || jsonb_build_object(col, jsonb_build_array(old_doc -> col, new_doc -> col));
    end if;
  end loop;
  if tg_op = 'UPDATE' and diff = '{}'::jsonb then
    return null;
  end if;
  for i in 0 .. tg_nargs - 1 loop
    row_key := row_key || case when i > 0 then ':' else '' end || coalesce(key_doc ->> tg_argv[i], '');
  end loop;
  if v_actor is null and pg_trigger_depth() > 1 then
    -- Written by a trigger of a statement without a JWT: Auth's change to auth.users, whose trigger
    -- named the actor for the rest of that cascade.
    v_actor := nullif(current_setting('sdv.audit_actor', true), '')::uuid;
    v_actor_email := nullif(current_setting('sdv.audit_actor_email', true), '');
  end if;
  if v_actor is not null and v_actor_email is null then
    select u.email into v_actor_email from auth.users u where u.id = v_actor;
  end if;
  insert into public.audit_log (actor_id, actor_email, table_name, row_id, action, changes)
  values (v_actor, v_actor_email, tg_table_name, row_key, lower(tg_op), diff);
  return null;
end
$$;
revoke all on function private.audit_row() from public, anon, authenticated;

create trigger audit_bookings after insert or update or delete on public.bookings
  for each row execute function private.audit_row('id');
create trigger audit_profiles after insert or update or delete on public.profiles
  for each row execute function private.audit_row('id');
create trigger audit_deposit_history after insert or update or delete on public.deposit_history
  for each row execute function private.audit_row('id');
create trigger audit_discount_codes after insert or update or delete on public.discount_codes
  for each row execute function private.audit_row('id');
create trigger audit_discount_code_services after insert or update or delete on public.discount_code_services
  for each row execute function private.audit_row('discount_code_id', 'subcategory_id');
create trigger audit_reviews after insert or update or delete on public.reviews
  for each row execute function private.audit_row('id');
create trigger audit_categories after insert or update or delete on public.categories
  for each row execute function private.audit_row('id');
create trigger audit_subcategories after insert or update or delete on public.subcategories
  for each row execute function private.audit_row('id');
create trigger audit_service_items after insert or update or delete on public.service_items
  for each row execute function private.audit_row('id');
create trigger audit_settings after insert or update or delete on public.settings
  for each row execute function private.audit_row('id');
create trigger audit_provider_service_types after insert or update or delete on public.provider_service_types
  for each row execute function private.audit_row('provider_id', 'subcategory_id');
create trigger audit_provider_documents after insert or update or delete on public.provider_documents
  for each row execute function private.audit_row('id');

-- ================================================================================================
-- supabase/schemas/15_storage.sql
-- ================================================================================================

-- Storage buckets and the policies on storage.objects.
--   provider-documents (private): admins read/write; a provider reads objects under its own id folder.
--   banners (public): admins write; anyone reads through the public URL (no SELECT policy for anon,
--     so the bucket cannot be listed).
--   message-images (private): path {conversation_id}/…; the conversation's participants read, and
--     upload while the conversation is active (like messages themselves); admins read and write.
-- The two helpers of the policies are security invoker. The restrictive policy that refuses a
-- banned user belongs to 17_bans.sql.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('provider-documents', 'provider-documents', false, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif']),
  ('banners', 'banners', true, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif']),
  ('message-images', 'message-images', false, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- True when the caller takes part in the conversation whose id is the object's first folder.
create function private.is_conversation_participant(object_name text)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1
      from public.conversations c
     where c.id::text = (storage.foldername(object_name))[1]
       and (c.customer_id = auth.uid() or c.provider_id = auth.uid())
  )
$$;
revoke all on function private.is_conversation_participant(text) from public, anon;
grant execute on function private.is_conversation_participant(text) to authenticated, service_role;

-- True when the caller may post in that conversation: a participant, and the conversation is active.
create function private.can_post_in_conversation(object_name text)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1
      from public.conversations c
     where c.id::text = (storage.foldername(object_name))[1]
       and c.is_active
       and (c.customer_id = auth.uid() or c.provider_id = auth.uid())
  )
$$;
revoke all on function private.can_post_in_conversation(text) from public, anon;
grant execute on function private.can_post_in_conversation(text) to authenticated, service_role;

create policy sdv_objects_select on storage.objects
  for select to authenticated
  using (
    (bucket_id in ('provider-documents', 'banners', 'message-images') and (select private.is_admin()))
    or (bucket_id = 'provider-documents' and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'message-images' and private.is_conversation_participant(name))
  );

create policy sdv_objects_insert on storage.objects
  for insert to authenticated
  with check (
    (bucket_id in ('provider-documents', 'banners', 'message-images') and (select private.is_admin()))
    or (bucket_id = 'message-images' and private.can_post_in_conversation(name))
  );

create policy sdv_objects_update on storage.objects
  for update to authenticated
  using (bucket_id in ('provider-documents', 'banners', 'message-images') and (select private.is_admin()))
  with check (bucket_id in ('provider-documents', 'banners', 'message-images') and (select private.is_admin()));

create policy sdv_objects_delete on storage.objects
  for delete to authenticated
  using (bucket_id in ('provider-documents', 'banners', 'message-images') and (select private.is_admin()));

-- ================================================================================================
-- supabase/schemas/16_stats_rollups_dashboard.sql
-- ================================================================================================

-- Rollups that keep the dashboard and the finance screens' stat cards O(days) instead of O(rows)
-- (docs/database.md#stats-rollups-for-every-filter), maintained by statement-level triggers with
-- transition tables (one pass per statement, cheap for bulk writes too): the rows a statement adds
-- count +1, the rows it removes -1, so an UPDATE moves a row between keys. Days are counted in
-- Asia/Ho_Chi_Minh.
--   public.booking_stats_daily:    bookings per creation day and status, with their final_price sum.
--   public.commission_stats_daily: commissions per creation day (= completion day), with their money sums.
--   profiles.total_bookings:       bookings per customer.
--   private.profile_role_counts:   profiles per role (the dashboard's user counts).
--   private.commission_stats_service_daily: commissions per creation day and service, with their
--                                  money sums and the sum of their rates (the commissions screen's
--                                  cards, with or without a service and a period).
--   private.commission_stats_provider_monthly: commissions per creation month, provider and
--                                  service, with the same sums (the commissions screen's cards for a
--                                  search text or a provider: a provider's year is a dozen rows).
--   private.deposit_stats_daily:   deposits per creation day and status, with their amounts (the
--                                  deposit history's cards and the dashboard's deposits).
-- Admins read the public rollups; the private ones are read by the admin stats functions as their
-- owner (granted to no API role; their admin-only read policy keeps a grant added by mistake
-- harmless). Nobody writes a rollup through the API: the trigger functions and the rebuilds
-- (private.rebuild_rollups, private.rebuild_stats_rollups, after bulk loads without triggers) are
-- security definer; their small helpers (private.local_day, private.local_month, private.local_midnight,
-- private.period_days, private.rollup_delta) are security invoker. The dashboard's body
-- private.admin_dashboard (security definer, admin check first) reads only rollups, behind the
-- security invoker public.admin_dashboard.

create table public.booking_stats_daily (
  day date not null,
  status text not null,
  booking_count bigint not null default 0,
  final_price_total bigint not null default 0,
  primary key (day, status)
);
comment on table public.booking_stats_daily is 'Rollup of bookings by creation day (Asia/Ho_Chi_Minh) and status, maintained by trigger.';

create table public.commission_stats_daily (
  day date primary key,
  commission_count bigint not null default 0,
  service_price_total bigint not null default 0,
  final_price_total bigint not null default 0,
  platform_fee_total bigint not null default 0,
  provider_amount_total bigint not null default 0
);
comment on table public.commission_stats_daily is 'Rollup of commissions by creation day (Asia/Ho_Chi_Minh), maintained by trigger.';

alter table public.booking_stats_daily enable row level security;
alter table public.commission_stats_daily enable row level security;

revoke all on table public.booking_stats_daily, public.commission_stats_daily from anon, authenticated;
grant select on table public.booking_stats_daily, public.commission_stats_daily to authenticated;
grant all on table public.booking_stats_daily, public.commission_stats_daily to service_role;

create policy booking_stats_daily_admin_select on public.booking_stats_daily
  for select to authenticated using ((select private.is_admin()));
create policy commission_stats_daily_admin_select on public.commission_stats_daily
  for select to authenticated using ((select private.is_admin()));

create function private.local_day(ts timestamptz)
returns date
language sql
immutable
set search_path = ''
as $$
  select (ts at time zone 'Asia/Ho_Chi_Minh')::date
$$;
revoke all on function private.local_day(timestamptz) from public, anon;
grant execute on function private.local_day(timestamptz) to authenticated, service_role;

-- The first day of the Vietnam calendar month of an instant.
create function private.local_month(ts timestamptz)
returns date
language sql
immutable
set search_path = ''
as $$
  select date_trunc('month', (ts at time zone 'Asia/Ho_Chi_Minh')::date)::date
$$;
revoke all on function private.local_month(timestamptz) from public, anon;
grant execute on function private.local_month(timestamptz) to authenticated, service_role;

-- Both rollup functions serve the three statement triggers of their table (transition tables
-- need one trigger per event): the rows a statement adds count +1, the rows it removes -1, so an
-- UPDATE moves a row between days (and statuses); deltas that cancel out write nothing, and the
-- rollup rows are written in key order. A trigger has only the transition tables of its event, so
-- the union of them is SQL text run by EXECUTE; both select lists name their columns, since a
-- DELETE has only the second.
create function private.rollup_delta(p_op text, p_added text, p_removed text)
returns text
language sql
immutable
set search_path = ''
as $$
  select concat_ws(' union all ',
                   case when p_op in ('INSERT', 'UPDATE') then 'select ' || p_added || ' from new_rows' end,
                   case when p_op in ('UPDATE', 'DELETE') then 'select ' || p_removed || ' from old_rows' end)
$$;
revoke all on function private.rollup_delta(text, text, text) from public, anon, authenticated, service_role;

-- bookings -> booking_stats_daily and profiles.total_bookings
create function private.bookings_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_delta text := private.rollup_delta(tg_op,
    'private.local_day(created_at) as day, status, customer_id, 1 as n, final_price',
    'private.local_day(created_at) as day, status, customer_id, -1 as n, -final_price as final_price');
begin
  execute 'with delta as (' || v_delta || '), grouped as (
      select day, status, sum(n)::bigint as n, sum(final_price)::bigint as total
        from delta group by day, status
      having sum(n) <> 0 or sum(final_price) <> 0
    )
    insert into public.booking_stats_daily as s (day, status, booking_count, final_price_total)
    select day, status, n, total from grouped order by day, status
    on conflict (day, status) do update
      set booking_count = s.booking_count + excluded.booking_count,
          final_price_total = s.final_price_total + excluded.final_price_total';

  execute 'with delta as (' || v_delta || '), grouped as (
      select customer_id, sum(n)::integer as n from delta
       where customer_id is not null group by customer_id having sum(n) <> 0
    )
    update public.profiles p set total_bookings = greatest(p.total_bookings + g.n, 0)
      from grouped g where p.id = g.customer_id';
  return null;
end
$$;
revoke all on function private.bookings_rollup() from public, anon, authenticated;

create trigger bookings_rollup_insert after insert on public.bookings
  referencing new table as new_rows
  for each statement execute function private.bookings_rollup();
create trigger bookings_rollup_update after update on public.bookings
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.bookings_rollup();
create trigger bookings_rollup_delete after delete on public.bookings
  referencing old table as old_rows
  for each statement execute function private.bookings_rollup();

-- commissions -> commission_stats_daily
create function private.commissions_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_delta text := private.rollup_delta(tg_op,
    'private.local_day(created_at) as day, 1 as n, service_price as sp, final_price as fp, platform_fee as pf, provider_amount as pa',
    'private.local_day(created_at) as day, -1 as n, -service_price as sp, -final_price as fp, -platform_fee as pf,
     -provider_amount as pa');
begin
  execute 'insert into public.commission_stats_daily as s
      (day, commission_count, service_price_total, final_price_total, platform_fee_total, provider_amount_total)
    select day, sum(n), sum(sp), sum(fp), sum(pf), sum(pa)
      from (' || v_delta || ') d
     group by day
    having sum(n) <> 0 or sum(sp) <> 0 or sum(fp) <> 0 or sum(pf) <> 0 or sum(pa) <> 0
     order by day
    on conflict (day) do update
      set commission_count = s.commission_count + excluded.commission_count,
          service_price_total = s.service_price_total + excluded.service_price_total,
          final_price_total = s.final_price_total + excluded.final_price_total,
          platform_fee_total = s.platform_fee_total + excluded.platform_fee_total,
          provider_amount_total = s.provider_amount_total + excluded.provider_amount_total';
  return null;
end
$$;
revoke all on function private.commissions_rollup() from public, anon, authenticated;

create trigger commissions_rollup_insert after insert on public.commissions
  referencing new table as new_rows
  for each statement execute function private.commissions_rollup();
create trigger commissions_rollup_update after update on public.commissions
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.commissions_rollup();
create trigger commissions_rollup_delete after delete on public.commissions
  referencing old table as old_rows
  for each statement execute function private.commissions_rollup();

-- Rebuilds every rollup from the base tables (used after bulk loads with triggers disabled).
create function private.rebuild_rollups()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.booking_stats_daily;
  insert into public.booking_stats_daily (day, status, booking_count, final_price_total)
  select private.local_day(created_at), status, count(*), sum(final_price)
    from public.bookings group by 1, 2;

  delete from public.commission_stats_daily;
  insert into public.commission_stats_daily
    (day, commission_count, service_price_total, final_price_total, platform_fee_total, provider_amount_total)
  select private.local_day(created_at), count(*), sum(service_price), sum(final_price), sum(platform_fee), sum(provider_amount)
    from public.commissions group by 1;

  update public.profiles p
     set total_bookings = coalesce(b.n, 0)
    from public.profiles p2
    left join (select customer_id, count(*)::integer as n from public.bookings group by customer_id) b
      on b.customer_id = p2.id
   where p.id = p2.id and p.total_bookings is distinct from coalesce(b.n, 0);

  update public.profiles p
     set total_earnings = coalesce(c.total, 0)
    from public.profiles p2
    left join (select provider_id, sum(provider_amount)::bigint as total from public.commissions group by provider_id) c
      on c.provider_id = p2.id
   where p.id = p2.id and p.total_earnings is distinct from coalesce(c.total, 0);
end
$$;
revoke all on function private.rebuild_rollups() from public, anon, authenticated;

-- Private rollups ---------------------------------------------------------------------------------

create table private.profile_role_counts (
  role text primary key,
  profile_count bigint not null default 0
);

create table private.commission_stats_service_daily (
  day date not null,
  -- The service (subcategory); commissions whose service was deleted count under the nil uuid.
  subcategory_id uuid not null,
  commission_count bigint not null default 0,
  service_price_total bigint not null default 0,
  platform_fee_total bigint not null default 0,
  provider_amount_total bigint not null default 0,
  commission_rate_total numeric not null default 0,
  primary key (day, subcategory_id)
);
create index commission_stats_service_daily_subcategory_idx on private.commission_stats_service_daily (subcategory_id, day);

create table private.commission_stats_provider_monthly (
  -- The first day of a Vietnam calendar month.
  month date not null,
  -- The provider and the service; commissions without one count under the nil uuid.
  provider_id uuid not null,
  subcategory_id uuid not null,
  commission_count bigint not null default 0,
  service_price_total bigint not null default 0,
  platform_fee_total bigint not null default 0,
  provider_amount_total bigint not null default 0,
  commission_rate_total numeric not null default 0,
  -- The key includes the sums: a search text's providers read their months from the index alone.
  primary key (provider_id, month, subcategory_id)
    include (commission_count, service_price_total, platform_fee_total, provider_amount_total, commission_rate_total)
);
create index commission_stats_provider_monthly_subcategory_idx
  on private.commission_stats_provider_monthly (subcategory_id, month);

create table private.deposit_stats_daily (
  day date not null,
  status text not null,
  deposit_count bigint not null default 0,
  amount_total bigint not null default 0,
  primary key (day, status)
);

alter table private.profile_role_counts enable row level security;
alter table private.commission_stats_service_daily enable row level security;
alter table private.commission_stats_provider_monthly enable row level security;
alter table private.deposit_stats_daily enable row level security;
revoke all on table private.profile_role_counts, private.commission_stats_service_daily,
  private.commission_stats_provider_monthly, private.deposit_stats_daily
  from public, anon, authenticated, service_role;

comment on table private.profile_role_counts is 'Rollup: profiles per role, maintained by trigger (dashboard user counts).';
comment on table private.commission_stats_service_daily is
  'Rollup: commissions per creation day (Asia/Ho_Chi_Minh) and service (nil uuid: service deleted), maintained by trigger.';
comment on table private.commission_stats_provider_monthly is
  'Rollup: commissions per creation month (Asia/Ho_Chi_Minh), provider and service (nil uuid: none), maintained by trigger.';
comment on table private.deposit_stats_daily is 'Rollup: deposits per creation day (Asia/Ho_Chi_Minh) and status, maintained by trigger.';

create policy profile_role_counts_admin_select on private.profile_role_counts
  for select to authenticated using ((select private.is_admin()));
create policy commission_stats_service_daily_admin_select on private.commission_stats_service_daily
  for select to authenticated using ((select private.is_admin()));
create policy commission_stats_provider_monthly_admin_select on private.commission_stats_provider_monthly
  for select to authenticated using ((select private.is_admin()));
create policy deposit_stats_daily_admin_select on private.deposit_stats_daily
  for select to authenticated using ((select private.is_admin()));

-- The first instant of a Vietnam calendar day.
create function private.local_midnight(p_day date)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select p_day::timestamp at time zone 'Asia/Ho_Chi_Minh'
$$;
revoke all on function private.local_midnight(date) from public, anon;
grant execute on function private.local_midnight(date) to authenticated, service_role;

-- ------------------------------------------------------------------------------- the triggers

create function private.profiles_role_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute 'insert into private.profile_role_counts as s (role, profile_count)
    select role, sum(n) from (' || private.rollup_delta(tg_op, 'role, 1 as n', 'role, -1 as n') || ') d
     group by role having sum(n) <> 0 order by role
    on conflict (role) do update set profile_count = s.profile_count + excluded.profile_count';
  return null;
end
$$;
revoke all on function private.profiles_role_rollup() from public, anon, authenticated;

create trigger profiles_role_rollup_insert after insert on public.profiles
  referencing new table as new_rows
  for each statement execute function private.profiles_role_rollup();
create trigger profiles_role_rollup_update after update on public.profiles
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.profiles_role_rollup();
create trigger profiles_role_rollup_delete after delete on public.profiles
  referencing old table as old_rows
  for each statement execute function private.profiles_role_rollup();

create function private.commissions_service_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute 'insert into private.commission_stats_service_daily as s
      (day, subcategory_id, commission_count, service_price_total, platform_fee_total, provider_amount_total, commission_rate_total)
    select day, sub, sum(n), sum(sp), sum(pf), sum(pa), sum(rt)
      from (' || private.rollup_delta(tg_op,
        'private.local_day(created_at) as day, coalesce(subcategory_id, ''00000000-0000-0000-0000-000000000000'') as sub,
         1 as n, service_price as sp, platform_fee as pf, provider_amount as pa, commission_rate as rt',
        'private.local_day(created_at) as day, coalesce(subcategory_id, ''00000000-0000-0000-0000-000000000000'') as sub,
         -1 as n, -service_price as sp, -platform_fee as pf, -provider_amount as pa, -commission_rate as rt') || ') d
     group by day, sub
    having sum(n) <> 0 or sum(sp) <> 0 or sum(pf) <> 0 or sum(pa) <> 0 or sum(rt) <> 0
     order by day, sub
    on conflict (day, subcategory_id) do update
      set commission_count = s.commission_count + excluded.commission_count,
          service_price_total = s.service_price_total + excluded.service_price_total,
          platform_fee_total = s.platform_fee_total + excluded.platform_fee_total,
          provider_amount_total = s.provider_amount_total + excluded.provider_amount_total,
          commission_rate_total = s.commission_rate_total + excluded.commission_rate_total';
  return null;
end
$$;
revoke all on function private.commissions_service_rollup() from public, anon, authenticated;

create trigger commissions_service_rollup_insert after insert on public.commissions
  referencing new table as new_rows
  for each statement execute function private.commissions_service_rollup();
create trigger commissions_service_rollup_update after update on public.commissions
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.commissions_service_rollup();
create trigger commissions_service_rollup_delete after delete on public.commissions
  referencing old table as old_rows
  for each statement execute function private.commissions_service_rollup();

create function private.commissions_provider_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute 'insert into private.commission_stats_provider_monthly as s
      (month, provider_id, subcategory_id, commission_count, service_price_total, platform_fee_total,
       provider_amount_total, commission_rate_total)
    select month, prov, sub, sum(n), sum(sp), sum(pf), sum(pa), sum(rt)
      from (' || private.rollup_delta(tg_op,
        'private.local_month(created_at) as month, coalesce(provider_id, ''00000000-0000-0000-0000-000000000000'') as prov,
         coalesce(subcategory_id, ''00000000-0000-0000-0000-000000000000'') as sub,
         1 as n, service_price as sp, platform_fee as pf, provider_amount as pa, commission_rate as rt',
        'private.local_month(created_at) as month, coalesce(provider_id, ''00000000-0000-0000-0000-000000000000'') as prov,
         coalesce(subcategory_id, ''00000000-0000-0000-0000-000000000000'') as sub,
         -1 as n, -service_price as sp, -platform_fee as pf, -provider_amount as pa, -commission_rate as rt') || ') d
     group by month, prov, sub
    having sum(n) <> 0 or sum(sp) <> 0 or sum(pf) <> 0 or sum(pa) <> 0 or sum(rt) <> 0
     order by prov, month, sub
    on conflict (provider_id, month, subcategory_id) do update
      set commission_count = s.commission_count + excluded.commission_count,
          service_price_total = s.service_price_total + excluded.service_price_total,
          platform_fee_total = s.platform_fee_total + excluded.platform_fee_total,
          provider_amount_total = s.provider_amount_total + excluded.provider_amount_total,
          commission_rate_total = s.commission_rate_total + excluded.commission_rate_total';
  return null;
end
$$;
revoke all on function private.commissions_provider_rollup() from public, anon, authenticated;

create trigger commissions_provider_rollup_insert after insert on public.commissions
  referencing new table as new_rows
  for each statement execute function private.commissions_provider_rollup();
create trigger commissions_provider_rollup_update after update on public.commissions
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.commissions_provider_rollup();
create trigger commissions_provider_rollup_delete after delete on public.commissions
  referencing old table as old_rows
  for each statement execute function private.commissions_provider_rollup();

create function private.deposits_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  execute 'insert into private.deposit_stats_daily as s (day, status, deposit_count, amount_total)
    select day, status, sum(n), sum(amount)
      from (' || private.rollup_delta(tg_op,
        'private.local_day(created_at) as day, status, 1 as n, amount',
        'private.local_day(created_at) as day, status, -1 as n, -amount as amount') || ') d
     group by day, status
    having sum(n) <> 0 or sum(amount) <> 0
     order by day, status
    on conflict (day, status) do update
      set deposit_count = s.deposit_count + excluded.deposit_count,
          amount_total = s.amount_total + excluded.amount_total';
  return null;
end
$$;
revoke all on function private.deposits_rollup() from public, anon, authenticated;

create trigger deposit_history_rollup_insert after insert on public.deposit_history
  referencing new table as new_rows
  for each statement execute function private.deposits_rollup();
create trigger deposit_history_rollup_update after update on public.deposit_history
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.deposits_rollup();
create trigger deposit_history_rollup_delete after delete on public.deposit_history
  referencing old table as old_rows
  for each statement execute function private.deposits_rollup();

-- ------------------------------------------------------------------------------- rebuild

-- Recomputes the four rollups above from the base tables (bulk loads run without triggers).
create function private.rebuild_stats_rollups()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.profile_role_counts;
  insert into private.profile_role_counts (role, profile_count)
  select role, count(*) from public.profiles group by role;

  delete from private.commission_stats_service_daily;
  insert into private.commission_stats_service_daily
    (day, subcategory_id, commission_count, service_price_total, platform_fee_total, provider_amount_total, commission_rate_total)
  select private.local_day(created_at), coalesce(subcategory_id, '00000000-0000-0000-0000-000000000000'),
         count(*), sum(service_price), sum(platform_fee), sum(provider_amount), sum(commission_rate)
    from public.commissions group by 1, 2;

  delete from private.commission_stats_provider_monthly;
  insert into private.commission_stats_provider_monthly
    (month, provider_id, subcategory_id, commission_count, service_price_total, platform_fee_total,
     provider_amount_total, commission_rate_total)
  select private.local_month(created_at), coalesce(provider_id, '00000000-0000-0000-0000-000000000000'),
         coalesce(subcategory_id, '00000000-0000-0000-0000-000000000000'),
         count(*), sum(service_price), sum(platform_fee), sum(provider_amount), sum(commission_rate)
    from public.commissions group by 1, 2, 3;

  delete from private.deposit_stats_daily;
  insert into private.deposit_stats_daily (day, status, deposit_count, amount_total)
  select private.local_day(created_at), status, count(*), sum(amount) from public.deposit_history group by 1, 2;
end
$$;
revoke all on function private.rebuild_stats_rollups() from public, anon, authenticated;

-- Periods of the stat cards ---------------------------------------------------------------------

-- Whole Vietnam days of a period [p_from, p_to): the first day starting at or after p_from and the
-- first day not wholly before p_to (null: unbounded), and whether the period holds any whole day.
create function private.period_days(p_from timestamptz, p_to timestamptz, out first_day date, out end_day date)
language sql
immutable
set search_path = ''
as $$
  select case when p_from is not null then private.local_day(p_from - interval '1 microsecond') + 1 end,
         case when p_to is not null then private.local_day(p_to) end
$$;
revoke all on function private.period_days(timestamptz, timestamptz) from public, anon;
grant execute on function private.period_days(timestamptz, timestamptz) to authenticated, service_role;

-- The dashboard -----------------------------------------------------------------------------------

-- Every dashboard figure in one call, from the rollups only: user counts from
-- private.profile_role_counts, bookings and money from the daily rollups, deposit figures from
-- private.deposit_stats_daily.
create function private.admin_dashboard()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := private.local_day(now());
  result jsonb;
begin
  perform private.assert_admin();

  with users as (
    select coalesce(sum(profile_count) filter (where role = 'customer'), 0) as customers,
           coalesce(sum(profile_count) filter (where role = 'provider'), 0) as providers,
           coalesce(sum(profile_count), 0) as total
      from private.profile_role_counts
  ), booking_totals as (
    select coalesce(jsonb_object_agg(status, n), '{}'::jsonb) as by_status,
           coalesce(sum(n), 0) as total,
           coalesce(sum(revenue) filter (where status = 'completed'), 0) as revenue
      from (select status, sum(booking_count) as n, sum(final_price_total) as revenue
              from public.booking_stats_daily group by status) s
  ), commission_totals as (
    select coalesce(sum(platform_fee_total), 0) as platform_income,
           coalesce(sum(provider_amount_total), 0) as provider_earnings,
           coalesce(sum(final_price_total), 0) as completed_final_price,
           coalesce(sum(commission_count), 0) as commission_count
      from public.commission_stats_daily
  ), deposits as (
    select coalesce(sum(amount_total) filter (where status = 'completed'), 0) as completed_amount,
           coalesce(sum(deposit_count) filter (where status = 'completed'), 0) as completed_count,
           coalesce(sum(amount_total) filter (where status = 'pending'), 0) as pending_amount,
           coalesce(sum(deposit_count) filter (where status = 'pending'), 0) as pending_count,
           coalesce(sum(amount_total) filter (where status = 'canceled'), 0) as canceled_amount,
           coalesce(sum(deposit_count) filter (where status = 'canceled'), 0) as canceled_count
      from private.deposit_stats_daily
  ), days as (
    select d::date as day from generate_series(today - 29, today, interval '1 day') d
  ), per_day as (
    select jsonb_agg(jsonb_build_object(
             'day', days.day,
             'total', coalesce(b.total, 0),
             'pending', coalesce(b.pending, 0),
             'confirmed', coalesce(b.confirmed, 0),
             'pending_completion', coalesce(b.pending_completion, 0),
             'completed', coalesce(b.completed, 0),
             'cancelled', coalesce(b.cancelled, 0)
           ) order by days.day) as bookings_per_day,
           jsonb_agg(jsonb_build_object(
             'day', days.day,
             'revenue', coalesce(c.final_price_total, 0),
             'platform_income', coalesce(c.platform_fee_total, 0),
             'provider_earnings', coalesce(c.provider_amount_total, 0),
             'completed', coalesce(c.commission_count, 0)
           ) order by days.day) as revenue_per_day
      from days
      left join (
        select day,
               sum(booking_count) as total,
               sum(booking_count) filter (where status = 'pending') as pending,
               sum(booking_count) filter (where status = 'confirmed') as confirmed,
               sum(booking_count) filter (where status = 'pending_completion') as pending_completion,
               sum(booking_count) filter (where status = 'completed') as completed,
               sum(booking_count) filter (where status = 'cancelled') as cancelled
          from public.booking_stats_daily
         where day between today - 29 and today
         group by day
      ) b on b.day = days.day
      left join public.commission_stats_daily c on c.day = days.day
  )
  select jsonb_build_object(
           'users', jsonb_build_object('total', users.total, 'customers', users.customers, 'providers', users.providers),
           'bookings', jsonb_build_object(
             'total', booking_totals.total,
             'pending', coalesce((booking_totals.by_status ->> 'pending')::bigint, 0),
             'confirmed', coalesce((booking_totals.by_status ->> 'confirmed')::bigint, 0),
             'pending_completion', coalesce((booking_totals.by_status ->> 'pending_completion')::bigint, 0),
             'completed', coalesce((booking_totals.by_status ->> 'completed')::bigint, 0),
             'cancelled', coalesce((booking_totals.by_status ->> 'cancelled')::bigint, 0)
           ),
           'revenue', booking_totals.revenue,
           'platform_income', commission_totals.platform_income,
           'provider_earnings', commission_totals.provider_earnings,
           'deposits', jsonb_build_object(
             'completed_amount', deposits.completed_amount, 'completed_count', deposits.completed_count,
             'pending_amount', deposits.pending_amount, 'pending_count', deposits.pending_count,
             'canceled_amount', deposits.canceled_amount, 'canceled_count', deposits.canceled_count
           ),
           'service_items', (select count(*) from public.service_items),
           'bookings_per_day', per_day.bookings_per_day,
           'revenue_per_day', per_day.revenue_per_day,
           'generated_at', now()
         )
    into result
    from users, booking_totals, commission_totals, deposits, per_day;
  return result;
end
$$;
comment on function private.admin_dashboard() is 'Body of public.admin_dashboard (security definer, admin check first).';
revoke all on function private.admin_dashboard() from public, anon;
grant execute on function private.admin_dashboard() to authenticated, service_role;

create function public.admin_dashboard()
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_dashboard()
$$;
comment on function public.admin_dashboard() is
  'Every dashboard figure in one jsonb: users, bookings per status, revenue, platform_income, provider_earnings, deposits, service_items, bookings_per_day and revenue_per_day (30 days, Asia/Ho_Chi_Minh). Admins only.';

revoke all on function public.admin_dashboard() from public, anon;
grant execute on function public.admin_dashboard() to authenticated, service_role;

-- ================================================================================================
-- supabase/schemas/17_bans.sql
-- ================================================================================================

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

-- ================================================================================================
-- supabase/schemas/18_realtime.sql
-- ================================================================================================

-- Realtime postgres_changes (docs/database.md#storage-and-realtime): delivery is decided by RLS as
-- the subscriber (a customer or provider only ever receives its own rows).
--   * messages and conversations: the live chat;
--   * bookings (queues included), deposit_history, reviews, commissions, discount_codes (promotion
--     code uses), profiles (new customers and providers) and service_items (packages): the back
--     office and its dashboard follow the marketplace as it happens (docs/marketplace.md#live-back-office,
--     src/app/live-updates.tsx).

alter publication supabase_realtime add table
  public.messages, public.conversations,
  public.bookings, public.deposit_history, public.reviews, public.commissions, public.discount_codes,
  public.profiles, public.service_items;

-- ================================================================================================
-- supabase/schemas/19_admin_list_helpers.sql
-- ================================================================================================

-- What every admin list shares for counting, sorting and paging (docs/database.md#admin-list-functions,
-- docs/search.md): the total (private.count_matches, private.count_text_matches,
-- private.plan_rows), the answer (private.list_answer), the whitelisted sort (private.list_sort),
-- the exports' legacy keyset (private.keyset_after, private.admin_default_order_keyset), one page
-- of a list in its sort with its answer (private.admin_sorted_page), and the filters that name rows
-- by the ids of other rows or by their own id (private.lookup_ids, private.id_in_condition,
-- private.id_search_condition).
-- Every function here is security invoker and executable by no API role: only the security
-- definer list functions, running as the owner, call them (most of them build or run SQL text
-- given by those functions; EXPLAIN makes count_matches and plan_rows volatile).

-- The exact count of private.count_matches with p_estimate_first (typed text, or a list without a
-- filter) when the planner expects 10,000 rows or fewer, read without index-only scans: a typed
-- text's matches through the trigram indexes, not by a walk of every entry of a covering index
-- that includes the searched columns (customers "nguyen": 56 ms walking 95,000 entries, 8 ms from
-- the trigram indexes).
create function private.count_text_matches(p_from text)
returns bigint
language plpgsql
volatile
security invoker
set search_path = ''
set enable_indexonlyscan = off
as $$
declare
  v_total bigint;
begin
  execute 'select count(*) from ' || p_from into v_total;
  return v_total;
end
$$;

comment on function private.count_text_matches(text) is
  'Exact count of "select from <p_from>", without index-only scans (the trigram indexes of a typed text); used by private.count_matches.';

revoke all on function private.count_text_matches(text) from public, anon, authenticated, service_role;

-- The total of an admin list: the matching rows counted up to 10,000 (the count stops at the
-- 10,001st row), above that the planner's estimate, never below 10,001, with total_exact = false.
-- With p_estimate_first (for filters whose count would read a large part of the table) the planner
-- is asked first: its estimate is the answer when it expects more than 10,000 rows, otherwise the
-- rows are counted without the cap. The capped form (`limit 10001`) let the planner pick plans that
-- stop early on paper and read a whole table in practice (a provider-name search over the deposit
-- history merged with every profile: 66 ms instead of 6 ms on seed:large); below the cap the count
-- ends anyway, through private.count_text_matches. p_from is "<table> <alias> where <filter>" with
-- every value inlined as a quoted literal.
create function private.count_matches(
  p_from text,
  p_estimate_first boolean default false,
  out total bigint,
  out total_exact boolean
)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  count_cap constant integer := 10000;
  v_estimate bigint;
begin
  if p_estimate_first then
    v_estimate := private.plan_rows('select 1 from ' || p_from);
    if v_estimate > count_cap then
      total := v_estimate;
      total_exact := false;
      return;
    end if;
    total := private.count_text_matches(p_from);
    total_exact := total <= count_cap;
    if not total_exact then
      total := greatest(v_estimate, count_cap + 1);
    end if;
    return;
  end if;
  execute 'select count(*) from (select 1 from ' || p_from || ' limit ' || (count_cap + 1) || ') capped'
    into total;
  total_exact := total <= count_cap;
  if not total_exact then
    total := greatest(private.plan_rows('select 1 from ' || p_from), count_cap + 1);
  end if;
end
$$;

comment on function private.count_matches(text, boolean) is
  'Total of an admin list: exact up to 10,000 matching rows, otherwise the planner''s estimate (total_exact false).';

-- The planner's row estimate of a query (EXPLAIN, nothing executed).
create function private.plan_rows(p_query text)
returns bigint
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_plan jsonb;
begin
  execute 'explain (format json) ' || p_query into v_plan;
  return round((v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric)::bigint;
end
$$;

-- The answer of every admin list: {rows, total, total_exact}. An estimated total never stays below
-- the rows the page shows (offset + rows); without a count (p_total null) both keys are null.
create function private.list_answer(p_rows jsonb, p_total bigint, p_total_exact boolean, p_offset integer)
returns jsonb
language sql
immutable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'rows', p_rows,
    'total', case
               when p_total is null then null
               when p_total_exact then p_total
               else greatest(p_total, p_offset + jsonb_array_length(p_rows))
             end,
    'total_exact', case when p_total is not null then p_total_exact end
  )
$$;

-- The keyset condition of an admin list's export (rows after (created_at, id) in the order
-- created_at desc, id desc) on the table aliased p_alias, values inlined as quoted literals; null
-- without a keyset; 22023 when only one of the two values is given.
create function private.keyset_after(p_alias text, p_after_created_at timestamptz, p_after_id uuid)
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if (p_after_created_at is null) <> (p_after_id is null) then
    raise exception 'p_after_created_at and p_after_id go together' using errcode = '22023';
  end if;
  if p_after_created_at is null then
    return null;
  end if;
  return format(' and %1$I.created_at <= %2$L::timestamptz and (%1$I.created_at < %2$L::timestamptz or %1$I.id < %3$L::uuid)',
                p_alias, p_after_created_at, p_after_id);
end
$$;

-- Only the list functions (security definer, running as the owner) call these: no API role may run
-- SQL text through them.
revoke all on function private.count_matches(text, boolean) from public, anon, authenticated, service_role;
revoke all on function private.plan_rows(text) from public, anon, authenticated, service_role;
revoke all on function private.list_answer(jsonb, bigint, boolean, integer) from public, anon, authenticated, service_role;
revoke all on function private.keyset_after(text, timestamptz, uuid) from public, anon, authenticated, service_role;

-- The sort of a list: p_keys maps each offered key to [SQL expression over the aliased table, SQL
-- type of its value]; p_sort is 'key.asc' or 'key.desc' (null or '' = p_default). 22023 otherwise.
create function private.list_sort(
  p_keys jsonb,
  p_sort text,
  p_default text,
  out sort_expr text,
  out sort_type text,
  out descending boolean
)
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_sort text := coalesce(nullif(btrim(coalesce(p_sort, '')), ''), p_default);
  v_parts text[] := regexp_match(v_sort, '^([a-z_]+)\.(asc|desc)$');
begin
  if v_parts is null or not (p_keys ? v_parts[1]) then
    raise exception 'invalid sort: % (offered: %)', p_sort,
      (select string_agg(k, ', ' order by k) from jsonb_object_keys(p_keys) k)
      using errcode = '22023';
  end if;
  sort_expr := p_keys -> v_parts[1] ->> 0;
  sort_type := p_keys -> v_parts[1] ->> 1;
  descending := v_parts[2] = 'desc';
end
$$;

-- The exports' legacy keyset (p_after_created_at, p_after_id: private.keyset_after) pages the
-- default order (created_at desc) only: with another p_sort it is refused (22023), use p_after.
create function private.admin_default_order_keyset(
  p_alias text, p_sort text, p_after_created_at timestamptz, p_after_id uuid
)
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_keyset text := private.keyset_after(p_alias, p_after_created_at, p_after_id);
begin
  if v_keyset is not null and coalesce(nullif(btrim(coalesce(p_sort, '')), ''), 'created_at.desc') <> 'created_at.desc' then
    raise exception 'p_after_created_at / p_after_id page the default order only: use p_after' using errcode = '22023';
  end if;
  return v_keyset;
end
$$;

-- One page of an admin list in a whitelisted sort, and its answer
-- {rows, total, total_exact, first_cursor, last_cursor} (docs/search.md#contract).
--   p_table, p_alias, p_filter: the rows (filter SQL with the values inlined as quoted literals);
--   p_keys, p_sort, p_default_sort: the sort (private.list_sort), always followed by the id;
--   p_columns, p_joins: each row of the answer, over the page (aliased p_alias) and its joins;
--   p_after / p_before: a cursor (rows after / just before it); p_last: p_offset counts from the end;
--   p_keyset: an extra condition of the page only (the exports' legacy created_at keyset);
--   p_total / p_total_exact: a total the caller counted itself (else private.count_matches);
--   p_offset_window: the deepest offset served (a caller that bounded p_filter itself may allow
--     more); 500 at most with p_estimate_first (a list filtered by typed text).
-- Offsets beyond the window (2,000 rows from the start, or from the end) are refused (22023,
-- detail offset_window), except that a list with an exact total reads a page near its end from the end.
-- An offset is paid row by row (with a search matching 6 % of the bookings, offset 10,000 read
-- 160,000 rows: 300 ms); 2,000 rows keeps every numbered page in the tens of milliseconds at 1M.
-- p_id_type is the type of the listed table's id ('uuid' unless told): the audit log's ids are
-- bigint, and its cursors compare them as such.
-- When the page skips rows (an offset) or typed text filters the list, the page's ids are found
-- first, from the columns of the filter and the order only, and its rows are read by id afterwards:
-- the default order's index of each searched list includes the searched columns, so the rows a
-- deep page skips are index entries (an index-only scan), not table rows.
create function private.admin_sorted_page(
  p_table text,
  p_alias text,
  p_filter text,
  p_keys jsonb,
  p_sort text,
  p_default_sort text,
  p_columns text,
  p_joins text,
  p_limit integer,
  p_offset integer,
  p_count boolean,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_keyset text default null,
  p_total bigint default null,
  p_total_exact boolean default null,
  p_estimate_first boolean default false,
  p_offset_window integer default 2000,
  p_id_type text default 'uuid'
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  -- Typed text (p_estimate_first) can match a few percent of the rows, each skipped row then
  -- costs the rows between two matches: its window is 500 rows (page 11 at 50 a page).
  offset_window constant integer := case when p_estimate_first then least(p_offset_window, 500) else p_offset_window end;
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 1000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_sort record;
  v_cursor text := coalesce(p_after, p_before);
  v_reverse boolean := coalesce(p_last, false) or p_before is not null;
  v_walk_desc boolean;
  v_dir text;
  v_out_dir text;
  v_back_dir text;
  v_filter text := p_filter;
  v_value text;
  v_id text;
  v_total bigint := p_total;
  v_exact boolean := p_total_exact;
  v_rows jsonb;
  v_first text;
  v_last text;
  v_source text;
begin
  select * into v_sort from private.list_sort(p_keys, p_sort, p_default_sort);
  if p_after is not null and p_before is not null then
    raise exception 'p_after and p_before exclude each other' using errcode = '22023';
  end if;

  if p_count and v_total is null then
    select m.total, m.total_exact into v_total, v_exact
      from private.count_matches(p_table || ' ' || p_alias || ' where ' || p_filter,
                                 -- Without a filter the planner's estimate is the table's row count.
                                 p_estimate_first or p_filter = 'true') m;
  end if;

  if v_cursor is not null then
    begin
      v_value := (v_cursor::jsonb) ->> 0;
      v_id := (v_cursor::jsonb) ->> 1;
      execute format('select %L::%s', v_id, p_id_type);
      if jsonb_typeof(v_cursor::jsonb) <> 'array' or jsonb_array_length(v_cursor::jsonb) <> 2 or v_id is null then
        raise exception 'bad cursor';
      end if;
      execute format('select %L::%s', v_value, v_sort.sort_type);
    exception when others then
      raise exception 'invalid cursor: %', v_cursor using errcode = '22023';
    end;
    v_offset := 0;
  elsif p_keyset is not null then
    v_offset := 0;
    v_filter := v_filter || p_keyset;
  elsif v_offset > offset_window then
    if not v_reverse and v_exact and v_offset < v_total and v_total - v_offset <= offset_window + v_limit then
      -- Rows [offset, offset + limit) of the order are rows [total - offset - limit, total - offset)
      -- of the reversed order.
      v_reverse := true;
      v_limit := least(v_limit, (v_total - v_offset)::integer);
      v_offset := (v_total - v_offset - v_limit)::integer;
    elsif not v_reverse and v_exact and v_offset >= v_total then
      v_limit := 0;
    else
      raise exception 'offset % is beyond the numbered pages (% rows from either end): page with cursors',
        v_offset, offset_window using errcode = '22023', detail = 'offset_window';
    end if;
  end if;

  v_walk_desc := v_sort.descending <> v_reverse;
  v_dir := case when v_walk_desc then 'desc' else 'asc' end;
  v_out_dir := case when v_sort.descending then 'desc' else 'asc' end;
  v_back_dir := case when v_sort.descending then 'asc' else 'desc' end;
  if v_cursor is not null then
    -- Strictly after the cursor in the walking order: one row comparison, which a btree index on
    -- (key, id) (or on the key alone) serves as an index condition.
    v_filter := v_filter || format(' and (%s, %I.id) %s (%L::%s, %L::%s)',
      v_sort.sort_expr, p_alias, case when v_walk_desc then '<' else '>' end, v_value, v_sort.sort_type, v_id, p_id_type);
  end if;

  -- A filtered list in another order than its default, with few matches, is filtered first and then
  -- sorted (`offset 0` keeps the planner from merging the two): walking the sort's index and
  -- testing the filter row by row assumes the matches are spread over the order, and a filter that
  -- follows the order (the comments saying "tệ" are the low ratings; a service's fees sit together)
  -- made that walk read most of the table (0.3–0.9 s at 1M) for a page of a few thousand matches.
  v_source := p_table || ' ' || p_alias;
  if p_filter <> 'true' and v_total is not null and v_total <= 20000
     and split_part(coalesce(nullif(p_sort, ''), p_default_sort), '.', 1) <> split_part(p_default_sort, '.', 1) then
    v_source := '(select * from ' || p_table || ' ' || p_alias || ' where ' || p_filter || ' offset 0) ' || p_alias;
  end if;

  -- When the page skips rows (an offset) or typed text filters the list, the page's ids are found
  -- first, reading only the columns of the filter and the order (an index-only scan where an index
  -- of the order includes them: the rows a deep page skips, and the rows a typed text rejects
  -- between its matches, are then index entries, not table rows), and the page's rows are read by
  -- id afterwards. A first page or a cursor's page without typed text reads its rows at once (an
  -- export's 1,000 rows by id would cost a thousand more index lookups).
  if v_offset > 0 or p_estimate_first then
    v_source := p_table || ' ' || p_alias || ' where ' || p_alias || '.id in (select ' || p_alias || '.id from ' || v_source
      || ' where ' || v_filter
      || ' order by ' || v_sort.sort_expr || ' ' || v_dir || ', ' || p_alias || '.id ' || v_dir
      || ' limit ' || v_limit || ' offset ' || v_offset || ')';
  else
    v_source := v_source || ' where ' || v_filter
      || ' order by ' || v_sort.sort_expr || ' ' || v_dir || ', ' || p_alias || '.id ' || v_dir
      || ' limit ' || v_limit || ' offset ' || v_offset;
  end if;

  -- Each row is built once as the record of p_columns (to_jsonb of a row without the sort helpers:
  -- deleting three keys from every row's jsonb cost a third of the page's time).
  execute
    'select coalesce(jsonb_agg(to_jsonb(r.o) order by r._sort_key ' || v_out_dir || ', r._sort_id ' || v_out_dir || '), ''[]''::jsonb),
            (array_agg(r._cursor order by r._sort_key ' || v_out_dir || ', r._sort_id ' || v_out_dir || '))[1],
            (array_agg(r._cursor order by r._sort_key ' || v_back_dir || ', r._sort_id ' || v_back_dir || '))[1]
       from (
         select (select o from (select ' || p_columns || ') o) as o, ' || p_alias || '._sort_key, ' || p_alias || '.id as _sort_id,
                jsonb_build_array(' || p_alias || '._sort_key, ' || p_alias || '.id)::text as _cursor
           from (select ' || p_alias || '.*, ' || v_sort.sort_expr || ' as _sort_key
                   from ' || v_source || ') ' || p_alias
             || ' ' || coalesce(p_joins, '') || '
       ) r'
    into v_rows, v_first, v_last;

  return private.list_answer(v_rows, v_total, v_exact,
                             case when v_reverse or v_cursor is not null then 0 else greatest(coalesce(p_offset, 0), 0) end)
         || jsonb_build_object('first_cursor', v_first, 'last_cursor', v_last);
end
$$;

comment on function private.admin_sorted_page(text, text, text, jsonb, text, text, text, text, integer, integer, boolean, text, text, boolean, text, bigint, boolean, boolean, integer, text) is
  'One page of an admin list in a whitelisted sort: offset window (2,000 rows from either end) or cursors; {rows, total, total_exact, first_cursor, last_cursor} (docs/search.md#deep-pages).';

-- Only the list functions (security definer, running as the owner) call these.
revoke all on function private.list_sort(jsonb, text, text) from public, anon, authenticated, service_role;
revoke all on function private.admin_default_order_keyset(text, text, timestamptz, uuid) from public, anon, authenticated, service_role;
revoke all on function private.admin_sorted_page(text, text, text, jsonb, text, text, text, text, integer, integer, boolean, text, text, boolean, text, bigint, boolean, boolean, integer, text) from public, anon, authenticated, service_role;

-- The ids a lookup of private.id_in_condition returns (SQL text written by a list function, never
-- typed text), read with its trigram index: index-only scans are off while it runs, so an index
-- that includes a folded column for a list's order (profiles_role_created_at_search_idx) is not
-- walked whole instead (every customer for "nguyen": 15 ms, against 5 ms from the trigram index).
create function private.lookup_ids(p_query text)
returns uuid[]
language plpgsql
stable
security invoker
set search_path = ''
set enable_indexonlyscan = off
as $$
declare
  v_ids uuid[];
begin
  execute 'select array(' || p_query || ')' into v_ids;
  return v_ids;
end
$$;

comment on function private.lookup_ids(text) is
  'The uuid array a lookup query returns, read without index-only scans (the trigram index of the folded column); used by private.id_in_condition.';

revoke all on function private.lookup_ids(text) from public, anon, authenticated, service_role;

-- "<p_column> is one of the ids <p_query> returns", for a list filter built as SQL text
-- (docs/search.md#matching-typed-text). The ids are read first and written into the condition as a
-- literal array when there are at most 5,000 of them: the planner then knows how many there are, so
-- a rare name reads its few rows through the column's index, and a name nobody has matches nothing
-- at once (as an `array(select …)` the planner guessed, and walked a whole list in its order to find
-- no row: 0.6–1 s on 550,000 commissions). More ids than that are many matches, found at once by
-- walking the list in its order: the condition then holds the lookup as a scalar subquery (one run
-- per statement). Either way the ids are read by private.lookup_ids.
create function private.id_in_condition(p_column text, p_query text)
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  id_cap constant integer := 5000;
  v_ids uuid[];
begin
  v_ids := private.lookup_ids(p_query || ' limit ' || (id_cap + 1));
  if cardinality(v_ids) > id_cap then
    return format('%s = any ((select private.lookup_ids(%L))::uuid[])', p_column, p_query);
  end if;
  return format('%s = any (%L::uuid[])', p_column, v_ids);
end
$$;

comment on function private.id_in_condition(text, text) is
  'SQL condition: the column is one of the ids the query returns, as a literal uuid array up to 5,000 ids (else the query as a subquery).';

-- The part of a search box that names a row by its id (docs/search.md#matching-typed-text): 8 hex
-- digits or more (a leading # and dashes ignored, any case) are the start of the id, or, exactly 8,
-- its short number (the last 8 digits the screens show after #). Both are index conditions: a range
-- of the id's btree and the short number's expression index. Null for any other text ("de", "cafe"
-- are words, not ids).
create function private.id_search_condition(p_column text, p_text text)
returns text
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_hex text := lower(replace(ltrim(btrim(coalesce(p_text, '')), '#'), '-', ''));
  v_condition text;
begin
  if v_hex !~ '^[0-9a-f]{8,32}$' then
    return null;
  end if;
  v_condition := format('%s between %L::uuid and %L::uuid', p_column, rpad(v_hex, 32, '0'), rpad(v_hex, 32, 'f'));
  if char_length(v_hex) = 8 then
    v_condition := v_condition || format(' or right(%s::text, 8) = %L', p_column, v_hex);
  end if;
  return '(' || v_condition || ')';
end
$$;

comment on function private.id_search_condition(text, text) is
  'SQL condition: the uuid column starts with the typed hex digits (8 or more; # and dashes ignored) or, for exactly 8, ends with them (the short number). Null for other text.';

revoke all on function private.id_in_condition(text, text) from public, anon, authenticated, service_role;
revoke all on function private.id_search_condition(text, text) from public, anon, authenticated, service_role;

-- ================================================================================================
-- supabase/schemas/20_admin_detail_stats.sql
-- ================================================================================================

-- The statistics of the admin detail screens: a provider's and a customer's bookings by status
-- (docs/product.md#booking-status), a provider's active reviews (docs/product.md#review-status).
-- security invoker (RLS applies) and refused to anyone but an admin or the service role (42501).

-- The body of both: the bookings whose p_column (provider_id or customer_id) is p_id, counted by
-- status, with the final price of the completed ones under the key p_money_key; 42501 for anyone
-- but an admin or the service role.
create function private.booking_status_counts(p_column text, p_id uuid, p_money_key text)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.assert_admin();
  execute format(
    'select jsonb_build_object(
              ''total'', count(*),
              ''pending'', count(*) filter (where status = ''pending''),
              ''confirmed'', count(*) filter (where status = ''confirmed''),
              ''pending_completion'', count(*) filter (where status = ''pending_completion''),
              ''completed'', count(*) filter (where status = ''completed''),
              ''cancelled'', count(*) filter (where status = ''cancelled''),
              ''in_progress'', count(*) filter (where status in (''pending'', ''confirmed'', ''pending_completion'')),
              %L, coalesce(sum(final_price) filter (where status = ''completed''), 0)
            )
       from public.bookings
      where %I = $1', p_money_key, p_column)
    into result
    using p_id;
  return result;
end
$$;

revoke all on function private.booking_status_counts(text, uuid, text) from public, anon;
grant execute on function private.booking_status_counts(text, uuid, text) to authenticated, service_role;

create function public.provider_stats(p_provider_id uuid)
returns jsonb language sql stable security invoker set search_path = ''
as $$ select private.booking_status_counts('provider_id', p_provider_id, 'total_revenue') $$;

create function public.customer_stats(p_customer_id uuid)
returns jsonb language sql stable security invoker set search_path = ''
as $$ select private.booking_status_counts('customer_id', p_customer_id, 'total_spent') $$;

-- Only active reviews count (docs/product.md#review-status).
create function public.provider_review_summary(p_provider_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.assert_admin();
  select jsonb_build_object(
           'count', count(*),
           'average', coalesce(round(avg(rating), 2), 0),
           'distribution', jsonb_build_object(
             '1', count(*) filter (where rating = 1),
             '2', count(*) filter (where rating = 2),
             '3', count(*) filter (where rating = 3),
             '4', count(*) filter (where rating = 4),
             '5', count(*) filter (where rating = 5)
           )
         )
    into result
    from public.reviews
   where provider_id = p_provider_id and status = 'active';
  return result;
end
$$;

comment on function public.provider_stats(uuid) is
  'Bookings of one provider by status, in progress, and total_revenue (final price of completed bookings). Admins only.';
comment on function public.customer_stats(uuid) is
  'Bookings of one customer by status, in progress, and total_spent (final price of completed bookings). Admins only.';
comment on function public.provider_review_summary(uuid) is
  'Count, average and 1–5 distribution of one provider''s active reviews. Admins only.';

revoke all on function public.provider_stats(uuid) from public, anon;
revoke all on function public.customer_stats(uuid) from public, anon;
revoke all on function public.provider_review_summary(uuid) from public, anon;
grant execute on function public.provider_stats(uuid) to authenticated, service_role;
grant execute on function public.customer_stats(uuid) to authenticated, service_role;
grant execute on function public.provider_review_summary(uuid) to authenticated, service_role;

-- ================================================================================================
-- supabase/schemas/21_admin_list_bookings.sql
-- ================================================================================================

-- The admin bookings list (/admin/bookings) and its CSV export: filters, whitelisted sorts, a page
-- of rows with the provider's current name, and a total that stays cheap on millions of bookings.
-- Answer: {rows, total, total_exact, first_cursor, last_cursor} like every admin list
-- (docs/database.md#admin-list-functions, docs/search.md#contract).
--
-- Filters: status, provider, customer, package name, service name and customer name typed text
-- (accent-insensitive on the `*_folded` columns, served by their trigram indexes,
-- private.vi_search_condition), created since an instant. Sorts: created_at (default, newest
-- first), final_price, customer_name (Vietnamese order), each followed by the id.
-- Paging (private.admin_sorted_page): numbered pages within the offset window, cursors (p_after,
-- p_before, p_last), or the export's legacy keyset after (created_at, id) for the default order,
-- which walks every filtered row in chunks with p_count = false. A deep page of the default order
-- (docs/search.md#deep-pages) starts in the Vietnam day that holds its first row, found from the
-- daily rollup, so any page number of that order is reachable.
--
-- Why the worker is security definer: the bookings SELECT policy is one OR of "admin" and "own
-- rows"; the planner cannot know at plan time that the admin branch is true, so under RLS it
-- estimates every filter badly (a trigram match that finds nothing was planned as a full scan:
-- 0.9 s instead of 0.1 ms on 1,000,000 rows). The worker therefore reads as the table owner, and
-- only after checking the caller is an admin (or the service role) itself — the same rows the
-- admin branch of the policy grants. It lives in `private` (not exposed by the API); the API calls
-- the security invoker wrapper public.admin_list_bookings, which checks the caller first too.
--
-- Totals (p_count = true):
--   * status / time only: the total comes from the trigger-maintained rollup
--     public.booking_stats_daily (whole Vietnam days) plus a count of the partial first day: exact,
--     O(days) instead of O(bookings);
--   * provider / customer (with or without status / time): exact count on their index;
--   * typed text: private.count_matches with the planner's estimate first: when it expects more
--     than 10,000 matches that estimate is the total (total_exact = false), otherwise the exact count.

create function private.admin_list_bookings(
  p_status text default null,
  p_provider_id uuid default null,
  p_customer_id uuid default null,
  p_package text default null,
  p_service text default null,
  p_since timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_after_created_at timestamptz default null,
  p_after_id uuid default null,
  p_customer text default null,
  p_sort text default null,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_package text := private.vi_search_condition('b.service_item_name_folded', p_package);
  v_service text := private.vi_search_condition('b.service_name_folded', p_service);
  v_customer text := private.vi_search_condition('b.customer_name_folded', p_customer);
  v_text boolean := coalesce(v_package, v_service, v_customer) is not null;
  v_filter text := 'true';
  v_keyset text;
  v_total bigint;
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_day date;
  v_newer bigint;
  v_window integer := 2000;
begin
  if not ((select private.is_admin()) or (select auth.role()) = 'service_role') then
    raise exception 'permission denied: only admins list bookings' using errcode = '42501';
  end if;
  if p_status is not null and p_status not in ('pending', 'confirmed', 'pending_completion', 'completed', 'cancelled') then
    raise exception 'invalid booking status: %', p_status using errcode = '22023';
  end if;
  v_keyset := private.admin_default_order_keyset('b', p_sort, p_after_created_at, p_after_id);

  -- Values are inlined as quoted literals; only fixed SQL fragments are concatenated.
  if p_status is not null then v_filter := v_filter || format(' and b.status = %L', p_status); end if;
  if p_provider_id is not null then v_filter := v_filter || format(' and b.provider_id = %L::uuid', p_provider_id); end if;
  if p_customer_id is not null then v_filter := v_filter || format(' and b.customer_id = %L::uuid', p_customer_id); end if;
  if v_package is not null then v_filter := v_filter || ' and ' || v_package; end if;
  if v_service is not null then v_filter := v_filter || ' and ' || v_service; end if;
  if v_customer is not null then v_filter := v_filter || ' and ' || v_customer; end if;
  if p_since is not null then v_filter := v_filter || format(' and b.created_at >= %L::timestamptz', p_since); end if;

  if p_count and not v_text and p_provider_id is null and p_customer_id is null then
    -- Status and time only: the daily rollup holds every whole Vietnam day after the day of
    -- p_since; the rest of that first day is counted on the created_at index.
    select coalesce(sum(s.booking_count), 0)::bigint into v_total
      from public.booking_stats_daily s
     where (p_status is null or s.status = p_status)
       and (p_since is null or s.day > private.local_day(p_since));
    if p_since is not null then
      v_total := v_total + (
        select count(*)
          from public.bookings b
         where b.created_at >= p_since
           and b.created_at < ((private.local_day(p_since) + 1)::timestamp at time zone 'Asia/Ho_Chi_Minh')
           and (p_status is null or b.status = p_status));
    end if;
    -- A deep page of the default order (docs/search.md#deep-pages): the rollup also says how many
    -- bookings are newer than each day, so the page starts in the Vietnam day that holds row
    -- number p_offset, and the offset is only counted inside that day (a few thousand rows at
    -- most, instead of up to a million). Any page number of this order is thus reachable.
    if v_offset > 1000 and v_offset < v_total and p_after is null and p_before is null and v_keyset is null
       and not coalesce(p_last, false)
       and coalesce(nullif(btrim(coalesce(p_sort, '')), ''), 'created_at.desc') = 'created_at.desc' then
      select d.day, d.newer into v_day, v_newer
        from (select s.day, sum(s.n) over (order by s.day desc) - s.n as newer, sum(s.n) over (order by s.day desc) as upto
                from (select r.day, sum(r.booking_count) as n
                        from public.booking_stats_daily r
                       where (p_status is null or r.status = p_status)
                         and (p_since is null or r.day > private.local_day(p_since))
                       group by r.day) s) d
       where d.upto > v_offset
       order by d.day desc
       limit 1;
      if v_day is null then
        -- Row p_offset lies in the partial first day of p_since, after every whole day.
        v_day := private.local_day(p_since);
        select coalesce(sum(r.booking_count), 0) into v_newer
          from public.booking_stats_daily r
         where (p_status is null or r.status = p_status) and r.day > v_day;
      end if;
      v_filter := v_filter || format(' and b.created_at < %L::timestamptz',
                                     (v_day + 1)::timestamp at time zone 'Asia/Ho_Chi_Minh');
      v_offset := (v_offset - v_newer)::integer;
      -- The offset left is inside one day: served even beyond the usual window.
      v_window := greatest(v_window, v_offset);
    end if;
  elsif p_count and not v_text then
    -- A provider's or a customer's bookings: their index answers the exact count.
    execute 'select count(*) from public.bookings b where ' || v_filter into v_total;
  end if;

  return private.admin_sorted_page(
    'public.bookings', 'b', v_filter,
    '{"created_at": ["b.created_at", "timestamptz"],
      "final_price": ["b.final_price", "bigint"],
      "customer_name": ["b.customer_name collate private.vi", "text"]}'::jsonb,
    p_sort, 'created_at.desc',
    'b.id, b.created_at, b.status, b.customer_id, b.customer_name, b.customer_phone,
     b.provider_id, p.name as provider_name, b.category_name, b.service_name,
     b.service_item_name, b.final_price, b.scheduled_at, b.payment_method',
    'left join public.profiles p on p.id = b.provider_id',
    p_limit, v_offset, p_count, p_after, p_before, p_last, v_keyset,
    v_total, case when v_total is not null then true end,
    p_estimate_first => v_text, p_offset_window => v_window);
end
$$;

comment on function private.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) is
  'Body of public.admin_list_bookings (security definer, admin check first).';

revoke all on function private.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_list_bookings(
  p_status text default null,
  p_provider_id uuid default null,
  p_customer_id uuid default null,
  p_package text default null,
  p_service text default null,
  p_since timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_after_created_at timestamptz default null,
  p_after_id uuid default null,
  p_customer text default null,
  p_sort text default null,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if not ((select private.is_admin()) or (select auth.role()) = 'service_role') then
    raise exception 'permission denied: only admins list bookings' using errcode = '42501';
  end if;
  return private.admin_list_bookings(p_status, p_provider_id, p_customer_id, p_package, p_service, p_since,
                                     p_limit, p_offset, p_after_created_at, p_after_id, p_customer,
                                     p_sort, p_after, p_before, p_last, p_count);
end
$$;

comment on function public.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) is
  'Admin bookings list: filtered rows (accent-insensitive package / service / customer search) in a whitelisted sort, offset window or cursor paging, as {rows, total, total_exact, first_cursor, last_cursor}. Admins and the service role only.';

revoke all on function public.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_bookings(text, uuid, uuid, text, text, timestamptz, integer, integer, timestamptz, uuid, text, text, text, text, boolean, boolean) to authenticated, service_role;

-- ================================================================================================
-- supabase/schemas/22_admin_profile_lists.sql
-- ================================================================================================

-- The lists of profiles (docs/search.md): customers and providers (one page body,
-- private.admin_profile_page: accent-insensitive search over name or e-mail, status, the role's
-- sorts and columns), and the provider picker (a server-side search in Vietnamese order). Through
-- REST, RLS would keep every index of a search out of use, so the bodies are security definer in
-- `private` behind security-invoker functions in `public`, each starting with private.assert_admin()
-- (42501 for anyone but an admin or the service role); private.admin_profile_page is security
-- invoker and called only by them.

-- One page of the list of one role: name or e-mail matching the typed text, status; the role's
-- sorts and columns.
create function private.admin_profile_page(
  p_role text, p_search text, p_status text, p_limit integer, p_offset integer,
  p_sort text, p_after text, p_before text, p_last boolean, p_count boolean
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_status text := nullif(btrim(coalesce(p_status, '')), '');
  v_typed boolean := nullif(btrim(coalesce(p_search, '')), '') is not null;
  v_filter text := format('p.role = %L', p_role);
begin
  if v_status is not null and v_status not in ('active', 'inactive', 'banned', 'pending_approval') then
    raise exception 'invalid % status: %', p_role, v_status using errcode = '22023';
  end if;
  if v_typed then
    -- Name or e-mail: two trigram indexes combined by a BitmapOr.
    v_filter := v_filter || format(' and (%s or %s)',
      private.vi_search_condition('p.name_folded', p_search), private.vi_search_condition('p.email_folded', p_search));
  end if;
  if v_status is not null then v_filter := v_filter || format(' and p.status = %L', v_status); end if;

  return private.admin_sorted_page(
    'public.profiles', 'p', v_filter,
    case p_role
      when 'customer' then '{"created_at": ["p.created_at", "timestamptz"], "name": ["p.name collate private.vi", "text"],
                             "total_bookings": ["p.total_bookings", "integer"]}'
      else '{"created_at": ["p.created_at", "timestamptz"], "name": ["p.name collate private.vi", "text"],
             "deposit": ["p.deposit", "bigint"], "total_earnings": ["p.total_earnings", "bigint"]}'
    end::jsonb,
    p_sort, 'created_at.desc',
    'p.id, p.name, p.phone, p.email, p.status, '
      || case p_role when 'customer' then 'p.total_bookings' else 'p.deposit, p.total_earnings' end || ', p.created_at',
    '',
    p_limit, p_offset, p_count, p_after, p_before, p_last, p_estimate_first => v_typed);
end
$$;

revoke all on function private.admin_profile_page(text, text, text, integer, integer, text, text, text, boolean, boolean) from public, anon, authenticated, service_role;

create function private.admin_list_customers(
  p_search text default null,
  p_status text default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_sort text default null,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
-- Every filter and sort has an index: no sequential scan over all profiles, whatever the planner
-- thinks a search matches.
set enable_seqscan = off
as $$
begin
  perform private.assert_admin();
  return private.admin_profile_page('customer', p_search, p_status, p_limit, p_offset, p_sort, p_after, p_before, p_last, p_count);
end
$$;

comment on function private.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) is
  'Body of public.admin_list_customers (security definer, admin check first).';

revoke all on function private.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_list_customers(
  p_search text default null, p_status text default null, p_limit integer default 50, p_offset integer default 0,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_customers(p_search, p_status, p_limit, p_offset, p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin customers list: {rows, total, total_exact, first_cursor, last_cursor}, accent-insensitive search over name or e-mail, status, whitelisted sorts. Admins only (42501).';

revoke all on function public.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_customers(text, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function private.admin_list_providers(
  p_search text default null,
  p_status text default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_sort text default null,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
set enable_seqscan = off
as $$
begin
  perform private.assert_admin();
  return private.admin_profile_page('provider', p_search, p_status, p_limit, p_offset, p_sort, p_after, p_before, p_last, p_count);
end
$$;

comment on function private.admin_list_providers(text, text, integer, integer, text, text, text, boolean, boolean) is
  'Body of public.admin_list_providers (security definer, admin check first).';

revoke all on function private.admin_list_providers(text, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_providers(text, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_list_providers(
  p_search text default null, p_status text default null, p_limit integer default 50, p_offset integer default 0,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_providers(p_search, p_status, p_limit, p_offset, p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_providers(text, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin providers list: {rows, total, total_exact, first_cursor, last_cursor}, accent-insensitive search over name or e-mail, status, whitelisted sorts. Admins only (42501).';

revoke all on function public.admin_list_providers(text, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_providers(text, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

-- The provider picker: providers whose name matches the typed text (every provider without text),
-- in Vietnamese order, at most p_limit (1–50, default 20).
create function private.admin_provider_options(p_search text default null, p_limit integer default 20)
returns table (id uuid, name text, phone text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_condition text := private.vi_search_condition('p.name_folded', p_search);
begin
  perform private.assert_admin();
  return query execute
    'select p.id, p.name, p.phone from public.profiles p where p.role = ''provider'''
    || coalesce(' and ' || v_condition, '')
    || ' order by p.name collate private.vi, p.id limit ' || least(greatest(coalesce(p_limit, 20), 1), 50);
end
$$;

comment on function private.admin_provider_options(text, integer) is
  'Body of public.admin_provider_options (security definer, admin check first).';

revoke all on function private.admin_provider_options(text, integer) from public, anon;
grant execute on function private.admin_provider_options(text, integer) to authenticated, service_role;

create function public.admin_provider_options(p_search text default null, p_limit integer default 20)
returns table (id uuid, name text, phone text)
language sql stable security invoker set search_path = ''
as $$
  select o.id, o.name, o.phone from private.admin_provider_options(p_search, p_limit) o
$$;

comment on function public.admin_provider_options(text, integer) is
  'Provider picker: providers whose name matches the text accent-insensitively, in Vietnamese order (collate private.vi), at most p_limit (1–50). Admins only (42501).';

revoke all on function public.admin_provider_options(text, integer) from public, anon;
grant execute on function public.admin_provider_options(text, integer) to authenticated, service_role;

-- ================================================================================================
-- supabase/schemas/23_admin_commissions.sql
-- ================================================================================================

-- The admin commissions screen (/admin/manage-commissions): a filtered page of commission rows
-- with provider and service names ({rows, total, total_exact, first_cursor, last_cursor},
-- docs/database.md#admin-list-functions, docs/search.md), and the stat cards over every filtered row.
--
-- Filters (shared by the list and the cards, private.admin_commission_filter): search text
-- (provider name or service name, accent-insensitive; the start of a booking id or its short number), provider,
-- service, created from (inclusive) / to (exclusive) instants. Sorts: created_at (default, newest
-- first), final_price, platform_fee. Paging: numbered pages, cursors, or the export's legacy keyset
-- after (created_at, id) (CSV export, with p_count = false).
-- The stat cards come from the rollup private.commission_stats_service_daily when there is no
-- search text and no provider (whole Vietnam days from the rollup, the partial days at the edges of
-- the period from the base rows, docs/database.md#stats-rollups-for-every-filter), from the rollup
-- private.commission_stats_provider_monthly for a provider (whole Vietnam months, the other days
-- of the period from the base rows), from both for a search text (the rows of the services it names
-- from the service rollup, plus the rows of the providers it names in other services from the
-- provider rollup, whose key includes its sums: index-only scans; the days outside whole months
-- read provider by provider from the providers' covering index), and from a scan of the filtered
-- rows (private.admin_commission_stats_scan) for a booking id or a period without a whole day.
--
-- The bodies run as security definer in `private` behind security-invoker functions in `public`:
-- under row-level security a non-leakproof operator is never used for an index scan, so the
-- searches over provider and service names were sequential scans (npm run seed:large:
-- provider-name filters 120–310 ms). Access does not change: each body starts with
-- private.assert_admin() (42501 for anyone but an admin or the service role), and admins may read
-- every row of these tables anyway. The filter function is security invoker.

-- The WHERE clause of the list and the scan, values inlined as quoted literals. A name search is
-- the array of the matching providers' and services' ids (private.id_in_condition: a literal array
-- the planner can size; as an `in (select …)` semi-join the planner sometimes merged the list with
-- every profile in id order, 113 ms instead of a few ms on seed:large); 8 hex digits or more also
-- name a booking (private.id_search_condition).
create function private.admin_commission_filter(
  p_search text, p_provider_id uuid, p_subcategory_id uuid, p_from timestamptz, p_to timestamptz
)
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_filter text := 'true';
begin
  if nullif(btrim(coalesce(p_search, '')), '') is not null then
    v_filter := v_filter || ' and ('
      || private.id_in_condition('c.provider_id', format('select p.id from public.profiles p where p.role = ''provider'' and %s',
                                                       private.vi_search_condition('p.name_folded', p_search)))
      || ' or ' || private.id_in_condition('c.subcategory_id', format('select s.id from public.subcategories s where %s',
                                                                    private.vi_search_condition('private.vi_fold(s.name)', p_search)))
      || coalesce(' or ' || private.id_search_condition('c.booking_id', p_search), '')
      || ')';
  end if;
  if p_provider_id is not null then v_filter := v_filter || format(' and c.provider_id = %L::uuid', p_provider_id); end if;
  if p_subcategory_id is not null then v_filter := v_filter || format(' and c.subcategory_id = %L::uuid', p_subcategory_id); end if;
  if p_from is not null then v_filter := v_filter || format(' and c.created_at >= %L::timestamptz', p_from); end if;
  if p_to is not null then v_filter := v_filter || format(' and c.created_at < %L::timestamptz', p_to); end if;
  return v_filter;
end
$$;

revoke all on function private.admin_commission_filter(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_commission_filter(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;

create function private.admin_list_commissions(
  p_search text default null,
  p_provider_id uuid default null,
  p_subcategory_id uuid default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_after_created_at timestamptz default null,
  p_after_id uuid default null,
  p_sort text default null,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.assert_admin();
  return private.admin_sorted_page(
    'public.commissions', 'c',
    private.admin_commission_filter(p_search, p_provider_id, p_subcategory_id, p_from, p_to),
    '{"created_at": ["c.created_at", "timestamptz"],
      "final_price": ["c.final_price", "bigint"],
      "platform_fee": ["c.platform_fee", "bigint"]}'::jsonb,
    p_sort, 'created_at.desc',
    'c.id, c.booking_id, c.provider_id, p.name as provider_name, c.subcategory_id,
     s.name as service_name, c.commission_rate, c.service_price, c.platform_fee,
     c.provider_amount, c.final_price, c.booking_completed_at, c.created_at',
    'left join public.profiles p on p.id = c.provider_id
     left join public.subcategories s on s.id = c.subcategory_id',
    p_limit, p_offset, p_count, p_after, p_before, p_last,
    private.admin_default_order_keyset('c', p_sort, p_after_created_at, p_after_id),
    p_estimate_first => nullif(btrim(coalesce(p_search, '')), '') is not null);
end
$$;

comment on function private.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) is
  'Body of public.admin_list_commissions (security definer, admin check first).';

revoke all on function private.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) to authenticated, service_role;

-- The stat cards over the filtered base rows: what private.admin_commission_stats answers when the
-- filters need the base rows (a search text, a provider, a period inside one day).
create function private.admin_commission_stats_scan(
  p_search text default null,
  p_provider_id uuid default null,
  p_subcategory_id uuid default null,
  p_from timestamptz default null,
  p_to timestamptz default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform private.assert_admin();
  execute
    'select jsonb_build_object(
         ''count'', count(*),
         ''service_value'', coalesce(sum(c.service_price), 0),
         ''platform_fee'', coalesce(sum(c.platform_fee), 0),
         ''provider_amount'', coalesce(sum(c.provider_amount), 0),
         ''average_rate'', coalesce(round(avg(c.commission_rate), 2), 0))
       from public.commissions c where '
      || private.admin_commission_filter(p_search, p_provider_id, p_subcategory_id, p_from, p_to)
    into v_result;
  return v_result;
end
$$;

comment on function private.admin_commission_stats_scan(text, uuid, uuid, timestamptz, timestamptz) is
  'Commission stat cards computed over the filtered base rows (private.admin_commission_filter); used by private.admin_commission_stats.';

revoke all on function private.admin_commission_stats_scan(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_commission_stats_scan(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;

create function private.admin_commission_stats(
  p_search text default null,
  p_provider_id uuid default null,
  p_subcategory_id uuid default null,
  p_from timestamptz default null,
  p_to timestamptz default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
  v_days record := private.period_days(p_from, p_to);
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
  v_first_month date;
  v_end_month date;
  v_months text;
  v_month_edges text[];
  v_day_edges text[];
  v_sub text;
  v_filter text;
  v_provider_ids uuid[];
  v_provider_parts text[] := '{}';
  v_services text;
  v_parts text;
begin
  perform private.assert_admin();
  if v_days.first_day is not null and v_days.end_day is not null and v_days.first_day >= v_days.end_day then
    -- No whole day in the period: its few rows are read as they are.
    return private.admin_commission_stats_scan(p_search, p_provider_id, p_subcategory_id, p_from, p_to);
  end if;
  if v_search is null and p_provider_id is null then
    -- Whole days from the service rollup, the partial days at the edges from the base rows.
    with parts as (
      select r.commission_count as n, r.service_price_total as sp, r.platform_fee_total as pf,
             r.provider_amount_total as pa, r.commission_rate_total as rt
        from private.commission_stats_service_daily r
       where (p_subcategory_id is null or r.subcategory_id = p_subcategory_id)
         and (v_days.first_day is null or r.day >= v_days.first_day)
         and (v_days.end_day is null or r.day < v_days.end_day)
      union all
      select 1, c.service_price, c.platform_fee, c.provider_amount, c.commission_rate
        from public.commissions c
       where (p_subcategory_id is null or c.subcategory_id = p_subcategory_id)
         and ((c.created_at >= p_from and c.created_at < private.local_midnight(v_days.first_day))
              or (c.created_at >= private.local_midnight(v_days.end_day) and c.created_at < p_to))
    )
    select jsonb_build_object(
             'count', coalesce(sum(n), 0),
             'service_value', coalesce(sum(sp), 0),
             'platform_fee', coalesce(sum(pf), 0),
             'provider_amount', coalesce(sum(pa), 0),
             'average_rate', coalesce(round(sum(rt) / nullif(sum(n), 0), 2), 0))
      into v_result
      from parts;
    return v_result;
  end if;
  if private.id_search_condition('c.booking_id', v_search) is not null then
    -- A booking's id names a few rows.
    return private.admin_commission_stats_scan(p_search, p_provider_id, p_subcategory_id, p_from, p_to);
  end if;

  -- A search text or a provider: whole months from the provider rollup (a dozen rows a provider a
  -- year), the days of the period's first and last month outside them from the base rows, each
  -- side its own range (one range of the provider's index each: an index-only scan, where the two
  -- ranges OR-ed were a bitmap scan of the table).
  v_first_month := case when v_days.first_day is null then null
                        when extract(day from v_days.first_day) = 1 then v_days.first_day
                        else (date_trunc('month', v_days.first_day) + interval '1 month')::date end;
  v_end_month := case when v_days.end_day is null then null else date_trunc('month', v_days.end_day)::date end;
  if v_first_month is not null and v_end_month is not null and v_first_month >= v_end_month then
    -- No whole month in the period: every row from the base rows.
    v_month_edges := array[format('c.created_at >= %L::timestamptz and c.created_at < %L::timestamptz', p_from, p_to)];
    v_first_month := v_end_month;
  else
    v_month_edges := array_remove(array[
      case when p_from is not null then format('c.created_at >= %L::timestamptz and c.created_at < %L::timestamptz',
                                              p_from, private.local_midnight(v_first_month)) end,
      case when p_to is not null then format('c.created_at >= %L::timestamptz and c.created_at < %L::timestamptz',
                                            private.local_midnight(v_end_month), p_to) end], null);
  end if;
  v_months := format('c.month >= coalesce(%L::date, ''-infinity''::date) and c.month < coalesce(%L::date, ''infinity''::date)',
                     v_first_month, v_end_month);
  v_sub := case when p_subcategory_id is null then '' else format(' and c.subcategory_id = %L::uuid', p_subcategory_id) end;

  if p_provider_id is not null or v_search is null then
    -- One provider's rows: the whole filter on the provider rollup.
    v_filter := private.admin_commission_filter(v_search, p_provider_id, p_subcategory_id, null, null);
    v_parts := format(
      'select c.commission_count as n, c.service_price_total as sp, c.platform_fee_total as pf,
              c.provider_amount_total as pa, c.commission_rate_total as rt
         from private.commission_stats_provider_monthly c where (%1$s) and %2$s',
      v_filter, v_months)
      || coalesce((select string_agg(format(
           ' union all select 1, c.service_price, c.platform_fee, c.provider_amount, c.commission_rate
               from public.commissions c where (%s) and %s', v_filter, e), '') from unnest(v_month_edges) e), '');
  else
    -- A search text names providers (P) and services (S): the rows of either are S, from the
    -- service rollup (a service's year is 365 rows, whatever its providers), plus the rows of P in
    -- another service, from the provider rollup. Each row is read once (P + S − (P and S) read
    -- the rows of P twice and walked the services' rows of the provider rollup: 25 ms at 1M for "do").
    v_provider_ids := private.lookup_ids(format('select p.id from public.profiles p where p.role = ''provider'' and %s',
                                                private.vi_search_condition('p.name_folded', v_search)));
    v_services := private.id_in_condition('c.subcategory_id', format(
      'select s.id from public.subcategories s where %s', private.vi_search_condition('private.vi_fold(s.name)', v_search)));
    v_day_edges := array_remove(array[
      case when p_from is not null then format('c.created_at >= %L::timestamptz and c.created_at < %L::timestamptz',
                                              p_from, private.local_midnight(v_days.first_day)) end,
      case when p_to is not null then format('c.created_at >= %L::timestamptz and c.created_at < %L::timestamptz',
                                            private.local_midnight(v_days.end_day), p_to) end], null);
    v_parts := format(
      'select c.commission_count as n, c.service_price_total as sp, c.platform_fee_total as pf,
              c.provider_amount_total as pa, c.commission_rate_total as rt
         from private.commission_stats_service_daily c
        where %1$s%2$s and c.day >= coalesce(%3$L::date, ''-infinity''::date) and c.day < coalesce(%4$L::date, ''infinity''::date)',
      v_services, v_sub, v_days.first_day, v_days.end_day);
    -- The providers' rows in other services, provider by provider (a lateral subquery, each part
    -- kept apart by `offset 0`: one range of an index each, index-only): their whole months from
    -- the provider rollup, the days of the period outside them from the commissions (as one scan
    -- over every provider the planner walked the whole period of commissions instead).
    if v_first_month is distinct from v_end_month or v_first_month is null then
      v_provider_parts := array[format(
        '(select c.commission_count as n, c.service_price_total as sp, c.platform_fee_total as pf,
                 c.provider_amount_total as pa, c.commission_rate_total as rt
            from private.commission_stats_provider_monthly c
           where c.provider_id = pid.id and (%s) is not true%s and %s offset 0)', v_services, v_sub, v_months)];
    end if;
    v_provider_parts := v_provider_parts || array(
      select format('(select 1 as n, c.service_price as sp, c.platform_fee as pf, c.provider_amount as pa, c.commission_rate as rt
                        from public.commissions c
                       where c.provider_id = pid.id and (%s) is not true%s and %s offset 0)', v_services, v_sub, e)
        from unnest(v_month_edges) e);
    if cardinality(v_provider_parts) > 0 then
      v_parts := v_parts || format(
        ' union all
         select c.n, c.sp, c.pf, c.pa, c.rt from unnest(%L::uuid[]) pid(id) cross join lateral (%s) c',
        v_provider_ids, array_to_string(v_provider_parts, ' union all '));
    end if;
    v_parts := v_parts
      || coalesce((select string_agg(format(
           ' union all select 1, c.service_price, c.platform_fee, c.provider_amount, c.commission_rate
               from public.commissions c where %s%s and %s', v_services, v_sub, e), '')
           from unnest(v_day_edges) e), '');
  end if;
  execute
    'select jsonb_build_object(
              ''count'', coalesce(sum(n), 0),
              ''service_value'', coalesce(sum(sp), 0),
              ''platform_fee'', coalesce(sum(pf), 0),
              ''provider_amount'', coalesce(sum(pa), 0),
              ''average_rate'', coalesce(round(sum(rt) / nullif(sum(n), 0), 2), 0))
       from (' || v_parts || ') parts'
    into v_result;
  return v_result;
end
$$;

comment on function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) is
  'Stat cards of the admin commissions screen for the given filters: count, service_value, platform_fee (platform income), provider_amount (provider earnings), average_rate. From the service rollup, or the provider rollup for a search text or a provider; base rows only for the days outside whole days / months and for a booking id.';

revoke all on function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;

create function public.admin_list_commissions(
  p_search text default null, p_provider_id uuid default null, p_subcategory_id uuid default null,
  p_from timestamptz default null, p_to timestamptz default null, p_limit integer default 50,
  p_offset integer default 0, p_after_created_at timestamptz default null, p_after_id uuid default null,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_commissions(p_search, p_provider_id, p_subcategory_id, p_from, p_to, p_limit, p_offset,
                                        p_after_created_at, p_after_id, p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) is
  'Admin commissions list: {rows, total, total_exact, first_cursor, last_cursor}, whitelisted sorts, offset window or cursor paging (the legacy created_at keyset for the default order). Admins only (42501).';

revoke all on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_commission_stats(
  p_search text default null, p_provider_id uuid default null, p_subcategory_id uuid default null,
  p_from timestamptz default null, p_to timestamptz default null
)
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_commission_stats(p_search, p_provider_id, p_subcategory_id, p_from, p_to)
$$;

comment on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) is
  'Stat cards of the admin commissions screen for the given filters: count, service_value, platform_fee (platform income), provider_amount (provider earnings), average_rate. Admins only.';

revoke all on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;

-- ================================================================================================
-- supabase/schemas/24_admin_deposits.sql
-- ================================================================================================

-- The admin deposit history screen (/admin/manage-deposit-history): a filtered page of ledger rows
-- (deposits and adjustments, docs/decisions.md#money-only-through-the-ledger) with the row's kind
-- and the provider's name, e-mail, current balance and status ({rows, total, total_exact,
-- first_cursor, last_cursor}, docs/database.md#admin-list-functions, docs/search.md), and the stat
-- cards over every filtered row. Status changes themselves are plain UPDATEs of deposit_history:
-- the ledger trigger (private.ledger_apply) moves the balance atomically.
--
-- Filters (shared by the list and the cards, private.admin_deposit_filter): search text (provider
-- name or e-mail, accent-insensitive; a typed part of the deposit id), provider, status, created
-- from (inclusive) / to (exclusive). Sorts: created_at (default, newest first), amount. Paging:
-- numbered pages, cursors, or the export's legacy keyset after (created_at, id) (CSV export, with
-- p_count = false).
-- The stat cards come from the rollup private.deposit_stats_daily when there is no search text and
-- no provider (whole Vietnam days from the rollup, the partial days at the edges of the period
-- from the base rows, docs/database.md#stats-rollups-for-every-filter), otherwise from a scan of the
-- filtered rows (private.admin_deposit_stats_scan).
-- The bodies run as security definer in `private` behind security-invoker functions in `public`,
-- for the same reason and with the same gate as the commissions screen (private.assert_admin()
-- first). The filter function is security invoker.

-- The WHERE clause of the list and the scan, values inlined as quoted literals (a name search is
-- the array of the matching providers' ids and 8 hex digits or more name a deposit, as in the
-- commissions filter).
create function private.admin_deposit_filter(
  p_search text, p_provider_id uuid, p_status text, p_from timestamptz, p_to timestamptz
)
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_filter text := 'true';
begin
  if p_status is not null and p_status not in ('pending', 'completed', 'canceled') then
    raise exception 'invalid deposit status: %', p_status using errcode = '22023';
  end if;
  if nullif(btrim(coalesce(p_search, '')), '') is not null then
    v_filter := v_filter || ' and ('
      || private.id_in_condition('d.provider_id', format('select p.id from public.profiles p where p.role = ''provider'' and (%s or %s)',
                                                       private.vi_search_condition('p.name_folded', p_search),
                                                       private.vi_search_condition('p.email_folded', p_search)))
      || coalesce(' or ' || private.id_search_condition('d.id', p_search), '')
      || ')';
  end if;
  if p_provider_id is not null then v_filter := v_filter || format(' and d.provider_id = %L::uuid', p_provider_id); end if;
  if p_status is not null then v_filter := v_filter || format(' and d.status = %L', p_status); end if;
  if p_from is not null then v_filter := v_filter || format(' and d.created_at >= %L::timestamptz', p_from); end if;
  if p_to is not null then v_filter := v_filter || format(' and d.created_at < %L::timestamptz', p_to); end if;
  return v_filter;
end
$$;

revoke all on function private.admin_deposit_filter(text, uuid, text, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_deposit_filter(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;

create function private.admin_list_deposits(
  p_search text default null,
  p_provider_id uuid default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_after_created_at timestamptz default null,
  p_after_id uuid default null,
  p_sort text default null,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.assert_admin();
  return private.admin_sorted_page(
    'public.deposit_history', 'd',
    private.admin_deposit_filter(p_search, p_provider_id, p_status, p_from, p_to),
    '{"created_at": ["d.created_at", "timestamptz"], "amount": ["d.amount", "bigint"]}'::jsonb,
    p_sort, 'created_at.desc',
    'd.id, d.provider_id, p.name as provider_name, p.email as provider_email,
     p.deposit as provider_balance, p.status as provider_status,
     d.kind, d.amount, d.status, d.old_balance, d.new_balance, d.note, d.created_at, d.updated_at',
    'left join public.profiles p on p.id = d.provider_id',
    p_limit, p_offset, p_count, p_after, p_before, p_last,
    private.admin_default_order_keyset('d', p_sort, p_after_created_at, p_after_id),
    p_estimate_first => nullif(btrim(coalesce(p_search, '')), '') is not null);
end
$$;

comment on function private.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) is
  'Body of public.admin_list_deposits (security definer, admin check first).';

revoke all on function private.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) to authenticated, service_role;

-- The stat cards over the filtered base rows: what private.admin_deposit_stats answers when the
-- filters need the base rows (a search text, a provider, a period inside one day).
create function private.admin_deposit_stats_scan(
  p_search text default null,
  p_provider_id uuid default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform private.assert_admin();
  execute
    'select jsonb_build_object(
         ''count'', count(*),
         ''total_amount'', coalesce(sum(d.amount), 0),
         ''pending_count'', count(*) filter (where d.status = ''pending''),
         ''pending_amount'', coalesce(sum(d.amount) filter (where d.status = ''pending''), 0),
         ''completed_count'', count(*) filter (where d.status = ''completed''),
         ''completed_amount'', coalesce(sum(d.amount) filter (where d.status = ''completed''), 0),
         ''canceled_count'', count(*) filter (where d.status = ''canceled''),
         ''canceled_amount'', coalesce(sum(d.amount) filter (where d.status = ''canceled''), 0))
       from public.deposit_history d where '
      || private.admin_deposit_filter(p_search, p_provider_id, p_status, p_from, p_to)
    into v_result;
  return v_result;
end
$$;

comment on function private.admin_deposit_stats_scan(text, uuid, text, timestamptz, timestamptz) is
  'Deposit stat cards computed over the filtered base rows (private.admin_deposit_filter); used by private.admin_deposit_stats.';

revoke all on function private.admin_deposit_stats_scan(text, uuid, text, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_deposit_stats_scan(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;

create function private.admin_deposit_stats(
  p_search text default null,
  p_provider_id uuid default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
  v_days record := private.period_days(p_from, p_to);
begin
  perform private.assert_admin();
  if p_status is not null and p_status not in ('pending', 'completed', 'canceled') then
    raise exception 'invalid deposit status: %', p_status using errcode = '22023';
  end if;
  if nullif(btrim(coalesce(p_search, '')), '') is null and p_provider_id is null
     and (v_days.first_day is null or v_days.end_day is null or v_days.first_day < v_days.end_day) then
    with parts as (
      select r.status, r.deposit_count as n, r.amount_total as amount
        from private.deposit_stats_daily r
       where (p_status is null or r.status = p_status)
         and (v_days.first_day is null or r.day >= v_days.first_day)
         and (v_days.end_day is null or r.day < v_days.end_day)
      union all
      select d.status, 1, d.amount
        from public.deposit_history d
       where (p_status is null or d.status = p_status)
         and ((d.created_at >= p_from and d.created_at < private.local_midnight(v_days.first_day))
              or (d.created_at >= private.local_midnight(v_days.end_day) and d.created_at < p_to))
    )
    select jsonb_build_object(
             'count', coalesce(sum(n), 0),
             'total_amount', coalesce(sum(amount), 0),
             'pending_count', coalesce(sum(n) filter (where status = 'pending'), 0),
             'pending_amount', coalesce(sum(amount) filter (where status = 'pending'), 0),
             'completed_count', coalesce(sum(n) filter (where status = 'completed'), 0),
             'completed_amount', coalesce(sum(amount) filter (where status = 'completed'), 0),
             'canceled_count', coalesce(sum(n) filter (where status = 'canceled'), 0),
             'canceled_amount', coalesce(sum(amount) filter (where status = 'canceled'), 0))
      into v_result
      from parts;
    return v_result;
  end if;
  return private.admin_deposit_stats_scan(p_search, p_provider_id, p_status, p_from, p_to);
end
$$;

comment on function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) is
  'Stat cards of the admin deposit history for the given filters: total / pending / completed / canceled amounts with counts. From the rollup unless a search text or a provider needs the base rows.';

revoke all on function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;

create function public.admin_list_deposits(
  p_search text default null, p_provider_id uuid default null, p_status text default null,
  p_from timestamptz default null, p_to timestamptz default null, p_limit integer default 50,
  p_offset integer default 0, p_after_created_at timestamptz default null, p_after_id uuid default null,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_deposits(p_search, p_provider_id, p_status, p_from, p_to, p_limit, p_offset,
                                     p_after_created_at, p_after_id, p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) is
  'Admin deposit history list: {rows, total, total_exact, first_cursor, last_cursor} with the provider''s current balance and status, whitelisted sorts. Admins only.';

revoke all on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_deposit_stats(
  p_search text default null, p_provider_id uuid default null, p_status text default null,
  p_from timestamptz default null, p_to timestamptz default null
)
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_deposit_stats(p_search, p_provider_id, p_status, p_from, p_to)
$$;

comment on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) is
  'Stat cards of the admin deposit history for the given filters. Admins only.';

revoke all on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) from public, anon;
grant execute on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;

-- ================================================================================================
-- supabase/schemas/25_admin_discount_codes.sql
-- ================================================================================================

-- Promotion codes (docs/screens.md#promotion-codes, docs/decisions.md#promotion-code-normalisation):
-- the list (accent-insensitive code search, discount type, status, whitelisted sorts; body
-- security definer in `private` behind a security-invoker function in `public`, admin check first,
-- docs/search.md), the stat cards of the list screen and "select all / deselect all" applicable
-- services as one request each (security invoker, admins only: 42501 for anyone else).

create function private.admin_list_promotions(
  p_search text default null,
  p_type text default null,
  p_status text default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_sort text default null,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_type text := nullif(btrim(coalesce(p_type, '')), '');
  v_status text := nullif(btrim(coalesce(p_status, '')), '');
  v_search text := private.vi_search_condition('d.code_folded', p_search);
  v_filter text := 'true';
begin
  perform private.assert_admin();
  if v_type is not null and v_type not in ('percentage', 'fixed_amount') then
    raise exception 'invalid discount type: %', v_type using errcode = '22023';
  end if;
  if v_status is not null and v_status not in ('active', 'inactive') then
    raise exception 'invalid promotion status: %', v_status using errcode = '22023';
  end if;
  if v_search is not null then v_filter := v_filter || ' and ' || v_search; end if;
  if v_type is not null then v_filter := v_filter || format(' and d.discount_type = %L', v_type); end if;
  if v_status is not null then v_filter := v_filter || format(' and d.status = %L', v_status); end if;

  return private.admin_sorted_page(
    'public.discount_codes', 'd', v_filter,
    '{"created_at": ["d.created_at", "timestamptz"], "code": ["d.code", "text"],
      "uses_count": ["d.uses_count", "integer"], "expires_at": ["d.expires_at", "timestamptz"]}'::jsonb,
    p_sort, 'created_at.desc',
    'd.id, d.code, d.discount_type, d.discount_value, d.max_uses, d.uses_count, d.expires_at, d.status,
     d.created_at, d.updated_at',
    '',
    p_limit, p_offset, p_count, p_after, p_before, p_last,
    p_estimate_first => v_search is not null);
end
$$;

comment on function private.admin_list_promotions(text, text, text, integer, integer, text, text, text, boolean, boolean) is
  'Body of public.admin_list_promotions (security definer, admin check first).';

revoke all on function private.admin_list_promotions(text, text, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_promotions(text, text, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_list_promotions(
  p_search text default null, p_type text default null, p_status text default null,
  p_limit integer default 50, p_offset integer default 0, p_sort text default null, p_after text default null,
  p_before text default null, p_last boolean default false, p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_promotions(p_search, p_type, p_status, p_limit, p_offset, p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_promotions(text, text, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin promotion codes list: {rows, total, total_exact, first_cursor, last_cursor}, accent-insensitive code search, type, status, whitelisted sorts. Admins only.';

revoke all on function public.admin_list_promotions(text, text, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_promotions(text, text, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_discount_code_stats()
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform private.assert_admin();
  select jsonb_build_object(
           'total', count(*),
           'active', count(*) filter (where d.status = 'active'),
           'inactive', count(*) filter (where d.status = 'inactive'),
           'uses', coalesce(sum(d.uses_count), 0))
    into v_result
    from public.discount_codes d;
  return v_result;
end
$$;

comment on function public.admin_discount_code_stats() is
  'Stat cards of the promotion codes screen: total, active, inactive codes and total uses.';

revoke all on function public.admin_discount_code_stats() from public, anon;
grant execute on function public.admin_discount_code_stats() to authenticated, service_role;

-- p_select = true: the code applies to every active service (the detail screen lists active
-- services only); false: to none. Returns how many services the code applies to afterwards.
create function public.admin_set_all_discount_code_services(p_discount_code_id uuid, p_select boolean)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_count integer;
begin
  perform private.assert_admin();
  -- Serialises with concurrent edits of the same code and fails cleanly for an unknown code.
  perform 1 from public.discount_codes d where d.id = p_discount_code_id for update;
  if not found then
    raise exception 'promotion code % not found', p_discount_code_id using errcode = 'P0002';
  end if;
  if p_select then
    insert into public.discount_code_services (discount_code_id, subcategory_id)
    select p_discount_code_id, s.id from public.subcategories s where s.active
    on conflict (discount_code_id, subcategory_id) do nothing;
  else
    delete from public.discount_code_services dcs where dcs.discount_code_id = p_discount_code_id;
  end if;
  select count(*) into v_count from public.discount_code_services dcs where dcs.discount_code_id = p_discount_code_id;
  return v_count;
end
$$;

comment on function public.admin_set_all_discount_code_services(uuid, boolean) is
  'Select all (every active service) or deselect all services of a promotion code in one statement.';

revoke all on function public.admin_set_all_discount_code_services(uuid, boolean) from public, anon;
grant execute on function public.admin_set_all_discount_code_services(uuid, boolean) to authenticated, service_role;

-- ================================================================================================
-- supabase/schemas/26_admin_list_conversations.sql
-- ================================================================================================

-- The admin conversations list (/admin/manage-conversations): filters on the provider's and the
-- customer's name (accent-insensitive, on the conversations' own folded copies of the two names and
-- their trigram indexes, 13_conversations_messages.sql), status
-- (active / completed) and time (last message since an instant); sorts by the last message (default:
-- most recent first, conversations without messages last) or by creation. {rows, total,
-- total_exact, first_cursor, last_cursor} like every admin list (docs/database.md#admin-list-functions,
-- docs/search.md). The body runs as security definer in `private` behind a security-invoker
-- function in `public` (under row-level security the name searches could not use the trigram
-- indexes); it starts with private.assert_admin() (42501 for anyone but an admin or the service role).

-- A name search matches private.vi_search_condition on the copies, as the other lists match their
-- own folded columns (the planner is asked first for the total). Looking the names up in profiles
-- instead turned a common name into thousands of ids, which every statement (the page and the
-- count) parsed and planned again: customers "nguyen" took 32–53 ms a page at 1,000,000 bookings.
create function private.admin_list_conversations(
  p_provider_name text default null,
  p_customer_name text default null,
  p_status text default null,
  p_since timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_sort text default null,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_provider text := private.vi_search_condition('c.provider_name_folded', p_provider_name);
  v_customer text := private.vi_search_condition('c.customer_name_folded', p_customer_name);
  v_filter text := 'true';
begin
  perform private.assert_admin();
  if p_status is not null and p_status not in ('active', 'completed') then
    raise exception 'invalid conversation status: %', p_status using errcode = '22023';
  end if;
  if v_provider is not null then v_filter := v_filter || ' and ' || v_provider; end if;
  if v_customer is not null then v_filter := v_filter || ' and ' || v_customer; end if;
  if p_status = 'active' then v_filter := v_filter || ' and c.is_active'; end if;
  if p_status = 'completed' then v_filter := v_filter || ' and not c.is_active'; end if;
  if p_since is not null then v_filter := v_filter || format(' and c.last_message_at >= %L::timestamptz', p_since); end if;

  return private.admin_sorted_page(
    'public.conversations', 'c', v_filter,
    -- Conversations without messages sort as the oldest (last in the default order).
    '{"last_message_at": ["coalesce(c.last_message_at, ''-infinity''::timestamptz)", "timestamptz"],
      "created_at": ["c.created_at", "timestamptz"]}'::jsonb,
    p_sort, 'last_message_at.desc',
    'c.id, c.booking_id, c.provider_id, pp.name as provider_name,
     c.customer_id, pc.name as customer_name, c.is_active, c.last_message, c.last_message_at,
     c.created_at',
    'left join public.profiles pp on pp.id = c.provider_id
     left join public.profiles pc on pc.id = c.customer_id',
    p_limit, p_offset, p_count, p_after, p_before, p_last,
    p_estimate_first => coalesce(v_provider, v_customer) is not null);
end
$$;

comment on function private.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) is
  'Body of public.admin_list_conversations (security definer, admin check first).';

revoke all on function private.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_list_conversations(
  p_provider_name text default null, p_customer_name text default null, p_status text default null,
  p_since timestamptz default null, p_limit integer default 50, p_offset integer default 0,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_conversations(p_provider_name, p_customer_name, p_status, p_since, p_limit, p_offset,
                                          p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) is
  'Admin conversations list: {rows, total, total_exact, first_cursor, last_cursor}, latest message first by default, accent-insensitive name searches. Admins only.';

revoke all on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

-- ================================================================================================
-- supabase/schemas/27_admin_list_reviews.sql
-- ================================================================================================

-- The admin reviews list (/admin/manage-reviews): search over the customer's name as written on the
-- review (a snapshot; the list still shows the profile's name when a review has none) and the
-- comment, accent-insensitive on their `*_folded` copies so that both trigram indexes serve it;
-- stars 1–5, status; sorts by creation (default, newest first) or rating. The status itself is
-- edited with a plain UPDATE of reviews (admin-only policy). {rows, total, total_exact,
-- first_cursor, last_cursor} like every admin list (docs/database.md#admin-list-functions,
-- docs/search.md). The body runs as security definer in `private` behind a security-invoker
-- function in `public`: under row-level security the trigram indexes were never used (330 ms a
-- search). It starts with private.assert_admin() (42501 for anyone but an admin or the service role).

create function private.admin_list_reviews(
  p_search text default null,
  p_rating integer default null,
  p_status text default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_sort text default null,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
-- Every filter and sort of this function has an index: matching folded text costs microseconds a
-- row, so a sequential scan over every review is never the cheap plan it looks like.
set enable_seqscan = off
as $$
declare
  v_filter text := 'true';
begin
  perform private.assert_admin();
  if p_rating is not null and p_rating not between 1 and 5 then
    raise exception 'invalid rating: %', p_rating using errcode = '22023';
  end if;
  if p_status is not null and p_status not in ('active', 'inactive') then
    raise exception 'invalid review status: %', p_status using errcode = '22023';
  end if;
  if nullif(btrim(coalesce(p_search, '')), '') is not null then
    v_filter := v_filter || format(' and (%s or %s)',
      private.vi_search_condition('r.customer_name_folded', p_search), private.vi_search_condition('r.comment_folded', p_search));
  end if;
  if p_rating is not null then v_filter := v_filter || format(' and r.rating = %s', p_rating); end if;
  if p_status is not null then v_filter := v_filter || format(' and r.status = %L', p_status); end if;

  return private.admin_sorted_page(
    'public.reviews', 'r', v_filter,
    '{"created_at": ["r.created_at", "timestamptz"], "rating": ["r.rating", "integer"]}'::jsonb,
    p_sort, 'created_at.desc',
    'r.id, r.booking_id, r.customer_id, coalesce(r.customer_name, pc.name) as customer_name,
     r.provider_id, pp.name as provider_name, r.rating, r.comment, r.status,
     r.created_at, r.updated_at',
    'left join public.profiles pp on pp.id = r.provider_id
     left join public.profiles pc on pc.id = r.customer_id',
    p_limit, p_offset, p_count, p_after, p_before, p_last,
    p_estimate_first => nullif(btrim(coalesce(p_search, '')), '') is not null);
end
$$;

comment on function private.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) is
  'Body of public.admin_list_reviews (security definer, admin check first).';

revoke all on function private.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_list_reviews(
  p_search text default null, p_rating integer default null, p_status text default null,
  p_limit integer default 50, p_offset integer default 0, p_sort text default null, p_after text default null,
  p_before text default null, p_last boolean default false, p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_reviews(p_search, p_rating, p_status, p_limit, p_offset, p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin reviews list: {rows, total, total_exact, first_cursor, last_cursor}, accent-insensitive search over the customer name and the comment, whitelisted sorts. Admins only.';

revoke all on function public.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_reviews(text, integer, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

-- ================================================================================================
-- supabase/schemas/28_admin_catalogue_search.sql
-- ================================================================================================

-- The catalogue screen's search (docs/search.md#catalogue): the ids of the professions, services
-- and packages whose texts match the typed text accent-insensitively (private.vi_fold on the small
-- catalogue tables). Body security definer in `private` (admin check first) behind a
-- security-invoker function in `public`.

create function private.admin_catalogue_matches(p_search text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform private.assert_admin();
  if nullif(btrim(coalesce(p_search, '')), '') is null then
    raise exception 'a search text is required' using errcode = '22023';
  end if;
  execute format(
    'select jsonb_build_object(
       ''profession_ids'', coalesce((select jsonb_agg(c.id order by c.sort_order, c.id) from public.categories c where %1$s), ''[]''),
       ''service_ids'', coalesce((select jsonb_agg(s.id order by s.sort_order, s.id) from public.subcategories s
                                   join public.categories c on c.id = s.category_id where %2$s or %3$s or %1$s), ''[]''),
       ''package_ids'', coalesce((select jsonb_agg(i.id order by i.sort_order, i.id) from public.service_items i
                                   join public.subcategories s on s.id = i.subcategory_id
                                  where %4$s or %5$s or %6$s or %7$s or %2$s), ''[]''))',
    private.vi_search_condition('private.vi_fold(c.name)', p_search), private.vi_search_condition('private.vi_fold(s.name)', p_search),
    private.vi_search_condition('private.vi_fold(s.icon)', p_search), private.vi_search_condition('private.vi_fold(i.name)', p_search),
    private.vi_search_condition('private.vi_fold(i.description)', p_search), private.vi_search_condition('private.vi_fold(i.job_details)', p_search),
    private.vi_search_condition('private.vi_fold(i.duration)', p_search))
    into v_result;
  return v_result;
end
$$;

comment on function private.admin_catalogue_matches(text) is
  'Body of public.admin_catalogue_matches (security definer, admin check first).';

revoke all on function private.admin_catalogue_matches(text) from public, anon;
grant execute on function private.admin_catalogue_matches(text) to authenticated, service_role;

create function public.admin_catalogue_matches(p_search text)
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_catalogue_matches(p_search)
$$;

comment on function public.admin_catalogue_matches(text) is
  'Catalogue search: {profession_ids, service_ids, package_ids} of the rows whose texts match accent-insensitively (docs/search.md#catalogue). Admins only.';

revoke all on function public.admin_catalogue_matches(text) from public, anon;
grant execute on function public.admin_catalogue_matches(text) to authenticated, service_role;

-- ================================================================================================
-- supabase/schemas/29_admin_list_audit_log.sql
-- ================================================================================================

-- The audit log screen (/admin/audit-log, "Nhật ký thay đổi"): the log newest first, filtered by
-- table, actor (user id or e-mail), time range and record id; {rows, total, total_exact,
-- first_cursor, last_cursor} like every admin list (docs/database.md#admin-list-functions,
-- docs/search.md#contract: cursors past the numbered pages; the log's ids are bigint). Read-only: the
-- log is written by triggers only. Every filter has an index that also gives the order
-- (created_at desc, id desc), so a page never sorts the whole log. The body runs as security
-- definer in `private` (admin check first) behind a security-invoker function in `public`.

create function private.admin_list_audit_log(
  p_table text default null,
  p_actor text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_record text default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_sort text default null,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_filter text := 'true';
  v_actor text := nullif(btrim(coalesce(p_actor, '')), '');
  v_table text := nullif(btrim(coalesce(p_table, '')), '');
  v_record text := nullif(btrim(coalesce(p_record, '')), '');
begin
  perform private.assert_admin();
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'p_from is after p_to' using errcode = '22023';
  end if;

  if v_table is not null then v_filter := v_filter || format(' and a.table_name = %L', v_table); end if;
  if v_record is not null then v_filter := v_filter || format(' and a.row_id = %L', v_record); end if;
  if v_actor is not null then
    if v_actor ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      v_filter := v_filter || format(' and a.actor_id = %L::uuid', v_actor);
    else
      v_filter := v_filter || format(' and lower(a.actor_email) = lower(%L)', v_actor);
    end if;
  end if;
  if p_from is not null then v_filter := v_filter || format(' and a.created_at >= %L::timestamptz', p_from); end if;
  if p_to is not null then v_filter := v_filter || format(' and a.created_at < %L::timestamptz', p_to); end if;

  return private.admin_sorted_page(
    'public.audit_log', 'a', v_filter,
    '{"created_at": ["a.created_at", "timestamptz"]}'::jsonb,
    p_sort, 'created_at.desc',
    'a.id, a.created_at, a.table_name, a.row_id, a.action, a.changes, a.actor_id,
     coalesce(a.actor_email, pa.email) as actor_email, pa.name as actor_name',
    'left join public.profiles pa on pa.id = a.actor_id',
    p_limit, p_offset, p_count, p_after, p_before, p_last, p_id_type => 'bigint');
end
$$;

comment on function private.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) is
  'Body of public.admin_list_audit_log (security definer, admin check first).';

revoke all on function private.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_list_audit_log(
  p_table text default null, p_actor text default null, p_from timestamptz default null, p_to timestamptz default null,
  p_record text default null, p_limit integer default 50, p_offset integer default 0, p_sort text default null,
  p_after text default null, p_before text default null, p_last boolean default false, p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_audit_log(p_table, p_actor, p_from, p_to, p_record, p_limit, p_offset,
                                      p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin audit log list: {rows, total, total_exact, first_cursor, last_cursor}, newest first; filters table, actor (id or e-mail), [from, to), record id. Admins only.';

revoke all on function public.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

-- ================================================================================================
-- supabase/schemas/30_marketplace_operations.sql
-- ================================================================================================

-- The marketplace's operations (docs/marketplace.md, docs/decisions.md#the-backend-serves-the-marketplace):
-- what customers and providers do, as SQL functions called with supabase-js `rpc`. The booking state
-- machine lives here; customers and providers still cannot write the tables directly (RLS: only
-- admins update bookings, reviews and deposits), so these functions are their only way in.
--
-- Layout: each operation is a `public` wrapper (security invoker, what PostgREST exposes) around a
-- body in `private` (security definer, `search_path = ''`). The body checks the caller itself: its
-- profile's role and status (`profiles.role` of `auth.uid()`), then the row it acts on (its own
-- booking, locked `for update`), then the transition. A refusal raises SQLSTATE P0001 with the
-- Vietnamese sentence as the message and a stable code in `hint` (docs/marketplace.md#refusals).
-- Admins keep the back office's freedom (direct updates under the admin policies); these
-- functions are for customers and providers and refuse admins without a profile.
-- Of the shared helpers, those that read rows (mkt_caller, mkt_require_working_provider,
-- mkt_own_booking, mkt_begin_transition) are security definer; those that only raise or label
-- (mkt_refuse, mkt_refuse_transition, mkt_status_label) are security invoker. The bookings' queue
-- integrity (a provider at most once) and the partial index of the open-bookings list belong to
-- 08_bookings.sql; the realtime publication of the tables the back office follows live belongs to
-- 18_realtime.sql.

-- Refusals ----------------------------------------------------------------------------------------

create function private.mkt_refuse(p_code text, p_message text)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = p_message, hint = p_code;
end
$$;
revoke all on function private.mkt_refuse(text, text) from public, anon;
grant execute on function private.mkt_refuse(text, text) to authenticated, service_role;

create function private.mkt_status_label(p_status text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case p_status
           when 'pending' then 'Chờ xác nhận'
           when 'confirmed' then 'Đã xác nhận'
           when 'pending_completion' then 'Chờ hoàn thành'
           when 'completed' then 'Hoàn thành'
           when 'cancelled' then 'Đã hủy'
           else p_status
         end
$$;
revoke all on function private.mkt_status_label(text) from public, anon;
grant execute on function private.mkt_status_label(text) to authenticated, service_role;

-- The caller's profile, checked for a role (never banned; a customer must be active).
create function private.mkt_caller(p_role text)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_profile public.profiles%rowtype;
begin
  if v_uid is null then
    perform private.mkt_refuse('not_signed_in', 'Bạn cần đăng nhập để thực hiện thao tác này');
  end if;
  select * into v_profile from public.profiles where id = v_uid;
  if not found or v_profile.role <> p_role then
    if p_role = 'customer' then
      perform private.mkt_refuse('not_customer', 'Chỉ tài khoản khách hàng mới thực hiện được thao tác này');
    else
      perform private.mkt_refuse('not_provider', 'Chỉ tài khoản nhà cung cấp dịch vụ mới thực hiện được thao tác này');
    end if;
  end if;
  if v_profile.status = 'banned' then
    perform private.mkt_refuse('account_banned', 'Tài khoản của bạn đã bị cấm');
  end if;
  if p_role = 'customer' and v_profile.status <> 'active' then
    perform private.mkt_refuse('account_not_active', 'Tài khoản của bạn đang tạm dừng hoặc chờ duyệt');
  end if;
  return v_profile;
end
$$;
revoke all on function private.mkt_caller(text) from public, anon;
grant execute on function private.mkt_caller(text) to authenticated, service_role;

-- A provider may take part in queues only while active with at least the minimum deposit.
create function private.mkt_require_working_provider(p_provider public.profiles)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_minimum bigint := coalesce((select st.min_deposit_amount from public.settings st where st.id = 'app'), 0);
begin
  if p_provider.status <> 'active' then
    perform private.mkt_refuse('provider_not_active', 'Tài khoản nhà cung cấp chưa hoạt động nên chưa nhận được việc');
  end if;
  if p_provider.deposit < v_minimum then
    perform private.mkt_refuse('deposit_too_low',
      format('Số dư ký quỹ (%s đ) thấp hơn mức tối thiểu %s đ. Vui lòng nạp thêm ký quỹ',
             to_char(p_provider.deposit, 'FM999G999G999G999'), to_char(v_minimum, 'FM999G999G999G999')));
  end if;
end
$$;
revoke all on function private.mkt_require_working_provider(public.profiles) from public, anon;
grant execute on function private.mkt_require_working_provider(public.profiles) to authenticated, service_role;

-- The caller's own booking (as customer or as the assigned provider), locked for the transition.
-- Another person's booking is "not found": its existence is not revealed.
create function private.mkt_own_booking(p_booking_id uuid, p_as text)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings%rowtype;
begin
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found
     or (p_as = 'customer' and v_booking.customer_id is distinct from auth.uid())
     or (p_as = 'provider' and v_booking.provider_id is distinct from auth.uid()) then
    perform private.mkt_refuse('booking_not_found', 'Không tìm thấy đơn đặt lịch');
  end if;
  return v_booking;
end
$$;
revoke all on function private.mkt_own_booking(uuid, text) from public, anon;
grant execute on function private.mkt_own_booking(uuid, text) to authenticated, service_role;

create function private.mkt_refuse_transition(p_booking public.bookings, p_action text)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.mkt_refuse('booking_invalid_transition',
    format('Không thể %s khi đơn đang ở trạng thái "%s"', p_action, private.mkt_status_label(p_booking.status)));
end
$$;
revoke all on function private.mkt_refuse_transition(public.bookings, text) from public, anon;
grant execute on function private.mkt_refuse_transition(public.bookings, text) to authenticated, service_role;

-- The start of every transition of an own booking: the caller's role, the booking locked, its status
-- one of p_from (else booking_invalid_transition naming p_action and the status).
create function private.mkt_begin_transition(p_booking_id uuid, p_as text, p_from text[], p_action text)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings%rowtype;
begin
  perform private.mkt_caller(p_as);
  v_booking := private.mkt_own_booking(p_booking_id, p_as);
  if not (v_booking.status = any (p_from)) then
    perform private.mkt_refuse_transition(v_booking, p_action);
  end if;
  return v_booking;
end
$$;
revoke all on function private.mkt_begin_transition(uuid, text, text[], text) from public, anon;
grant execute on function private.mkt_begin_transition(uuid, text, text[], text) to authenticated, service_role;

-- Customer: create_booking -------------------------------------------------------------------------

create function private.create_booking(
  p_service_item_id uuid,
  p_scheduled_at timestamptz,
  p_address text,
  p_note text,
  p_payment_method text,
  p_discount_code text
)
returns public.bookings
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_customer public.profiles%rowtype := private.mkt_caller('customer');
  v_item public.service_items%rowtype;
  v_address text := nullif(btrim(coalesce(p_address, '')), '');
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  v_code_text text := nullif(upper(btrim(coalesce(p_discount_code, ''))), '');
  v_code public.discount_codes%rowtype;
  v_discount bigint;
  v_booking public.bookings%rowtype;
begin
  select si.* into v_item
    from public.service_items si
    join public.subcategories s on s.id = si.subcategory_id
   where si.id = p_service_item_id and si.active and s.active;
  if not found then
    perform private.mkt_refuse('package_unavailable', 'Gói dịch vụ không tồn tại hoặc đã ngừng cung cấp');
  end if;
  if p_scheduled_at is null or p_scheduled_at <= now() then
    perform private.mkt_refuse('schedule_not_future', 'Thời gian hẹn phải ở tương lai');
  end if;
  if p_scheduled_at > now() + interval '365 days' then
    perform private.mkt_refuse('schedule_too_far', 'Chỉ đặt lịch trong vòng 1 năm tới');
  end if;
  if v_address is null then
    perform private.mkt_refuse('address_required', 'Vui lòng nhập địa chỉ');
  end if;
  if char_length(v_address) > 500 then
    perform private.mkt_refuse('address_too_long', 'Địa chỉ tối đa 500 ký tự');
  end if;
  if char_length(coalesce(v_note, '')) > 1000 then
    perform private.mkt_refuse('note_too_long', 'Ghi chú tối đa 1000 ký tự');
  end if;
  if p_payment_method is null or p_payment_method not in ('cash', 'bank_transfer') then
    perform private.mkt_refuse('payment_method_invalid', 'Phương thức thanh toán không hợp lệ (tiền mặt hoặc chuyển khoản)');
  end if;

  v_discount := 0;
  if v_code_text is not null then
    -- The code's row lock serialises the customers racing for its last use: the second one reads
    -- the count the first committed (read committed re-reads a locked row) and is refused.
    select * into v_code from public.discount_codes where upper(code) = v_code_text for update;
    if not found then
      perform private.mkt_refuse('promo_not_found', 'Mã giảm giá không tồn tại');
    end if;
    if v_code.status <> 'active' then
      perform private.mkt_refuse('promo_inactive', 'Mã giảm giá đã ngừng áp dụng');
    end if;
    if v_code.expires_at <= now() then
      perform private.mkt_refuse('promo_expired', 'Mã giảm giá đã hết hạn');
    end if;
    if exists (select 1 from public.discount_code_services dcs where dcs.discount_code_id = v_code.id)
       and not exists (select 1 from public.discount_code_services dcs
                        where dcs.discount_code_id = v_code.id and dcs.subcategory_id = v_item.subcategory_id) then
      perform private.mkt_refuse('promo_not_applicable', 'Mã giảm giá không áp dụng cho dịch vụ này');
    end if;
    if v_code.uses_count >= v_code.max_uses then
      perform private.mkt_refuse('promo_used_up', 'Mã giảm giá đã hết lượt sử dụng');
    end if;
    v_discount := case when v_code.discount_type = 'percentage'
                       then round(v_item.price * v_code.discount_value / 100)::bigint
                       else round(v_code.discount_value)::bigint end;
    v_discount := least(greatest(v_discount, 0), v_item.price);
    update public.discount_codes set uses_count = uses_count + 1 where id = v_code.id;
  end if;

  insert into public.bookings (customer_id, subcategory_id, service_item_id, status, scheduled_at, address, note,
                               payment_method, original_price, final_price, discount_code, discount_type,
                               discount_value, discount_amount)
  values (v_customer.id, v_item.subcategory_id, v_item.id, 'pending', p_scheduled_at, v_address, v_note,
          p_payment_method, v_item.price, v_item.price - v_discount, v_code.code,
          case when v_code_text is not null then v_code.discount_type end,
          case when v_code_text is not null then v_code.discount_value end,
          case when v_code_text is not null then v_discount end)
  returning * into v_booking;
  return v_booking;
end
$$;

-- Customer: cancel, choose a provider, confirm completion, review ----------------------------------

create function private.cancel_booking(p_booking_id uuid)
returns public.bookings
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings%rowtype;
begin
  v_booking := private.mkt_begin_transition(p_booking_id, 'customer', array['pending', 'confirmed'], 'hủy đơn');
  -- The promotion code gets its use back (by its code text: the booking keeps a snapshot, not a
  -- key). The code's row is taken before the booking's status changes, in the order create_booking
  -- takes them (code, then the rollup rows the status change touches), so the two never deadlock.
  if v_booking.discount_code is not null then
    update public.discount_codes
       set uses_count = greatest(uses_count - 1, 0)
     where upper(code) = upper(v_booking.discount_code);
  end if;
  update public.bookings set status = 'cancelled' where id = v_booking.id returning * into v_booking;
  update public.conversations set is_active = false where booking_id = v_booking.id and is_active;
  return v_booking;
end
$$;

create function private.choose_provider(p_booking_id uuid, p_provider_id uuid)
returns public.bookings
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings%rowtype;
  v_provider public.profiles%rowtype;
begin
  v_booking := private.mkt_begin_transition(p_booking_id, 'customer', array['pending'], 'chọn nhà cung cấp');
  if v_booking.provider_id is not null then
    perform private.mkt_refuse_transition(v_booking, 'chọn nhà cung cấp');
  end if;
  if p_provider_id is null or not (p_provider_id = any (v_booking.provider_queue)) then
    perform private.mkt_refuse('provider_not_in_queue', 'Nhà cung cấp này không có trong hàng chờ của đơn');
  end if;
  select * into v_provider from public.profiles where id = p_provider_id;
  if not found or v_provider.role <> 'provider' or v_provider.status <> 'active' then
    perform private.mkt_refuse('provider_unavailable', 'Nhà cung cấp này hiện không nhận việc. Vui lòng chọn người khác');
  end if;
  update public.bookings
     set provider_id = p_provider_id, status = 'confirmed'
   where id = v_booking.id
  returning * into v_booking;
  insert into public.conversations (booking_id, provider_id, customer_id)
  values (v_booking.id, v_booking.provider_id, v_booking.customer_id)
  on conflict (booking_id) do update set provider_id = excluded.provider_id, is_active = true;
  return v_booking;
end
$$;

create function private.confirm_completion(p_booking_id uuid)
returns public.bookings
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings%rowtype;
begin
  v_booking := private.mkt_begin_transition(p_booking_id, 'customer', array['pending_completion'], 'xác nhận hoàn thành');
  -- The commission row and the provider's earnings follow from the completion triggers.
  update public.bookings set status = 'completed' where id = v_booking.id returning * into v_booking;
  update public.conversations set is_active = false where booking_id = v_booking.id and is_active;
  return v_booking;
end
$$;

create function private.create_review(p_booking_id uuid, p_rating integer, p_comment text)
returns public.reviews
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_customer public.profiles%rowtype := private.mkt_caller('customer');
  v_booking public.bookings%rowtype;
  v_comment text := nullif(btrim(coalesce(p_comment, '')), '');
  v_review public.reviews%rowtype;
begin
  v_booking := private.mkt_begin_transition(p_booking_id, 'customer', array['completed'], 'đánh giá');
  if p_rating is null or p_rating < 1 or p_rating > 5 then
    perform private.mkt_refuse('rating_invalid', 'Số sao đánh giá phải từ 1 đến 5');
  end if;
  if char_length(coalesce(v_comment, '')) > 1000 then
    perform private.mkt_refuse('comment_too_long', 'Nhận xét tối đa 1000 ký tự');
  end if;
  -- The booking row is locked, so a second review of the same booking waits and then sees the first.
  if exists (select 1 from public.reviews r where r.booking_id = v_booking.id) then
    perform private.mkt_refuse('already_reviewed', 'Đơn này đã được đánh giá');
  end if;
  insert into public.reviews (booking_id, provider_id, customer_id, customer_name, rating, comment)
  values (v_booking.id, v_booking.provider_id, v_customer.id, v_customer.name, p_rating, v_comment)
  returning * into v_review;
  return v_review;
end
$$;

-- The providers in the queue of the caller's own pending booking, to choose from (names only).
create function private.list_booking_queue(p_booking_id uuid)
returns table (provider_id uuid, name text, avatar_url text, rating numeric, review_count bigint, queue_position integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_booking public.bookings%rowtype;
begin
  perform private.mkt_caller('customer');
  select * into v_booking from public.bookings b where b.id = p_booking_id and b.customer_id = auth.uid();
  if not found then
    perform private.mkt_refuse('booking_not_found', 'Không tìm thấy đơn đặt lịch');
  end if;
  return query
    select p.id, p.name, p.avatar_url,
           (select round(avg(r.rating), 1) from public.reviews r where r.provider_id = p.id and r.status = 'active'),
           (select count(*) from public.reviews r where r.provider_id = p.id and r.status = 'active'),
           q.ord::integer
      from unnest(v_booking.provider_queue) with ordinality as q(id, ord)
      join public.profiles p on p.id = q.id
     order by q.ord;
end
$$;

-- Provider: open bookings, queue, completion report, deposit top-up ------------------------------

-- A row of the providers' open-bookings list: what a provider may know before being chosen (no
-- customer phone, e-mail or id).
create type public.open_booking as (
  id uuid,
  created_at timestamptz,
  scheduled_at timestamptz,
  subcategory_id uuid,
  service_name text,
  category_name text,
  service_item_id uuid,
  service_item_name text,
  service_item_duration text,
  service_item_job_details text,
  address text,
  note text,
  payment_method text,
  original_price bigint,
  final_price bigint,
  customer_name text,
  queue_size integer,
  in_queue boolean
);

-- Pending bookings without a provider, of the caller's service types, newest first, without the
-- customer's phone or e-mail. Keyset paging on (created_at, id). Each service type walks the
-- partial index bookings_open_subcategory_created_at_idx for at most one page, then the pages merge.
create function private.list_open_bookings(
  p_limit integer,
  p_before_created_at timestamptz,
  p_before_id uuid
)
returns setof public.open_booking
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_provider public.profiles%rowtype := private.mkt_caller('provider');
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 100);
begin
  if (p_before_created_at is null) <> (p_before_id is null) then
    perform private.mkt_refuse('invalid_cursor', 'Tham số phân trang không hợp lệ');
  end if;
  return query
    select b.id, b.created_at, b.scheduled_at, b.subcategory_id, b.service_name, b.category_name,
           b.service_item_id, b.service_item_name, b.service_item_duration, b.service_item_job_details,
           b.address, b.note, b.payment_method, b.original_price, b.final_price, b.customer_name,
           cardinality(b.provider_queue), v_provider.id = any (b.provider_queue)
      from public.provider_service_types pst
      cross join lateral (
        select ob.*
          from public.bookings ob
         where ob.subcategory_id = pst.subcategory_id
           and ob.status = 'pending'
           and ob.provider_id is null
           and (p_before_created_at is null or (ob.created_at, ob.id) < (p_before_created_at, p_before_id))
         order by ob.created_at desc, ob.id desc
         limit v_limit
      ) b
     where pst.provider_id = v_provider.id
     order by b.created_at desc, b.id desc
     limit v_limit;
end
$$;

create function private.join_booking_queue(p_booking_id uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_provider public.profiles%rowtype;
  v_booking public.bookings%rowtype;
begin
  v_provider := private.mkt_caller('provider');
  perform private.mkt_require_working_provider(v_provider);
  -- The booking's row lock serialises joins: each one reads the queue the previous one committed.
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found or not exists (select 1 from public.provider_service_types pst
                               where pst.provider_id = v_provider.id and pst.subcategory_id = v_booking.subcategory_id) then
    perform private.mkt_refuse('booking_not_found', 'Không tìm thấy đơn đặt lịch');
  end if;
  if v_booking.status <> 'pending' or v_booking.provider_id is not null then
    perform private.mkt_refuse('booking_not_open', 'Đơn này không còn nhận nhà cung cấp');
  end if;
  if v_provider.id = any (v_booking.provider_queue) then
    perform private.mkt_refuse('already_in_queue', 'Bạn đã ở trong hàng chờ của đơn này');
  end if;
  update public.bookings
     set provider_queue = array_append(provider_queue, v_provider.id)
   where id = v_booking.id
  returning * into v_booking;
  return cardinality(v_booking.provider_queue);
end
$$;

create function private.leave_booking_queue(p_booking_id uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_provider public.profiles%rowtype;
  v_booking public.bookings%rowtype;
begin
  v_provider := private.mkt_caller('provider');
  perform private.mkt_require_working_provider(v_provider);
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found or not (v_provider.id = any (v_booking.provider_queue)) then
    perform private.mkt_refuse('not_in_queue', 'Bạn không ở trong hàng chờ của đơn này');
  end if;
  if v_booking.status <> 'pending' or v_booking.provider_id is not null then
    perform private.mkt_refuse('booking_not_open', 'Đơn này đã chọn nhà cung cấp, không thể rời hàng chờ');
  end if;
  update public.bookings
     set provider_queue = array_remove(provider_queue, v_provider.id)
   where id = v_booking.id
  returning * into v_booking;
  return cardinality(v_booking.provider_queue);
end
$$;

create function private.report_completion(p_booking_id uuid)
returns public.bookings
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings%rowtype;
begin
  v_booking := private.mkt_begin_transition(p_booking_id, 'provider', array['confirmed'], 'báo hoàn thành');
  update public.bookings
     set status = 'pending_completion', completion_reported_at = now()
   where id = v_booking.id
  returning * into v_booking;
  return v_booking;
end
$$;

create function private.request_deposit(p_amount bigint, p_note text)
returns public.deposit_history
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_provider public.profiles%rowtype := private.mkt_caller('provider');
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  v_row public.deposit_history%rowtype;
begin
  if p_amount is null or p_amount <= 0 then
    perform private.mkt_refuse('amount_invalid', 'Số tiền nạp phải lớn hơn 0');
  end if;
  if p_amount > 1000000000 then
    perform private.mkt_refuse('amount_too_large', 'Số tiền nạp tối đa 1.000.000.000 đ mỗi lần');
  end if;
  if char_length(coalesce(v_note, '')) > 500 then
    perform private.mkt_refuse('note_too_long', 'Ghi chú tối đa 500 ký tự');
  end if;
  -- At most 3 requests waiting at a time (the row lock makes the count exact under concurrency).
  perform 1 from public.profiles where id = v_provider.id for update;
  if (select count(*) from public.deposit_history d where d.provider_id = v_provider.id and d.status = 'pending') >= 3 then
    perform private.mkt_refuse('too_many_pending_deposits', 'Bạn đã có 3 yêu cầu nạp ký quỹ đang chờ xử lý');
  end if;
  insert into public.deposit_history (provider_id, amount, status, note)
  values (v_provider.id, p_amount, 'pending', v_note)
  returning * into v_row;
  return v_row;
end
$$;

-- Privileges of the bodies: callable by signed-in users (through the wrappers) and the service role.
do $$
declare
  v_signature text;
begin
  foreach v_signature in array array[
    'private.create_booking(uuid, timestamptz, text, text, text, text)',
    'private.cancel_booking(uuid)',
    'private.choose_provider(uuid, uuid)',
    'private.confirm_completion(uuid)',
    'private.create_review(uuid, integer, text)',
    'private.list_booking_queue(uuid)',
    'private.list_open_bookings(integer, timestamptz, uuid)',
    'private.join_booking_queue(uuid)',
    'private.leave_booking_queue(uuid)',
    'private.report_completion(uuid)',
    'private.request_deposit(bigint, text)'
  ] loop
    execute format('revoke all on function %s from public, anon', v_signature);
    execute format('grant execute on function %s to authenticated, service_role', v_signature);
  end loop;
end
$$;

-- Public wrappers (what supabase-js `rpc` calls) ---------------------------------------------------

create function public.create_booking(
  p_service_item_id uuid,
  p_scheduled_at timestamptz,
  p_address text,
  p_note text default null,
  p_payment_method text default 'cash',
  p_discount_code text default null
)
returns public.bookings
language sql
volatile
security invoker
set search_path = ''
as $$
  select * from private.create_booking(p_service_item_id, p_scheduled_at, p_address, p_note, p_payment_method, p_discount_code)
$$;
comment on function public.create_booking(uuid, timestamptz, text, text, text, text) is
  'Customer: books a visible package (future time, address, note, cash/bank_transfer, optional promotion code counted atomically). Starts pending.';

create function public.cancel_booking(p_booking_id uuid)
returns public.bookings
language sql volatile security invoker set search_path = ''
as $$ select * from private.cancel_booking(p_booking_id) $$;
comment on function public.cancel_booking(uuid) is 'Customer: cancels an own pending/confirmed booking; the promotion code gets its use back.';

create function public.choose_provider(p_booking_id uuid, p_provider_id uuid)
returns public.bookings
language sql volatile security invoker set search_path = ''
as $$ select * from private.choose_provider(p_booking_id, p_provider_id) $$;
comment on function public.choose_provider(uuid, uuid) is 'Customer: picks an active provider from the queue of an own pending booking → confirmed.';

create function public.confirm_completion(p_booking_id uuid)
returns public.bookings
language sql volatile security invoker set search_path = ''
as $$ select * from private.confirm_completion(p_booking_id) $$;
comment on function public.confirm_completion(uuid) is 'Customer: confirms an own pending_completion booking → completed (commission written by trigger).';

create function public.create_review(p_booking_id uuid, p_rating integer, p_comment text default null)
returns public.reviews
language sql volatile security invoker set search_path = ''
as $$ select * from private.create_review(p_booking_id, p_rating, p_comment) $$;
comment on function public.create_review(uuid, integer, text) is 'Customer: reviews an own completed booking once (rating 1–5, comment ≤ 1000 characters).';

create function public.list_booking_queue(p_booking_id uuid)
returns table (provider_id uuid, name text, avatar_url text, rating numeric, review_count bigint, queue_position integer)
language sql stable security invoker set search_path = ''
as $$ select * from private.list_booking_queue(p_booking_id) $$;
comment on function public.list_booking_queue(uuid) is 'Customer: the providers queued on an own booking (name, avatar, rating), in queue order.';

create function public.list_open_bookings(
  p_limit integer default 50,
  p_before_created_at timestamptz default null,
  p_before_id uuid default null
)
returns setof public.open_booking
language sql stable security invoker set search_path = ''
as $$ select * from private.list_open_bookings(p_limit, p_before_created_at, p_before_id) $$;
comment on function public.list_open_bookings(integer, timestamptz, uuid) is
  'Provider: pending bookings without a provider of its service types, newest first (keyset paging), without customer contact.';

create function public.join_booking_queue(p_booking_id uuid)
returns integer
language sql volatile security invoker set search_path = ''
as $$ select private.join_booking_queue(p_booking_id) $$;
comment on function public.join_booking_queue(uuid) is 'Provider (active, minimum deposit): joins an open booking''s queue; returns the queue size.';

create function public.leave_booking_queue(p_booking_id uuid)
returns integer
language sql volatile security invoker set search_path = ''
as $$ select private.leave_booking_queue(p_booking_id) $$;
comment on function public.leave_booking_queue(uuid) is 'Provider (active, minimum deposit): leaves an open booking''s queue; returns the queue size.';

create function public.report_completion(p_booking_id uuid)
returns public.bookings
language sql volatile security invoker set search_path = ''
as $$ select * from private.report_completion(p_booking_id) $$;
comment on function public.report_completion(uuid) is 'Provider: reports its confirmed booking done → pending_completion with the report time.';

create function public.request_deposit(p_amount bigint, p_note text default null)
returns public.deposit_history
language sql volatile security invoker set search_path = ''
as $$ select * from private.request_deposit(p_amount, p_note) $$;
comment on function public.request_deposit(bigint, text) is 'Provider: asks for a deposit top-up → a pending deposit_history row an admin completes or cancels.';

do $$
declare
  v_signature text;
begin
  foreach v_signature in array array[
    'public.create_booking(uuid, timestamptz, text, text, text, text)',
    'public.cancel_booking(uuid)',
    'public.choose_provider(uuid, uuid)',
    'public.confirm_completion(uuid)',
    'public.create_review(uuid, integer, text)',
    'public.list_booking_queue(uuid)',
    'public.list_open_bookings(integer, timestamptz, uuid)',
    'public.join_booking_queue(uuid)',
    'public.leave_booking_queue(uuid)',
    'public.report_completion(uuid)',
    'public.request_deposit(bigint, text)'
  ] loop
    execute format('revoke all on function %s from public, anon', v_signature);
    execute format('grant execute on function %s to authenticated, service_role', v_signature);
  end loop;
end
$$;
