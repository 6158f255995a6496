// The store badges of the public site link to the App Store / Google Play pages kept in the
// settings (edited on the settings page, an invalid link refused with the field's message and
// nothing saved); the privacy page gives the e-mail and phone of the settings, like the footer.
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../helpers.ts';
import { closeDb, sql } from '../admin-ops/ops-helpers.ts';

const APP_STORE = 'https://apps.apple.com/vn/app/san-dich-vu/id6470000001';
const GOOGLE_PLAY = 'https://play.google.com/store/apps/details?id=vn.sandichvu.app';

test.afterAll(async () => {
  await sql('update public.settings set app_store_url = null, google_play_url = null');
  await closeDb();
});

test('store links: edited on the settings page with URL checks, linked by the badges of the public site', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  const appStore = page.getByLabel('Liên kết App Store');
  const googlePlay = page.getByLabel('Liên kết Google Play');
  await expect(appStore).toHaveValue('');

  await appStore.fill('http://apps.apple.com/vn/app/san-dich-vu');
  await googlePlay.fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Lưu cài đặt' }).click();
  await expect(page.getByText('Liên kết App Store phải là địa chỉ https:// hợp lệ, không có khoảng trắng')).toBeVisible();
  await expect(page.getByText('Liên kết Google Play phải là địa chỉ https:// hợp lệ, không có khoảng trắng')).toBeVisible();
  expect(await sql('select app_store_url, google_play_url from public.settings')).toEqual([{ app_store_url: null, google_play_url: null }]);

  await appStore.fill(APP_STORE);
  await googlePlay.fill(` ${GOOGLE_PLAY} `);
  await page.getByRole('button', { name: 'Lưu cài đặt' }).click();
  await expect(page.getByText('Đã lưu cài đặt thành công!')).toBeVisible();
  expect(await sql('select app_store_url, google_play_url from public.settings')).toEqual([{ app_store_url: APP_STORE, google_play_url: GOOGLE_PLAY }]);

  // The public site (prerendered without them) links the badges once it has read the settings.
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', APP_STORE);
  await expect(footer.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', GOOGLE_PLAY);
  await expect(footer.getByRole('link', { name: /Google Play/ })).toHaveAttribute('rel', /noopener/);
});

test('the privacy page gives the contact e-mail and phone of the settings, like the footer', async ({ page }) => {
  const [settings] = await sql<{ admin_email: string; contact_phone: string }>('select admin_email, contact_phone from public.settings');
  await page.goto('/privacy');
  const contact = page.locator('section', { has: page.getByRole('heading', { name: /Liên hệ/ }) }).last();
  await expect(page.getByRole('contentinfo')).toContainText(settings!.admin_email);
  await expect(contact).toContainText(`gửi email đến ${settings!.admin_email}`);
  await expect(contact).toContainText(`gọi ${settings!.contact_phone}`);
});
