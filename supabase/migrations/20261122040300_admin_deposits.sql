-- The admin deposit history screen (/admin/manage-deposit-history): a filtered page of deposit
-- rows with the provider's name, e-mail, current balance and status, and the stat cards over
-- every filtered row. Status changes themselves are plain UPDATEs of deposit_history: the
-- transition trigger (private.deposit_apply_transition) moves the balance atomically.
--
-- Filters: search text (provider name or e-mail, or the deposit id), provider, status,
-- created from (inclusive) / to (exclusive). Order: created_at desc, id desc.
-- security invoker: RLS applies; non-admins get 42501.

create or replace function private.admin_deposit_filter(
  p_search text, p_provider_id uuid, p_status text, p_from timestamptz, p_to timestamptz
)
returns text
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_filter text := 'true';
begin
  -- Parameter numbers: $1 search pattern, $2 provider, $3 status, $4 from, $5 to.
  if nullif(btrim(coalesce(p_search, '')), '') is not null then
    v_filter := v_filter || ' and (d.provider_id in (select p.id from public.profiles p'
      || ' where p.name ilike $1 or p.email ilike $1)';
    if btrim(p_search) ~* '^[0-9a-f-]+$' then
      v_filter := v_filter || ' or d.id::text ilike $1';
    end if;
    v_filter := v_filter || ')';
  end if;
  if p_provider_id is not null then v_filter := v_filter || ' and d.provider_id = $2'; end if;
  if p_status is not null then v_filter := v_filter || ' and d.status = $3'; end if;
  if p_from is not null then v_filter := v_filter || ' and d.created_at >= $4'; end if;
  if p_to is not null then v_filter := v_filter || ' and d.created_at < $5'; end if;
  return v_filter;
end
$$;

revoke all on function private.admin_deposit_filter(text, uuid, text, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_deposit_filter(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;

create or replace function public.admin_list_deposits(
  p_search text default null,
  p_provider_id uuid default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_after_created_at timestamptz default null,
  p_after_id uuid default null
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 1000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_filter text;
  v_rows jsonb;
begin
  perform private.assert_admin();
  if p_status is not null and p_status not in ('pending', 'completed', 'canceled') then
    raise exception 'invalid deposit status: %', p_status using errcode = '22023';
  end if;
  if (p_after_created_at is null) <> (p_after_id is null) then
    raise exception 'p_after_created_at and p_after_id go together' using errcode = '22023';
  end if;
  v_filter := private.admin_deposit_filter(p_search, p_provider_id, p_status, p_from, p_to);
  if p_after_created_at is not null then
    v_filter := v_filter || ' and d.created_at <= $6 and (d.created_at < $6 or d.id < $7)';
    v_offset := 0;
  end if;

  execute
    'select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at desc, r.id desc), ''[]''::jsonb)
       from (
         select d.id, d.provider_id, p.name as provider_name, p.email as provider_email,
                p.deposit as provider_balance, p.status as provider_status,
                d.amount, d.status, d.old_balance, d.new_balance, d.note, d.created_at, d.updated_at
           from (select * from public.deposit_history d where ' || v_filter
             || ' order by d.created_at desc, d.id desc limit ' || v_limit || ' offset ' || v_offset || ') d
           left join public.profiles p on p.id = d.provider_id
       ) r'
    into v_rows
    using private.admin_like_pattern(p_search), p_provider_id, p_status, p_from, p_to,
          p_after_created_at, p_after_id;

  return jsonb_build_object('rows', v_rows);
end
$$;

comment on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid) is
  'Admin deposit history list: {rows} newest first with the provider''s current balance and status.';

revoke all on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid) from public, anon;
grant execute on function public.admin_list_deposits(text, uuid, text, timestamptz, timestamptz, integer, integer, timestamptz, uuid) to authenticated, service_role;

create or replace function public.admin_deposit_stats(
  p_search text default null,
  p_provider_id uuid default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform private.assert_admin();
  if p_status is not null and p_status not in ('pending', 'completed', 'canceled') then
    raise exception 'invalid deposit status: %', p_status using errcode = '22023';
  end if;
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
    into v_result
    using private.admin_like_pattern(p_search), p_provider_id, p_status, p_from, p_to;
  return v_result;
end
$$;

comment on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) is
  'Stat cards of the admin deposit history for the given filters: total / pending / completed / canceled amounts with counts.';

revoke all on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) from public, anon;
grant execute on function public.admin_deposit_stats(text, uuid, text, timestamptz, timestamptz) to authenticated, service_role;
