-- docs/decisions.md#commission-rows-follow-completion: a booking that becomes completed gets its commission row (rate of its service, else
-- the settings default) and completed_at; leaving completed removes the row and clears completed_at.
-- Providers' total_earnings follow their commissions.

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

create or replace function private.bookings_sync_commission()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  rate numeric(5, 2);
begin
  if new.status = 'completed' and (tg_op = 'INSERT' or old.status <> 'completed') then
    select coalesce(
             (select s.commission_rate from public.subcategories s where s.id = new.subcategory_id),
             (select st.commission_rate from public.settings st where st.id = 'app'),
             10
           )
      into rate;
    insert into public.commissions
      (booking_id, provider_id, subcategory_id, commission_rate, service_price, final_price, booking_completed_at, created_at)
    values
      (new.id, new.provider_id, new.subcategory_id, rate, new.original_price, new.final_price, new.completed_at,
       coalesce(new.completed_at, now()))
    on conflict (booking_id) do nothing;
  elsif tg_op = 'UPDATE' and old.status = 'completed' and new.status <> 'completed' then
    delete from public.commissions where booking_id = new.id;
  elsif tg_op = 'UPDATE' and new.status = 'completed' and (
           new.provider_id is distinct from old.provider_id
        or new.subcategory_id is distinct from old.subcategory_id
        or new.original_price is distinct from old.original_price
        or new.final_price is distinct from old.final_price) then
    -- Corrections to a completed booking carry over; the snapshotted rate stays.
    update public.commissions
       set provider_id = new.provider_id,
           subcategory_id = new.subcategory_id,
           service_price = new.original_price,
           final_price = new.final_price
     where booking_id = new.id;
  end if;
  return null;
end
$$;
revoke all on function private.bookings_sync_commission() from public, anon, authenticated;

create trigger bookings_sync_commission
  after insert or update of status, provider_id, subcategory_id, original_price, final_price on public.bookings
  for each row execute function private.bookings_sync_commission();

-- total_earnings = sum(provider_amount) of the provider's commissions, kept incrementally under the
-- provider row's lock (concurrent changes serialise on the UPDATE).
create or replace function private.commissions_sync_earnings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.provider_id is not null then
    update public.profiles
       set total_earnings = greatest(total_earnings - old.provider_amount, 0)
     where id = old.provider_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.provider_id is not null then
    update public.profiles
       set total_earnings = total_earnings + new.provider_amount
     where id = new.provider_id;
  end if;
  return null;
end
$$;
revoke all on function private.commissions_sync_earnings() from public, anon, authenticated;

create trigger commissions_sync_earnings
  after insert or delete or update of provider_id, service_price, commission_rate on public.commissions
  for each row execute function private.commissions_sync_earnings();
