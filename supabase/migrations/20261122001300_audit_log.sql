-- Audit log: who changed what, written by triggers only, readable by admins only.

create table public.audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid,
  actor_email text,
  table_name text not null,
  row_id text not null,
  action text not null constraint audit_log_action_check check (action in ('insert', 'update', 'delete')),
  -- {column: [old, new]} for the columns that changed.
  changes jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
comment on table public.audit_log is 'Every change to audited tables: actor (from the JWT; null for system changes), table, row, {column: [old, new]}.';

alter table public.audit_log enable row level security;

create index audit_log_created_at_idx on public.audit_log (created_at desc);
create index audit_log_table_row_idx on public.audit_log (table_name, row_id, created_at desc);
create index audit_log_actor_id_idx on public.audit_log (actor_id, created_at desc);

revoke all on table public.audit_log from anon, authenticated;
grant select on table public.audit_log to authenticated;
-- Written only by the security definer trigger function below (as the table owner): no API role,
-- not even service_role, may insert, update, delete or truncate it.
revoke insert, update, delete, truncate, references, trigger on table public.audit_log from service_role;
grant select on table public.audit_log to service_role;

create policy audit_log_admin_select on public.audit_log
  for select to authenticated
  using ((select private.is_admin()));

-- AFTER row trigger. Arguments: the primary key column names (row_id = their values joined by ':').
create or replace function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  old_doc jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) else '{}'::jsonb end;
  new_doc jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) else '{}'::jsonb end;
  key_doc jsonb := case when tg_op = 'DELETE' then old_doc else new_doc end;
  diff jsonb := '{}'::jsonb;
  col text;
  row_key text := '';
  i integer;
begin
  for col in select k from jsonb_object_keys(old_doc || new_doc) as k loop
    if col in ('updated_at', 'last_login_at') then
      continue;
    end if;
    if (old_doc -> col) is distinct from (new_doc -> col) then
      diff := diff || jsonb_build_object(col, jsonb_build_array(old_doc -> col, new_doc -> col));
    end if;
  end loop;
  if tg_op = 'UPDATE' and diff = '{}'::jsonb then
    return null;
  end if;
  for i in 0 .. tg_nargs - 1 loop
    row_key := row_key || case when i > 0 then ':' else '' end || coalesce(key_doc ->> tg_argv[i], '');
  end loop;
  insert into public.audit_log (actor_id, actor_email, table_name, row_id, action, changes)
  values (auth.uid(), auth.email(), tg_table_name, row_key, lower(tg_op), diff);
  return null;
end
$$;
revoke all on function private.audit_row() from public, anon, authenticated;

create trigger audit_bookings after insert or update or delete on public.bookings
  for each row execute function private.audit_row('id');
create trigger audit_profiles after insert or update or delete on public.profiles
  for each row execute function private.audit_row('id');
create trigger audit_deposit_history after insert or update or delete on public.deposit_history
  for each row execute function private.audit_row('id');
create trigger audit_discount_codes after insert or update or delete on public.discount_codes
  for each row execute function private.audit_row('id');
create trigger audit_discount_code_services after insert or update or delete on public.discount_code_services
  for each row execute function private.audit_row('discount_code_id', 'subcategory_id');
create trigger audit_reviews after insert or update or delete on public.reviews
  for each row execute function private.audit_row('id');
create trigger audit_categories after insert or update or delete on public.categories
  for each row execute function private.audit_row('id');
create trigger audit_subcategories after insert or update or delete on public.subcategories
  for each row execute function private.audit_row('id');
create trigger audit_service_items after insert or update or delete on public.service_items
  for each row execute function private.audit_row('id');
create trigger audit_settings after insert or update or delete on public.settings
  for each row execute function private.audit_row('id');
create trigger audit_provider_service_types after insert or update or delete on public.provider_service_types
  for each row execute function private.audit_row('provider_id', 'subcategory_id');
create trigger audit_provider_documents after insert or update or delete on public.provider_documents
  for each row execute function private.audit_row('id');
