-- The admin deposit history screen (/admin/manage-deposit-history): a filtered page of ledger rows
-- (deposits and adjustments, docs/decisions.md#money-only-through-the-ledger) with the row's kind
-- and the provider's name, e-mail, current balance and status ({rows, total, total_exact,
-- first_cursor, last_cursor}, docs/database.md#admin-list-functions, docs/search.md), and the stat
-- cards over every filtered row. Status changes themselves are plain UPDATEs of deposit_history:
-- the ledger trigger (private.ledger_apply) moves the balance atomically.
--
-- Filters (shared by the list and the cards, private.admin_deposit_filter): search text (provider
-- name or e-mail, accent-insensitive; a typed part of the deposit id), provider, status, created
-- from (inclusive) / to (exclusive). Sorts: created_at (default, newest first), amount. Paging:
-- numbered pages, cursors, or the export's legacy keyset after (created_at, id) (CSV export, with
-- p_count = false).
-- The stat cards come from the rollup private.deposit_stats_daily when there is no search text and
-- no provider (whole Vietnam days from the rollup, the partial days at the edges of the period
-- from the base rows, docs/database.md#stats-rollups-for-every-filter), otherwise from a scan of the
-- filtered rows (private.admin_deposit_stats_scan).
-- The bodies run as security definer in `private` behind security-invoker functions in `public`,
-- for the same reason and with the same gate as the commissions screen (private.assert_admin()
-- first). The filter function is security invoker.

-- The WHERE clause of the list and the scan, values inlined as quoted literals (a name search is
-- the array of the matching providers' ids and 8 hex digits or more name a deposit, as in the
-- commissions filter).
create function private.admin_deposit_filter(
  p_search text, p_provider_id uuid, p_status text, p_from timestamptz, p_to timestamptz
)
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_filter text := 'true';
begin
  if p_status is not null and p_status not in ('pending', 'completed', 'canceled') then
    raise exception 'invalid deposit status: %', p_status using errcode = '22023';
  end if;
  if nullif(btrim(coalesce(p_search, '')), '') is not null then
    v_filter := v_filter || ' and ('
      || private.id_in_condition('d.provider_id', format('select p.id from public.profiles p where p.role = ''provider'' and (%s or %s)',
                                                       private.vi_search_condition('p.name_folded', p_search),
                                                       private.vi_search_condition('p.email_folded', p_search)))
      || coalesce(' or ' || private.id_search_condition('d.id', p_search), '')
      || ')';
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

create function private.admin_list_deposits(
  p_search text default null,
  p_provider_id uuid default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_after_created_at timestamptz default null,
  p_after_id uuid default null,
  p_sort text default null,
  p_after text default null,
  p_before text default null,
  p_last boolean default false,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.assert_admin();
  return private.admin_sorted_page(
    'public.deposit_history', 'd',
    private.admin_deposit_filter(p_search, p_provider_id, p_status, p_from, p_to),
    '{"created_at": ["d.created_at", "timestamptz"], "amount": ["d.amount", "bigint"]}'::jsonb,
    p_sort, 'created_at.desc',
    'd.id, d.provider_id, p.name as provider_name, p.email as provider_email,
     p.deposit as provider_balance, p.status as provider_status,
     d.kind, d.amount, d.status, d.old_balance, d.new_balance, d.balance_reason, d.amount_before, d.note, d.created_at, d.updated_at',
    'left join public.profiles p on p.id = d.provider_id',
    p_limit, p_offset, p_count, p_after, p_before, p_last,
    private.admin_default_order_keyset('d', p_sort, p_after_created_at, p_after_id),
    p_estimate_first => nullif(btrim(coalesce(p_search, '')), '') is not null);
end
$$;

comment on function private.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) is
  'Body of public.admin_list_deposits (security definer, admin check first).';

revoke all on function private.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) to authenticated, service_role;

-- The stat cards over the filtered base rows: what private.admin_deposit_stats answers when the
-- filters need the base rows (a search text, a provider, a period inside one day).
create function private.admin_deposit_stats_scan(
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

comment on function private.admin_deposit_stats_scan(text, uuid, text, timestamptz, timestamptz) is
  'Deposit stat cards computed over the filtered base rows (private.admin_deposit_filter); used by private.admin_deposit_stats.';

revoke all on function private.admin_deposit_stats_scan(text, uuid, text, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_deposit_stats_scan(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;

create function private.admin_deposit_stats(
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
  v_days record := private.period_days(p_from, p_to);
begin
  perform private.assert_admin();
  if p_status is not null and p_status not in ('pending', 'completed', 'canceled') then
    raise exception 'invalid deposit status: %', p_status using errcode = '22023';
  end if;
  if nullif(btrim(coalesce(p_search, '')), '') is null and p_provider_id is null
     and (v_days.first_day is null or v_days.end_day is null or v_days.first_day < v_days.end_day) then
    with parts as (
      select r.status, r.deposit_count as n, r.amount_total as amount
        from private.deposit_stats_daily r
       where (p_status is null or r.status = p_status)
         and (v_days.first_day is null or r.day >= v_days.first_day)
         and (v_days.end_day is null or r.day < v_days.end_day)
      union all
      select d.status, 1, d.amount
        from public.deposit_history d
       where (p_status is null or d.status = p_status)
         and ((d.created_at >= p_from and d.created_at < private.local_midnight(v_days.first_day))
              or (d.created_at >= private.local_midnight(v_days.end_day) and d.created_at < p_to))
    )
    select jsonb_build_object(
             'count', coalesce(sum(n), 0),
             'total_amount', coalesce(sum(amount), 0),
             'pending_count', coalesce(sum(n) filter (where status = 'pending'), 0),
             'pending_amount', coalesce(sum(amount) filter (where status = 'pending'), 0),
             'completed_count', coalesce(sum(n) filter (where status = 'completed'), 0),
             'completed_amount', coalesce(sum(amount) filter (where status = 'completed'), 0),
             'canceled_count', coalesce(sum(n) filter (where status = 'canceled'), 0),
             'canceled_amount', coalesce(sum(amount) filter (where status = 'canceled'), 0))
      into v_result
      from parts;
    return v_result;
  end if;
  return private.admin_deposit_stats_scan(p_search, p_provider_id, p_status, p_from, p_to);
end
$$;

comment on function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) is
  'Stat cards of the admin deposit history for the given filters: total / pending / completed / canceled amounts with counts. From the rollup unless a search text or a provider needs the base rows.';

revoke all on function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;

create function public.admin_list_deposits(
  p_search text default null, p_provider_id uuid default null, p_status text default null,
  p_from timestamptz default null, p_to timestamptz default null, p_limit integer default 50,
  p_offset integer default 0, p_after_created_at timestamptz default null, p_after_id uuid default null,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_deposits(p_search, p_provider_id, p_status, p_from, p_to, p_limit, p_offset,
                                     p_after_created_at, p_after_id, p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) is
  'Admin deposit history list: {rows, total, total_exact, first_cursor, last_cursor} with the provider''s current balance and status, whitelisted sorts. Admins only.';

revoke all on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_deposit_stats(
  p_search text default null, p_provider_id uuid default null, p_status text default null,
  p_from timestamptz default null, p_to timestamptz default null
)
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_deposit_stats(p_search, p_provider_id, p_status, p_from, p_to)
$$;

comment on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) is
  'Stat cards of the admin deposit history for the given filters. Admins only.';

revoke all on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) from public, anon;
grant execute on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;
