-- Customers and providers: profiles.id = auth.users.id (docs/decisions.md#platform-mapping). Admin is a JWT claim, not a role.

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
  constraint profiles_status_check check (
    (role = 'provider' and status in ('inactive', 'pending_approval', 'active', 'banned'))
    or (role = 'customer' and status in ('active', 'inactive', 'banned', 'pending_approval'))
  )
);

comment on table public.profiles is 'One row per auth user: customers and providers. deposit / total_earnings / total_bookings are maintained by the database.';
comment on column public.profiles.total_bookings is 'Bookings where this profile is the customer (maintained by trigger).';
comment on column public.profiles.total_earnings is 'Sum of provider_amount of this provider''s commissions (maintained by trigger).';

alter table public.profiles enable row level security;

create index profiles_role_created_at_idx on public.profiles (role, created_at desc);
create index profiles_role_status_idx on public.profiles (role, status);
create index profiles_name_trgm_idx on public.profiles using gin (name extensions.gin_trgm_ops);
create index profiles_email_trgm_idx on public.profiles using gin (email extensions.gin_trgm_ops);

-- Status default by role; trims the editable text fields.
create or replace function private.profiles_before_write()
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

-- A signed-in user who is not an admin may edit only their own contact fields: role, status,
-- money, counters, email and login time are the database's / the admins'.
create or replace function private.profiles_protect_columns()
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
