-- The audit log screen (/admin/audit-log, "Nhật ký thay đổi"): the log newest first, filtered by
-- table, actor (user id or e-mail), time range and record id; {rows, total, total_exact,
-- first_cursor, last_cursor} like every admin list (docs/database.md#admin-list-functions,
-- docs/search.md#contract: cursors past the numbered pages; the log's ids are bigint). Read-only: the
-- log is written by triggers only. Every filter has an index that also gives the order
-- (created_at desc, id desc), so a page never sorts the whole log. The body runs as security
-- definer in `private` (admin check first) behind a security-invoker function in `public`.

create function private.admin_list_audit_log(
  p_table text default null,
  p_actor text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_record text default null,
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
  v_filter text := 'true';
  v_actor text := nullif(btrim(coalesce(p_actor, '')), '');
  v_table text := nullif(btrim(coalesce(p_table, '')), '');
  v_record text := nullif(btrim(coalesce(p_record, '')), '');
begin
  perform private.assert_admin();
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'p_from is after p_to' using errcode = '22023';
  end if;

  if v_table is not null then v_filter := v_filter || format(' and a.table_name = %L', v_table); end if;
  if v_record is not null then v_filter := v_filter || format(' and a.row_id = %L', v_record); end if;
  if v_actor is not null then
    if v_actor ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      v_filter := v_filter || format(' and a.actor_id = %L::uuid', v_actor);
    else
      v_filter := v_filter || format(' and lower(a.actor_email) = lower(%L)', v_actor);
    end if;
  end if;
  if p_from is not null then v_filter := v_filter || format(' and a.created_at >= %L::timestamptz', p_from); end if;
  if p_to is not null then v_filter := v_filter || format(' and a.created_at < %L::timestamptz', p_to); end if;

  return private.admin_sorted_page(
    'public.audit_log', 'a', v_filter,
    '{"created_at": ["a.created_at", "timestamptz"]}'::jsonb,
    p_sort, 'created_at.desc',
    'a.id, a.created_at, a.table_name, a.row_id, a.action, a.changes, a.actor_id,
     coalesce(a.actor_email, pa.email) as actor_email, pa.name as actor_name',
    'left join public.profiles pa on pa.id = a.actor_id',
    p_limit, p_offset, p_count, p_after, p_before, p_last, p_id_type => 'bigint');
end
$$;

comment on function private.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) is
  'Body of public.admin_list_audit_log (security definer, admin check first).';

revoke all on function private.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function private.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.admin_list_audit_log(
  p_table text default null, p_actor text default null, p_from timestamptz default null, p_to timestamptz default null,
  p_record text default null, p_limit integer default 50, p_offset integer default 0, p_sort text default null,
  p_after text default null, p_before text default null, p_last boolean default false, p_count boolean default true
)
returns jsonb language sql volatile security invoker set search_path = ''
as $$
  select private.admin_list_audit_log(p_table, p_actor, p_from, p_to, p_record, p_limit, p_offset,
                                      p_sort, p_after, p_before, p_last, p_count)
$$;

comment on function public.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) is
  'Admin audit log list: {rows, total, total_exact, first_cursor, last_cursor}, newest first; filters table, actor (id or e-mail), [from, to), record id. Admins only.';

revoke all on function public.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.admin_list_audit_log(text, text, timestamptz, timestamptz, text, integer, integer, text, text, text, boolean, boolean) to authenticated, service_role;
