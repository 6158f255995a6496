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

-- Every booking written or deleted updates its customer's row (total_bookings), every commission
-- its provider's (total_earnings), every deposit its balance. Each page keeps a tenth free, so that
-- the new version of a row goes on the row's own page (the space of the versions before it is
-- reclaimed when the page is next pruned) and the table stays in the order the accounts were
-- created in. Filled to the brim, the first update of a row moved it to wherever there was room,
-- and a table whose rows are in an order unrelated to any index makes an index-only walk switch
-- between visibility-map pages at nearly every entry (one map page covers 256 MB): the customers
-- "nguyen van" at 1M profiles, page 11, read 23,700 buffers with the rows in update order and 783
-- in creation order (docs/database.md#profiles-stay-in-creation-order).
alter table public.profiles set (fillfactor = 90);

-- The planner's estimate of a typed text's matches decides whether the lists count them exactly and
-- sort them as asked (5,000 matches, docs/search.md#totals). LIKE '%…%' is estimated from the
-- column's histogram, and with the default 100 buckets a word's share came out in steps of a
-- hundredth: the customers "nguyen van" at 1M profiles were expected 4,972 times and are 11,876,
-- so they were counted from 11,908 table pages. With 1,000 buckets: 11,772 expected (and "an":
-- 31,916 for 31,672). The trade: ANALYZE samples 300,000 rows instead of 30,000 (4.5 s for the 1M
-- profiles) and a LIKE is tested against up to 2,000 values while planning (0.2 ms).
alter table public.profiles alter column name_folded set statistics 1000, alter column email_folded set statistics 1000;

-- The default order of the customers list; the index includes what its typed text and its other
-- filters read, so that a page's ids (and the rows a deep page skips) come from the index alone
-- (private.admin_sorted_page, docs/search.md).
create index profiles_customer_created_at_search_idx on public.profiles (created_at desc, id desc)
  include (name_folded, email_folded, status) where role = 'customer';
-- The default order of the providers list. Like the customers' orders, the providers' include what
-- their typed text and their status filter read, and a page walks its index alone: the providers
-- are 5 % of the profiles, signed up among the customers, so their rows are spread over the table
-- and reading a typed text's matches from the trigram indexes read one table page per match (the
-- 3,127 providers "do" at 1M profiles: 3,155 buffers for the count, as many for a page), where
-- walking this index reads its 600 pages at most. The planner walks it for a common word (a count
-- or a provider-name lookup, 5–12 ms) and keeps the trigram index for a rare one. It also holds
-- the keys of the other orders (name, deposit, earnings): a filtered-first page in another order
-- reads its matches here, in the order of the table's pages, and sorts them
-- (private.admin_sorted_page; without them it read each match's table row: the 347 inactive
-- providers "do" by name, 5,567 pages of the table for 5,559 inactive ones, against 839 here).
create index profiles_provider_created_at_idx on public.profiles (created_at desc, id desc)
  include (status, name_folded, email_folded, name, deposit, total_earnings) where role = 'provider';
-- The providers' names have their own trigram index: a provider-name lookup (commissions,
-- deposits, the stat cards) reads a few hundred entries instead of a common word's thousands of
-- customers filtered by role.
create index profiles_provider_name_folded_trgm_idx on public.profiles
  using gin (name_folded extensions.gin_trgm_ops) with (fastupdate = off) where role = 'provider';
create index profiles_role_status_idx on public.profiles (role, status);
create unique index profiles_email_lower_key on public.profiles (lower(email));
create index profiles_name_folded_trgm_idx on public.profiles using gin (name_folded extensions.gin_trgm_ops) with (fastupdate = off);
create index profiles_email_folded_trgm_idx on public.profiles using gin (email_folded extensions.gin_trgm_ops) with (fastupdate = off);
-- Sorts of the customers and providers lists. They include what the typed text and the status
-- filter read, so that a page in that order walks its index alone (docs/search.md#sorting).
create index profiles_customer_name_vi_idx on public.profiles (name collate private.vi, id)
  include (name_folded, email_folded, status) where role = 'customer';
create index profiles_provider_name_vi_idx on public.profiles (name collate private.vi, id)
  include (status, name_folded, email_folded) where role = 'provider';
create index profiles_customer_total_bookings_idx on public.profiles (total_bookings, id)
  include (name_folded, email_folded, status) where role = 'customer';
-- A status filter on the customers, in each of their orders: the statuses follow the names in the
-- seeded sets, and the accounts' age in real ones (at 10M bookings / 1M profiles, the first 50
-- inactive customers by name were 154,000 entries into the name order: 78,000 buffers; newest
-- first, 11,000), so the status comes first and its customers are one range of the index. They
-- include what the typed text reads.
create index profiles_customer_status_created_at_idx on public.profiles (status, created_at desc, id desc)
  include (name_folded, email_folded) where role = 'customer';
create index profiles_customer_status_name_vi_idx on public.profiles (status, name collate private.vi, id)
  include (name_folded, email_folded) where role = 'customer';
create index profiles_customer_status_total_bookings_idx on public.profiles (status, total_bookings, id)
  include (name_folded, email_folded) where role = 'customer';
create index profiles_provider_deposit_idx on public.profiles (deposit, id)
  include (status, name_folded, email_folded) where role = 'provider';
create index profiles_provider_total_earnings_idx on public.profiles (total_earnings, id)
  include (status, name_folded, email_folded) where role = 'provider';

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
