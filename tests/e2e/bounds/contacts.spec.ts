// Input contract of a customer's contact fields (docs/product.md#input-rules,
// docs/decisions.md#an-admin-changes-the-sign-in-e-mail): "abc-xyz" and "-123" are refused as
// phones with their message, a 101-character name with its limit, "+84 912.345.678" is stored as
// 0912345678; a blank, malformed or too long e-mail gets its message. The database is unchanged by every refusal.
import { expect, test, type Page } from '@playwright/test';
import { adminPage, closeDb, createAccount, sectionCard, sql, unique } from '../admin-ops/ops-helpers.ts';

test.describe.configure({ mode: 'serial' });

const tag = unique('bkh');
const EMAIL = `${tag}@e2e.sandichvu.vn`;
const NAME = `Khách Giới Hạn ${tag}`;
let page: Page;
let customerId: string;

test.beforeAll(async ({ browser }) => {
  customerId = await createAccount({ email: EMAIL, password: 'Khach@e2e123456', name: NAME, role: 'customer' });
  page = await adminPage(browser);
  await page.goto(`/admin/customers/${customerId}`);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
});

test.afterAll(async () => {
  await page.context().close();
  await closeDb();
});

async function stored() {
  const [row] = await sql<{ name: string; email: string; phone: string }>('select name, email, phone from public.profiles where id = $1', [customerId]);
  return row!;
}

test('bad phones and a too long name get their message; a +84 phone is stored normalised', async () => {
  const info = sectionCard(page, 'Thông tin cá nhân');
  const before = await stored();
  await info.getByRole('button', { name: /Sửa Số điện thoại/ }).click();
  const phone = info.getByRole('textbox', { name: 'Số điện thoại' });
  for (const bad of ['abc-xyz', '-123']) {
    await phone.fill(bad);
    await phone.press('Enter');
    await expect(info.getByText('Số điện thoại không hợp lệ: bắt đầu bằng 0 hoặc +84, theo sau 9–10 chữ số')).toBeVisible();
  }
  expect(await stored()).toEqual(before);
  await phone.fill('+84 912.345.678');
  await phone.press('Enter');
  await expect(info.getByRole('button', { name: /Sửa Số điện thoại/ })).toContainText('0912345678');
  expect((await stored()).phone).toBe('0912345678');

  await info.getByRole('button', { name: /Sửa Họ tên/ }).click();
  const name = info.getByRole('textbox', { name: 'Họ tên' });
  await expect(name).toHaveAttribute('maxlength', '100');
  // What a paste of a longer name would leave if the attribute were bypassed: the check names the limit.
  await name.evaluate((element) => element.removeAttribute('maxlength'));
  await name.fill('N'.repeat(101));
  await name.press('Enter');
  await expect(info.getByText('Họ tên tối đa 100 ký tự')).toBeVisible();
  expect((await stored()).name).toBe(NAME);
  await name.press('Escape');
});

test('the e-mail is the sign-in e-mail: blank, malformed and too long addresses are refused with their message', async () => {
  const info = sectionCard(page, 'Thông tin cá nhân');
  await expect(page.getByTestId('customer-email')).toContainText(EMAIL);
  await expect(page.getByTestId('customer-email')).toContainText('Email đăng nhập của tài khoản');
  await info.getByRole('button', { name: /Sửa Email/ }).click();
  const email = info.getByRole('textbox', { name: 'Email', exact: true });
  await expect(email).toHaveAttribute('maxlength', '254');
  await email.fill('   ');
  await email.press('Enter');
  await expect(info.getByText('Email không được để trống')).toBeVisible();
  for (const bad of ['abc-xyz', 'khach@', '@sandichvu.vn']) {
    await email.fill(bad);
    await email.press('Enter');
    await expect(info.getByText('Email không hợp lệ', { exact: true })).toBeVisible();
  }
  await email.evaluate((element) => element.removeAttribute('maxlength'));
  await email.fill(`${'a'.repeat(250)}@e2e.vn`);
  await email.press('Enter');
  await expect(info.getByText('Email tối đa 254 ký tự')).toBeVisible();
  expect((await stored()).email).toBe(EMAIL);
  await email.press('Escape');
  await expect(info.getByRole('button', { name: /Sửa Email/ })).toContainText(EMAIL);
});
