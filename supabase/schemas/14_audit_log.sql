-- Audit log: who changed what, written by triggers only, readable by admins only. Both trigger
-- functions are security definer (they write the log as its owner).
-- Every audit row names who acted (docs/decisions.md#audit-log). The actor is the caller of the
-- request (auth.uid(), from the JWT). Where there is no JWT:
--   * changes made by Auth to its own users (e-mail, password, ban; Supabase Auth writes
--     auth.users without request claims) are logged as table 'auth.users' with the auth user as
--     actor, unless an admin's request made them (an admin RPC writing auth.users: auth.uid() is
--     that admin); the profile changes that the auth sync triggers derive from them carry the
--     same actor.
-- Ledger writes (deposits and the balance changes they cause) run in the admin's or the user's
-- request, so auth.uid() names them, the nested balance update of the provider's profile included.
-- The actor's e-mail comes from the JWT, else from auth.users.
-- The audit log screen's filters (table, actor, record, time) each have an index that also gives
-- the list's order (created_at desc, id desc).

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
comment on table public.audit_log is
  'Every change to audited tables and to sign-in accounts (table ''auth.users''): actor (docs/decisions.md#audit-log; null only for system changes), table, row, {column: [old, new]}.';

alter table public.audit_log enable row level security;

-- Append-only, and read newest first: vacuumed and analysed after 0.5 % new entries instead of
-- autovacuum's 20 % (vacuum) and 10 % (analyze). A vacuum marks the new entries' pages all-visible,
-- so the lists count and page them from the indexes alone; with the defaults a 1M-entry log waited
-- for 200,000 new entries, and one table's count read 7,345 table rows for 8,466 entries (10M
-- bookings, docs/database.md#autovacuum-of-the-audit-log).
alter table public.audit_log set (autovacuum_analyze_scale_factor = 0.005, autovacuum_vacuum_insert_scale_factor = 0.005);

create index audit_log_table_row_idx on public.audit_log (table_name, row_id, created_at desc);
create index audit_log_actor_id_idx on public.audit_log (actor_id, created_at desc);
create index audit_log_created_at_id_idx on public.audit_log (created_at desc, id desc);
create index audit_log_table_created_at_idx on public.audit_log (table_name, created_at desc, id desc);
create index audit_log_row_created_at_idx on public.audit_log (row_id, created_at desc, id desc);
create index audit_log_actor_email_idx on public.audit_log (lower(actor_email), created_at desc, id desc);

revoke all on table public.audit_log from anon, authenticated;
grant select on table public.audit_log to authenticated;
-- Written only by the security definer trigger functions below (as the table owner): no API role,
-- not even service_role, may insert, update, delete or truncate it.
revoke insert, update, delete, truncate, references, trigger on table public.audit_log from service_role;
grant select on table public.audit_log to service_role;

create policy audit_log_admin_select on public.audit_log
  for select to authenticated
  using ((select private.is_admin()));

-- AFTER row trigger on auth.users, named so that it fires before the sync triggers
-- (on_auth_user_*; triggers of one event fire in name order): it records the sign-in account's
-- changes that matter (never the password hash itself) and tells the sync triggers' audit rows
-- who acted, through the transaction-local setting sdv.audit_actor.
create function private.audit_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := coalesce(auth.uid(), new.id);
  v_actor_email text;
  diff jsonb := '{}'::jsonb;
begin
  select u.email into v_actor_email from auth.users u where u.id = v_actor;
  perform set_config('sdv.audit_actor', v_actor::text, true),
          set_config('sdv.audit_actor_email', coalesce(v_actor_email, ''), true);
  if tg_op <> 'UPDATE' then
    return null;
  end if;
  if new.email is distinct from old.email then
    diff := diff || jsonb_build_object('email', jsonb_build_array(old.email, new.email));
  end if;
  if new.encrypted_password is distinct from old.encrypted_password then
    -- The hash never leaves auth.users: the entry says that the password changed, nothing more.
    diff := diff || jsonb_build_object('password', jsonb_build_array('***', '***'));
  end if;
  if new.banned_until is distinct from old.banned_until then
    diff := diff || jsonb_build_object('banned_until', jsonb_build_array(old.banned_until, new.banned_until));
  end if;
  if diff <> '{}'::jsonb then
    insert into public.audit_log (actor_id, actor_email, table_name, row_id, action, changes)
    values (v_actor, v_actor_email, 'auth.users', new.id::text, 'update', diff);
  end if;
  return null;
end
$$;
revoke all on function private.audit_auth_user() from public, anon, authenticated, service_role;

create trigger audit_auth_users
  after insert or update on auth.users
  for each row execute function private.audit_auth_user();

-- AFTER row trigger of the audited tables. Arguments: the primary key column names (row_id = their
-- values joined by ':'). Updates that change only updated_at / last_login_at are not logged, and
-- the generated *_folded columns (search copies of names, e-mails and comments,
-- docs/search.md#matching-typed-text) are left out of the diffs: they only repeat their source.
create function private.audit_row()
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
  v_actor uuid := auth.uid();
  v_actor_email text := auth.email();
  -- Generated columns (the folded copies searches use) follow their source column: logging them
  -- would only repeat it.
  v_generated text[] := array(select a.attname::text from pg_catalog.pg_attribute a
                               where a.attrelid = tg_relid and a.attgenerated <> '' and not a.attisdropped);
begin
  for col in select k from jsonb_object_keys(old_doc || new_doc) as k loop
    if col in ('updated_at', 'last_login_at') or col = any (v_generated) then
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
  if v_actor is null and pg_trigger_depth() > 1 then
    -- Written by a trigger of a statement without a JWT: Auth's change to auth.users, whose trigger
    -- named the actor for the rest of that cascade.
    v_actor := nullif(current_setting('sdv.audit_actor', true), '')::uuid;
    v_actor_email := nullif(current_setting('sdv.audit_actor_email', true), '');
  end if;
  if v_actor is not null and v_actor_email is null then
    select u.email into v_actor_email from auth.users u where u.id = v_actor;
  end if;
  insert into public.audit_log (actor_id, actor_email, table_name, row_id, action, changes)
  values (v_actor, v_actor_email, tg_table_name, row_key, lower(tg_op), diff);
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
