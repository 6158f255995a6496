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

-- Deposit status transitions (docs/product.md#deposits-and-balances, docs/decisions.md#deposit-status-changes), atomically with a lock on the provider row:
--   * to completed from another status: balance + amount; provider becomes active (unless banned);
--   * from completed to another status: balance - amount, floored at 0;
--   * amount edited on a completed row: balance adjusted by the difference (floor 0);
--   * after any balance change: below settings.min_deposit_amount and not inactive (nor banned)
--     -> the provider becomes inactive.
-- old_balance / new_balance on the row record the balance before / after. A row inserted as
-- completed counts as a transition to completed.

create or replace function private.deposit_apply_transition()
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
  if tg_op = 'UPDATE' and new.provider_id is distinct from old.provider_id then
    raise exception 'deposit_history.provider_id cannot be changed' using errcode = '42501';
  end if;

  if not was_completed and is_completed then
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

  balance_after := greatest(provider.deposit + delta, 0);
  next_status := provider.status;
  if not was_completed and is_completed and next_status not in ('active', 'banned') then
    next_status := 'active';
  end if;
  select coalesce((select st.min_deposit_amount from public.settings st where st.id = 'app'), 0) into minimum;
  if balance_after < minimum and next_status not in ('inactive', 'banned') then
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
revoke all on function private.deposit_apply_transition() from public, anon, authenticated;

create trigger deposit_apply_transition
  before insert or update of status, amount, provider_id on public.deposit_history
  for each row execute function private.deposit_apply_transition();
