-- Storage buckets and the policies on storage.objects.
--   provider-documents (private): admins read/write; a provider reads objects under its own id folder.
--   banners (public): admins write; anyone reads through the public URL (no SELECT policy for anon,
--     so the bucket cannot be listed).
--   message-images (private): path {conversation_id}/…; the conversation's participants read, and
--     upload while the conversation is active (like messages themselves); admins read and write.
-- The two helpers of the policies are security invoker. The restrictive policy that refuses a
-- banned user belongs to 17_bans.sql.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('provider-documents', 'provider-documents', false, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif']),
  ('banners', 'banners', true, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif']),
  ('message-images', 'message-images', false, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- True when the caller takes part in the conversation whose id is the object's first folder.
create function private.is_conversation_participant(object_name text)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1
      from public.conversations c
     where c.id::text = (storage.foldername(object_name))[1]
       and (c.customer_id = auth.uid() or c.provider_id = auth.uid())
  )
$$;
revoke all on function private.is_conversation_participant(text) from public, anon;
grant execute on function private.is_conversation_participant(text) to authenticated, service_role;

-- True when the caller may post in that conversation: a participant, and the conversation is active.
create function private.can_post_in_conversation(object_name text)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1
      from public.conversations c
     where c.id::text = (storage.foldername(object_name))[1]
       and c.is_active
       and (c.customer_id = auth.uid() or c.provider_id = auth.uid())
  )
$$;
revoke all on function private.can_post_in_conversation(text) from public, anon;
grant execute on function private.can_post_in_conversation(text) to authenticated, service_role;

create policy sdv_objects_select on storage.objects
  for select to authenticated
  using (
    (bucket_id in ('provider-documents', 'banners', 'message-images') and (select private.is_admin()))
    or (bucket_id = 'provider-documents' and (storage.foldername(name))[1] = (select auth.uid())::text)
    or (bucket_id = 'message-images' and private.is_conversation_participant(name))
  );

create policy sdv_objects_insert on storage.objects
  for insert to authenticated
  with check (
    (bucket_id in ('provider-documents', 'banners', 'message-images') and (select private.is_admin()))
    or (bucket_id = 'message-images' and private.can_post_in_conversation(name))
  );

create policy sdv_objects_update on storage.objects
  for update to authenticated
  using (bucket_id in ('provider-documents', 'banners', 'message-images') and (select private.is_admin()))
  with check (bucket_id in ('provider-documents', 'banners', 'message-images') and (select private.is_admin()));

create policy sdv_objects_delete on storage.objects
  for delete to authenticated
  using (bucket_id in ('provider-documents', 'banners', 'message-images') and (select private.is_admin()));
