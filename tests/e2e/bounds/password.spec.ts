// Input contract of the change-password page (docs/product.md#input-rules): six spaces, a password
// with spaces at an end and one above 72 bytes each get their own message and the password is
// unchanged (the account signs in with the old one). Uses an account of its own.
import { expect, test } from '@playwright/test';
import { closeDb, createAccount, sql, unique } from '../admin-ops/ops-helpers.ts';
import { signInAsAdmin } from '../helpers.ts';

const tag = unique('bmk');
const EMAIL = `${tag}@e2e.sandichvu.vn`;
const PASSWORD = 'QuanTri@e2e123';

test.afterAll(async () => {
  await closeDb();
});

test('spaces only, spaces at an end and more than 72 bytes are refused, each with its message', async ({ page }) => {
  const id = await createAccount({ email: EMAIL, password: PASSWORD, name: `Quản trị ${tag}`, role: 'customer' });
  await sql(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"admin": true}'::jsonb where id = $1`, [id]);
  const [before] = await sql<{ encrypted_password: string }>('select encrypted_password from auth.users where id = $1', [id]);
  await signInAsAdmin(page, { email: EMAIL, password: PASSWORD });
  await page.goto('/admin/change-password');
  const current = page.getByRole('textbox', { name: 'Mật khẩu hiện tại', exact: true });
  const next = page.getByRole('textbox', { name: 'Mật khẩu mới', exact: true });
  const confirm = page.getByRole('textbox', { name: 'Xác nhận mật khẩu mới', exact: true });
  const cases: [string, string][] = [
    ['      ', 'Mật khẩu mới không được chỉ gồm khoảng trắng'],
    ['  abcdef  ', 'Mật khẩu mới không được bắt đầu hoặc kết thúc bằng khoảng trắng'],
    ['Đ'.repeat(40), 'Mật khẩu mới tối đa 72 byte (72 ký tự không dấu; chữ có dấu tính 2–3 byte)'],
  ];
  for (const [password, message] of cases) {
    await current.fill(PASSWORD);
    await next.fill(password);
    await confirm.fill(password);
    await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    await expect(page.getByText(message)).toBeVisible();
  }
  const [after] = await sql<{ encrypted_password: string }>('select encrypted_password from auth.users where id = $1', [id]);
  expect(after!.encrypted_password).toBe(before!.encrypted_password);
});
