-- Saved views of the admin lists (docs/screens.md#saved-views): a named set of filters and sort of
-- one list screen, kept as the list's query string, per admin. Each admin sees and edits only their
-- own rows (admin_id = auth.uid(), private.is_admin()); nobody else reads or writes any. Bounded: a
-- screen key of the list's path, a name of 1–60 characters unique per admin and screen, a query
-- string of at most 2,000 characters, at most 50 views per admin.

create table public.admin_saved_views (
  id uuid primary key default gen_random_uuid(),
  admin_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  screen text not null constraint admin_saved_views_screen_check check (screen ~ '^[a-z][a-z0-9-]{0,39}$'),
  name text not null constraint admin_saved_views_name_check check (btrim(name) <> '' and char_length(name) <= 60),
  query text not null constraint admin_saved_views_query_check check (char_length(query) <= 2000 and query !~ '^[?#]'),
  created_at timestamptz not null default now(),
  constraint admin_saved_views_name_key unique (admin_id, screen, name)
);

comment on table public.admin_saved_views is
  'Named filters and sort of an admin list (the query string without "?"), per admin and screen; at most 50 per admin.';

alter table public.admin_saved_views enable row level security;

revoke all on table public.admin_saved_views from anon, authenticated;
grant select, insert, delete on table public.admin_saved_views to authenticated;
grant update (name, query) on table public.admin_saved_views to authenticated;
grant all on table public.admin_saved_views to service_role;

create policy admin_saved_views_own_select on public.admin_saved_views
  for select to authenticated
  using ((select private.is_admin()) and admin_id = (select auth.uid()));

create policy admin_saved_views_own_insert on public.admin_saved_views
  for insert to authenticated
  with check ((select private.is_admin()) and admin_id = (select auth.uid()));

create policy admin_saved_views_own_update on public.admin_saved_views
  for update to authenticated
  using ((select private.is_admin()) and admin_id = (select auth.uid()))
  with check ((select private.is_admin()) and admin_id = (select auth.uid()));

create policy admin_saved_views_own_delete on public.admin_saved_views
  for delete to authenticated
  using ((select private.is_admin()) and admin_id = (select auth.uid()));

-- Trims the name; refuses a 51st view of one admin (two inserts at once wait for each other).
create function private.admin_saved_views_before_insert()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  max_views constant integer := 50;
begin
  new.name := btrim(new.name);
  perform pg_advisory_xact_lock(hashtextextended('admin_saved_views:' || new.admin_id::text, 0));
  if (select count(*) from public.admin_saved_views v where v.admin_id = new.admin_id) >= max_views then
    raise exception 'at most % saved views per admin', max_views using errcode = '23514', constraint = 'admin_saved_views_count';
  end if;
  return new;
end
$$;

revoke all on function private.admin_saved_views_before_insert() from public, anon, authenticated;

create trigger admin_saved_views_before_insert
  before insert on public.admin_saved_views
  for each row execute function private.admin_saved_views_before_insert();

create function private.admin_saved_views_trim_name()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.name := btrim(new.name);
  return new;
end
$$;

revoke all on function private.admin_saved_views_trim_name() from public, anon, authenticated;

create trigger admin_saved_views_trim_name
  before update of name on public.admin_saved_views
  for each row execute function private.admin_saved_views_trim_name();
