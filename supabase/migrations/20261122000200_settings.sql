-- The one settings row (id = 'app'), docs/decisions.md#one-settings-row.

create table public.settings (
  id text primary key default 'app' constraint settings_single_row check (id = 'app'),
  admin_email text not null default 'admin@sandichvu.vn'
    constraint settings_admin_email_check check (btrim(admin_email) <> '' and position('@' in admin_email) > 1),
  site_name text not null default 'Sàn Dịch Vụ' constraint settings_site_name_check check (btrim(site_name) <> ''),
  site_description text not null default '',
  contact_phone text not null default '',
  contact_address text not null default '',
  commission_rate numeric(5, 2) not null default 10
    constraint settings_commission_rate_check check (commission_rate between 0 and 100),
  min_deposit_amount bigint not null default 0
    constraint settings_min_deposit_amount_check check (min_deposit_amount >= 0),
  maintenance_mode boolean not null default false,
  featured_banner_url text,
  voucher_banner_url text,
  updated_at timestamptz not null default now()
);

comment on table public.settings is 'Global settings, exactly one row (id = ''app'').';

alter table public.settings enable row level security;

create trigger settings_set_updated_at
  before update on public.settings
  for each row execute function private.set_updated_at();

revoke all on table public.settings from anon, authenticated;
-- anon (the public site) reads only the public columns; `select *` as anon is denied on purpose.
grant select (id, site_name, site_description, contact_phone, contact_address, admin_email,
              maintenance_mode, featured_banner_url, voucher_banner_url, updated_at)
  on table public.settings to anon;
grant select, insert, update on table public.settings to authenticated;
grant all on table public.settings to service_role;

create policy settings_anon_select on public.settings
  for select to anon
  using (id = 'app');

create policy settings_authenticated_select on public.settings
  for select to authenticated
  using (id = 'app');

create policy settings_admin_insert on public.settings
  for insert to authenticated
  with check ((select private.is_admin()));

create policy settings_admin_update on public.settings
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

insert into public.settings (id) values ('app') on conflict (id) do nothing;
