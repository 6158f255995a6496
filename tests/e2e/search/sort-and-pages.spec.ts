// Sorting and deep pages of the admin lists (docs/screens.md#sorting-lists, docs/screens.md#pages):
// a header click sorts ascending, then descending, then back to the default order, with aria-sort
// on the header and the sort in the URL (a reload keeps it); a `?page=` link opens that page, also
// beyond the numbered window, where "next" follows the page's cursor.
import { expect, test, type Page } from '@playwright/test';
import { shareAdminPage, sql, tableRows, viCount } from '../admin-ops/ops-helpers.ts';

let page: Page;

shareAdminPage((opened) => {
  page = opened;
});

function header(name: string) {
  return page.getByRole('columnheader', { name, exact: true });
}

/**
 * Row `index` of the table shows what `expected()` reads from the database. Both are read again
 * until they agree: the other worker's inserts change both (the list follows them live).
 */
async function expectRow(table: string, index: number, expected: () => Promise<string>): Promise<void> {
  await expect
    .poll(async () => {
      const want = await expected();
      const shown = (await tableRows(page, table).allTextContents())[index] ?? '';
      return shown.includes(want) ? 'agree' : `row ${index + 1} "${shown}" lacks "${want}"`;
    })
    .toBe('agree');
}

test('customers: name ascending, descending, then the default order; kept across a reload', async () => {
  const table = 'Quản lý khách hàng';
  await page.goto('/admin/customers');
  await expect(header('Ngày tạo')).toHaveAttribute('aria-sort', 'descending');
  const byName = async (direction: 'asc' | 'desc') =>
    (
      await sql<{ name: string }>(
        `select name from public.profiles where role = 'customer' order by name collate private.vi ${direction}, id ${direction} limit 3`,
      )
    ).map((row) => row.name);

  await page.getByRole('button', { name: 'Tên', exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=name\.asc/);
  await expect(header('Tên')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header('Ngày tạo')).not.toHaveAttribute('aria-sort', /.+/);
  await expectRow(table, 0, async () => (await byName('asc'))[0]!);
  await expectRow(table, 2, async () => (await byName('asc'))[2]!);

  await page.reload();
  await expect(header('Tên')).toHaveAttribute('aria-sort', 'ascending');
  await expectRow(table, 0, async () => (await byName('asc'))[0]!);

  await page.getByRole('button', { name: 'Tên', exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=name\.desc/);
  await expect(header('Tên')).toHaveAttribute('aria-sort', 'descending');
  await expectRow(table, 0, async () => (await byName('desc'))[0]!);

  await page.getByRole('button', { name: 'Tên', exact: true }).click();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(header('Ngày tạo')).toHaveAttribute('aria-sort', 'descending');
});

test('bookings: price ascending survives a reload; the CSV follows the shown order', async () => {
  const table = 'Quản lý đơn đặt lịch';
  await page.goto('/admin/bookings');
  await page.getByRole('button', { name: 'Giá cuối' }).click();
  await expect(header('Giá cuối')).toHaveAttribute('aria-sort', 'ascending');
  const cheapest = async () => {
    const [row] = await sql<{ id: string }>('select id from public.bookings order by final_price, id limit 1');
    return `#${row!.id.slice(-8).toUpperCase()}`;
  };
  await expectRow(table, 0, cheapest);
  await page.reload();
  await expect(header('Giá cuối')).toHaveAttribute('aria-sort', 'ascending');
  await expectRow(table, 0, cheapest);
});

test('a deep ?page= link opens that page; past the window "next" follows the cursor, which a reload keeps', async () => {
  test.setTimeout(60_000);
  // 4,000 bookings of our own, dearer than any other, so that they are the first rows of the
  // descending price order whatever the other specs insert meanwhile, and page 42 of that order
  // lies beyond the 2,000-row window from both ends.
  const [sub] = await sql<{ id: string }>('select id from public.subcategories order by sort_order limit 1');
  await sql(
    `insert into public.bookings (customer_name, subcategory_id, service_name, service_item_name, status, original_price, final_price, created_at)
     select 'Khách trang sâu ' || i, $1, 'Dọn dẹp nhà cửa', 'Gói 2 giờ', 'pending', 50000000 + i * 10, 50000000 + i * 10,
            now() - make_interval(days => 1 + i % 300)
       from generate_series(1, 4000) i`,
    [sub!.id],
  );
  const table = 'Quản lý đơn đặt lịch';
  const shortId = (id: string) => `#${id.slice(-8).toUpperCase()}`;

  // The default order serves every page number (the daily rollup locates it).
  await page.goto('/admin/bookings?page=80');
  await expect(page.getByText(new RegExp(`^Hiển thị ${viCount(3951)}–${viCount(4000)} trên `))).toBeVisible();
  await expect(tableRows(page, table)).toHaveCount(50);

  // Page 41 of the price order is the deepest numbered one; "next" follows its last row's cursor.
  await page.goto('/admin/bookings?sort=final_price.desc&page=41');
  await expect(header('Giá cuối')).toHaveAttribute('aria-sort', 'descending');
  const [row2001, row2051] = await sql<{ id: string }>(
    "select id from public.bookings where customer_name like 'Khách trang sâu %' order by final_price desc, id desc offset 2000 limit 51",
  ).then((rows) => [rows[0]!, rows[50]!]);
  await expect(tableRows(page, table).first()).toContainText(shortId(row2001!.id));
  await page.getByRole('button', { name: 'Trang sau' }).click();
  await expect(page).toHaveURL(/[?&]page=42/);
  await expect(page).toHaveURL(/[?&]after=/);
  await expect(tableRows(page, table).first()).toContainText(shortId(row2051!.id));
  await page.reload();
  await expect(tableRows(page, table).first()).toContainText(shortId(row2051!.id));
  await expect(page.getByText(new RegExp(`^Hiển thị ${viCount(2051)}–${viCount(2100)} trên `))).toBeVisible();

  // The last page of that order opens by its number (read from the end of the list).
  const [{ n }] = (await sql<{ n: number }>('select count(*)::int as n from public.bookings')) as [{ n: number }];
  await page.goto(`/admin/bookings?sort=final_price.desc&page=${Math.ceil(n / 50)}`);
  await expect(tableRows(page, table).first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('at 1440 px the finance tables show their last column without scrolling; commissions show the short booking link', async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const [path, caption, last] of [
    ['/admin/manage-commissions', 'Quản lý hoa hồng', 'Ngày hoàn thành'],
    ['/admin/manage-deposit-history', 'Lịch sử ký quỹ', 'Thời gian'],
  ] as const) {
    await page.goto(path);
    const table = page.getByRole('table', { name: caption });
    await expect(tableRows(page, caption).first()).toBeVisible();
    const fits = await table.evaluate((element) => {
      const scroller = element.parentElement as HTMLElement;
      return scroller.scrollWidth <= scroller.clientWidth + 1;
    });
    expect(fits, `${caption}: the table is wider than its box`).toBe(true);
    await expect(page.getByRole('columnheader', { name: last })).toBeInViewport();
  }
  await page.goto('/admin/manage-commissions');
  await expect(tableRows(page, 'Quản lý hoa hồng').first().locator('td').nth(1)).toHaveText(/^#[0-9A-F]{8}$/);
  await page.setViewportSize({ width: 1280, height: 900 });
});
