-- Foundations shared by every later migration: the `private` schema (never exposed through the
-- API), the admin checks (policies, triggers, admin functions), the updated_at trigger
-- function, the literal LIKE pattern of searches, the total of the admin lists, and pg_trgm.

create extension if not exists pg_trgm with schema extensions;

create schema if not exists private;
revoke all on schema private from public;
-- Policies call private.is_admin(), so the API roles need USAGE on the schema (nothing else).
grant usage on schema private to anon, authenticated, service_role;
alter default privileges in schema private revoke execute on functions from public;

-- Admin = the JWT claim app_metadata.admin = true. app_metadata is writable only by the service
-- role / SQL, never by the user (user_metadata is ignored on purpose).
create or replace function private.is_admin()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'admin') = 'true', false)
$$;

comment on function private.is_admin() is
  'True when the caller''s JWT carries app_metadata.admin = true. Used (wrapped in a select) by every RLS policy.';

revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- True for a request made through the API by a signed-in user who is not an admin. Used by the
-- BEFORE UPDATE triggers that lock money / status / role columns.
create or replace function private.is_api_non_admin()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select current_user in ('anon', 'authenticated') and not private.is_admin()
$$;

revoke all on function private.is_api_non_admin() from public;
grant execute on function private.is_api_non_admin() to anon, authenticated, service_role;

create or replace function private.set_updated_at()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

revoke all on function private.set_updated_at() from public, anon, authenticated;

