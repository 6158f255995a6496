// Commissions (/admin/manage-commissions): the four stat cards computed by the database for the
// current filters, filters (search, service, dates, clear) in the URL, decision-1 labels, booking
// links, server-side pagination, CSV export with BOM, axe. Filtered to this spec's own
// commissions, every figure is exact.
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations, signedInAdminEachTest } from '../helpers.ts';
import { closeDb, expectRange, insertAccounts, sql, unique } from '../admin-ops/ops-helpers.ts';
import { serviceRest } from './finance-helpers.ts';

interface CommissionRow {
  booking_id: string;
  service_price: number;
  platform_fee: number;
  provider_amount: number;
  subcategory_id: string;
}

function card(page: Page, label: string) {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: label, exact: true }) }).locator('p').first();
}

function vnd(amount: number): RegExp {
  return new RegExp(`^${amount.toLocaleString('vi-VN').replace(/\./g, '\\.')}\\s*₫$`);
}

const sum = (rows: CommissionRow[], key: 'service_price' | 'platform_fee' | 'provider_amount') =>
  rows.reduce((total, row) => total + row[key], 0);

const CARDS = { 'Tổng giá trị dịch vụ': 'service_price', 'Tổng thu nhập nền tảng': 'platform_fee', 'Tổng hoa hồng nhà cung cấp': 'provider_amount' } as const;

/** The three money cards' texts, in the order of CARDS. */
async function shownCards(page: Page): Promise<string[]> {
  const texts: string[] = [];
  for (const label of Object.keys(CARDS)) texts.push(((await card(page, label).allTextContents())[0] ?? '').replace(/\s/g, ' '));
  return texts;
}

/** The three money cards, exactly the sums of `rows` (this spec's own commissions). */
async function expectCardsOf(page: Page, rows: CommissionRow[]): Promise<void> {
  await expect.poll(() => shownCards(page)).toEqual(Object.values(CARDS).map((key) => `${sum(rows, key).toLocaleString('vi-VN')} ₫`));
}

/**
 * Unfiltered, the three money cards equal the sums of the whole commissions table. The other
 * worker completes bookings meanwhile, which the cards follow live, so the table is read again
 * until both agree.
 */
async function expectCardsMatchTable(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const all = await serviceRest<CommissionRow[]>('commissions?select=booking_id,service_price,platform_fee,provider_amount,subcategory_id');
      const differences: string[] = [];
      for (const [label, key] of Object.entries(CARDS)) {
        const shown = (await card(page, label).allTextContents())[0] ?? '';
        if (!vnd(sum(all, key)).test(shown)) differences.push(`${label}: "${shown}", expected ${sum(all, key)}`);
      }
      return differences.join('; ');
    })
    .toBe('');
}

