-- Bookings with the customer and service snapshot taken when the booking is made, and completed_at.
-- The commission row of a completed booking is kept by the commissions migration (20261122000900).

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
  constraint bookings_discount_check check (discount_code is null or (discount_type is not null and discount_value is not null))
);
comment on table public.bookings is 'Bookings. customer_*, service_*, category_name are snapshots taken at insert; completed_at is kept by trigger.';

alter table public.bookings enable row level security;

create index bookings_created_at_idx on public.bookings (created_at desc);
create index bookings_status_created_at_idx on public.bookings (status, created_at desc);
create index bookings_provider_id_created_at_idx on public.bookings (provider_id, created_at desc);
create index bookings_customer_id_created_at_idx on public.bookings (customer_id, created_at desc);
create index bookings_subcategory_id_idx on public.bookings (subcategory_id);
create index bookings_service_item_id_idx on public.bookings (service_item_id);
create index bookings_service_item_name_trgm_idx on public.bookings using gin (service_item_name extensions.gin_trgm_ops);
create index bookings_service_name_trgm_idx on public.bookings using gin (service_name extensions.gin_trgm_ops);

-- Snapshot on insert: fills what the caller did not give from the customer's profile, the service
-- and the package, so that later catalogue or profile edits do not rewrite history.
create or replace function private.bookings_fill_snapshot()
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
create or replace function private.bookings_completion_stamp()
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
