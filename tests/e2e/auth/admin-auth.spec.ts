// Admin sign-in, the shell, sign-out, session loss and the login screen's accessibility.
import { expect, test } from '@playwright/test';
import {
  DEMO_ACCOUNTS,
  artifactPath,
  collectConsoleErrors,
  expectNoSeriousA11yViolations,
  loginForm,
  signInAsAdmin,
  signOut,
  uniqueEmail,
} from '../helpers.ts';

const NAV_LABELS = [
  'Tổng quan',
  'Đơn đặt lịch',
  'Nhà cung cấp',
  'Khách hàng',
  'Hoa hồng',
  'Lịch sử ký quỹ',
  'Hội thoại',
  'Đánh giá',
  'Mã khuyến mãi',
  'Gói dịch vụ',
  'Dịch vụ',
  'Ngành nghề',
  'Cài đặt',
  'Nhật ký thay đổi',
];

test('login screen: title, required fields, footer links, no serious axe violation', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/admin');
  await expect(page).toHaveTitle('Đăng nhập quản trị | Sàn Dịch Vụ');
  const form = loginForm(page);
  await expect(form.email).toHaveAttribute('type', 'email');
  await form.submit.click();
  await expect(page.getByText('Vui lòng nhập email')).toBeVisible();
  await expect(page.getByText('Vui lòng nhập mật khẩu')).toBeVisible();
  await form.email.fill('khong-phai-email');
  await form.password.fill('abc');
  await form.submit.click();
  await expect(page.getByText('Email không hợp lệ')).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['Trang chủ', '/'],
    ['Chính sách bảo mật', '/privacy'],
    ['Điều khoản sử dụng', '/terms'],
    ['Liên hệ', '/contact'],
  ] as const) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test('wrong password shows the Vietnamese message and the button shows its loading label', async ({ page }) => {
  await page.goto('/admin');
  const form = loginForm(page);
  await form.email.fill(DEMO_ACCOUNTS.admin.email);
  await form.password.fill('sai-mat-khau');
  // Hold the sign-in request until the loading label has been seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/auth/v1/token**', async (route) => {
    await held;
    await route.continue();
  });
  await form.submit.click();
  await expect(page.getByRole('button', { name: 'Đang đăng nhập…' })).toBeDisabled();
  release();
  await expect(page.getByRole('alert').filter({ hasText: 'Email hoặc mật khẩu không chính xác' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Đăng nhập' })).toBeEnabled();
});

test('the Auth server refusing with 429 (too many failed attempts from this address) gives the rate-limit message', async ({ page }) => {
  // The limit is per client address and every browser of the run signs in from 127.0.0.1, so the
  // server's 429 is proven by the integration suite (auth-signin.test.ts); here the screen gets
  // Supabase Auth's exact answer.
  await page.goto('/admin');
  await page.route('**/auth/v1/token**', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'content-type': 'application/json', 'x-sb-error-code': 'over_request_rate_limit', 'retry-after': '60' },
      body: JSON.stringify({ code: 'over_request_rate_limit', message: 'Request rate limit reached' }),
    }),
  );
  const form = loginForm(page);
  await form.email.fill(uniqueEmail('rate'));
  await form.password.fill('sai-mat-khau');
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText('Quá nhiều lần thử. Vui lòng thử lại sau');
  await expect(form.submit).toBeEnabled();
});

test('a network failure during sign-in gives the connection message', async ({ page }) => {
  await page.goto('/admin');
  await page.route('**/auth/v1/token**', (route) => route.abort('internetdisconnected'));
  const form = loginForm(page);
  await form.email.fill(DEMO_ACCOUNTS.admin.email);
  await form.password.fill(DEMO_ACCOUNTS.admin.password);
  await form.submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Lỗi kết nối mạng. Vui lòng kiểm tra internet' })).toBeVisible({ timeout: 20_000 });
});

test('a 500 or 503 from the Auth server during sign-in says the server failed, not the network', async ({ page }) => {
  await page.goto('/admin');
  const form = loginForm(page);
  await form.email.fill(DEMO_ACCOUNTS.admin.email);
  await form.password.fill(DEMO_ACCOUNTS.admin.password);
  for (const [status, message] of [
    [503, 'Dịch vụ hiện không khả dụng. Vui lòng thử lại sau.'],
    [500, 'Máy chủ gặp lỗi khi xử lý yêu cầu. Vui lòng thử lại sau.'],
  ] as const) {
    await page.route('**/auth/v1/token**', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ code: status, error_code: 'unexpected_failure', msg: 'Unexpected failure' }) }),
    );
    await form.submit.click();
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('alert').filter({ hasText: 'Lỗi kết nối mạng' })).toHaveCount(0);
    await page.unrouteAll({ behavior: 'wait' });
  }
});

