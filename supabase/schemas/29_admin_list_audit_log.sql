-- The audit log screen (/admin/audit-log, "Nhật ký thay đổi"): the log newest first, filtered by
-- table, actor (user id or e-mail), time range and record id; {rows, total, total_exact,
-- first_cursor, last_cursor, sort} like every admin list (docs/database.md#admin-list-functions,
-- docs/search.md#contract: cursors past the numbered pages; the log's ids are bigint). Read-only: the
-- log is written by triggers only. Every filter has an index that also gives the order
-- (created_at desc, id desc), so a page never sorts the whole log. A page of
-- private.admin_sorted_page (security definer, admin check first).

create function public.admin_list_audit_log(
  p_table text default null, p_actor text default null, p_from timestamptz default null, p_to timestamptz default null,
  p_record text default null, p_limit integer default 50, p_offset integer default 0, p_sort text default null,
  p_after text default null, p_before text default null, p_last boolean default false, p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_sorted_page('audit_log',
    jsonb_populate_record(null::private.admin_list_filter, jsonb_build_object(
      'table_name', p_table, 'actor', p_actor, 'from_at', p_from, 'to_at', p_to, 'record', p_record)),
    p_sort, p_limit, p_offset, p_count, p_after, p_before, p_last)
$$;

comment on function public.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin audit log list: {rows, total, total_exact, first_cursor, last_cursor, sort}, newest first; filters table, actor (id or e-mail), [from, to), record id. Admins only.';

revoke all on function public.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;