-- The gate of every admin function (docs/database.md#roles): admins (JWT claim) and the service
-- role pass, anyone else gets 42501.
create or replace function private.assert_admin()
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not ((select private.is_admin()) or (select auth.role()) = 'service_role') then
    raise exception 'permission denied: admin only' using errcode = '42501';
  end if;
end
$$;

comment on function private.assert_admin() is 'Raises 42501 unless the caller is an admin (or the service role).';

revoke all on function private.assert_admin() from public, anon;
grant execute on function private.assert_admin() to authenticated, service_role;

-- The search text an admin types is matched literally: the LIKE wildcards % and _ (and the escape
-- character \) are escaped, and the text may appear anywhere in the value.
create or replace function private.admin_like_pattern(p_text text)
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

comment on function private.admin_like_pattern(text) is
  'ilike pattern "%text%" with the LIKE wildcards of the text escaped; null for blank text.';

revoke all on function private.admin_like_pattern(text) from public, anon;
grant execute on function private.admin_like_pattern(text) to authenticated, service_role;

-- The total of an admin list (docs/database.md#admin-list-functions): the matching rows counted
-- up to 10,000 (the count stops at the 10,001st row), above that the planner's estimate, never
-- below 10,001, with total_exact = false. With p_estimate_first the planner is asked first and its
-- estimate is the answer when it expects more than 10,000 rows (for filters whose count would read
-- a large part of the table). p_from is "<table> <alias> where <filter>" with every value inlined
-- as a quoted literal; only the security definer list functions in this schema call it (EXPLAIN
-- makes them volatile).
create or replace function private.count_matches(
  p_from text,
  p_estimate_first boolean default false,
  out total bigint,
  out total_exact boolean
)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  count_cap constant integer := 10000;
  v_estimate bigint;
begin
  if p_estimate_first then
    v_estimate := private.plan_rows('select 1 from ' || p_from);
    if v_estimate > count_cap then
      total := v_estimate;
      total_exact := false;
      return;
    end if;
  end if;
  execute 'select count(*) from (select 1 from ' || p_from || ' limit ' || (count_cap + 1) || ') capped'
    into total;
  total_exact := total <= count_cap;
  if not total_exact then
    total := greatest(coalesce(v_estimate, private.plan_rows('select 1 from ' || p_from)), count_cap + 1);
  end if;
end
$$;

comment on function private.count_matches(text, boolean) is
  'Total of an admin list: exact up to 10,000 matching rows, otherwise the planner''s estimate (total_exact false).';

-- The planner's row estimate of a query (EXPLAIN, nothing executed).
create or replace function private.plan_rows(p_query text)
returns bigint
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_plan jsonb;
begin
  execute 'explain (format json) ' || p_query into v_plan;
  return round((v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric)::bigint;
end
$$;

-- The answer of every admin list: {rows, total, total_exact}. An estimated total never stays below
-- the rows the page shows (offset + rows); without a count (p_total null) both keys are null.
create or replace function private.list_answer(p_rows jsonb, p_total bigint, p_total_exact boolean, p_offset integer)
returns jsonb
language sql
immutable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'rows', p_rows,
    'total', case
               when p_total is null then null
               when p_total_exact then p_total
               else greatest(p_total, p_offset + jsonb_array_length(p_rows))
             end,
    'total_exact', case when p_total is not null then p_total_exact end
  )
$$;

-- The keyset condition of an admin list's export (rows after (created_at, id) in the order
-- created_at desc, id desc) on the table aliased p_alias, values inlined as quoted literals; null
-- without a keyset; 22023 when only one of the two values is given.
create or replace function private.keyset_after(p_alias text, p_after_created_at timestamptz, p_after_id uuid)
returns text
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if (p_after_created_at is null) <> (p_after_id is null) then
    raise exception 'p_after_created_at and p_after_id go together' using errcode = '22023';
  end if;
  if p_after_created_at is null then
    return null;
  end if;
  return format(' and %1$I.created_at <= %2$L::timestamptz and (%1$I.created_at < %2$L::timestamptz or %1$I.id < %3$L::uuid)',
                p_alias, p_after_created_at, p_after_id);
end
$$;

-- One page of an admin list and its answer {rows, total, total_exact}: the rows of p_table
-- (aliased p_alias) that match p_filter, counted by private.count_matches when p_count; the page
-- also matches p_after (the export's keyset, private.keyset_after; the offset is then 0); ordered
-- by p_order (unqualified columns of the table, also in the answer), p_limit clamped to 1–1000;
-- each row is p_columns over the page joined with p_joins. Every text argument is SQL with the
-- values inlined as quoted literals, written by the list function that calls it.
create or replace function private.admin_list_page(
  p_table text,
  p_alias text,
  p_filter text,
  p_order text,
  p_columns text,
  p_joins text,
  p_limit integer,
  p_offset integer,
  p_count boolean,
  p_after text default null
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 1000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_total bigint;
  v_exact boolean;
  v_rows jsonb;
begin
  if p_count then
    select m.total, m.total_exact into v_total, v_exact
      from private.count_matches(p_table || ' ' || p_alias || ' where ' || p_filter) m;
  end if;
  if p_after is not null then
    v_offset := 0;
  end if;
  execute
    'select coalesce(jsonb_agg(to_jsonb(page_rows) order by ' || p_order || '), ''[]''::jsonb)
       from (
         select ' || p_columns || '
           from (select * from ' || p_table || ' ' || p_alias || ' where ' || p_filter || coalesce(p_after, '')
             || ' order by ' || p_order || ' limit ' || v_limit || ' offset ' || v_offset || ') ' || p_alias
             || ' ' || p_joins || '
       ) page_rows'
    into v_rows;
  return private.list_answer(v_rows, v_total, v_exact, v_offset);
end
$$;

-- Only the list functions (security definer, running as the owner) call these: no API role may run
-- SQL text through them.
revoke all on function private.count_matches(text, boolean) from public, anon, authenticated, service_role;
revoke all on function private.plan_rows(text) from public, anon, authenticated, service_role;
revoke all on function private.list_answer(jsonb, bigint, boolean, integer) from public, anon, authenticated, service_role;
revoke all on function private.keyset_after(text, timestamptz, uuid) from public, anon, authenticated, service_role;
revoke all on function private.admin_list_page(text, text, text, text, text, text, integer, integer, boolean, text) from public, anon, authenticated, service_role;
