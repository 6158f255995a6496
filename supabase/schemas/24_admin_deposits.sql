-- The admin deposit history screen (/admin/manage-deposit-history): a filtered page of ledger rows
-- (deposits and adjustments, docs/decisions.md#money-only-through-the-ledger) with the row's kind
-- and the provider's name, e-mail, current balance and status ({rows, total, total_exact,
-- first_cursor, last_cursor, sort}, docs/database.md#admin-list-functions, docs/search.md), and the stat
-- cards over every filtered row. Status changes themselves are plain UPDATEs of deposit_history:
-- the ledger trigger (private.ledger_apply) moves the balance atomically.
--
-- Filters (shared by the list and the cards, private.admin_list_where): search text (provider
-- name or e-mail, accent-insensitive; a typed part of the deposit id), provider, status, created
-- from (inclusive) / to (exclusive). Sorts: created_at (default, newest first), amount. Paging:
-- numbered pages, cursors, or the export's legacy keyset after (created_at, id) (CSV export, with
-- p_count = false).
-- The stat cards are one sum over rollup rows and base rows (docs/database.md#stat-cards-one-way):
-- whole Vietnam days from the rollup private.deposit_stats_daily when there is no search text and
-- no provider (the partial days at the edges of the period from the base rows), otherwise the
-- filtered base rows (a provider's few hundred deposits, or a search's).
-- The bodies (private.admin_sorted_page, private.admin_deposit_stats) run as security definer in
-- `private` behind security-invoker functions in `public`,
-- for the same reason and with the same gate as the commissions screen (private.assert_admin()
-- first).

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
  v_days record := private.period_days(p_from, p_to);
  v_filter text;
  -- Count and amount per status: pending, completed, canceled.
  v_n bigint[];
  v_amount bigint[];
begin
  perform private.assert_admin();
  -- The list's WHERE clause (private.admin_list_where); refuses an invalid status (22023) whichever
  -- rows answer.
  v_filter := (private.admin_list_where('deposits', jsonb_populate_record(null::private.admin_list_filter, jsonb_build_object(
    'search', p_search, 'provider_id', p_provider_id, 'status', p_status, 'from_at', p_from, 'to_at', p_to)))).filter;
  if nullif(btrim(coalesce(p_search, '')), '') is null and p_provider_id is null
     and (v_days.first_day is null or v_days.end_day is null or v_days.first_day < v_days.end_day) then
    -- Whole days from the rollup, the partial days at the edges of the period from the base rows
    -- (each edge its own range of the created_at index). A fixed statement, planned once a session:
    -- the cards of the screen's default filters are its most frequent call.
    select array[coalesce(sum(p.n) filter (where p.status = 'pending'), 0), coalesce(sum(p.n) filter (where p.status = 'completed'), 0),
                 coalesce(sum(p.n) filter (where p.status = 'canceled'), 0)],
           array[coalesce(sum(p.amount) filter (where p.status = 'pending'), 0), coalesce(sum(p.amount) filter (where p.status = 'completed'), 0),
                 coalesce(sum(p.amount) filter (where p.status = 'canceled'), 0)]
      into v_n, v_amount
      from (select r.status, r.deposit_count as n, r.amount_total as amount
              from private.deposit_stats_daily r
             where (p_status is null or r.status = p_status)
               and (v_days.first_day is null or r.day >= v_days.first_day)
               and (v_days.end_day is null or r.day < v_days.end_day)
            union all
            select d.status, 1, d.amount
              from public.deposit_history d
             where (p_status is null or d.status = p_status)
               and ((d.created_at >= p_from and d.created_at < private.local_midnight(v_days.first_day))
                    or (d.created_at >= private.local_midnight(v_days.end_day) and d.created_at < p_to))) p;
  else
    -- A search text, a provider or a period without a whole day: the filtered base rows.
    execute 'select array[count(*) filter (where d.status = ''pending''), count(*) filter (where d.status = ''completed''),
                          count(*) filter (where d.status = ''canceled'')],
                    array[coalesce(sum(d.amount) filter (where d.status = ''pending''), 0),
                          coalesce(sum(d.amount) filter (where d.status = ''completed''), 0),
                          coalesce(sum(d.amount) filter (where d.status = ''canceled''), 0)]
               from public.deposit_history d where ' || v_filter
      into v_n, v_amount;
  end if;
  return jsonb_build_object(
    'count', v_n[1] + v_n[2] + v_n[3], 'total_amount', v_amount[1] + v_amount[2] + v_amount[3],
    'pending_count', v_n[1], 'pending_amount', v_amount[1],
    'completed_count', v_n[2], 'completed_amount', v_amount[2],
    'canceled_count', v_n[3], 'canceled_amount', v_amount[3]);
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
  select private.admin_sorted_page('deposits',
    jsonb_populate_record(null::private.admin_list_filter, jsonb_build_object(
      'search', p_search, 'provider_id', p_provider_id, 'status', p_status, 'from_at', p_from, 'to_at', p_to)),
    p_sort, p_limit, p_offset, p_count, p_after, p_before, p_last, p_after_created_at, p_after_id)
$$;

comment on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid, text, text, text, boolean, boolean) is
  'Admin deposit history list: {rows, total, total_exact, first_cursor, last_cursor, sort} with the provider''s current balance and status, whitelisted sorts. Admins only.';

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
