-- Conversations between a booking's customer and provider, and their messages. Texts are bounded
-- (docs/product.md#input-rules); an image message's content is the name of an object of bucket
-- message-images inside the conversation's own folder, `{conversation_id}/{file}`: never a URL,
-- never another conversation's file, for every writer (a check constraint), admins and the service
-- role included; the file name is one path segment of safe characters.
-- customer_name_folded / provider_name_folded are private.vi_fold of the customer's / provider's
-- profile name (profiles.name_folded), null when there is no such person or the profile does not
-- have that role (a name search is restricted to the role concerned): the admin conversations list
-- searches them through their own trigram indexes (docs/search.md#matching-typed-text). Derived
-- only: a trigger sets both on every insert and on every update that names them or changes the
-- people (whatever the writer sent), and a rename (or role change) of a profile rewrites the copies
-- of that person's conversations.
-- private.messages_before_insert and private.messages_after_insert are security definer (they read
-- and update the conversation), private.messages_read_at is security invoker;
-- private.conversations_names and private.profiles_conversation_names are security definer (they
-- read profiles / write the conversations of the renamed person, which only admins may update).

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  provider_id uuid references public.profiles (id) on delete set null,
  customer_id uuid references public.profiles (id) on delete set null,
  -- true = "đang hoạt động", false = "đã kết thúc".
  is_active boolean not null default true,
  last_message text,
  last_message_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- private.vi_fold of the customer's / provider's profile name, kept by trigger (below).
  customer_name_folded text,
  provider_name_folded text,
  constraint conversations_booking_id_key unique (booking_id),
  -- Input bounds.
  constraint conversations_last_message_length check (char_length(last_message) <= 2000)
);
comment on table public.conversations is 'One conversation per booking; last_message / last_message_at kept by trigger on messages.';
comment on column public.conversations.customer_name_folded is
  'private.vi_fold of the customer''s profile name (null if none); kept by trigger, for the admin list''s name search (docs/search.md).';
comment on column public.conversations.provider_name_folded is
  'private.vi_fold of the provider''s profile name (null if none); kept by trigger, for the admin list''s name search (docs/search.md).';

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  -- Copied from the conversation by trigger (for the realtime filter booking_id=eq.X).
  booking_id uuid not null references public.bookings (id) on delete cascade,
  sender_id uuid references public.profiles (id) on delete set null,
  type text not null default 'text' constraint messages_type_check check (type in ('text', 'image')),
  -- Text, or for an image the object name in bucket message-images ({conversation_id}/{file}).
  content text not null constraint messages_content_check check (btrim(content) <> ''),
  created_at timestamptz not null default now(),
  is_read boolean not null default false,
  read_at timestamptz,
  -- Input bounds.
  constraint messages_content_length check (char_length(content) <= 2000),
  -- An image is an object of the conversation's own folder (see above).
  constraint messages_image_path check (
    type <> 'image'
    or (
      starts_with(content, conversation_id::text || '/')
      and substr(content, 38) ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$'
    )
  )
);
comment on table public.messages is 'Chat messages. Participants insert as themselves; the recipient may set is_read / read_at.';

alter table public.conversations enable row level security;
alter table public.messages enable row level security;

-- The typed text's estimates decide its count and order: a finer histogram (04_profiles.sql).
alter table public.conversations alter column customer_name_folded set statistics 1000,
  alter column provider_name_folded set statistics 1000;

create index conversations_last_message_at_idx on public.conversations (last_message_at desc nulls last);
create index conversations_provider_id_idx on public.conversations (provider_id);
create index conversations_customer_id_idx on public.conversations (customer_id);
create index messages_conversation_id_created_at_idx on public.messages (conversation_id, created_at);
create index messages_booking_id_created_at_idx on public.messages (booking_id, created_at);
create index messages_sender_id_idx on public.messages (sender_id);
-- Sorts of the admin conversations list. Conversations without messages sort as the oldest: the
-- key is coalesce(last_message_at, '-infinity'). The default order's index includes the searched
-- names and the filters (a deep page of a name search skips index entries, not table rows).
create index conversations_last_message_names_idx
  on public.conversations (coalesce(last_message_at, '-infinity'::timestamptz), id)
  include (customer_name_folded, provider_name_folded, is_active, last_message_at);
