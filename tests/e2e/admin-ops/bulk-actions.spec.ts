// Bulk actions (docs/screens.md#bulk-actions): rows selected with checkboxes, one call for the
// batch, all or nothing. A bulk ban of three providers, one of them banned by another admin after
// the selection, is refused as a whole and names that provider; nothing changes. A bulk hide of
// reviews is undone from the toast. A bulk status change of bookings shows the summed money preview
// before anything is written, then moves exactly that money. Every record is the spec's own.
import { expect, test, type Page } from '@playwright/test';
import { formatVnd } from '../../../src/lib/format/format.ts';
import { DEMO_ACCOUNTS } from '../helpers.ts';
import { insertAccounts, shareAdminPage, sql, tableRows, unique } from './ops-helpers.ts';

const tag = unique('bulk');
const PROVIDERS = ['Một', 'Hai', 'Ba'].map((word) => `Thợ Hàng Loạt ${tag} ${word}`);
let page: Page;
let providerIds: string[];

shareAdminPage(async (opened) => {
  page = opened;
  providerIds = await insertAccounts({ names: PROVIDERS, emailPrefix: tag, role: 'provider', statuses: ['active', 'active', 'active'] });
});

async function statuses(table: string, ids: string[]): Promise<string[]> {
  const rows = await sql<{ id: string; status: string }>(`select id, status from public.${table} where id = any ($1::uuid[])`, [ids]);
  return ids.map((id) => rows.find((row) => row.id === id)?.status ?? 'missing');
}

