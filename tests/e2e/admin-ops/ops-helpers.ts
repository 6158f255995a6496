// Helpers of the admin operations specs: one signed-in admin page per file (signed in through the
// login screen), direct SQL on the e2e database for test data and for expected figures, and the
// Auth admin API to create accounts of our own.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../../../local-stack/config.ts';
import { e2eApiUrl, e2eBaseUrl } from '../stack-env.ts';

let pool: pg.Pool | undefined;

function dbUrl(): string {
  const url = process.env.E2E_DB_URL;
  if (!url) throw new Error('E2E_DB_URL is not set (the global setup sets it)');
  return url;
}

/** Runs SQL as the database superuser (test data and expected figures only). */
export async function sql<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
  pool ??= new pg.Pool({ connectionString: dbUrl(), max: 2 });
  return (await pool.query<Row>(text, params)).rows;
}

export async function closeDb(): Promise<void> {
  await pool?.end();
  pool = undefined;
}

export function apiUrl(): string {
  return process.env.E2E_API_URL ?? e2eApiUrl();
}

export function anonKey(): string {
  const key = process.env.E2E_ANON_KEY;
  if (!key) throw new Error('E2E_ANON_KEY is not set (the global setup sets it)');
  return key;
}

function serviceKey(): string {
  const key = process.env.E2E_SERVICE_ROLE_KEY;
  if (!key) throw new Error('E2E_SERVICE_ROLE_KEY is not set (the global setup sets it)');
  return key;
}

/** A run-unique suffix for names and e-mails, so specs never collide with each other or reruns. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Creates a confirmed auth user (the database creates its profile); returns its id. */
export async function createAccount(options: { email: string; password: string; name: string; role: 'customer' | 'provider' }): Promise<string> {
  const key = serviceKey();
  const response = await fetch(`${apiUrl()}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: options.email,
      password: options.password,
      email_confirm: true,
      app_metadata: options.role === 'provider' ? { role: 'provider' } : {},
      user_metadata: { name: options.name },
    }),
  });
  const body = (await response.json()) as { id?: string; msg?: string; message?: string };
  if (!response.ok || !body.id) throw new Error(`createAccount ${options.email}: ${response.status} ${body.msg ?? body.message ?? ''}`);
  await sql('update public.profiles set name = $2, phone = $3 where id = $1', [body.id, options.name, '0900000000']);
  return body.id;
}

/** Signs in through the login screen and waits for the admin shell. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.locator('input[type="password"]').fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.getByTestId('admin-email')).toHaveText(DEMO_ACCOUNTS.admin.email, { timeout: 15_000 });
}

/** A page of its own, signed in as the admin once, for the serial tests of one file. */
export async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eBaseUrl(), locale: 'vi-VN', acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAsAdmin(page);
  return page;
}

/**
 * The hooks of a serial file whose tests share one signed-in admin page: opened before the first
 * test and handed to `onOpen` (which keeps it, and may open the screen), closed with the database
 * pool after the last.
 */
export function shareAdminPage(onOpen: (page: Page) => void | Promise<void>): void {
  let shared: Page | undefined;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async ({ browser }) => {
    shared = await adminPage(browser);
    await onOpen(shared);
  });
  test.afterAll(async () => {
    await shared?.context().close();
    await closeDb();
  });
}

/** The body rows of the main data table (the one captioned `caption`). */
export function tableRows(page: Page, caption: string) {
  return page.getByRole('table', { name: caption }).locator('tbody tr');
}

/**
 * The cells of one column of the table captioned `caption`, found by the column's header text (not
 * by position: a list may gain a column, e.g. the row selection's checkbox), one a body row.
 */
export async function columnCells(page: Page, caption: string, header: string): Promise<Locator> {
  const table = page.getByRole('table', { name: caption });
  await expect(table.locator('thead th').first()).toBeVisible();
  const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = headers.findIndex((text) => text === header);
  if (index < 0) throw new Error(`no column "${header}" in the table "${caption}": ${headers.join(' | ')}`);
  return table.locator(`tbody tr > :nth-child(${index + 1})`);
}

/** The section of a detail screen whose level-2 heading is exactly `title`. */
export function sectionCard(page: Page, title: string) {
  return page.locator('section', { has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
}

/** "1.234" → 1234 (vi-VN grouping). */
export function viNumber(text: string): number {
  return Number(text.replace(/[^\d]/g, ''));
}

export function viCount(n: number): string {
  return n.toLocaleString('vi-VN');
}

/**
 * Accounts of a spec's own, inserted straight into auth.users (the database creates their
 * profiles): `names[i]` gets the e-mail `${emailPrefix}-${i + 1}@e2e.sandichvu.vn`, is created
 * `i + 1` minutes ago (so the first name is the newest) and, when given, the status `statuses[i]`.
 * Returns the ids in the order of `names`.
 */
export async function insertAccounts(options: {
  names: string[];
  emailPrefix: string;
  role: 'customer' | 'provider';
  statuses?: string[];
}): Promise<string[]> {
  const appMeta = JSON.stringify(options.role === 'provider' ? { provider: 'email', providers: ['email'], role: 'provider' } : { provider: 'email', providers: ['email'] });
  const rows = await sql<{ id: string; n: number }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                             confirmation_token, recovery_token, email_change_token_new, email_change)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
            $2 || '-' || n || '@e2e.sandichvu.vn', '', now(), $3::jsonb, jsonb_build_object('name', name),
            now() - make_interval(mins => n::int), now() - make_interval(mins => n::int), '', '', '', ''
       from unnest($1::text[]) with ordinality as t(name, n)
     returning id, (split_part(split_part(email, '@', 1), '-', -1))::int as n`,
    [options.names, options.emailPrefix, appMeta],
  );
  const ids = rows.sort((x, y) => x.n - y.n).map((row) => row.id);
  if (options.statuses) await sql(`update public.profiles p set status = s.status from unnest($1::uuid[], $2::text[]) as s(id, status) where p.id = s.id`, [ids, options.statuses]);
  return ids;
}

