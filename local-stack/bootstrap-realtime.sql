-- What Supabase Realtime prepares in a project's database for Broadcast and Presence
-- authorisation: the schema `realtime`, the table `realtime.messages` (Supabase's columns) and the
-- function `realtime.topic()`, owned and granted as Supabase does. Applied by the local stack right
-- after bootstrap.sql, idempotently, by the superuser platform role, on PostgreSQL 15 and 17.
-- On hosted Supabase or `supabase start` all of this already exists.
--
-- Private channels (`config.private = true`) are authorised by RLS on realtime.messages: the
-- server evaluates the SELECT policies (join, receive) and the INSERT policies (send a broadcast,
-- track presence) as the subscriber, with `request.jwt.claims` and `realtime.topic()` set.
-- Without any policy nobody but the service role may use a private channel. See
-- local-stack/realtime/README.md.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin nologin noinherit;
  end if;
end
$$;

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;
revoke all on schema realtime from supabase_realtime_admin;
grant create, usage on schema realtime to supabase_realtime_admin with grant option;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_payload_exclusive check (payload is null or binary_payload is null),
  constraint messages_pkey primary key (id, inserted_at)
);
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages owner to supabase_realtime_admin;
alter table realtime.messages enable row level security;
grant insert, select, update on table realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic()
  returns text
  language sql
  stable
as $function$
select nullif(current_setting('realtime.topic', true), '')::text;
$function$;
alter function realtime.topic() owner to supabase_realtime_admin;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- The project's migrations write the policies of realtime.messages as postgres, which is not a
-- member of supabase_realtime_admin: on Supabase, supautils' policy_grants let it. Registered with
-- the platform mirror's policy_grants when bootstrap.sql provides them.
do $$
begin
  if to_regclass('supautils.policy_grants') is not null then
    insert into supautils.policy_grants (relation) values ('realtime.messages') on conflict do nothing;
  end if;
end
$$;
