-- Fixes from the pgTAP review found by the pgTAP suite.

-- 5. profiles.email follows auth.users.email when the account's e-mail changes (an admin may
--    still edit the profile's contact e-mail; the next change of the sign-in e-mail wins).
create or replace function private.handle_auth_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles
     set email = nullif(btrim(new.email), '')
   where id = new.id
     and email is distinct from nullif(btrim(new.email), '');
  return null;
end
$$;
revoke all on function private.handle_auth_user_email_change() from public, anon, authenticated;

drop trigger if exists on_auth_user_email_changed on auth.users;
create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (new.email is distinct from old.email)
  execute function private.handle_auth_user_email_change();

-- 6. Chat images may be uploaded only into an active conversation, like messages themselves.
create or replace function private.can_post_in_conversation(object_name text)
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

drop policy if exists sdv_objects_insert on storage.objects;
create policy sdv_objects_insert on storage.objects
  for insert to authenticated
  with check (
    (bucket_id in ('provider-documents', 'banners', 'message-images') and (select private.is_admin()))
    or (bucket_id = 'message-images' and private.can_post_in_conversation(name))
  );

-- 7. The platform's commission percentage is back-office data: anon reads every other column of
--    subcategories (the public site never asks for commission_rate).
revoke select on table public.subcategories from anon;
grant select (id, category_id, name, icon, sort_order, active, created_at, updated_at)
  on table public.subcategories to anon;
