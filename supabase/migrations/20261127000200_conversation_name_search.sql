-- The admin conversations list searches stored folded copies of the two people's names
-- (docs/search.md#matching-typed-text): customers "nguyen" (5,948 customers, 2,686 conversations)
-- took 32–53 ms a page at 1,000,000 bookings, because more than 5,000 matching customers made the
-- name → id lookup a subquery over profiles for every statement (the page and the count); the
-- conversations' own trigram indexes answer it directly.
--
-- * conversations.customer_name_folded / provider_name_folded: private.vi_fold of the customer's /
--   provider's profile name (profiles.name_folded), null when there is no such person or the
--   profile no longer has that role (a name search is restricted to the role concerned, as
--   before). Derived only: a trigger sets both on every insert and on every update that names
--   them or changes the people (whatever the writer sent), and a rename (or role change) of a
--   profile rewrites the copies of that person's conversations.
-- * A trigram index on each (fastupdate = off, like the other folded columns), and the default
--   order's covering index includes them instead of the ids the lookups filtered on.
-- * private.admin_list_conversations matches private.vi_search_condition on the copies, as the
--   other lists match their own folded columns (the planner is asked first for the total).
-- private.conversations_names and private.profiles_conversation_names are security definer (they
-- read profiles / write the conversations of the renamed person, which only admins may update).

alter table public.conversations
  add column customer_name_folded text,
  add column provider_name_folded text;

comment on column public.conversations.customer_name_folded is
  'private.vi_fold of the customer''s profile name (null if none); kept by trigger, for the admin list''s name search (docs/search.md).';
comment on column public.conversations.provider_name_folded is
  'private.vi_fold of the provider''s profile name (null if none); kept by trigger, for the admin list''s name search (docs/search.md).';

-- Both copies from the profiles, whatever the row held or the writer sent.
create function private.conversations_names()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.customer_name_folded := (select p.name_folded from public.profiles p
                                where p.id = new.customer_id and p.role = 'customer');
  new.provider_name_folded := (select p.name_folded from public.profiles p
                                where p.id = new.provider_id and p.role = 'provider');
  return new;
end
$$;
revoke all on function private.conversations_names() from public, anon, authenticated;

-- On insert, and on an update naming the people or the copies (a profile's deletion sets the id
-- to null through the foreign key: an update of it). Other updates (a new message, closing the
-- conversation) keep the copies as they are.
create trigger conversations_names
  before insert or update of customer_id, provider_id, customer_name_folded, provider_name_folded
  on public.conversations
  for each row execute function private.conversations_names();

-- A renamed profile (or one whose role changed): its conversations' copies again, through the
-- trigger above.
create function private.profiles_conversation_names()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.conversations c
     set customer_name_folded = null
   where c.customer_id = new.id;
  update public.conversations c
     set provider_name_folded = null
   where c.provider_id = new.id;
  return null;
end
$$;
revoke all on function private.profiles_conversation_names() from public, anon, authenticated;

create trigger profiles_conversation_names
  after update of name, role on public.profiles
  for each row
  when (old.name_folded is distinct from new.name_folded or old.role is distinct from new.role)
  execute function private.profiles_conversation_names();

-- Backfill (the triggers above are not involved: one statement over the table).
update public.conversations c
   set customer_name_folded = (select p.name_folded from public.profiles p
                                where p.id = c.customer_id and p.role = 'customer'),
       provider_name_folded = (select p.name_folded from public.profiles p
                                where p.id = c.provider_id and p.role = 'provider');

create index conversations_customer_name_folded_trgm_idx on public.conversations
  using gin (customer_name_folded extensions.gin_trgm_ops) with (fastupdate = off);
create index conversations_provider_name_folded_trgm_idx on public.conversations
  using gin (provider_name_folded extensions.gin_trgm_ops) with (fastupdate = off);

-- The default order's covering index includes the searched names (a deep page of a name search
-- skips index entries, not table rows) instead of the ids.
create index conversations_last_message_names_idx
  on public.conversations (coalesce(last_message_at, '-infinity'::timestamptz), id)
  include (customer_name_folded, provider_name_folded, is_active, last_message_at);
drop index if exists public.conversations_last_message_search_idx;

-- The conversations list ------------------------------------------------------------------------

create or replace function private.admin_list_conversations(
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
