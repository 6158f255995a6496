-- The search text of commission_stats / deposit_stats is matched literally: the LIKE wildcards
-- % and _ (and the escape character) an admin types are escaped.

create or replace function private.literal_like_pattern(p_text text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case
    when nullif(btrim(coalesce(p_text, '')), '') is null then null
    else '%' || replace(replace(replace(btrim(p_text), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end
$$;
revoke all on function private.literal_like_pattern(text) from public, anon;
grant execute on function private.literal_like_pattern(text) to authenticated, service_role;

create or replace function public.commission_stats(
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
  pattern text := private.literal_like_pattern(p_search);
  result jsonb;
begin
  perform private.assert_admin();
  select jsonb_build_object(
           'count', count(*),
           'total_service_price', coalesce(sum(c.service_price), 0),
           'total_final_price', coalesce(sum(c.final_price), 0),
           'total_platform_fee', coalesce(sum(c.platform_fee), 0),
           'total_provider_amount', coalesce(sum(c.provider_amount), 0),
           'average_rate', coalesce(round(avg(c.commission_rate), 2), 0)
         )
    into result
    from public.commissions c
   where (p_provider_id is null or c.provider_id = p_provider_id)
     and (p_subcategory_id is null or c.subcategory_id = p_subcategory_id)
     and (p_from is null or c.created_at >= p_from)
     and (p_to is null or c.created_at < p_to)
     and (pattern is null
          or c.booking_id::text ilike pattern
          or exists (select 1 from public.profiles p where p.id = c.provider_id and p.name ilike pattern)
          or exists (select 1 from public.subcategories s where s.id = c.subcategory_id and s.name ilike pattern));
  return result;
end
$$;

create or replace function public.deposit_stats(
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
  pattern text := private.literal_like_pattern(p_search);
  result jsonb;
begin
  perform private.assert_admin();
  select jsonb_build_object(
           'count', count(*),
           'total_amount', coalesce(sum(d.amount), 0),
           'pending_count', count(*) filter (where d.status = 'pending'),
           'pending_amount', coalesce(sum(d.amount) filter (where d.status = 'pending'), 0),
           'completed_count', count(*) filter (where d.status = 'completed'),
           'completed_amount', coalesce(sum(d.amount) filter (where d.status = 'completed'), 0),
           'canceled_count', count(*) filter (where d.status = 'canceled'),
           'canceled_amount', coalesce(sum(d.amount) filter (where d.status = 'canceled'), 0)
         )
    into result
    from public.deposit_history d
   where (p_provider_id is null or d.provider_id = p_provider_id)
     and (p_status is null or d.status = p_status)
     and (p_from is null or d.created_at >= p_from)
     and (p_to is null or d.created_at < p_to)
     and (pattern is null
          or d.id::text ilike pattern
          or exists (select 1 from public.profiles p
                      where p.id = d.provider_id
                        and (p.name ilike pattern or p.email ilike pattern or p.phone ilike pattern)));
  return result;
end
$$;
