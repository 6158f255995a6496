-- Provider service types and provider documents (names and object paths bounded,
-- docs/product.md#input-rules).

create table public.provider_service_types (
  provider_id uuid not null references public.profiles (id) on delete cascade,
  subcategory_id uuid not null references public.subcategories (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (provider_id, subcategory_id)
);
comment on table public.provider_service_types is 'Services a provider offers (one row per provider and service).';

create table public.provider_documents (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null references public.profiles (id) on delete cascade,
  name text not null constraint provider_documents_name_check check (btrim(name) <> ''),
  type text not null default 'image' constraint provider_documents_type_check check (type in ('image', 'file')),
  -- Object name in the bucket provider-documents: {provider_id}/{timestamp}-{filename}.
  storage_path text not null constraint provider_documents_storage_path_check check (btrim(storage_path) <> ''),
  uploaded_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Input bounds.
  constraint provider_documents_name_length check (char_length(name) <= 255),
  constraint provider_documents_storage_path_length check (char_length(storage_path) <= 1024)
);
comment on table public.provider_documents is 'Documents and images of a provider; the bytes live in storage bucket provider-documents.';

alter table public.provider_service_types enable row level security;
alter table public.provider_documents enable row level security;

create index provider_service_types_subcategory_id_idx on public.provider_service_types (subcategory_id);
create index provider_documents_provider_id_idx on public.provider_documents (provider_id, uploaded_at desc);

create trigger provider_documents_set_updated_at before update on public.provider_documents
  for each row execute function private.set_updated_at();

revoke all on table public.provider_service_types, public.provider_documents from anon, authenticated;
grant select, insert, delete on table public.provider_service_types to authenticated;
grant select, insert, update, delete on table public.provider_documents to authenticated;
grant all on table public.provider_service_types, public.provider_documents to service_role;

create policy provider_service_types_select on public.provider_service_types
  for select to authenticated
  using ((select private.is_admin()) or provider_id = (select auth.uid()));
create policy provider_service_types_admin_insert on public.provider_service_types
  for insert to authenticated with check ((select private.is_admin()));
create policy provider_service_types_admin_delete on public.provider_service_types
  for delete to authenticated using ((select private.is_admin()));

create policy provider_documents_select on public.provider_documents
  for select to authenticated
  using ((select private.is_admin()) or provider_id = (select auth.uid()));
create policy provider_documents_admin_insert on public.provider_documents
  for insert to authenticated with check ((select private.is_admin()));
create policy provider_documents_admin_update on public.provider_documents
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy provider_documents_admin_delete on public.provider_documents
  for delete to authenticated using ((select private.is_admin()));
