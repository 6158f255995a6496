// Two-factor authentication of admins, end to end on a dedicated admin account (the seeded admin
// never gets a factor, so `npm start`'s login keeps working): enrol an authenticator app from the
// account menu (QR code + manual key, a wrong code refused, the right one computed here from the
// secret), sign in again → the code step (a wrong code refused in Vietnamese, the shell stays
// hidden), the right code → the back office; remove the factor → sign-in asks no code again.
import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, createUser, DEMO_ACCOUNTS, loginForm, signInAsAdmin, signOut, uniqueEmail } from '../helpers.ts';
import { totp, wrongCode } from './totp.ts';

test('the TOTP helper gives RFC 6238’s SHA-1 test vectors (last six digits)', () => {
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // base32 of "12345678901234567890"
  expect(totp(secret, 59)).toBe('287082');
  expect(totp(secret, 1111111109)).toBe('081804');
  expect(totp(secret, 1234567890)).toBe('005924');
  expect(totp(secret, 2000000000)).toBe('279037');
});

async function openTwoFactorPage(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Tài khoản/ }).click();
  await page.getByRole('menuitem', { name: 'Xác thực hai lớp' }).click();
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await expect(page.getByRole('heading', { name: 'Xác thực hai lớp', level: 1 })).toBeVisible();
}

async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

test('an admin enrols TOTP, signs in with the code (a wrong code refused), then removes the factor', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail('hailop');
  const password = 'HaiLop@123456';
  await createUser({ email, password, admin: true });
  await signInAsAdmin(page, { email, password });

  // ---- enrol
  await openTwoFactorPage(page);
  await expect(page.getByText('Chưa có ứng dụng xác thực nào')).toBeVisible();
  await page.getByRole('button', { name: 'Thêm ứng dụng xác thực' }).click();
  await page.getByRole('textbox', { name: 'Tên gợi nhớ' }).fill('Điện thoại E2E');
  await page.getByRole('button', { name: 'Tạo mã QR' }).click();
  const qr = page.getByRole('img', { name: 'Mã QR để thêm tài khoản vào ứng dụng xác thực' });
  await expect(qr).toBeVisible();
  // The QR code's SVG really renders (a data URL cut at its first '#' would not).
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const key = page.getByTestId('mfa-secret');
  const secret = (await key.textContent())?.replace(/\s+/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const code = page.getByRole('textbox', { name: 'Mã xác thực 6 số' });
  await code.fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Xác minh và bật' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Mã xác thực không đúng. Vui lòng thử lại' })).toBeVisible();

  await code.fill(totp(secret));
  await page.getByRole('button', { name: 'Xác minh và bật' }).click();
  await expect(page.getByText('Đã bật xác thực hai lớp').first()).toBeVisible();
  const factorItem = page.getByRole('listitem').filter({ hasText: 'Điện thoại E2E' });
  await expect(factorItem).toContainText('Đã xác minh');

  // ---- sign in again: the code step
  await signOut(page);
  await signInWithPassword(page, email, password);
  await expect(page.getByRole('heading', { name: 'Xác thực hai lớp' })).toBeVisible();
  await expect(page).toHaveTitle(/Nhập mã xác thực/);
  await expect(page.getByTestId('admin-email')).toHaveCount(0);

  const signInCode = page.getByRole('textbox', { name: 'Mã xác thực', exact: true });
  await signInCode.fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Mã xác thực không đúng. Vui lòng thử lại' })).toBeVisible();
  await expect(page.getByTestId('admin-email')).toHaveCount(0);

  await signInCode.fill(totp(secret));
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page.getByTestId('admin-email')).toHaveText(email);
  // The session is aal2: the back office shows data.
  // (Searched for: accounts the other worker creates meanwhile come before it, newest first.)
  await page.goto(`/admin/customers?q=${encodeURIComponent(DEMO_ACCOUNTS.customer.email)}`);
  await expect(page.getByRole('cell', { name: DEMO_ACCOUNTS.customer.email })).toBeVisible();

  // A reload keeps the aal2 session (no second code).
  await page.reload();
  await expect(page.getByTestId('admin-email')).toHaveText(email);

  // ---- remove the factor
  await openTwoFactorPage(page);
  await page.getByRole('listitem').filter({ hasText: 'Điện thoại E2E' }).getByRole('button', { name: 'Gỡ' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Gỡ ứng dụng xác thực "Điện thoại E2E"?' });
  await dialog.getByRole('button', { name: 'Gỡ' }).click();
  await expect(page.getByText('Đã gỡ ứng dụng xác thực').first()).toBeVisible();
  await expect(page.getByText('Chưa có ứng dụng xác thực nào')).toBeVisible();

  await signOut(page);
  await signInWithPassword(page, email, password);
  await expect(page.getByTestId('admin-email')).toHaveText(email);
  await expect(page.getByRole('textbox', { name: 'Mã xác thực', exact: true })).toHaveCount(0);
  expect(errors.filter((error) => !/422|Unprocessable/.test(error))).toEqual([]);
});

test('the seeded admin has no factor and signs in with the password only', async ({ page }) => {
  await signInAsAdmin(page);
  await openTwoFactorPage(page);
  await expect(page.getByText('Chưa có ứng dụng xác thực nào')).toBeVisible();
});
