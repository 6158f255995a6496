-- The admin conversations list (/admin/manage-conversations): filters on the provider's and the
-- customer's name (accent-insensitive, on the conversations' own folded copies of the two names and
-- their trigram indexes, 13_conversations_messages.sql), status
-- (active / completed) and time (last message since an instant); sorts by the last message (default:
-- most recent first, conversations without messages last) or by creation. {rows, total,
-- total_exact, first_cursor, last_cursor, sort} like every admin list (docs/database.md#admin-list-functions,
-- docs/search.md): a page of private.admin_sorted_page (security definer, admin check first: under
-- row-level security the name searches could not use the trigram indexes).

-- A name search matches private.vi_search_condition on the copies, as the other lists match their
-- own folded columns (the planner is asked first for the total). Looking the names up in profiles
-- instead turned a common name into thousands of ids, which every statement (the page and the
-- count) parsed and planned again: customers "nguyen" took 32–53 ms a page at 1,000,000 bookings.
create function public.admin_list_conversations(
  p_provider_name text default null, p_customer_name text default null, p_status text default null,
  p_since timestamptz default null, p_limit integer default 50, p_offset integer default 0,
  p_sort text default null, p_after text default null, p_before text default null, p_last boolean default false,
  p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_sorted_page('conversations',
    jsonb_populate_record(null::private.admin_list_filter, jsonb_build_object(
      'provider_name', p_provider_name, 'customer_name', p_customer_name, 'status', p_status, 'from_at', p_since)),
    p_sort, p_limit, p_offset, p_count, p_after, p_before, p_last)
$$;

comment on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) is
  'Admin conversations list: {rows, total, total_exact, first_cursor, last_cursor, sort}, latest message first by default, accent-insensitive name searches. Admins only.';

revoke all on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_conversations(text, text, text, timestamptz, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;
