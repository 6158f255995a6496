-- The admin conversations list (/admin/manage-conversations): filters on the provider's and the
-- customer's name (accent-insensitive, on the conversations' own folded copies of the two names and
-- their trigram indexes, 13_conversations_messages.sql), status
-- (active / completed) and time (last message since an instant); sorts by the last message (default:
-- most recent first, conversations without messages last) or by creation. {rows, total,
-- total_exact, first_cursor, last_cursor} like every admin list (docs/database.md#admin-list-functions,
-- docs/search.md). The body runs as security definer in `private` behind a security-invoker
-- function in `public` (under row-level security the name searches could not use the trigram
-- indexes); it starts with private.assert_admin() (42501 for anyone but an admin or the service role).

-- A name search matches private.vi_search_condition on the copies, as the other lists match their
-- own folded columns (the planner is asked first for the total). Looking the names up in profiles
-- instead turned a common name into thousands of ids, which every statement (the page and the
-- count) parsed and planned again: customers "nguyen" took 32–53 ms a page at 1,000,000 bookings.
create function private.admin_list_conversations(
  p_provider_name text default null,
  p_customer_name text default null,
  p_status text default null,
  p_since timestamptz default null,
  p_limit integer default 50,
  p_offset integer default 0,
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
declare
  v_provider text := private.vi_search_condition('c.provider_name_folded', p_provider_name);
  v_customer text := private.vi_search_condition('c.customer_name_folded', p_customer_name);
  v_filter text := 'true';
begin
  perform private.assert_admin();
  if p_status is not null and p_status not in ('active', 'completed') then
    raise exception 'invalid conversation status: %', p_status using errcode = '22023';
  end if;
  if v_provider is not null then v_filter := v_filter || ' and ' || v_provider; end if;
  if v_customer is not null then v_filter := v_filter || ' and ' || v_customer; end if;
  if p_status = 'active' then v_filter := v_filter || ' and c.is_active'; end if;
  if p_status = 'completed' then v_filter := v_filter || ' and not c.is_active'; end if;
  if p_since is not null then v_filter := v_filter || format(' and c.last_message_at >= %L::timestamptz', p_since); end if;

  return private.admin_sorted_page(
    'public.conversations', 'c', v_filter,
    -- Conversations without messages sort as the oldest (last in the default order).
    '{"last_message_at": ["coalesce(c.last_message_at, ''-infinity''::timestamptz)", "timestamptz"],
      "created_at": ["c.created_at", "timestamptz"]}'::jsonb,
    p_sort, 'last_message_at.desc',
    'c.id, c.booking_id, c.provider_id, pp.name as provider_name,
     c.customer_id, pc.name as customer_name, c.is_active, c.last_message, c.last_message_at,
     c.created_at',
    'left join public.profiles pp on pp.id = c.provider_id
     left join public.profiles pc on pc.id = c.customer_id',
    p_limit, p_offset, p_count, p_after, p_before, p_last,
    p_estimate_first => coalesce(v_provider, v_customer) is not null);
end
$$;

comment on function private.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) is
  'Body of public.admin_list_conversations (security definer, admin check first).';

revoke all on function private.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_list_conversations(
  p_provider_name text default null, p_customer_name text default null, p_status text default null,
  p_since timestamptz default null, p_limit integer default 50, p_offset integer default 0,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_conversations(p_provider_name, p_customer_name, p_status, p_since, p_limit, p_offset,
                                          p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) is
  'Admin conversations list: {rows, total, total_exact, first_cursor, last_cursor}, latest message first by default, accent-insensitive name searches. Admins only.';

revoke all on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;