/**
 * The list's range text, exactly "Hiển thị first–last trên total": every figure is the spec's own
 * (the list is filtered to records the spec created), so the total is compared for equality.
 */
export async function expectRange(page: Page, first: number, last: number, total: number): Promise<void> {
  await expect(page.getByText(/^Hiển thị [\d.]+–[\d.]+ trên /)).toHaveText(`Hiển thị ${viCount(first)}–${viCount(last)} trên ${viCount(total)}`);
}

/**
 * The personal-info card's inline edits on a customer's or a provider's profile
 * (components/domain/contact-fields.tsx): a blank name is refused (Save disabled, Enter says why),
 * a new name saved with the screen's toast; a blank or malformed e-mail is refused; a blank phone is
 * refused, a number saved normalised; the entity's statuses are offered and one saved; all of it
 * holds after a reload and is what the database has.
 */
export async function checkContactEdits(
  page: Page,
  expected: {
    profileId: string;
    email: string;
    name: string;
    savedToast: string;
    phone: { typed: string; saved: string };
    statuses: string[];
    status: { value: string; label: string };
  },
): Promise<void> {
  const info = sectionCard(page, 'Thông tin cá nhân');
  await info.getByRole('button', { name: /Sửa Họ tên/ }).click();
  const name = info.getByRole('textbox', { name: 'Họ tên' });
  await name.fill('   ');
  await expect(info.getByRole('button', { name: 'Lưu' })).toBeDisabled();
  await name.press('Enter');
  await expect(info.getByText('Tên không được để trống')).toBeVisible();
  await name.fill(expected.name);
  await name.press('Enter');
  await expect(page.getByText(expected.savedToast)).toBeVisible();

  // Email: the sign-in e-mail, edited in place (docs/decisions.md#an-admin-changes-the-sign-in-e-mail):
  // blank and malformed addresses are refused; Escape keeps it (the save: tests/e2e/admin-ops/profile-email.spec.ts).
  await expect(info.getByText('Email đăng nhập của tài khoản', { exact: false })).toBeVisible();
  await info.getByRole('button', { name: /Sửa Email/ }).click();
  const email = info.getByRole('textbox', { name: 'Email', exact: true });
  await email.fill(' ');
  await email.press('Enter');
  await expect(info.getByText('Email không được để trống')).toBeVisible();
  await email.fill('khong-hop-le');
  await email.press('Enter');
  await expect(info.getByText('Email không hợp lệ')).toBeVisible();
  await email.press('Escape');
  await expect(info.getByRole('button', { name: /Sửa Email/ })).toContainText(expected.email);

  await info.getByRole('button', { name: /Sửa Số điện thoại/ }).click();
  const phone = info.getByRole('textbox', { name: 'Số điện thoại' });
  await phone.fill(' ');
  await phone.press('Enter');
  await expect(info.getByText('Số điện thoại không được để trống')).toBeVisible();
  await phone.fill(expected.phone.typed);
  await phone.press('Enter');
  await expect(info.getByRole('button', { name: /Sửa Số điện thoại/ })).toContainText(expected.phone.saved);

  await info.getByRole('button', { name: /Sửa Trạng thái/ }).click();
  const status = info.getByRole('combobox', { name: 'Trạng thái' });
  await expect(status.locator('option')).toHaveText(expected.statuses);
  await status.selectOption(expected.status.value);
  await expect(info.getByRole('button', { name: /Sửa Trạng thái/ })).toContainText(expected.status.label);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: expected.name })).toBeVisible();
  await expect(info.getByRole('button', { name: /Sửa Số điện thoại/ })).toContainText(expected.phone.saved);
  await expect(info.getByRole('button', { name: /Sửa Trạng thái/ })).toContainText(expected.status.label);
  const [row] = await sql<{ name: string; email: string; phone: string; status: string }>('select name, email, phone, status from public.profiles where id = $1', [expected.profileId]);
  expect(row).toEqual({ name: expected.name, email: expected.email, phone: expected.phone.saved, status: expected.status.value });
}
