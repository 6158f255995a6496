-- settings.app_store_url / google_play_url (docs/screens.md#settings-and-banners): https only, no
-- spaces, at most 500 characters, refused for the admin too; anon (the public site) reads them;
-- only an admin writes them.
begin;
set search_path = public, extensions;
select plan(13);

select has_column('public', 'settings', 'app_store_url', 'settings has app_store_url');
select has_column('public', 'settings', 'google_play_url', 'settings has google_play_url');

select tests.make_world();

-- ------------------------------------------------------------------ admin: formats and bounds
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));
select lives_ok($$ update public.settings set app_store_url = 'https://apps.apple.com/vn/app/san-dich-vu/id123',
                                             google_play_url = 'https://play.google.com/store/apps/details?id=vn.sandichvu' $$,
  'the admin saves two https store links');
select lives_ok($$ update public.settings set app_store_url = null $$, 'an empty link (not published) is allowed');
select throws_ok($$ update public.settings set app_store_url = 'http://apps.apple.com/x' $$, '23514', null, 'http:// is refused');
select throws_ok($$ update public.settings set google_play_url = 'javascript:alert(1)' $$, '23514', null, 'javascript: is refused');
select throws_ok($$ update public.settings set google_play_url = 'https://play.google.com/store apps' $$, '23514', null, 'a space is refused');
select throws_ok($$ update public.settings set google_play_url = 'https://' $$, '23514', null, 'a link without a host is refused');
select throws_ok($$ update public.settings set app_store_url = 'https://apps.apple.com/' || repeat('a', 480) $$, '23514', null,
  'a link over 500 characters is refused');

-- ------------------------------------------------------------------ anon reads, others cannot write
select tests.clear_authentication();
select is((select google_play_url from public.settings), 'https://play.google.com/store/apps/details?id=vn.sandichvu',
  'anon (the public site) reads the store links');
select throws_ok($$ update public.settings set google_play_url = 'https://evil.example' $$, '42501', null, 'anon cannot write them');

select tests.authenticate_as(tests.user_id('prov.p@pgtap.test'));
select is_empty($$ update public.settings set google_play_url = 'https://evil.example' returning id $$, 'a provider cannot write them');

select tests.as_superuser();
select is((select google_play_url from public.settings), 'https://play.google.com/store/apps/details?id=vn.sandichvu',
  'the refused writes changed nothing');

select * from finish();
rollback;
