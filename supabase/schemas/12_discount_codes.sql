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
  -- Value steps (docs/product.md#promotion-codes): 0.1 for a percentage, 1 000 VND for an amount.
  constraint discount_codes_discount_value_step check (
    case discount_type when 'percentage' then discount_value = round(discount_value, 1) else discount_value % 1000 = 0 end
  ),
  -- A code is never used more often than it allows: max uses cannot go below the uses already made.
  constraint discount_codes_max_uses_not_below_uses check (max_uses >= uses_count),
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

-- An expiry set through the API (a new code, or an edited expiry) lies in the future
-- (docs/product.md#promotion-codes). Only the API roles are held to it: the seed and maintenance
-- (postgres, service_role) may write past dates, and an unchanged expiry of an expired code does
-- not stop other edits of that code.
create function private.discount_codes_expiry_future()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- Others than admins are refused by the policies, after this trigger: leave them to it.
  if current_user in ('authenticated', 'anon')
     and (tg_op = 'INSERT' or new.expires_at is distinct from old.expires_at)
     and new.expires_at <= now()
     and private.is_admin() then
    raise exception 'Ngày hết hạn % đã qua: hãy chọn một thời điểm trong tương lai',
      to_char(new.expires_at at time zone 'Asia/Ho_Chi_Minh', 'DD/MM/YYYY HH24:MI')
      using errcode = '23514', hint = 'expiry_in_past';
  end if;
  return new;
end
$$;
revoke all on function private.discount_codes_expiry_future() from public, anon, authenticated;

create trigger discount_codes_expiry_future
  before insert or update of expires_at on public.discount_codes
  for each row execute function private.discount_codes_expiry_future();

-- A code that bookings used is never deleted (docs/product.md#promotion-codes): bookings keep the
-- code's text, not a foreign key, so this trigger is what refuses it, for every role. The admin
-- hides it instead (status inactive).
create function private.discount_codes_delete_unused()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_bookings bigint;
begin
  select count(*) into v_bookings from public.bookings b where b.discount_code = old.code;
  if v_bookings > 0 or old.uses_count > 0 then
    raise exception 'Mã khuyến mãi % đang được dùng bởi % đơn hàng: không thể xóa, hãy tạm dừng mã',
      old.code, greatest(v_bookings, old.uses_count)
      using errcode = '23503', hint = 'discount_code_in_use';
  end if;
  return old;
end
$$;
revoke all on function private.discount_codes_delete_unused() from public, anon, authenticated;

create trigger discount_codes_delete_unused
  before delete on public.discount_codes
  for each row execute function private.discount_codes_delete_unused();

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
