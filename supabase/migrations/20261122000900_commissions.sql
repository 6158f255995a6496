-- Commission of a completed booking (docs/decisions.md#commission-amounts, docs/decisions.md#commission-rows-follow-completion). Rows are written by the database only.

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
  constraint commissions_booking_id_key unique (booking_id)
);
comment on table public.commissions is 'One row per completed booking, created/removed by trigger on bookings.status. platform_fee = round(service_price * commission_rate / 100), provider_amount = service_price - platform_fee.';

alter table public.commissions enable row level security;

create index commissions_created_at_idx on public.commissions (created_at desc);
create index commissions_provider_id_created_at_idx on public.commissions (provider_id, created_at desc);
create index commissions_subcategory_id_created_at_idx on public.commissions (subcategory_id, created_at desc);

create trigger commissions_set_updated_at
  before update on public.commissions
  for each row execute function private.set_updated_at();

revoke all on table public.commissions from anon, authenticated;
grant select on table public.commissions to authenticated;
grant all on table public.commissions to service_role;

create policy commissions_select on public.commissions
  for select to authenticated
  using ((select private.is_admin()) or provider_id = (select auth.uid()));
