// Dashboard (/admin): every card from the one RPC matches the database, both charts draw 30 days,
// the 10 most recent bookings link to their detail, the error state retries, no serious axe issue.
import { expect, test, type Page } from '@playwright/test';
import { formatNumber, formatVnd } from '../../../src/lib/format/format.ts';
import { expectNoSeriousA11yViolations } from '../helpers.ts';
import { shareAdminPage, sql, tableRows } from './ops-helpers.ts';

let page: Page;

shareAdminPage((opened) => {
  page = opened;
});

/**
 * Every card's figure against the base tables (not the roll-ups the dashboard reads), formatted as
 * the screen formats: [where, text expected in it]. Read in one statement, so the figures agree.
 */
async function expectedFigures(): Promise<[string, string][]> {
  const [f] = await sql<{
    total: number; customers: number; providers: number; revenue: string; platform: string; provider: string;
    completed: string; pending: string; items: number; bookings: number; statuses: Record<string, number> | null;
  }>(
    `select (select count(*) from public.profiles)::int as total,
            (select count(*) from public.profiles where role = 'customer')::int as customers,
            (select count(*) from public.profiles where role = 'provider')::int as providers,
            (select coalesce(sum(final_price), 0) from public.bookings where status = 'completed')::text as revenue,
            (select coalesce(sum(platform_fee), 0) from public.commissions)::text as platform,
            (select coalesce(sum(provider_amount), 0) from public.commissions)::text as provider,
            (select coalesce(sum(amount), 0) from public.deposit_history where status = 'completed')::text as completed,
            (select coalesce(sum(amount), 0) from public.deposit_history where status = 'pending')::text as pending,
            (select count(*) from public.service_items)::int as items,
            (select count(*) from public.bookings)::int as bookings,
            (select jsonb_object_agg(status, n) from (select status, count(*)::int as n from public.bookings group by status) s) as statuses`,
  );
  return [
    ['Tổng người dùng', formatNumber(f!.total)],
    ['Tổng người dùng', `${formatNumber(f!.customers)} khách hàng · ${formatNumber(f!.providers)} nhà cung cấp`],
    ['Doanh thu', formatVnd(f!.revenue)],
    ['Thu nhập nền tảng', formatVnd(f!.platform)],
    ['Hoa hồng nhà cung cấp', formatVnd(f!.provider)],
    ['Tổng tiền đặt cọc', formatVnd(Number(f!.completed) + Number(f!.pending))],
    ['Tổng tiền đặt cọc', `Đã hoàn thành ${formatVnd(f!.completed)} · Đang chờ ${formatVnd(f!.pending)}`],
    ['Gói dịch vụ', formatNumber(f!.items)],
    ['bookings', `Tổng booking: ${formatNumber(f!.bookings)}`],
    ...Object.entries(f!.statuses ?? {}).map(([status, n]): [string, string] => [`bookings-${status}`, formatNumber(n)]),
  ];
}

test('cards show the figures of the database', async () => {
  const started = Date.now();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Tổng quan' })).toBeVisible();
  await expect(page.getByText('Tổng người dùng')).toBeVisible();
  test.info().annotations.push({ type: 'dashboard after a full page load (ms)', description: String(Date.now() - started) });

  // Other specs add rows meanwhile and the dashboard follows them live: the figures are read again
  // until screen and database agree.
  const shown = async (where: string): Promise<string> => {
    if (where.startsWith('bookings-')) return (await page.getByTestId(where).allTextContents())[0] ?? '';
    if (where === 'bookings') return (await page.getByRole('heading', { name: /^Tổng booking: / }).allTextContents())[0] ?? '';
    return (await page.locator('section', { has: page.getByRole('heading', { name: where, exact: true }) }).allTextContents())[0] ?? '';
  };
  await expect
    .poll(
      async () => {
        const differences: string[] = [];
        for (const [where, text] of await expectedFigures()) {
          const on = await shown(where);
          const agrees = where.startsWith('bookings-') ? on.trim() === text : on.includes(text);
          if (!agrees) differences.push(`${where}: "${on}" lacks "${text}"`);
        }
        return differences.join('; ');
      },
      { timeout: 15_000 },
    )
    .toBe('');
});

test('both charts draw the last 30 days, with a table view', async () => {
  const bookingsChart = page.getByRole('img', { name: 'Booking mỗi ngày (30 ngày qua)' });
  await expect(bookingsChart).toBeVisible();
  await expect(bookingsChart.getByTestId('bookings-bar')).toHaveCount(30);
  const revenueChart = page.getByRole('img', { name: 'Doanh thu mỗi ngày (30 ngày qua)' });
  await expect(revenueChart).toBeVisible();
  await expect(revenueChart.getByTestId('revenue-bar')).toHaveCount(30);
  for (const status of ['Hoàn thành', 'Đã xác nhận', 'Chờ hoàn thành', 'Chờ xác nhận', 'Đã hủy']) {
    await expect(page.getByRole('list', { name: 'Chú thích' }).getByText(status, { exact: true })).toBeVisible();
  }
  await page.getByText('Xem dạng bảng').first().click();
  await expect(page.getByRole('table', { name: 'Booking mỗi ngày (30 ngày qua)' }).locator('tbody tr')).toHaveCount(30);
});

test('the 10 most recent bookings link to their detail', async () => {
  const rows = tableRows(page, '10 booking gần nhất');
  await expect(rows).toHaveCount(10);
  // The first row is the newest booking; the other worker's inserts move both (the card follows
  // them live), so both are read again until they agree.
  await expect
    .poll(async () => {
      const [newest] = await sql<{ id: string }>('select id from public.bookings order by created_at desc, id desc limit 1');
      return ((await rows.allTextContents())[0] ?? '').includes(`#${newest!.id.slice(-8).toUpperCase()}`);
    })
    .toBe(true);
  const link = rows.first().getByRole('link');
  const href = (await link.getAttribute('href')) ?? '';
  const id = /\/admin\/bookings\/([0-9a-f-]{36})$/.exec(href)?.[1] ?? '';
  expect(await link.textContent()).toBe(`#${id.slice(-8).toUpperCase()}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Đơn đặt lịch #${id.slice(-8).toUpperCase()}` })).toBeVisible();
});

test('a load error shows the message and "Thử lại" reloads', async () => {
  await page.route('**/rest/v1/rpc/admin_dashboard', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: '42501', message: 'permission denied', details: null, hint: null }) }),
  );
  await page.goto('/admin');
  const alert = page.getByRole('alert').filter({ hasText: 'Không thể tải số liệu tổng quan' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Không có quyền truy cập dữ liệu');
  await page.unroute('**/rest/v1/rpc/admin_dashboard');
  await alert.getByRole('button', { name: 'Thử lại' }).click();
  await expect(page.getByText('Tổng người dùng')).toBeVisible();
  await expect(alert).toBeHidden();
});

test('no serious or critical accessibility violation', async () => {
  await page.goto('/admin');
  await expect(page.getByRole('img', { name: 'Booking mỗi ngày (30 ngày qua)' })).toBeVisible();
  await expect(tableRows(page, '10 booking gần nhất')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page);
});
