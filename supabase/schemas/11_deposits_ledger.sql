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
  -- Why old_balance → new_balance (written by private.ledger_apply only, docs/product.md#deposits-and-balances):
  -- completed (the deposit entered `completed`), reverted (it left `completed`: the amount was taken
  -- back), amount_changed (its amount was edited while completed; amount_before is the old amount),
  -- adjustment (a manual adjustment), corrected (an admin rewrote old/new balance: no money moved).
  balance_reason text
    constraint deposit_history_balance_reason_check
    check (balance_reason in ('completed', 'reverted', 'amount_changed', 'adjustment', 'corrected')),
  amount_before bigint,
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
  -- Deposit inputs go in steps of 1 000 VND (docs/product.md#input-rules); so do the balances they give.
  constraint deposit_history_amount_step check (amount % 1000 = 0),
  constraint deposit_history_balance_step check (old_balance % 1000 = 0 and new_balance % 1000 = 0),
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

-- The default order of the admin deposit history. It includes what the list's filters read
-- (provider, status), so that a page's ids are its entries alone: a provider-name search walked it
-- and read a table row for each of the 11,000 entries before page 11 ("nguyen" at 10M bookings:
-- 11,000 → 90 buffers, docs/search.md#sorting).
create index deposit_history_created_at_idx on public.deposit_history (created_at desc, id desc)
  include (provider_id, status);
create index deposit_history_provider_id_created_at_idx on public.deposit_history (provider_id, created_at desc);
-- A status in the default order: that status's rows are one range of this index, and it includes
-- the provider, so that a status beside a provider-name search (a list of provider ids) is counted
-- and paged from that range alone, testing each entry's provider against the hashed list, instead
-- of one descent of the provider index per provider of the name (docs/search.md#sorting).
create index deposit_history_status_created_at_idx on public.deposit_history (status, created_at desc, id desc)
  include (provider_id);
create index deposit_history_kind_created_at_idx on public.deposit_history (kind, created_at desc)
  where kind = 'adjustment';
-- Sort of the admin deposit history by amount; it includes what the list's filters read (period,
-- status, provider), so that a page in that order walks the index alone (docs/search.md#sorting).
create index deposit_history_amount_id_idx on public.deposit_history (amount, id)
  include (created_at, status, provider_id);

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
-- the record, docs/screens.md#deposit-history; it moves no money) and balance_reason says why they
-- moved (amount_before: the amount before an edit of a completed deposit); only this trigger writes
-- balance_reason and amount_before. kind and provider_id never change after the insert; an
-- adjustment is never changed nor deleted.
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
    new.balance_reason := old.balance_reason;
    new.amount_before := old.amount_before;
  else
    new.balance_reason := null;
    new.amount_before := null;
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
    if tg_op = 'UPDATE' and (new.old_balance is distinct from old.old_balance or new.new_balance is distinct from old.new_balance) then
      new.balance_reason := 'corrected';
      new.amount_before := null;
    end if;
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
  new.balance_reason := case
    when new.kind = 'adjustment' then 'adjustment'
    when not was_completed then 'completed'
    when not is_completed then 'reverted'
    else 'amount_changed' end;
  new.amount_before := case when new.balance_reason = 'amount_changed' then old.amount end;
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
