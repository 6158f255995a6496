-- The admin commissions screen (/admin/manage-commissions): a filtered page of commission rows
-- with provider and service names ({rows, total, total_exact}, docs/database.md#admin-list-functions),
-- and the stat cards computed over every filtered row.
--
-- Filters (shared by both functions): search text (booking id, provider name or service name),
-- provider, service, created from (inclusive) / to (exclusive) instants.
-- Order: created_at desc, id desc. Paging: offset (numbered pages) or keyset after (created_at, id)
-- (CSV export, with p_count = false).
--
-- The bodies run as security definer in `private` behind security-invoker functions in `public`:
-- under row-level security a non-leakproof operator (`ilike`) is never used for an index scan, so
-- the searches over provider and service names were sequential scans (npm run seed:large:
-- provider-name filters 120–310 ms). Access does not change: each body starts with
-- private.assert_admin() (42501 for anyone but an admin or the service role), and admins may read
-- every row of these tables anyway.

-- The WHERE clause of both functions, values inlined as quoted literals.
create or replace function private.admin_commission_filter(
  p_search text, p_provider_id uuid, p_subcategory_id uuid, p_from timestamptz, p_to timestamptz
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
  if v_pattern is not null then
    v_filter := v_filter || format(' and (c.provider_id in (select p.id from public.profiles p where p.name ilike %1$L)'
      || ' or c.subcategory_id in (select s.id from public.subcategories s where s.name ilike %1$L)', v_pattern);
    -- Only a text that can be part of a uuid is compared with booking ids.
    if btrim(p_search) ~* '^[0-9a-f-]+$' then
      v_filter := v_filter || format(' or c.booking_id::text ilike %L', v_pattern);
    end if;
    v_filter := v_filter || ')';
  end if;
  if p_provider_id is not null then v_filter := v_filter || format(' and c.provider_id = %L::uuid', p_provider_id); end if;
  if p_subcategory_id is not null then v_filter := v_filter || format(' and c.subcategory_id = %L::uuid', p_subcategory_id); end if;
  if p_from is not null then v_filter := v_filter || format(' and c.created_at >= %L::timestamptz', p_from); end if;
  if p_to is not null then v_filter := v_filter || format(' and c.created_at < %L::timestamptz', p_to); end if;
  return v_filter;
end
$$;

revoke all on function private.admin_commission_filter(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_commission_filter(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;

create or replace function private.admin_list_commissions(
  p_search text default null,
  p_provider_id uuid default null,
  p_subcategory_id uuid default null,
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
  v_after := private.keyset_after('c', p_after_created_at, p_after_id);
  return private.admin_list_page(
    'public.commissions', 'c',
    private.admin_commission_filter(p_search, p_provider_id, p_subcategory_id, p_from, p_to),
    'created_at desc, id desc',
    'c.id, c.booking_id, c.provider_id, p.name as provider_name, c.subcategory_id,
     s.name as service_name, c.commission_rate, c.service_price, c.platform_fee,
     c.provider_amount, c.final_price, c.booking_completed_at, c.created_at',
    'left join public.profiles p on p.id = c.provider_id
     left join public.subcategories s on s.id = c.subcategory_id',
    p_limit, p_offset, p_count, v_after);
end
$$;

create or replace function private.admin_commission_stats(
  p_search text default null,
  p_provider_id uuid default null,
  p_subcategory_id uuid default null,
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
         ''service_value'', coalesce(sum(c.service_price), 0),
         ''platform_fee'', coalesce(sum(c.platform_fee), 0),
         ''provider_amount'', coalesce(sum(c.provider_amount), 0),
         ''average_rate'', coalesce(round(avg(c.commission_rate), 2), 0))
       from public.commissions c where '
      || private.admin_commission_filter(p_search, p_provider_id, p_subcategory_id, p_from, p_to)
    into v_result;
  return v_result;
end
$$;

comment on function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) is
  'Stat cards of the admin commissions screen for the given filters: count, service_value, platform_fee (platform income), provider_amount (provider earnings), average_rate.';

comment on function private.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean) is
  'Body of public.admin_list_commissions (security definer, admin check first).';

revoke all on function private.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean) from public, anon;
revoke all on function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function private.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean) to authenticated, service_role;
grant execute on function private.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;

create or replace function public.admin_list_commissions(
  p_search text default null, p_provider_id uuid default null, p_subcategory_id uuid default null,
  p_from timestamptz default null, p_to timestamptz default null, p_limit integer default 50,
  p_offset integer default 0, p_after_created_at timestamptz default null, p_after_id uuid default null,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_commissions(p_search, p_provider_id, p_subcategory_id, p_from, p_to, p_limit, p_offset,
                                        p_after_created_at, p_after_id, p_count)
$$;

create or replace function public.admin_commission_stats(
  p_search text default null, p_provider_id uuid default null, p_subcategory_id uuid default null,
  p_from timestamptz default null, p_to timestamptz default null
)
returns jsonb language sql stable security invoker set search_path = ''
as $$
  select private.admin_commission_stats(p_search, p_provider_id, p_subcategory_id, p_from, p_to)
$$;

comment on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean) is
  'Admin commissions list: {rows, total, total_exact} newest first, offset or keyset (after created_at, id) paging; total exact up to 10,000 rows. Admins only (42501).';
comment on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) is
  'Stat cards of the admin commissions screen for the given filters: count, service_value, platform_fee (platform income), provider_amount (provider earnings), average_rate. Admins only.';

revoke all on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean) from public, anon;
revoke all on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) from public, anon;
grant execute on function public.admin_list_commissions(text, uuid, uuid, timestamptz, timestamptz, integer, integer, timestamptz, uuid, boolean) to authenticated, service_role;
grant execute on function public.admin_commission_stats(text, uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;
