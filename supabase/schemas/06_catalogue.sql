-- The catalogue: professions (categories), services (subcategories), packages (service_items).
-- Texts and numbers are bounded (docs/product.md#input-rules). Names are unique whatever the case
-- and the accents (private.vi_fold): two professions cannot both be "Dịch vụ y tế" and "dich vu Y
-- TE"; a service name is unique in its profession and a package name in its service.
-- private.fill_sort_order is security definer (it reads the whole group, whatever the policies).

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint categories_name_check check (btrim(name) <> ''),
  icon text,
  -- Filled with max + 1 in the table by trigger when not given (0 for the first row, at most 100,000).
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
  constraint subcategories_sort_order_range check (sort_order <= 100000),
  -- The commission is typed in steps of 0.1 (docs/product.md#input-rules): 12.5 yes, 12.55 no.
  constraint subcategories_commission_rate_step check (commission_rate = round(commission_rate, 1))
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

-- sort_order = max in the group + 1 when not given, at most 100,000 (the range the order takes):
-- once an item of the group holds the ceiling, a new one shares it (items of one order sort by
-- name) instead of being refused with the range message. A transaction-scoped advisory lock per
-- group keeps two concurrent inserts from taking the same number.
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
  new.sort_order := least(next_order, 100000);
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

