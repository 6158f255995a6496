-- The admin conversations list (/admin/manage-conversations): filters on the provider's and the
-- customer's name (trigram indexes on profiles.name), status (active / completed) and time
-- (last message since an instant); most recent conversation first, empty ones last.
-- {rows, total, total_exact} like every admin list (docs/database.md#admin-list-functions).
-- The body runs as security definer in `private` behind a security-invoker function in `public`
-- (under row-level security the name searches could not use the trigram indexes); it starts with
-- private.assert_admin() (42501 for anyone but an admin or the service role).

create or replace function private.admin_list_conversations(
  p_provider_name text default null,
  p_customer_name text default null,
  p_status text default null,
  p_since timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0,
  p_count boolean default true
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_provider text := private.admin_like_pattern(p_provider_name);
  v_customer text := private.admin_like_pattern(p_customer_name);
  v_filter text := 'true';
begin
  perform private.assert_admin();
  if p_status is not null and p_status not in ('active', 'completed') then
    raise exception 'invalid conversation status: %', p_status using errcode = '22023';
  end if;

  if v_provider is not null then
    v_filter := v_filter || format(' and c.provider_id in (select p.id from public.profiles p where p.name ilike %L)', v_provider);
  end if;
  if v_customer is not null then
    v_filter := v_filter || format(' and c.customer_id in (select p.id from public.profiles p where p.name ilike %L)', v_customer);
  end if;
  if p_status = 'active' then v_filter := v_filter || ' and c.is_active'; end if;
  if p_status = 'completed' then v_filter := v_filter || ' and not c.is_active'; end if;
  if p_since is not null then v_filter := v_filter || format(' and c.last_message_at >= %L::timestamptz', p_since); end if;

  return private.admin_list_page(
    'public.conversations', 'c', v_filter,
    'last_message_at desc nulls last, id desc',
    'c.id, c.booking_id, c.provider_id, pp.name as provider_name,
     c.customer_id, pc.name as customer_name, c.is_active, c.last_message, c.last_message_at,
     c.created_at',
    'left join public.profiles pp on pp.id = c.provider_id
     left join public.profiles pc on pc.id = c.customer_id',
    p_limit, p_offset, p_count);
end
$$;

comment on function private.admin_list_conversations(text, text, text, timestamptz, integer, integer, boolean) is
  'Body of public.admin_list_conversations (security definer, admin check first).';

revoke all on function private.admin_list_conversations(text, text, text, timestamptz, integer, integer, boolean) from public, anon;
grant execute on function private.admin_list_conversations(text, text, text, timestamptz, integer, integer, boolean) to authenticated, service_role;

create or replace function public.admin_list_conversations(
  p_provider_name text default null, p_customer_name text default null, p_status text default null,
  p_since timestamptz default null, p_limit integer default 50, p_offset integer default 0,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_conversations(p_provider_name, p_customer_name, p_status, p_since, p_limit, p_offset, p_count)
$$;

comment on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer, boolean) is
  'Admin conversations list: {rows, total, total_exact}, latest message first; total exact up to 10,000 rows. Admins only.';

revoke all on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer, boolean) from public, anon;
grant execute on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer, boolean) to authenticated, service_role;
