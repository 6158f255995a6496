-- The audit log records what people changed: the generated *_folded columns (search copies of
-- names, e-mails and comments, docs/search.md#matching-typed-text) are left out of its diffs.

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
