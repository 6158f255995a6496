// Change password end to end, on a dedicated admin account (the seeded admin keeps its password).
import { expect, test } from '@playwright/test';
import { createUser, loginForm, signInAsAdmin, signOut, uniqueEmail } from '../helpers.ts';

test('change password: validation, wrong current password, success, then sign in with the new one', async ({ page }) => {
  const email = uniqueEmail('doimatkhau');
  const oldPassword = 'MatKhauCu@1';
  const newPassword = 'MatKhauMoi@2';
  await createUser({ email, password: oldPassword, admin: true });

  await signInAsAdmin(page, { email, password: oldPassword });
  await page.getByRole('button', { name: /Tài khoản/ }).click();
  await page.getByRole('menuitem', { name: 'Đổi mật khẩu' }).click();
  await expect(page).toHaveURL(/\/admin\/change-password$/);
  await expect(page).toHaveTitle('Đổi mật khẩu | Sàn Dịch Vụ');

  const current = page.getByRole('textbox', { name: 'Mật khẩu hiện tại', exact: true });
  const next = page.getByRole('textbox', { name: 'Mật khẩu mới', exact: true });
  const confirm = page.getByRole('textbox', { name: 'Xác nhận mật khẩu mới', exact: true });
  const submit = page.getByRole('button', { name: 'Đổi mật khẩu' });

  await submit.click();
  await expect(page.getByText('Vui lòng nhập mật khẩu hiện tại')).toBeVisible();
  await expect(page.getByText('Vui lòng nhập mật khẩu mới')).toBeVisible();
  await expect(page.getByText('Vui lòng xác nhận mật khẩu mới')).toBeVisible();

  await current.fill(oldPassword);
  await next.fill('12345');
  await confirm.fill('12345');
  await submit.click();
  await expect(page.getByText('Mật khẩu mới phải có ít nhất 6 ký tự')).toBeVisible();

  await next.fill(newPassword);
  await confirm.fill('KhacHoanToan@3');
  await submit.click();
  await expect(page.getByText('Mật khẩu mới và xác nhận mật khẩu không khớp')).toBeVisible();

  await current.fill('SaiMatKhau@9');
  await confirm.fill(newPassword);
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Mật khẩu hiện tại không chính xác' })).toBeVisible();

  await current.fill(oldPassword);
  await next.fill(oldPassword);
  await confirm.fill(oldPassword);
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Mật khẩu mới phải khác mật khẩu hiện tại' })).toBeVisible();

  await current.fill(oldPassword);
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Đổi mật khẩu thành công' }).first()).toBeVisible();
  await expect(current).toHaveValue('');

  await signOut(page);
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(oldPassword);
  await form.submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Email hoặc mật khẩu không chính xác' })).toBeVisible();
  await form.password.fill(newPassword);
  await form.submit.click();
  await expect(page.getByTestId('admin-email')).toHaveText(email);
});
