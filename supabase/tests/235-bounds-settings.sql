-- Input contract of settings (docs/product.md#input-rules): text lengths, admin e-mail format, contact
-- phone format, minimum deposit and commission rate ranges. Refused for the admin, row unchanged.
begin;
set search_path = public, extensions;
select plan(13);

select tests.make_world();
select tests.authenticate_as(tests.user_id('admin@pgtap.test'));

select throws_ok($$ update public.settings set site_name = repeat('s', 101) $$, '23514', null, 'a site name of 101 characters is refused');
select throws_ok($$ update public.settings set site_description = repeat('s', 1001) $$, '23514', null, 'a description of 1001 characters is refused');
select throws_ok($$ update public.settings set contact_address = repeat('s', 301) $$, '23514', null, 'an address of 301 characters is refused');
select throws_ok($$ update public.settings set admin_email = 'a@' $$, '23514', null, 'an admin e-mail "a@" is refused');
select throws_ok($$ update public.settings set contact_phone = 'abc-xyz' $$, '23514', null, 'a contact phone "abc-xyz" is refused');
select lives_ok($$ update public.settings set contact_phone = '1900 6868' $$, 'a 1900 hotline is accepted');
select lives_ok($$ update public.settings set contact_phone = '+84 28.3822.1234' $$, 'a Vietnamese number with +84, spaces and dots is accepted');
select throws_ok($$ update public.settings set min_deposit_amount = 1000000001 $$, '23514', null, 'a minimum deposit above 1 000 000 000 is refused');
select throws_ok($$ update public.settings set min_deposit_amount = -1 $$, '23514', null, 'a negative minimum deposit is refused');
select throws_ok($$ update public.settings set commission_rate = 100.5 $$, '23514', null, 'a commission rate above 100 is refused');
select throws_ok($$ update public.settings set featured_banner_url = 'https://x.vn/' || repeat('a', 2040) $$, '23514', null, 'a banner URL above 2048 characters is refused');
select lives_ok($$ update public.settings set site_name = repeat('s', 100) $$, 'a site name of 100 characters is accepted');
select results_eq($$ select char_length(site_name), contact_phone from public.settings $$,
  $$ values (100, '+84 28.3822.1234'::text) $$, 'the settings are unchanged by the refused writes');

select * from finish();
rollback;
