// Keyboard and focus (docs/screens.md#keyboard): Tab out of an inline editor saves it (a reload shows
// the new value) and one editor is open at a time; ArrowDown on a status select opens no
// confirmation and writes nothing; Tab out of the Bookings provider combobox lands on the next control,
// not on <body>; Escape on the package dialog gives the focus back to its "Sửa" button; the account
// menu is a menu (arrow keys, Escape back to its button).
import { expect, test, type Page } from '@playwright/test';
import { adminPage, closeDb, sql, tableRows, unique } from './ops-helpers.ts';

test.describe.configure({ mode: 'serial' });

const TABLE = 'Quản lý ngành nghề';
const tag = unique('kb');
const NAME = `Phím ${tag}`;
const OTHER = `Phím khác ${tag}`;
let page: Page;
const depositIds: string[] = [];

/** What has the focus: its tag, accessible-ish name and whether it is <body>. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    return {
      body: element === null || element === document.body,
      tag: element?.tagName.toLowerCase() ?? '',
      label: element?.getAttribute('aria-label') ?? element?.getAttribute('title') ?? element?.textContent?.trim() ?? '',
    };
  });
}

test.beforeAll(async ({ browser }) => {
  await sql('insert into public.categories (name) values ($1), ($2)', [NAME, OTHER]);
  page = await adminPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
  await sql('delete from public.categories where name like $1', [`%${tag}%`]);
  await sql('delete from public.deposit_history where id = any($1::uuid[])', [depositIds]);
  await closeDb();
});

test('Tab out of an inline editor saves it; opening another editor first saves the open one', async () => {
  await page.goto(`/admin/manage-services?q=${encodeURIComponent(tag)}`);
  const row = tableRows(page, TABLE).filter({ hasText: NAME }).filter({ hasNotText: OTHER });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Sửa Tên ngành nghề/ }).click();
  const input = row.getByRole('textbox', { name: 'Tên ngành nghề' });
  await expect(input).toBeFocused();
  await input.fill(`${NAME} tab`);
  await page.keyboard.press('Tab');
  await expect(page.getByText('Đã cập nhật tên ngành nghề')).toBeVisible();
  await expect(row.getByRole('textbox', { name: 'Tên ngành nghề' })).toHaveCount(0);
  // The focus went on to the next control of the page, not back to the editor nor to <body>.
  expect((await focused(page)).body).toBe(false);
  const [saved] = await sql<{ name: string }>('select name from public.categories where name like $1 and name not like $2', [`%${tag}%`, '%khác%']);
  expect(saved!.name).toBe(`${NAME} tab`);
  await page.reload();
  await expect(tableRows(page, TABLE).filter({ hasText: `${NAME} tab` })).toHaveCount(1);

  // Two editors: opening the second saves the first, and only one input is ever open.
  const first = tableRows(page, TABLE).filter({ hasText: `${NAME} tab` });
  const second = tableRows(page, TABLE).filter({ hasText: OTHER });
  await first.getByRole('button', { name: /Sửa Tên ngành nghề/ }).click();
  await first.getByRole('textbox', { name: 'Tên ngành nghề' }).fill(`${NAME} một`);
  await second.getByRole('button', { name: /Sửa Tên ngành nghề/ }).click();
  // (A row being edited shows its name in the input, not as text: find the editor by its role.)
  const editor = page.getByRole('textbox', { name: 'Tên ngành nghề' });
  await expect(editor).toHaveCount(1);
  await expect(editor).toHaveValue(OTHER);
  await expect(editor).toBeFocused();
  await expect(tableRows(page, TABLE).filter({ hasText: `${NAME} một` })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('textbox', { name: 'Tên ngành nghề' })).toHaveCount(0);
  const names = await sql<{ name: string }>('select name from public.categories where name like $1', [`%${tag}%`]);
  expect(new Set(names.map((row) => row.name))).toEqual(new Set([OTHER, `${NAME} một`]));
});

test('an arrow key on a deposit status select opens no confirmation and writes nothing', async () => {
  // A deposit of this spec's own, shown alone: other spec files change deposits meanwhile.
  const [deposit] = await sql<{ id: string }>(
    `insert into public.deposit_history (provider_id, amount, status)
     select id, 1500000, 'pending' from public.profiles where role = 'provider' order by created_at limit 1 returning id`,
  );
  depositIds.push(deposit!.id);
  const read = () =>
    sql(
      `select status, amount::text, updated_at::text, (select count(*)::int from public.audit_log where row_id = d.id::text) as audited
         from public.deposit_history d where id = $1`,
      [deposit!.id],
    );
  const before = await read();
  await page.goto(`/admin/manage-deposit-history?q=${deposit!.id}`);
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
  const edit = page.getByRole('button', { name: /Sửa Trạng thái/i }).first();
  await edit.click();
  // The editor's select, in the table (the filter bar has a status select too).
  const select = page.getByRole('table').getByRole('combobox');
  await expect(select).toBeFocused();
  const initial = await select.inputValue();
  const last = await select.evaluate((element) => (element as HTMLSelectElement).selectedIndex === (element as HTMLSelectElement).options.length - 1);
  await page.keyboard.press(last ? 'ArrowUp' : 'ArrowDown');
  // The draft moved (Chromium changes a closed select's value on ArrowDown) but nothing asks or saves.
  await expect(select).not.toHaveValue(initial);
  await page.waitForTimeout(600);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('table').getByRole('combobox')).toHaveCount(0);
  await expect(edit).toBeFocused();
  expect(await read()).toEqual(before);
});

test('Tab out of the Bookings provider combobox goes to the next control, not to <body>', async () => {
  await page.goto('/admin/bookings');
  const combobox = page.getByRole('combobox', { name: 'Nhà cung cấp' });
  await combobox.click();
  await expect(page.getByRole('listbox', { name: 'Nhà cung cấp' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('listbox', { name: 'Nhà cung cấp' })).toHaveCount(0);
  const now = await focused(page);
  expect(now.body).toBe(false);
  await expect(combobox).not.toBeFocused();
});

test('Escape on the package dialog gives the focus back to its opener', async () => {
  await page.goto('/admin/manage-service-items');
  const opener = page.getByRole('button', { name: /^Sửa gói / }).first();
  await opener.click();
  await expect(page.getByRole('dialog', { name: 'Sửa gói dịch vụ' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('the account menu is a menu: arrow keys move through its items, Escape returns to its button', async () => {
  await page.goto('/admin');
  const button = page.getByRole('button', { name: /Tài khoản/ });
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveCount(3);
  await expect(menu.getByRole('menuitem', { name: 'Đổi mật khẩu' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Xác thực hai lớp' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Tài khoản/ })).toBeFocused();
});