test('a bulk ban with one provider banned meanwhile by another admin is refused as a whole', async () => {
  await page.goto(`/admin/providers?q=${encodeURIComponent(tag)}`);
  const rows = tableRows(page, 'Quản lý nhà cung cấp');
  await expect(rows).toHaveCount(3);
  const selectPage = page.getByRole('checkbox', { name: 'Chọn tất cả các dòng trên trang này' });
  // Keyboard: the header checkbox is reached and toggled like any checkbox.
  await selectPage.focus();
  await page.keyboard.press('Space');
  const bar = page.getByRole('region', { name: 'Thao tác hàng loạt' });
  await expect(bar.getByText('Đã chọn 3')).toBeVisible();

  // Another admin bans the third provider now (straight in the database).
  await sql(`update public.profiles set status = 'banned' where id = $1`, [providerIds[2]]);

  await bar.getByRole('button', { name: 'Cấm' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Cấm 3 nhà cung cấp?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cấm' }).click();
  await expect(
    page.getByText(
      `Không dòng nào được cập nhật: 1 trong 3 dòng đã bị người khác thay đổi hoặc không còn phù hợp (${PROVIDERS[2]}). Danh sách đã được tải lại.`,
    ),
  ).toBeVisible();
  expect(await statuses('profiles', providerIds)).toEqual(['active', 'active', 'banned']);
  const banned = await sql<{ n: number }>('select count(*)::int as n from auth.users where id = any ($1::uuid[]) and banned_until is not null', [
    providerIds.slice(0, 2),
  ]);
  expect(banned[0]!.n).toBe(0);
  // The list reloaded: the third provider shows its ban.
  await expect(rows.filter({ hasText: PROVIDERS[2]! })).toContainText('Bị cấm');
});

test('a bulk hide of reviews, then "Hoàn tác" shows them again', async () => {
  const [customer] = await sql<{ id: string; name: string }>("select id, name from public.profiles where role = 'customer' order by created_at limit 1");
  const [sub] = await sql<{ id: string }>('select id from public.subcategories order by sort_order limit 1');
  const bookings = await sql<{ id: string }>(
    `insert into public.bookings (customer_id, customer_name, provider_id, subcategory_id, service_name, status, original_price, final_price)
     select $1, $2, $3, $4, 'Dọn dẹp nhà cửa', 'completed', 100000, 100000 from generate_series(1, 2) returning id`,
    [customer!.id, customer!.name, providerIds[0], sub!.id],
  );
  const reviews = await sql<{ id: string }>(
    `insert into public.reviews (booking_id, provider_id, customer_id, customer_name, rating, comment, status)
     select b, $2, $3, 'Khách ' || $4, 4, 'Nhận xét ' || $4 || ' số ' || n, 'active' from unnest($1::uuid[]) with ordinality as t(b, n)
     returning id`,
    [bookings.map((row) => row.id), providerIds[0], customer!.id, tag],
  );
  const ids = reviews.map((row) => row.id);

  await page.goto(`/admin/manage-reviews?q=${encodeURIComponent(tag)}`);
  await expect(tableRows(page, 'Quản lý đánh giá')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Chọn tất cả các dòng trên trang này' }).check();
  const bar = page.getByRole('region', { name: 'Thao tác hàng loạt' });
  await expect(bar.getByText('Đã chọn 2')).toBeVisible();
  await bar.getByRole('button', { name: 'Ẩn', exact: true }).click();

  const toast = page.getByRole('status').filter({ hasText: 'Đã ẩn 2 đánh giá' });
  await expect(toast).toBeVisible();
  await expect.poll(() => statuses('reviews', ids)).toEqual(['inactive', 'inactive']);
  await expect(bar).toBeHidden();
  await toast.getByRole('button', { name: 'Hoàn tác' }).click();
  await expect(page.getByText('Đã hoàn tác thay đổi của 2 dòng')).toBeVisible();
  expect(await statuses('reviews', ids)).toEqual(['active', 'active']);
  const audit = await sql<{ n: number }>(
    `select count(*)::int as n from public.audit_log
      where table_name = 'reviews' and row_id = any ($1::text[]) and action = 'update' and changes ? 'status' and actor_email = $2`,
    [ids, DEMO_ACCOUNTS.admin.email],
  );
  // One audit entry per review and change (the hide, the undo), naming the admin.
  expect(audit[0]!.n).toBe(4);
});

test('a bulk status change of bookings shows the summed money preview, then moves that money', async () => {
  const provider = providerIds[0]!;
  const [customer] = await sql<{ id: string; name: string }>("select id, name from public.profiles where role = 'customer' order by created_at limit 1");
  const [sub] = await sql<{ id: string; rate: string }>(
    `select s.id, coalesce(s.commission_rate, st.commission_rate, 10)::text as rate
       from public.subcategories s cross join public.settings st where st.id = 'app' order by s.sort_order limit 1`,
  );
  const rate = Number(sub!.rate);
  const prices = [200_000, 300_000];
  await sql(
    `insert into public.bookings (customer_id, customer_name, provider_id, subcategory_id, service_name, status, original_price, final_price)
     select $1, $2, $3, $4, 'Dọn dẹp ' || $5, 'confirmed', p, p from unnest($6::bigint[]) as t(p)`,
    [customer!.id, customer!.name, provider, sub!.id, tag, prices],
  );
  const [before] = await sql<{ earnings: string }>('select total_earnings::text as earnings from public.profiles where id = $1', [provider]);
  const fees = prices.map((price) => Math.round((price * Math.round(rate * 100)) / 10_000));
  const totalFee = fees[0]! + fees[1]!;
  const earningsBefore = Number(before!.earnings);
  const earningsAfter = earningsBefore + prices[0]! + prices[1]! - totalFee;

  await page.goto(`/admin/bookings?provider=${provider}&status=confirmed`);
  await expect(tableRows(page, 'Quản lý đơn đặt lịch')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Chọn tất cả các dòng trên trang này' }).check();
  const bar = page.getByRole('region', { name: 'Thao tác hàng loạt' });
  await expect(bar.getByText('Đã chọn 2')).toBeVisible();
  await bar.getByLabel('Đổi trạng thái thành').selectOption('completed');
  await bar.getByRole('button', { name: 'Đổi trạng thái' }).click();

  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Đổi 2 đơn sang “Hoàn thành”?')).toBeVisible();
  await expect(dialog.getByTestId('bulk-status-effect')).toHaveText([
    '2 đơn đang “Đã xác nhận”',
    `Tạo 2 hoa hồng, tổng phí nền tảng ${formatVnd(totalFee)} (trên tổng giá dịch vụ ${formatVnd(500_000)})`,
    `Thu nhập của ${PROVIDERS[0]}: ${formatVnd(earningsBefore)} → ${formatVnd(earningsAfter)}`,
  ]);
  // Nothing is written before the confirmation.
  const unchanged = await sql<{ n: number }>(
    "select count(*)::int as n from public.bookings where provider_id = $1 and service_name = 'Dọn dẹp ' || $2 and status = 'confirmed'",
    [provider, tag],
  );
  expect(unchanged[0]!.n).toBe(2);

  await dialog.getByRole('button', { name: 'Xác nhận đổi trạng thái' }).click();
  await expect(page.getByText('Đã đổi 2 đơn sang “Hoàn thành”')).toBeVisible();
  const [after] = await sql<{ earnings: string; fees: string; n: number }>(
    `select p.total_earnings::text as earnings,
            (select coalesce(sum(c.platform_fee), 0)::text from public.commissions c join public.bookings b on b.id = c.booking_id
              where b.provider_id = $1 and b.service_name = 'Dọn dẹp ' || $2) as fees,
            (select count(*)::int from public.bookings b where b.provider_id = $1 and b.service_name = 'Dọn dẹp ' || $2 and b.status = 'completed') as n
       from public.profiles p where p.id = $1`,
    [provider, tag],
  );
  expect(after).toEqual({ earnings: String(earningsAfter), fees: String(totalFee), n: 2 });
});
