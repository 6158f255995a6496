// System settings (/admin/settings): the form's rules and messages, save (label while saving, both
// buttons disabled) surviving a reload and read by the public site, reset reloads, maintenance
// notice, banners (type and size checks, upload to the banners bucket shown as preview and served
// publicly, delete removes the stored file), axe.
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectNoSeriousA11yViolations, signedInAdminEachTest } from '../helpers.ts';
import { apiUrl, serviceRest } from './finance-helpers.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BANNER_PNG = path.join(HERE, 'banner-1200x400.png');
const SEEDED_PHONE = '1900 6868';
const SEEDED_PRIVACY_DAY = '2026-11-25';

interface SettingsRow {
  contact_phone: string;
  maintenance_mode: boolean;
  featured_banner_url: string | null;
  voucher_banner_url: string | null;
}

async function settingsRow(): Promise<SettingsRow> {
  const [row] = await serviceRest<SettingsRow[]>('settings?id=eq.app&select=contact_phone,maintenance_mode,featured_banner_url,voucher_banner_url');
  if (!row) throw new Error('no settings row');
  return row;
}

test.describe('system settings', () => {
  test.describe.configure({ timeout: 90_000, mode: 'serial' });

  signedInAdminEachTest({ path: '/admin/settings', heading: 'Cài đặt hệ thống' });

  test('input validation and accessibility', async ({ page }) => {
    await expectNoSeriousA11yViolations(page);
    const rate = page.getByRole('textbox', { name: /Tỷ lệ hoa hồng mặc định/ });
    const deposit = page.getByRole('textbox', { name: /Số tiền ký quỹ tối thiểu/ });
    await expect(rate).toHaveAttribute('inputmode', 'decimal');
    await expect(deposit).toHaveAttribute('inputmode', 'numeric');
    await rate.fill('100.5');
    await deposit.fill('1500');
    await page.getByRole('textbox', { name: /Email quản trị/ }).fill('');
    await page.getByRole('button', { name: 'Lưu cài đặt' }).click();
    await expect(page.getByText('Tỷ lệ hoa hồng phải là số từ 0 đến 100')).toBeVisible();
    await expect(page.getByText('Số tiền ký quỹ tối thiểu phải là bội số của 1.000')).toBeVisible();
    await expect(page.getByText('Trường này là bắt buộc')).toBeVisible();
    await rate.fill('10.25');
    await deposit.fill('-1000');
    await page.getByRole('button', { name: 'Lưu cài đặt' }).click();
    await expect(page.getByText('Tỷ lệ hoa hồng chỉ được có một chữ số thập phân')).toBeVisible();
    await expect(page.getByText('Số tiền ký quỹ tối thiểu phải là số không âm')).toBeVisible();

    // Reset reloads the stored values.
    await page.getByRole('button', { name: 'Tải lại' }).click();
    await expect(rate).toHaveValue('10');
    await expect(deposit).toHaveValue('200000');
  });

  test('saving the contact details: they survive a reload and the public site shows them', async ({ page }) => {
    const phone = `1900 ${String(Date.now()).slice(-4)}`;
    await page.getByRole('textbox', { name: /Số điện thoại liên hệ/ }).fill(phone);
    const save = page.getByRole('button', { name: 'Lưu cài đặt' });
    await save.click();
    await expect(page.getByText('Đã lưu cài đặt thành công!')).toBeVisible();
    expect((await settingsRow()).contact_phone).toBe(phone);
    await page.reload();
    await expect(page.getByRole('textbox', { name: /Số điện thoại liên hệ/ })).toHaveValue(phone);
    await page.goto('/contact');
    await expect(page.getByText(phone).first()).toBeVisible();
  });

  test('the privacy policy\'s date: a future day is refused, a saved one is what /privacy shows', async ({ page }) => {
    // Shown and typed as dd/mm/yyyy whatever the browser's language (the date field).
    const field = page.getByRole('textbox', { name: /Ngày cập nhật chính sách/ });
    const [year, month, day] = SEEDED_PRIVACY_DAY.split('-');
    await expect(field).toHaveValue(`${day}/${month}/${year}`);
    await expect(field).toBeEditable();
    await field.fill('01/01/2999');
    await page.getByRole('button', { name: 'Lưu cài đặt' }).click();
    await expect(page.getByText(/^Ngày cập nhật chính sách không được sau hôm nay/)).toBeVisible();
    await field.fill('15/03/2026');
    await page.getByRole('button', { name: 'Lưu cài đặt' }).click();
    await expect(page.getByText('Đã lưu cài đặt thành công!')).toBeVisible();
    const [row] = await serviceRest<{ privacy_policy_updated_on: string }[]>('settings?id=eq.app&select=privacy_policy_updated_on');
    expect(row).toEqual({ privacy_policy_updated_on: '2026-03-15' });
    await page.goto('/privacy');
    await expect(page.getByTestId('last-updated')).toHaveText('Cập nhật lần cuối: 15 tháng 3, 2026');
    await serviceRest('settings?id=eq.app', { method: 'PATCH', body: { privacy_policy_updated_on: SEEDED_PRIVACY_DAY } });
  });

  test.afterAll(async () => {
    // Other specs (the public contact page) expect the seeded contact details.
    await serviceRest('settings?id=eq.app', { method: 'PATCH', body: { contact_phone: SEEDED_PHONE, maintenance_mode: false, privacy_policy_updated_on: SEEDED_PRIVACY_DAY } });
  });

  test('the save button changes its label and both buttons are disabled while saving; maintenance mode shows its notice', async ({ page }) => {
    // Hold the save until the saving state has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/settings?**', async (route) => {
      if (route.request().method() === 'PATCH') await held;
      await route.continue();
    });
    await page.getByRole('switch', { name: 'Chế độ bảo trì' }).check();
    await page.getByRole('button', { name: 'Lưu cài đặt' }).click();
    await expect(page.getByRole('button', { name: 'Đang lưu…' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Tải lại' })).toBeDisabled();
    release();
    await expect(page.getByText('Chế độ bảo trì đang bật', { exact: false })).toBeVisible();
    expect((await settingsRow()).maintenance_mode).toBe(true);

    await page.getByRole('switch', { name: 'Chế độ bảo trì' }).uncheck();
    await page.getByRole('button', { name: 'Lưu cài đặt' }).click();
    await expect(page.getByText('Chế độ bảo trì đang bật', { exact: false })).toHaveCount(0);
    expect((await settingsRow()).maintenance_mode).toBe(false);
  });

  test('banner: only images ≤ 5MB accepted, an upload shows a preview, removing it deletes the file too', async ({ page }) => {
    // The innermost section (the banners section holds both cards).
    const featured = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Banner nổi bật', exact: true }) }).last();
    await expect(featured).toContainText('Kích thước khuyến nghị: 1200x400');
    await expect(page.locator('section').filter({ has: page.getByRole('heading', { name: 'Banner khuyến mãi', exact: true }) }).last()).toContainText(
      'Kích thước khuyến nghị: 1200x300',
    );
    const input = featured.locator('input[type="file"]');

    await input.setInputFiles({ name: 'ghi-chu.txt', mimeType: 'text/plain', buffer: Buffer.from('không phải ảnh') });
    await expect(featured.getByRole('alert')).toHaveText('Vui lòng chọn tệp hình ảnh hợp lệ');
    await input.setInputFiles({ name: 'qua-lon.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(featured.getByRole('alert')).toHaveText('Kích thước tệp không được vượt quá 5MB');

    await input.setInputFiles(BANNER_PNG);
    await expect(page.getByText('Đã tải lên Banner nổi bật thành công!')).toBeVisible();
    const preview = featured.getByRole('img', { name: 'Xem trước Banner nổi bật' });
    await expect(preview).toBeVisible();
    const url = (await settingsRow()).featured_banner_url;
    expect(url).toMatch(new RegExp(`^${apiUrl()}/storage/v1/object/public/banners/featured_\\d+_banner-1200x400\\.png$`));
    await expect(preview).toHaveAttribute('src', url ?? '');
    const served = await fetch(url ?? '');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('image/png');

    // The public site reads the same settings row (anon key, public columns only).
    const anon = await fetch(`${apiUrl()}/rest/v1/settings?select=featured_banner_url`, {
      headers: { apikey: process.env.E2E_ANON_KEY ?? '', Authorization: `Bearer ${process.env.E2E_ANON_KEY ?? ''}` },
    });
    expect(await anon.json()).toEqual([{ featured_banner_url: url }]);

    await featured.getByRole('button', { name: 'Xóa Banner nổi bật' }).click();
    await page.getByRole('alertdialog', { name: 'Xóa Banner nổi bật?' }).getByRole('button', { name: 'Xóa Banner nổi bật' }).click();
    await expect(page.getByText('Đã xóa Banner nổi bật!')).toBeVisible();
    await expect(featured.getByText('Chưa có banner')).toBeVisible();
    expect((await settingsRow()).featured_banner_url).toBeNull();
    const gone = await fetch(url ?? '');
    expect(gone.ok).toBe(false);
  });
});
