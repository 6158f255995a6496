// The e-mail of a provider and of a customer edited on their detail screens
// (docs/decisions.md#an-admin-changes-the-sign-in-e-mail): the new address is saved lower-case as
// the sign-in e-mail (auth.users, the profile), the account signs in with it and no longer with
// the old one; an address another account uses says "Email đã được sử dụng".
import { expect, test } from '@playwright/test';
import { signedInAdminEachTest } from '../helpers.ts';
import { anonKey, apiUrl, closeDb, createAccount, sectionCard, sql, unique } from './ops-helpers.ts';

test.afterAll(closeDb);

const PASSWORD = 'Tho@123456';

/** The answer of a password sign-in through the Auth API: its status and the signed-in user's id. */
async function signIn(email: string): Promise<{ status: number; id: string | undefined }> {
  const response = await fetch(`${apiUrl()}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { user?: { id: string } };
  return { status: response.status, id: body.user?.id };
}

test.describe('sign-in e-mail edited on the detail screens', () => {
  const consoleErrors = signedInAdminEachTest();

  test('a provider\'s new e-mail is the sign-in e-mail; a used one is refused', async ({ page }) => {
    const name = unique('Thợ email');
    const oldEmail = `${unique('tho-cu')}@e2e.sandichvu.vn`;
    const newEmail = `${unique('tho-moi')}@e2e.sandichvu.vn`;
    const id = await createAccount({ email: oldEmail, password: PASSWORD, name, role: 'provider' });
    const otherEmail = `${unique('tho-khac')}@e2e.sandichvu.vn`;
    await createAccount({ email: otherEmail, password: PASSWORD, name: unique('Thợ khác'), role: 'provider' });

    await page.goto(`/admin/providers/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const info = sectionCard(page, 'Thông tin cá nhân');
    const edit = info.getByRole('button', { name: /Sửa Email/ });
    await expect(edit).toContainText(oldEmail);

    await edit.click();
    const field = info.getByRole('textbox', { name: 'Email', exact: true });
    await field.fill(otherEmail.toUpperCase());
    await field.press('Enter');
    await expect(info.getByText('Email đã được sử dụng')).toBeVisible();
    // The refusal is the API's 409 (a unique violation), which the browser logs.
    consoleErrors.forgive(/status of 409 \(Conflict\)/);

    await field.fill(`  ${newEmail.toUpperCase()} `);
    await field.press('Enter');
    await expect(page.getByText('Đã cập nhật thông tin nhà cung cấp')).toBeVisible();
    await expect(edit).toContainText(newEmail);

    const [row] = await sql<{ auth: string; profile: string }>(
      'select u.email as auth, p.email as profile from auth.users u join public.profiles p on p.id = u.id where u.id = $1',
      [id],
    );
    expect(row).toEqual({ auth: newEmail, profile: newEmail });
    expect(await signIn(newEmail)).toEqual({ status: 200, id });
    expect((await signIn(oldEmail)).status).toBe(400);

    await page.reload();
    await expect(info.getByRole('button', { name: /Sửa Email/ })).toContainText(newEmail);
  });

  test('a customer\'s e-mail too', async ({ page }) => {
    const name = unique('Khách email');
    const oldEmail = `${unique('khach-cu')}@e2e.sandichvu.vn`;
    const newEmail = `${unique('khach-moi')}@e2e.sandichvu.vn`;
    const id = await createAccount({ email: oldEmail, password: PASSWORD, name, role: 'customer' });

    await page.goto(`/admin/customers/${id}`);
    const info = sectionCard(page, 'Thông tin cá nhân');
    await info.getByRole('button', { name: /Sửa Email/ }).click();
    const field = info.getByRole('textbox', { name: 'Email', exact: true });
    await field.fill(newEmail);
    await field.press('Enter');
    await expect(page.getByText('Đã cập nhật thông tin khách hàng')).toBeVisible();
    await expect(info.getByRole('button', { name: /Sửa Email/ })).toContainText(newEmail);
    expect(await signIn(newEmail)).toEqual({ status: 200, id });
  });
});