/** The booking ids the table's rows link to, in their order. */
async function shownBookingIds(page: Page): Promise<string[]> {
  const hrefs = await page.locator('tbody tr a[href^="/admin/bookings/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace('/admin/bookings/', ''));
}

// This spec's own commissions: one provider (the tag in its name, which the search box finds) with
// 55 completed bookings, 40 of them in SERVICE_A: more than a page of 50, so pagination is always
// checked, and every total, card and CSV line is compared for equality (other specs complete
// bookings of their own meanwhile, never this provider's).
const tag = unique('hoahong');
const PROVIDER = `Thợ Hoa Hồng ${tag}`;
const SERVICE_A = '20000000-0000-4000-8000-000000000001';
let ours: CommissionRow[] = [];

test.beforeAll(async () => {
  const [providerId] = await insertAccounts({ names: [PROVIDER], emailPrefix: tag, role: 'provider', statuses: ['active'] });
  const [other] = await sql<{ id: string }>('select id from public.subcategories where id <> $1 order by sort_order limit 1', [SERVICE_A]);
  const [customer] = await sql<{ id: string; name: string }>("select id, name from public.profiles where role = 'customer' order by created_at limit 1");
  await sql(
    `insert into public.bookings (customer_id, customer_name, provider_id, subcategory_id, service_name, service_item_name,
                                  status, original_price, final_price, created_at)
     select $1, $2, $3, case when i <= 40 then $4::uuid else $5::uuid end, 'Dịch vụ hoa hồng', 'Gói ' || i,
            'completed', 100000 + i * 1000, 100000 + i * 1000, now() - make_interval(hours => i)
       from generate_series(1, 55) i`,
    [customer!.id, customer!.name, providerId, SERVICE_A, other!.id],
  );
  ours = await sql<CommissionRow>(
    'select booking_id::text, service_price::int, platform_fee::int, provider_amount::int, subcategory_id::text from public.commissions where provider_id = $1',
    [providerId],
  );
  expect(ours).toHaveLength(55);
});

test.afterAll(closeDb);

test.describe('commissions', () => {
  test.describe.configure({ timeout: 90_000 });

  signedInAdminEachTest();

  test('stat cards match the database, also when filtered by service', async ({ page }) => {
    await page.goto(`/admin/manage-commissions?q=${encodeURIComponent(tag)}`);
    await expect(page.getByRole('heading', { name: 'Quản lý hoa hồng' })).toBeVisible();
    await expectRange(page, 1, 50, 55);
    await expectCardsOf(page, ours);
    await expect(card(page, 'Tỷ lệ hoa hồng trung bình')).toHaveText(/%$/);
    await expect(page.getByRole('columnheader', { name: 'Thu nhập nền tảng' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Hoa hồng nhà cung cấp' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Dịch vụ', { exact: true }).selectOption(SERVICE_A);
    await expect(page).toHaveURL(new RegExp(`service=${SERVICE_A}`));
    await expectRange(page, 1, 40, 40);
    const inService = ours.filter((row) => row.subcategory_id === SERVICE_A);
    await expectCardsOf(page, inService);
    expect((await shownBookingIds(page)).sort()).toEqual(inService.map((row) => row.booking_id).sort());

    const first = page.getByRole('row').nth(1).getByRole('link');
    await expect(first).toHaveAttribute('href', /^\/admin\/bookings\/[0-9a-f-]{36}$/);

    await page.getByRole('button', { name: 'Xóa bộ lọc' }).click();
    await expect(page).not.toHaveURL(/service=/);
    await expect(page).not.toHaveURL(/q=/);
    await expectCardsMatchTable(page);
  });

  test('date filter, no results, pagination and CSV export', async ({ page }) => {
    await page.goto('/admin/manage-commissions?from=2000-01-01&to=2000-01-31');
    await expect(page.getByText('Không có hoa hồng phù hợp với bộ lọc')).toBeVisible();
    await expect(card(page, 'Tổng thu nhập nền tảng')).toHaveText(vnd(0));

    // Two pages of this spec's 55 commissions: 50 and 5 rows, together every one of them once.
    await page.goto(`/admin/manage-commissions?q=${encodeURIComponent(tag)}`);
    await expectRange(page, 1, 50, 55);
    await expect(page.locator('tbody tr')).toHaveCount(50);
    const firstPage = await shownBookingIds(page);
    await page.getByRole('button', { name: 'Trang sau' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expectRange(page, 51, 55, 55);
    await expect(page.locator('tbody tr')).toHaveCount(5);
    const secondPage = await shownBookingIds(page);
    expect([...firstPage, ...secondPage].sort()).toEqual(ours.map((row) => row.booking_id).sort());

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất CSV' }).click();
    const download = await downloadPromise;
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte order mark
    const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Mã đơn,Nhà cung cấp,Dịch vụ,Giá dịch vụ,Tỷ lệ nền tảng (%),Hoa hồng nhà cung cấp,Thu nhập nền tảng,Ngày tạo,Ngày hoàn thành',
    );
    // Every row of the filter, not only the page on screen: exactly this spec's 55.
    expect(lines.slice(1).map((line) => line.split(',')[0]).sort()).toEqual(ours.map((row) => row.booking_id).sort());
    for (const line of lines.slice(1)) expect(line.split(',')[1]).toBe(PROVIDER);
  });
});
