-- The admin commissions screen (/admin/manage-commissions): a filtered page of commission rows
-- with provider and service names, and the four stat cards computed over every filtered row.
--
-- Filters (shared by both functions): search text (booking id, provider name or service name),
-- provider, service, created from (inclusive) / to (exclusive) instants.
-- Order: created_at desc, id desc. Paging: offset (numbered pages) or keyset after (created_at, id)
-- (CSV export). The total for the pager is the exact count returned by admin_commission_stats,
-- which the screen computes anyway for the stat cards.
-- security invoker: RLS of commissions/profiles/subcategories applies; non-admins get 42501.

create or replace function private.admin_commission_filter(
  p_search text, p_provider_id uuid, p_subcategory_id uuid, p_from timestamptz, p_to timestamptz
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
  -- Parameter numbers: $1 search pattern, $2 provider, $3 service, $4 from, $5 to, $6 raw search.
  if nullif(btrim(coalesce(p_search, '')), '') is not null then
    v_filter := v_filter || ' and (c.provider_id in (select p.id from public.profiles p where p.name ilike $1)'
      || ' or c.subcategory_id in (select s.id from public.subcategories s where s.name ilike $1)';
    -- Only a text that can be part of a uuid is compared with booking ids.
    if btrim(p_search) ~* '^[0-9a-f-]+$' then
      v_filter := v_filter || ' or c.booking_id::text ilike $1';
    end if;
    v_filter := v_filter || ')';
  end if;
  if p_provider_id is not null then v_filter := v_filter || ' and c.provider_id = $2'; end if;
  if p_subcategory_id is not null then v_filter := v_filter || ' and c.subcategory_id = $3'; end if;
  if p_from is not null then v_filter := v_filter || ' and c.created_at >= $4'; end if;
  if p_to is not null then v_filter := v_filter || ' and c.created_at < $5'; end if;
  return v_filter;
end
$$;

revoke all on function private.admin_commission_filter(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_commission_filter(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;

create or replace function public.admin_list_commissions(
  p_search text default null,
  p_provider_id uuid default null,
  p_subcategory_id uuid default null,
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
  if (p_after_created_at is null) <> (p_after_id is null) then
    raise exception 'p_after_created_at and p_after_id go together' using errcode = '22023';
  end if;
  v_filter := private.admin_commission_filter(p_search, p_provider_id, p_subcategory_id, p_from, p_to);
  if p_after_created_at is not null then
    v_filter := v_filter || ' and c.created_at <= $7 and (c.created_at < $7 or c.id < $8)';
    v_offset := 0;
  end if;

  execute
    'select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at desc, r.id desc), ''[]''::jsonb)
       from (
         select c.id, c.booking_id, c.provider_id, p.name as provider_name, c.subcategory_id,
                s.name as service_name, c.commission_rate, c.service_price, c.platform_fee,
                c.provider_amount, c.final_price, c.booking_completed_at, c.created_at
           from (select * from public.commissions c where ' || v_filter
             || ' order by c.created_at desc, c.id desc limit ' || v_limit || ' offset ' || v_offset || ') c
           left join public.profiles p on p.id = c.provider_id
           left join public.subcategories s on s.id = c.subcategory_id
       ) r'
    into v_rows
    using private.admin_like_pattern(p_search), p_provider_id, p_subcategory_id, p_from, p_to, p_search,
          p_after_created_at, p_after_id;

  return jsonb_build_object('rows', v_rows);
end
$$;

comment on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid) is
  'Admin commissions list: {rows} newest first, offset or keyset (after created_at, id) paging.';

revoke all on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid) from public, anon;
grant execute on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid) to authenticated, service_role;

create or replace function public.admin_commission_stats(
  p_search text default null,
  p_provider_id uuid default null,
  p_subcategory_id uuid default null,
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
  execute
    'select jsonb_build_object(
         ''count'', count(*),
         ''service_value'', coalesce(sum(c.service_price), 0),
         ''platform_fee'', coalesce(sum(c.platform_fee), 0),
         ''provider_amount'', coalesce(sum(c.provider_amount), 0),
         ''average_rate'', coalesce(round(avg(c.commission_rate), 2), 0))
       from public.commissions c where '
      || private.admin_commission_filter(p_search, p_provider_id, p_subcategory_id, p_from, p_to)
    into v_result
    using private.admin_like_pattern(p_search), p_provider_id, p_subcategory_id, p_from, p_to, p_search;
  return v_result;
end
$$;

comment on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) is
  'Stat cards of the admin commissions screen for the given filters: count, service_value, platform_fee (platform income), provider_amount (provider earnings), average_rate.';

revoke all on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;
