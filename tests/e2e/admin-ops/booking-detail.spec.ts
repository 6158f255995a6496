// Booking detail (/admin/bookings/:id): every block of the spec, the status dropdown saving with a
// new update time (also shown in the list and in the change history), a refused save and another
// admin's concurrent change reported in Vietnamese, not-found and load errors, back, axe.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../helpers.ts';
import { sectionCard, shareAdminPage, sql, tableRows, unique } from './ops-helpers.ts';

const tag = unique('detail');
const PACKAGE = `Gói chi tiết ${tag}`;
let page: Page;
let bookingId: string;
let bareId: string;
let shortId: string;
let providers: { id: string; name: string }[];
let customer: { id: string; name: string; email: string };

shareAdminPage(async (opened) => {
  page = opened;
  providers = await sql<{ id: string; name: string }>(
    "select id, name from public.profiles where role = 'provider' order by created_at limit 2",
  );
  [customer] = (await sql<{ id: string; name: string; email: string }>(
    "select id, name, email from public.profiles where role = 'customer' order by created_at limit 1",
  )) as [{ id: string; name: string; email: string }];
  const [sub] = await sql<{ id: string }>('select id from public.subcategories order by sort_order limit 1');
  const [row] = await sql<{ id: string }>(
    `insert into public.bookings (customer_id, customer_name, customer_email, customer_phone, provider_id, provider_queue,
        subcategory_id, service_name, category_name, service_item_name, service_item_description, service_item_job_details,
        service_item_duration, service_item_price, status, scheduled_at, address, note, payment_method, original_price,
        final_price, discount_code, discount_type, discount_value, discount_amount)
     values ($1, $2, $3, '0912 345 678', $4, array[$5::uuid, $4::uuid], $6, 'Dọn dẹp nhà cửa', 'Lao động phổ thông', $7,
        'Dọn dẹp toàn bộ căn hộ', 'Lau sàn, lau kính, hút bụi', '3 giờ', 300000, 'pending', now() + interval '2 days',
        '12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh', 'Gọi trước 30 phút', 'bank_transfer', 300000, 270000, 'GIAM10',
        'percentage', 10, 30000)
     returning id`,
    [customer.id, customer.name, customer.email, providers[1]!.id, providers[0]!.id, sub!.id, PACKAGE],
  );
  bookingId = row!.id;
  shortId = bookingId.slice(-8).toUpperCase();
  await sql(
    `insert into public.reviews (booking_id, provider_id, customer_id, customer_name, rating, comment)
     values ($1, $2, $3, $4, 4, 'Làm việc cẩn thận, đúng giờ')`,
    [bookingId, providers[1]!.id, customer.id, customer.name],
  );
  await sql('insert into public.conversations (booking_id, provider_id, customer_id) values ($1, $2, $3)', [bookingId, providers[1]!.id, customer.id]);
  const [bare] = await sql<{ id: string }>(
    `insert into public.bookings (customer_name, subcategory_id, service_name, service_item_name, original_price, final_price)
     values ('Khách không tài khoản', $1, 'Dọn dẹp nhà cửa', $2, 100000, 100000) returning id`,
    [sub!.id, `${PACKAGE} trống`],
  );
  bareId = bare!.id;
});

const card = (title: string) => sectionCard(page, title);

test('every block of the booking is shown', async () => {
  await page.goto(`/admin/bookings/${bookingId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Đơn đặt lịch #${shortId}` })).toBeVisible();
  await expect(page.getByLabel('Đổi trạng thái booking')).toHaveValue('pending');

  await expect(card('Thời gian')).toContainText('Tạo lúc');
  await expect(card('Thời gian')).toContainText('Cập nhật lần cuối');
  await expect(card('Thời gian')).toContainText('Thời gian thực hiện');
  await expect(card('Thời gian')).toContainText('Chưa báo hoàn thành');

  await expect(card('Khách hàng')).toContainText(customer.name);
  await expect(card('Khách hàng')).toContainText(customer.email);
  await expect(card('Khách hàng')).toContainText('0912 345 678');
  await expect(card('Nhà cung cấp')).toContainText(providers[1]!.name);

  const service = card('Dịch vụ');
  for (const text of [PACKAGE, 'Lao động phổ thông', 'Dọn dẹp toàn bộ căn hộ', 'Lau sàn, lau kính, hút bụi', '3 giờ', 'Chuyển khoản']) {
    await expect(service).toContainText(text);
  }
  const price = card('Giá');
  await expect(price).toContainText('GIAM10');
  await expect(price).toContainText('Phần trăm');
  await expect(price).toContainText('10%');
  await expect(price).toContainText(`−${(30000).toLocaleString('vi-VN')}`);
  await expect(price).toContainText((270000).toLocaleString('vi-VN'));

  await expect(card('Địa chỉ và ghi chú')).toContainText('12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh');
  await expect(card('Địa chỉ và ghi chú')).toContainText('Gọi trước 30 phút');

  const queue = card('Hàng chờ nhà cung cấp').getByRole('listitem');
  await expect(queue).toHaveCount(2);
  await expect(queue.nth(0)).toContainText(providers[0]!.name);
  await expect(queue.nth(1)).toContainText(providers[1]!.name);
  await expect(queue.nth(1)).toContainText('Đang nhận');

  const review = card('Đánh giá của khách hàng');
  await expect(review.getByRole('img', { name: '4 trên 5 sao' })).toBeVisible();
  await expect(review).toContainText('Làm việc cẩn thận, đúng giờ');

  await expect(page.getByRole('link', { name: 'Xem cuộc trò chuyện' })).toHaveAttribute('href', `/admin/messages/${bookingId}`);
  await expect(card('Lịch sử thay đổi')).toContainText('Tạo booking');
});

