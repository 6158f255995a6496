// Bans hold (docs/decisions.md#bans-hold), in the back office: a second admin account is banned
// from its page ("Cấm tài khoản", confirmed); the page says what the ban does, that admin's open
// session ends at its next request and its sign-in is refused; "Bỏ cấm" lets it sign in again.
import { expect, test } from '@playwright/test';
import { createUser, loginForm, signedInAdminEachTest, signInAsAdmin, uniqueEmail } from '../helpers.ts';
import { serviceRest } from '../admin-finance/finance-helpers.ts';

const PASSWORD = 'QuanTri@2024';

test.describe('account ban', () => {
  test.describe.configure({ timeout: 90_000 });
  signedInAdminEachTest();

  test('ban: the open session is signed out, sign-in is refused; unban: sign-in works again', async ({ page, browser }) => {
    const email = uniqueEmail('cam');
    const id = await createUser({ email, password: PASSWORD, admin: true });
    const name = `Quản trị bị cấm ${Date.now()}`;
    await serviceRest(`profiles?id=eq.${id}`, { method: 'PATCH', body: { name } });

    // The account to ban is signed in elsewhere.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInAsAdmin(otherPage, { email, password: PASSWORD });

    await page.goto(`/admin/customers/${id}`);
    const card = page.getByTestId('ban-card');
    await card.getByRole('button', { name: 'Cấm tài khoản' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Cấm tài khoản ${name}?` });
    await expect(confirm).toContainText('đăng xuất ngay khỏi mọi thiết bị');
    await confirm.getByRole('button', { name: 'Cấm tài khoản' }).click();
    await expect(card.getByRole('heading', { name: 'Tài khoản đang bị cấm' })).toBeVisible();
    await expect(card).toContainText('không đăng nhập được');
    const [banned] = await serviceRest<{ status: string }[]>(`profiles?id=eq.${id}&select=status`);
    expect(banned?.status).toBe('banned');

    // The open session ends: its next load goes back to the sign-in screen.
    await otherPage.reload();
    await expect(otherPage.getByRole('heading', { name: 'Đăng nhập quản trị' })).toBeVisible({ timeout: 15_000 });
    // A new sign-in is refused.
    const form = loginForm(otherPage);
    await form.email.fill(email);
    await form.password.fill(PASSWORD);
    await form.submit.click();
    await expect(otherPage.getByText('Bạn không có quyền truy cập vào trang quản trị')).toBeVisible();
    await expect(otherPage.getByTestId('admin-email')).toHaveCount(0);

    // Lifting the ban: the account signs in again.
    await card.getByRole('button', { name: 'Bỏ cấm' }).click();
    const unban = page.getByRole('alertdialog', { name: `Bỏ cấm tài khoản ${name}?` });
    await expect(unban).toContainText('Hoạt động');
    await unban.getByRole('button', { name: 'Bỏ cấm' }).click();
    await expect(card.getByRole('heading', { name: 'Cấm tài khoản' })).toBeVisible();
    await signInAsAdmin(otherPage, { email, password: PASSWORD });
    await other.close();
  });
});
