-- Store links of the mobile app (docs/screens.md#settings-and-banners): the public site's
-- App Store / Google Play badges link to these URLs, edited on the settings page. Null = not
-- published yet (the badges show without a link). Only https addresses without spaces, at most 500
-- characters, for the admin too.

alter table public.settings
  add column app_store_url text
    constraint settings_app_store_url_check
    check (app_store_url is null or (char_length(app_store_url) <= 500 and app_store_url ~ '^https://[^[:space:]/?#]+[^[:space:]]*$')),
  add column google_play_url text
    constraint settings_google_play_url_check
    check (google_play_url is null or (char_length(google_play_url) <= 500 and google_play_url ~ '^https://[^[:space:]/?#]+[^[:space:]]*$'));

comment on column public.settings.app_store_url is 'App Store page of the mobile app (https), linked by the public site''s badge; null when not published.';
comment on column public.settings.google_play_url is 'Google Play page of the mobile app (https), linked by the public site''s badge; null when not published.';

-- The public site reads them as anon, like the other public columns.
grant select (app_store_url, google_play_url) on table public.settings to anon;
