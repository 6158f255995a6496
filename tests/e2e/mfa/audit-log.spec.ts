// The audit log screen (Nhật ký thay đổi): a change an admin made through the API and a password
// change made through Auth appear with their actor, table, record and before → after; the
// filters live in the URL; the screen offers no way to change the log.
import { expect, test } from '@playwright/test';
import { collectConsoleErrors, createUser, signInAsAdmin, uniqueEmail } from '../helpers.ts';
import { e2eApiUrl } from '../stack-env.ts';

function apiUrl(): string {
  return process.env.E2E_API_URL ?? e2eApiUrl();
}

function anonKey(): string {
  const key = process.env.E2E_ANON_KEY;
  if (!key) throw new Error('E2E_ANON_KEY is not set (the global setup sets it)');
  return key;
}

async function passwordSignIn(email: string, password: string): Promise<string> {
  const response = await fetch(`${apiUrl()}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`sign-in ${email}: ${response.status}`);
  return body.access_token;
}

test('the audit log shows who changed what, filtered in the URL', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail('nhatky');
  const password = 'NhatKy@123456';
  const adminId = await createUser({ email, password, admin: true });
  const token = await passwordSignIn(email, password);
  const headers = { apikey: anonKey(), Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };

  // A change through the Data API, as this admin.
  const patched = await fetch(`${apiUrl()}/rest/v1/profiles?id=eq.${adminId}`, {
    method: 'PATCH',
    headers: { ...headers, Prefer: 'return=minimal' },
    body: JSON.stringify({ name: 'Quản trị Nhật Ký' }),
  });
  expect(patched.status).toBe(204);
  // A change through Auth: the password (the log says it changed, never the hash).
  const updated = await fetch(`${apiUrl()}/auth/v1/user`, { method: 'PUT', headers, body: JSON.stringify({ password: 'NhatKy@654321' }) });
  expect(updated.status).toBe(200);

  await signInAsAdmin(page, { email, password: 'NhatKy@654321' });
  await page.getByRole('link', { name: 'Nhật ký thay đổi' }).click();
  await expect(page.getByRole('heading', { name: 'Nhật ký thay đổi', level: 1 })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Người thực hiện' }).fill(email);
  await page.getByRole('searchbox', { name: 'Người thực hiện' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`actor=${encodeURIComponent(email).replace(/[.]/g, '\\.')}`));

  const table = page.getByRole('table', { name: 'Nhật ký thay đổi' });
  // The rename: the actor column names the admin by their (new) profile name and e-mail.
  const renamed = page.locator('ins', { hasText: 'Quản trị Nhật Ký' });
  const profileRow = table.getByRole('row').filter({ hasText: 'Hồ sơ người dùng' }).filter({ has: renamed });
  await expect(profileRow).toHaveCount(1);
  await expect(profileRow).toContainText('Quản trị Nhật Ký');
  await expect(profileRow).toContainText(email);
  await expect(profileRow).toContainText(adminId);
  await expect(profileRow).toContainText('Sửa');
  await expect(profileRow.locator('del')).toHaveText(email.split('@')[0]!);
  await expect(profileRow.locator('ins')).toHaveText('Quản trị Nhật Ký');

  const passwordRow = table.getByRole('row').filter({ hasText: 'Tài khoản đăng nhập' });
  await expect(passwordRow).toHaveCount(1);
  await expect(passwordRow).toContainText('password: *** → ***');
  await expect(passwordRow).toContainText(email);

  // Pick the record from a row: table and record go to the URL and only that record's entries stay.
  await profileRow.getByRole('button', { name: adminId }).click();
  await expect(page).toHaveURL(new RegExp(`table=profiles.*record=${adminId}|record=${adminId}.*table=profiles`));
  await expect(table.getByRole('row').filter({ hasText: 'Tài khoản đăng nhập' })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ has: renamed })).toHaveCount(1);
  // …and the profile's creation at sign-up, by the new account itself.
  await expect(table.getByRole('row').filter({ hasText: 'Thêm' })).toContainText(email);

  // A reload shows the same view.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Bảng' })).toHaveValue('profiles');
  await expect(table.getByRole('row').filter({ has: renamed })).toHaveCount(1);

  // Read-only: no editing control in the table.
  await expect(table.getByRole('textbox')).toHaveCount(0);
  await expect(table.getByRole('checkbox')).toHaveCount(0);
  expect(errors).toEqual([]);
});