-- The name searches of the admin list (fastupdate off, like the other folded columns).
create index conversations_customer_name_folded_trgm_idx on public.conversations
  using gin (customer_name_folded extensions.gin_trgm_ops) with (fastupdate = off);
create index conversations_provider_name_folded_trgm_idx on public.conversations
  using gin (provider_name_folded extensions.gin_trgm_ops) with (fastupdate = off);
create index conversations_created_at_id_idx on public.conversations (created_at, id);

create trigger conversations_set_updated_at
  before update on public.conversations
  for each row execute function private.set_updated_at();

create function private.messages_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select c.booking_id into new.booking_id from public.conversations c where c.id = new.conversation_id;
  if new.is_read and new.read_at is null then
    new.read_at := now();
  end if;
  return new;
end
$$;
revoke all on function private.messages_before_insert() from public, anon, authenticated;

create trigger messages_before_insert
  before insert on public.messages
  for each row execute function private.messages_before_insert();

create function private.messages_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.conversations
     set last_message = case when new.type = 'image' then '[Hình ảnh]' else new.content end,
         last_message_at = new.created_at
   where id = new.conversation_id
     and (last_message_at is null or last_message_at <= new.created_at);
  return null;
end
$$;
revoke all on function private.messages_after_insert() from public, anon, authenticated;

create trigger messages_after_insert
  after insert on public.messages
  for each row execute function private.messages_after_insert();

create function private.messages_read_at()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if new.is_read and not old.is_read and new.read_at is null then
    new.read_at := now();
  elsif not new.is_read then
    new.read_at := null;
  end if;
  return new;
end
$$;
revoke all on function private.messages_read_at() from public, anon, authenticated;

create trigger messages_read_at
  before update of is_read on public.messages
  for each row execute function private.messages_read_at();

revoke all on table public.conversations, public.messages from anon, authenticated;
grant select, insert, update on table public.conversations to authenticated;
grant select on table public.messages to authenticated;
grant insert (conversation_id, sender_id, type, content) on table public.messages to authenticated;
grant update (is_read, read_at) on table public.messages to authenticated;
grant all on table public.conversations, public.messages to service_role;

create policy conversations_select on public.conversations
  for select to authenticated
  using (
    (select private.is_admin())
    or customer_id = (select auth.uid())
    or provider_id = (select auth.uid())
  );
create policy conversations_admin_insert on public.conversations
  for insert to authenticated with check ((select private.is_admin()));
create policy conversations_admin_update on public.conversations
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));

create policy messages_select on public.messages
  for select to authenticated
  using (
    (select private.is_admin())
    or exists (
      select 1 from public.conversations c
       where c.id = conversation_id
         and (c.customer_id = (select auth.uid()) or c.provider_id = (select auth.uid()))
    )
  );

-- A participant writes as themselves into an active conversation of theirs.
create policy messages_participant_insert on public.messages
  for insert to authenticated
  with check (
    sender_id = (select auth.uid())
    and exists (
      select 1 from public.conversations c
       where c.id = conversation_id
         and c.is_active
         and (c.customer_id = (select auth.uid()) or c.provider_id = (select auth.uid()))
    )
  );

-- The recipient marks a message read (only is_read / read_at are granted).
create policy messages_recipient_update on public.messages
  for update to authenticated
  using (
    sender_id is distinct from (select auth.uid())
    and exists (
      select 1 from public.conversations c
       where c.id = conversation_id
         and (c.customer_id = (select auth.uid()) or c.provider_id = (select auth.uid()))
    )
  )
  with check (
    sender_id is distinct from (select auth.uid())
    and exists (
      select 1 from public.conversations c
       where c.id = conversation_id
         and (c.customer_id = (select auth.uid()) or c.provider_id = (select auth.uid()))
    )
  );

-- The people's folded names ----------------------------------------------------------------------

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
