-- An image message's content is the name of an object of bucket message-images inside the
-- conversation's own folder, `{conversation_id}/{file}`: never a URL, never another conversation's
-- file (docs/product.md#input-rules). A check constraint, so it holds for every writer, admins and
-- the service role included. The file name is one path segment of safe characters.

alter table public.messages
  add constraint messages_image_path check (
    type <> 'image'
    or (
      starts_with(content, conversation_id::text || '/')
      and substr(content, 38) ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$'
    )
  );
