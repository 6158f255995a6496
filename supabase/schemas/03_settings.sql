-- The one settings row (id = 'app'), docs/decisions.md#one-settings-row: commission rate, minimum
-- deposit, site name, contact information, maintenance mode, banners, the mobile app's store
-- links (docs/screens.md#settings-and-banners) and whether admins need a second factor
-- (docs/decisions.md#admin-second-factor, read by private.is_admin). Every user-entered text has a
-- length bound and every amount a range (docs/product.md#input-rules), each its own constraint
-- (<table>_<column>_length / _range) so that the screens can name the field the database refuses.

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
  updated_at timestamptz not null default now(),
  -- Store links of the mobile app: the public site's App Store / Google Play badges link to them;
  -- null = not published yet (the badges show without a link). Only https addresses without
  -- spaces, at most 500 characters, for the admin too.
  app_store_url text
    constraint settings_app_store_url_check
    check (app_store_url is null or (char_length(app_store_url) <= 500 and app_store_url ~ '^https://[^[:space:]/?#]+[^[:space:]]*$')),
  google_play_url text
    constraint settings_google_play_url_check
    check (google_play_url is null or (char_length(google_play_url) <= 500 and google_play_url ~ '^https://[^[:space:]/?#]+[^[:space:]]*$')),
  require_admin_mfa boolean not null default false,
  -- The day the privacy policy's text last changed, shown on /privacy ("Cập nhật lần cuối"); the
  -- admin sets it on the settings screen when the text changes (docs/screens.md#settings-and-banners).
  privacy_policy_updated_on date not null default date '2026-11-25'
    constraint settings_privacy_policy_updated_on_range
    check (privacy_policy_updated_on between date '2000-01-01' and date '2100-12-31'),
  -- Input bounds.
  constraint settings_admin_email_length check (char_length(admin_email) <= 254),
  constraint settings_site_name_length check (char_length(site_name) <= 100),
  constraint settings_site_description_length check (char_length(site_description) <= 1000),
  constraint settings_contact_phone_length check (char_length(contact_phone) <= 20),
  constraint settings_contact_address_length check (char_length(contact_address) <= 300),
  constraint settings_min_deposit_amount_range check (min_deposit_amount <= 1000000000),
  -- The settings form's steps (docs/product.md#input-rules): commission 0.1, minimum deposit 1 000 VND.
  constraint settings_commission_rate_step check (commission_rate = round(commission_rate, 1)),
  constraint settings_min_deposit_amount_step check (min_deposit_amount % 1000 = 0),
  constraint settings_featured_banner_url_length check (char_length(featured_banner_url) <= 2048),
  constraint settings_voucher_banner_url_length check (char_length(voucher_banner_url) <= 2048),
  -- Formats: the admin e-mail is an e-mail; the contact phone is empty, a Vietnamese number or a
  -- 1800 / 1900 hotline, spaces and dots allowed (it is shown as typed on the public site).
  constraint settings_admin_email_format check (private.is_email(admin_email)),
  constraint settings_contact_phone_format check (
    contact_phone = ''
    or private.is_vn_phone(private.normalize_vn_phone(contact_phone))
    or regexp_replace(contact_phone, '[ .]', '', 'g') ~ '^1[89]00[0-9]{4,6}$'
  )
);

comment on table public.settings is 'Global settings, exactly one row (id = ''app'').';
comment on column public.settings.app_store_url is 'App Store page of the mobile app (https), linked by the public site''s badge; null when not published.';
comment on column public.settings.google_play_url is 'Google Play page of the mobile app (https), linked by the public site''s badge; null when not published.';
comment on column public.settings.privacy_policy_updated_on is 'The day the privacy policy text last changed (shown on /privacy).';
comment on column public.settings.require_admin_mfa is
  'When true, admins reach data only with an aal2 session (a verified second factor); see private.is_admin().';

alter table public.settings enable row level security;

create trigger settings_set_updated_at
  before update on public.settings
  for each row execute function private.set_updated_at();

revoke all on table public.settings from anon, authenticated;
-- anon (the public site) reads only the public columns; `select *` as anon is denied on purpose.
grant select (id, site_name, site_description, contact_phone, contact_address, admin_email,
              maintenance_mode, featured_banner_url, voucher_banner_url, updated_at,
              app_store_url, google_play_url, privacy_policy_updated_on)
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

insert into public.settings (id) values ('app');
