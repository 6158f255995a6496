-- The admin deposit history screen (/admin/manage-deposit-history): a filtered page of deposit
-- rows with the provider's name, e-mail, current balance and status ({rows, total, total_exact},
-- docs/database.md#admin-list-functions), and the stat cards over every filtered row. Status
-- changes themselves are plain UPDATEs of deposit_history: the transition trigger
-- (private.deposit_apply_transition) moves the balance atomically.
--
-- Filters: search text (provider name or e-mail, or the deposit id), provider, status,
-- created from (inclusive) / to (exclusive). Order: created_at desc, id desc. Paging: offset or
-- keyset after (created_at, id) (CSV export, with p_count = false).
-- The bodies run as security definer in `private` behind security-invoker functions in `public`,
-- for the same reason and with the same gate as the commissions screen (20261122002000).

-- The WHERE clause of both functions, values inlined as quoted literals.
create or replace function private.admin_deposit_filter(
  p_search text, p_provider_id uuid, p_status text, p_from timestamptz, p_to timestamptz
)
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_pattern text := private.admin_like_pattern(p_search);
  v_filter text := 'true';
begin
  if p_status is not null and p_status not in ('pending', 'completed', 'canceled') then
    raise exception 'invalid deposit status: %', p_status using errcode = '22023';
  end if;
  if v_pattern is not null then
    v_filter := v_filter || format(' and (d.provider_id in (select p.id from public.profiles p'
      || ' where p.name ilike %1$L or p.email ilike %1$L)', v_pattern);
    if btrim(p_search) ~* '^[0-9a-f-]+$' then
      v_filter := v_filter || format(' or d.id::text ilike %L', v_pattern);
    end if;
    v_filter := v_filter || ')';
  end if;
  if p_provider_id is not null then v_filter := v_filter || format(' and d.provider_id = %L::uuid', p_provider_id); end if;
  if p_status is not null then v_filter := v_filter || format(' and d.status = %L', p_status); end if;
  if p_from is not null then v_filter := v_filter || format(' and d.created_at >= %L::timestamptz', p_from); end if;
  if p_to is not null then v_filter := v_filter || format(' and d.created_at < %L::timestamptz', p_to); end if;
  return v_filter;
end
$$;

revoke all on function private.admin_deposit_filter(text, uuid, text, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_deposit_filter(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;

create or replace function private.admin_list_deposits(
  p_search text default null,
  p_provider_id uuid default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_after_created_at timestamptz default null,
  p_after_id uuid default null,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_after text;
begin
  perform private.assert_admin();
  v_after := private.keyset_after('d', p_after_created_at, p_after_id);
  return private.admin_list_page(
    'public.deposit_history', 'd',
    private.admin_deposit_filter(p_search, p_provider_id, p_status, p_from, p_to),
    'created_at desc, id desc',
    'd.id, d.provider_id, p.name as provider_name, p.email as provider_email,
     p.deposit as provider_balance, p.status as provider_status,
     d.amount, d.status, d.old_balance, d.new_balance, d.note, d.created_at, d.updated_at',
    'left join public.profiles p on p.id = d.provider_id',
    p_limit, p_offset, p_count, v_after);
end
$$;

create or replace function private.admin_deposit_stats(
  p_search text default null,
  p_provider_id uuid default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform private.assert_admin();
  execute
    'select jsonb_build_object(
         ''count'', count(*),
         ''total_amount'', coalesce(sum(d.amount), 0),
         ''pending_count'', count(*) filter (where d.status = ''pending''),
         ''pending_amount'', coalesce(sum(d.amount) filter (where d.status = ''pending''), 0),
         ''completed_count'', count(*) filter (where d.status = ''completed''),
         ''completed_amount'', coalesce(sum(d.amount) filter (where d.status = ''completed''), 0),
         ''canceled_count'', count(*) filter (where d.status = ''canceled''),
         ''canceled_amount'', coalesce(sum(d.amount) filter (where d.status = ''canceled''), 0))
       from public.deposit_history d where '
      || private.admin_deposit_filter(p_search, p_provider_id, p_status, p_from, p_to)
    into v_result;
  return v_result;
end
$$;

comment on function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) is
  'Stat cards of the admin deposit history for the given filters: total / pending / completed / canceled amounts with counts.';

comment on function private.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean) is
  'Body of public.admin_list_deposits (security definer, admin check first).';

revoke all on function private.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean) from public, anon;
revoke all on function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean) to authenticated, service_role;
grant execute on function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;

create or replace function public.admin_list_deposits(
  p_search text default null, p_provider_id uuid default null, p_status text default null,
  p_from timestamptz default null, p_to timestamptz default null, p_limit integer default 50,
  p_offset integer default 0, p_after_created_at timestamptz default null, p_after_id uuid default null,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_deposits(p_search, p_provider_id, p_status, p_from, p_to, p_limit, p_offset,
                                     p_after_created_at, p_after_id, p_count)
$$;

create or replace function public.admin_deposit_stats(
  p_search text default null, p_provider_id uuid default null, p_status text default null,
  p_from timestamptz default null, p_to timestamptz default null
)
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_deposit_stats(p_search, p_provider_id, p_status, p_from, p_to)
$$;

comment on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean) is
  'Admin deposit history list: {rows, total, total_exact} newest first with the provider''s current balance and status; total exact up to 10,000 rows. Admins only.';
comment on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) is
  'Stat cards of the admin deposit history for the given filters. Admins only.';

revoke all on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean) from public, anon;
revoke all on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) from public, anon;
grant execute on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean) to authenticated, service_role;
grant execute on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;
