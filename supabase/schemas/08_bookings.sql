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
  -- A package that bookings used is never deleted (docs/product.md#catalogue-deletion): hide it instead.
  service_item_id uuid references public.service_items (id) on delete restrict,
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
  -- A booking reported done or completed was done by someone: it keeps its provider.
  constraint bookings_provider_required check (status not in ('pending_completion', 'completed') or provider_id is not null),
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

-- The typed text's estimates decide its count and order: a finer histogram (04_profiles.sql).
alter table public.bookings alter column customer_name_folded set statistics 1000,
  alter column service_name_folded set statistics 1000, alter column service_item_name_folded set statistics 1000;

-- The admin bookings list's default order; the index includes what its typed text and its other filters
-- read, so that a page's ids (and the rows a deep page skips) come from the index alone
-- (private.admin_sorted_page, docs/search.md), and the keys of the other orders, so that a period
-- filtered first and sorted by price or name is sorted from index entries (last 7 days by price
-- at 1M bookings: 18,900 -> 900 buffers).
create index bookings_created_at_search_idx on public.bookings (created_at desc, id desc)
  include (customer_name_folded, service_item_name_folded, service_name_folded, status, final_price, customer_name);
-- A status in the default order (and every page of a status filtered first, in another order):
-- the status's rows are one range of this index, newest first, and it includes what the typed
-- text and the other orders read, so that a status beside a customer's name (or a package, a
-- service) walks that status's entries alone, testing the name on them (an index-only scan),
-- instead of every booking's entry of the default order's index; and a status in the last 7 days
-- sorted by price or name is sorted from its entries, not from table rows (docs/search.md#sorting).
create index bookings_status_created_at_idx on public.bookings (status, created_at desc, id desc)
  include (customer_name_folded, service_item_name_folded, service_name_folded, final_price, customer_name);
create index bookings_provider_id_created_at_idx on public.bookings (provider_id, created_at desc);
create index bookings_customer_id_created_at_idx on public.bookings (customer_id, created_at desc);
create index bookings_subcategory_id_idx on public.bookings (subcategory_id);
create index bookings_service_item_id_idx on public.bookings (service_item_id);
-- Whether a promotion code was used (private.discount_codes_delete_unused, admin_catalogue_usage).
create index bookings_discount_code_idx on public.bookings (discount_code) where discount_code is not null;
create index bookings_service_item_name_folded_trgm_idx on public.bookings using gin (service_item_name_folded extensions.gin_trgm_ops) with (fastupdate = off);
create index bookings_service_name_folded_trgm_idx on public.bookings using gin (service_name_folded extensions.gin_trgm_ops) with (fastupdate = off);
create index bookings_customer_name_folded_trgm_idx on public.bookings using gin (customer_name_folded extensions.gin_trgm_ops) with (fastupdate = off);
-- Sorts of the admin bookings list. Each includes what the list's filters read (the period, the
-- status, the three folded names), so that a page in another order than the default one walks its
-- index alone, testing the filters on the index entries (an index-only scan), instead of reading a
-- table row for each entry it skips or sorting every match (docs/search.md#sorting: a package word
-- by price at 1M bookings, 705,000 buffers -> 13,500; a confirmed booking's deepest page by price,
-- 15,400 -> 860). The period and the status are key columns after the id (they never order: the
-- id is unique): a condition on a key column is tested by the index scan itself, before the entry
-- is returned, so an entry the period rejects costs no visibility-map check. As included columns
-- the check came first, and at 10M bookings (26 visibility-map pages) nearly every entry a deep
-- page skipped switched map page: the last 7 days by price, page 41, 19,300 buffers.
create index bookings_final_price_id_idx on public.bookings (final_price, id, created_at, status)
  include (customer_name_folded, service_name_folded, service_item_name_folded);
create index bookings_customer_name_vi_idx on public.bookings (customer_name collate private.vi, id, created_at, status)
  include (customer_name_folded, service_name_folded, service_item_name_folded);
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

-- The texts the bookings list's three word filters search (customer, service and package name, as
-- the bookings hold them, folded), each once. A word that none of them contains is answered as an
-- empty list from this small table (private.booking_word_condition) instead of from the trigram
-- indexes of every booking: a word made of frequent trigrams ("hai long" as a customer, "huong" as
-- a service) costs those indexes tens of milliseconds at 10M bookings even when nothing matches
-- (docs/search.md#words-no-booking-holds). Values are only added (statement triggers below, and
-- private.rebuild_rollups after bulk loads without triggers): a value no booking holds any more
-- stays and costs the usual trigram search, never a missed booking.
create table private.booking_search_values (
  field text not null constraint booking_search_values_field_check check (field in ('customer', 'service', 'package')),
  value_folded text not null,
  primary key (field, value_folded)
);
create index booking_search_values_value_trgm_idx on private.booking_search_values
  using gin (value_folded extensions.gin_trgm_ops);

comment on table private.booking_search_values is
  'Distinct folded customer, service and package names of the bookings (only added, by trigger): a word none contains skips the bookings'' trigram indexes.';

alter table private.booking_search_values enable row level security;
revoke all on table private.booking_search_values from public, anon, authenticated, service_role;
-- No API role has a grant on it; as for the private rollups, a policy names who could read it.
create policy booking_search_values_admin_select on private.booking_search_values
  for select to authenticated using ((select private.is_admin()));

create function private.bookings_add_search_values()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.booking_search_values (field, value_folded)
  select distinct v.field, v.value_folded
    from new_rows b
   cross join lateral (values ('customer', b.customer_name_folded), ('service', b.service_name_folded),
                              ('package', b.service_item_name_folded)) as v(field, value_folded)
   where v.value_folded is not null
  on conflict do nothing;
  return null;
end
$$;
revoke all on function private.bookings_add_search_values() from public, anon, authenticated;

create trigger bookings_add_search_values_insert
  after insert on public.bookings
  referencing new table as new_rows
  for each statement execute function private.bookings_add_search_values();

create trigger bookings_add_search_values_update
  after update on public.bookings
  referencing new table as new_rows
  for each statement execute function private.bookings_add_search_values();