test('a customer account is signed out with the no-access message', async ({ page }) => {
  await page.goto('/admin');
  const form = loginForm(page);
  await form.email.fill(DEMO_ACCOUNTS.customer.email);
  await form.password.fill(DEMO_ACCOUNTS.customer.password);
  await form.submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Bạn không có quyền truy cập vào trang quản trị' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Đăng nhập quản trị' })).toBeVisible();
  await expect(page.getByTestId('admin-email')).toHaveCount(0);
  // The session was removed: a reload shows the login screen without the shell.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Đăng nhập quản trị' })).toBeVisible();
  const stored = await page.evaluate(() => window.localStorage.getItem('sdv-admin-auth'));
  expect(stored).toBeNull();
});

test('admin signs in, sees the shell with every navigation entry in order, the menu, and signs out', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await signInAsAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Điều hướng quản trị' });
  await expect(nav.getByRole('link')).toHaveText(NAV_LABELS);
  await page.screenshot({ path: artifactPath('admin-shell.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // Active entry highlighted.
  await nav.getByRole('link', { name: 'Cài đặt' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(nav.getByRole('link', { name: 'Cài đặt' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Tổng quan' })).not.toHaveAttribute('aria-current', 'page');

  // Account menu: closes on Escape and on a click outside.
  const menuButton = page.getByRole('button', { name: /Tài khoản/ });
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'Đổi mật khẩu' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Đổi mật khẩu' })).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'Đăng xuất' })).toBeVisible();
  await page.mouse.click(700, 600);
  await expect(page.getByRole('menuitem', { name: 'Đăng xuất' })).toHaveCount(0);

  // Unknown admin paths: a not-found page inside the shell.
  await page.goto('/admin/khong-co-trang-nay');
  await expect(page.getByRole('heading', { name: 'Không tìm thấy trang quản trị' })).toBeVisible();
  await expect(page.getByTestId('admin-email')).toHaveText(DEMO_ACCOUNTS.admin.email);

  await signOut(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Đăng nhập quản trị' })).toBeVisible();
  expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the side navigation collapses into a drawer', async ({ page }) => {
    await signInAsAdmin(page);
    const nav = page.getByRole('navigation', { name: 'Điều hướng quản trị' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Mở menu điều hướng' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Khách hàng' }).click();
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await expect(nav).toBeHidden();
  });
});

test('a deep link while signed out comes back to the same page after signing in', async ({ page }) => {
  await signInAsAdmin(page, DEMO_ACCOUNTS.admin, '/admin/change-password?from=link');
  await expect(page).toHaveURL(/\/admin\/change-password\?from=link$/);
  await expect(page.getByRole('heading', { name: 'Đổi mật khẩu', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Đổi mật khẩu | Sàn Dịch Vụ');
  await expectNoSeriousA11yViolations(page);
});

test('a revoked session returns to the login screen and back to the same page after signing in', async ({ page }) => {
  await signInAsAdmin(page, DEMO_ACCOUNTS.admin, '/admin/change-password');
  // Sign this session out on the server (as another tab would). Only this session: the other e2e
  // workers are signed in as the same seeded admin at the same time.
  const revoked = await page.evaluate(async () => {
    const stored = JSON.parse(window.localStorage.getItem('sdv-admin-auth') ?? '{}') as { access_token?: string };
    const config = window.__SDV_CONFIG__ ?? {};
    const response = await fetch(`${config.supabaseUrl}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: { apikey: config.supabaseAnonKey ?? '', Authorization: `Bearer ${stored.access_token ?? ''}` },
    });
    return response.status;
  });
  expect(revoked).toBe(204);
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Phiên đăng nhập đã hết hạn' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/change-password$/);
  const form = loginForm(page);
  await form.email.fill(DEMO_ACCOUNTS.admin.email);
  await form.password.fill(DEMO_ACCOUNTS.admin.password);
  await form.submit.click();
  await expect(page.getByRole('heading', { name: 'Đổi mật khẩu', level: 1 })).toBeVisible();
});