test('changing the status saves it with a new update time, in the list and the history', async () => {
  const [before] = await sql<{ updated_at: Date }>('select updated_at from public.bookings where id = $1', [bookingId]);
  await page.getByLabel('Đổi trạng thái booking').selectOption('confirmed');
  await expect(page.getByText('Đã cập nhật trạng thái booking')).toBeVisible();
  const [after] = await sql<{ status: string; updated_at: Date }>('select status, updated_at from public.bookings where id = $1', [bookingId]);
  expect(after!.status).toBe('confirmed');
  expect(after!.updated_at.getTime()).toBeGreaterThan(before!.updated_at.getTime());

  const history = page.getByTestId('booking-history');
  await expect(history.getByRole('listitem').filter({ hasText: 'Trạng thái:' }).first()).toContainText('Chờ xác nhận');
  await expect(history.getByRole('listitem').filter({ hasText: 'Trạng thái:' }).first()).toContainText('Đã xác nhận');
  await expect(history).toContainText('admin@sandichvu.vn');

  await page.reload();
  await expect(page.getByLabel('Đổi trạng thái booking')).toHaveValue('confirmed');

  await page.goto(`/admin/bookings?status=confirmed&pkg=${encodeURIComponent(PACKAGE)}`);
  const rows = tableRows(page, 'Quản lý đơn đặt lịch');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`#${shortId}`);
  await expect(rows.first()).toContainText('Đã xác nhận');
  await rows.first().getByRole('link', { name: `#${shortId}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Đơn đặt lịch #${shortId}` })).toBeVisible();
});

test("another admin's change is not overwritten: the screen reloads and says so", async () => {
  await page.goto(`/admin/bookings/${bookingId}`);
  await expect(page.getByLabel('Đổi trạng thái booking')).toHaveValue('confirmed');
  // Meanwhile someone else edits the booking.
  await sql("update public.bookings set note = 'Ghi chú do quản trị viên khác sửa' where id = $1", [bookingId]);
  await page.getByLabel('Đổi trạng thái booking').selectOption('cancelled');
  await expect(page.getByText('Booking vừa được người khác cập nhật', { exact: false }).first()).toBeVisible();
  await expect(card('Địa chỉ và ghi chú')).toContainText('Ghi chú do quản trị viên khác sửa');
  await expect(page.getByLabel('Đổi trạng thái booking')).toHaveValue('confirmed');
  const [row] = await sql<{ status: string }>('select status from public.bookings where id = $1', [bookingId]);
  expect(row!.status).toBe('confirmed');
});

test('a refused save tells the admin and keeps the old status', async () => {
  await page.route('**/rest/v1/bookings?*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    return route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: '42501', message: 'permission denied for table bookings', details: null, hint: null }) });
  });
  await page.getByLabel('Đổi trạng thái booking').selectOption('completed');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Xác nhận đổi trạng thái' }).click();
  await expect(page.getByText('Cập nhật trạng thái thất bại: Không có quyền cập nhật dữ liệu', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Đổi trạng thái booking')).toHaveValue('confirmed');
  await page.unroute('**/rest/v1/bookings?*');
});

test('a booking without provider, review or queue says so', async () => {
  await page.goto(`/admin/bookings/${bareId}`);
  await expect(card('Nhà cung cấp')).toContainText('Chưa có nhà cung cấp');
  await expect(card('Đánh giá của khách hàng')).toContainText('Khách hàng chưa đánh giá booking này');
  await expect(card('Hàng chờ nhà cung cấp')).toContainText('Không có nhà cung cấp nào trong hàng chờ');
  await expect(card('Giá')).toContainText('Không áp dụng mã giảm giá');
  // No conversation: no link to one.
  await expect(page.getByRole('link', { name: 'Xem cuộc trò chuyện' })).toHaveCount(0);
});

test('not found, load error with retry, and back', async () => {
  await page.goto('/admin/bookings/00000000-0000-4000-a000-00000000dead');
  await expect(page.getByText('Không tìm thấy booking')).toBeVisible();
  await page.goto('/admin/bookings/khong-phai-ma');
  await expect(page.getByText('Không tìm thấy booking')).toBeVisible();

  // Reads of the booking fail while `failing` holds.
  let failing = true;
  await page.route('**/rest/v1/bookings?*', (route) => {
    if (!failing) return route.continue();
    return route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: '42501', message: 'permission denied', details: null, hint: null }) });
  });
  await page.goto(`/admin/bookings/${bookingId}`);
  const alert = page.getByRole('alert').filter({ hasText: 'Không thể tải thông tin booking' });
  const retry = alert.getByRole('button', { name: 'Thử lại' });
  await expect(alert).toBeVisible();
  // "Thử lại" asks the server again; while it still refuses, the error stays.
  const askedAgain = page.waitForRequest('**/rest/v1/bookings?*');
  await retry.click();
  await askedAgain;
  await expect(alert).toBeVisible();
  // Once the server answers, "Thử lại" shows the booking. (The page may also have
  // refetched by itself in between, e.g. on a live update from another test: then
  // there is no button left to press.)
  failing = false;
  const heading = page.getByRole('heading', { level: 1, name: `Đơn đặt lịch #${shortId}` });
  await expect(async () => {
    if (await retry.isVisible()) await retry.click();
    await expect(heading).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.unroute('**/rest/v1/bookings?*');

  await page.getByRole('link', { name: 'Quay lại danh sách' }).first().click();
  // Back to the list as it was last shown (the filtered view of the status test above).
  await expect(page).toHaveURL(/\/admin\/bookings\?status=confirmed&pkg=/);
});

test('no serious or critical accessibility violation', async () => {
  await page.goto(`/admin/bookings/${bookingId}`);
  await expect(page.getByTestId('booking-history')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
