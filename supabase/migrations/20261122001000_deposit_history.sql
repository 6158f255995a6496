-- Provider deposits (escrow). Balance effects of status changes are applied by trigger (docs/decisions.md#deposit-status-changes).

create table public.deposit_history (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null references public.profiles (id) on delete cascade,
  amount bigint not null constraint deposit_history_amount_check check (amount >= 0),
  status text not null default 'pending'
    constraint deposit_history_status_check check (status in ('pending', 'completed', 'canceled')),
  old_balance bigint constraint deposit_history_old_balance_check check (old_balance >= 0),
  new_balance bigint constraint deposit_history_new_balance_check check (new_balance >= 0),
  note text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.deposit_history is 'Deposit requests of providers; old_balance / new_balance record the balance before / after the last status change.';

alter table public.deposit_history enable row level security;

create index deposit_history_created_at_idx on public.deposit_history (created_at desc);
create index deposit_history_provider_id_created_at_idx on public.deposit_history (provider_id, created_at desc);
create index deposit_history_status_created_at_idx on public.deposit_history (status, created_at desc);

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
