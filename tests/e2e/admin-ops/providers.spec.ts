// Providers (/admin/providers, /admin/providers/:id): list filters in the URL; detail with stats,
// money, inline edits (saved and surviving a reload; every validation message; another admin's
// change reported), service types (add, remove, duplicate alert), saved addresses, documents
// (upload with the spec's refusals, view through a signed URL, remove with the stored file),
// reviews summary and list, recent bookings; a non-admin cannot change a status at the API; axe.
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expectNoSeriousA11yViolations } from '../helpers.ts';
import { anonKey, apiUrl, checkContactEdits, columnCells, createAccount, expectRange, insertAccounts, sectionCard, shareAdminPage, sql, tableRows, unique } from './ops-helpers.ts';

const tag = unique('pro');
const NAME = `Thợ Kiểm Thử ${tag}`;
const EMAIL = `${tag}@e2e.sandichvu.vn`;
// Three more providers of this spec for the list, older than NAME, and their statuses.
const LISTED = ['Một', 'Hai', 'Ba'].map((word) => `Thợ Danh Sách ${tag} ${word}`);
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
let page: Page;
let providerId: string;

shareAdminPage(async (opened) => {
  page = opened;
  providerId = await createAccount({ email: EMAIL, password: 'Tho@e2e123456', name: NAME, role: 'provider' });
  await insertAccounts({ names: LISTED, emailPrefix: `${tag}-list`, role: 'provider', statuses: ['active', 'inactive', 'active'] });
  await sql(
    `update public.profiles set saved_addresses = $2::jsonb where id = $1`,
    [providerId, JSON.stringify([
      { address: '45 Lê Lợi, Quận 1, TP. Hồ Chí Minh', label: 'Nhà riêng', is_default: true },
      { address: '99 Trần Phú, Hà Đông, Hà Nội', label: 'Văn phòng', is_default: false },
    ])],
  );
  const [sub] = await sql<{ id: string }>('select id from public.subcategories order by sort_order limit 1');
  const [customer] = await sql<{ id: string; name: string }>("select id, name from public.profiles where role = 'customer' order by created_at limit 1");
  const bookings = await sql<{ id: string }>(
    `insert into public.bookings (customer_id, customer_name, provider_id, subcategory_id, service_name, service_item_name,
                                  status, original_price, final_price, created_at)
     select $1, $2, $3, $4, 'Dọn dẹp nhà cửa', 'Gói ' || i || ' giờ', s, 100000 * i, 100000 * i, now() - make_interval(hours => i)
       from unnest(array[2, 3, 4, 5], array['completed', 'completed', 'pending', 'cancelled']) as t(i, s)
     returning id`,
    [customer!.id, customer!.name, providerId, sub!.id],
  );
  await sql(
    `insert into public.reviews (booking_id, provider_id, customer_id, customer_name, rating, comment, status)
     values ($1, $4, $5, 'Khách A', 5, 'Rất hài lòng', 'active'),
            ($2, $4, $5, 'Khách B', 2, 'Đến trễ', 'active'),
            ($3, $4, $5, 'Khách C', 1, 'Nhận xét đã ẩn', 'inactive')`,
    [bookings[0]!.id, bookings[1]!.id, bookings[2]!.id, providerId, customer!.id],
  );
});

const card = (title: string) => sectionCard(page, title);

test('list: name and status filters in the URL, surviving a reload', async () => {
  // The list filtered to this spec's own providers (the tag is in every name): other specs create
  // and change providers meanwhile, none of them ours, so every total is exact.
  await page.goto(`/admin/providers?q=${encodeURIComponent(tag)}`);
  const rows = tableRows(page, 'Quản lý nhà cung cấp');
  await expectRange(page, 1, 1 + LISTED.length, 1 + LISTED.length);
  // Newest first: ours (created just now), then the listed ones, each a minute older than the one before.
  await expect(rows.getByRole('link')).toHaveText([NAME, ...LISTED]);
  const statuses = await columnCells(page, 'Quản lý nhà cung cấp', 'Trạng thái');
  await expect(statuses).toHaveText(['Chờ duyệt', 'Hoạt động', 'Không hoạt động', 'Hoạt động']);

  const statusSelect = page.getByLabel('Trạng thái', { exact: true });
  await expect(statusSelect.locator('option')).toHaveText(['Tất cả trạng thái', 'Không hoạt động', 'Chờ duyệt', 'Hoạt động']);
  await statusSelect.selectOption('active');
  await expect(page).toHaveURL(/status=active/);
  await expectRange(page, 1, 2, 2);
  await expect(rows.getByRole('link')).toHaveText([LISTED[0]!, LISTED[2]!]);
  await expect(statuses).toHaveText(['Hoạt động', 'Hoạt động']);
  await page.getByLabel('Tìm theo tên').fill('');
  await expect(page).not.toHaveURL(/q=/);

  await statusSelect.selectOption('pending_approval');
  await page.getByLabel('Tìm theo tên').fill(tag);
  await expect(page).toHaveURL(/q=/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(NAME);
  await expect(rows.first()).toContainText(EMAIL);
  await expect(rows.first()).toContainText('Chờ duyệt');
  await page.reload();
  await expect(page.getByLabel('Tìm theo tên')).toHaveValue(tag);
  await expect(statusSelect).toHaveValue('pending_approval');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link', { name: NAME }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/providers/${providerId}$`));
});

test('detail: stats, money, saved addresses and recent bookings', async () => {
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  const stat = (label: string) => page.getByRole('heading', { name: label, exact: true }).locator('xpath=ancestor::section[1]');
  await expect(stat('Tổng booking')).toContainText('4');
  await expect(stat('Đã hoàn thành')).toContainText('2');
  await expect(stat('Đang chờ')).toContainText('1');
  await expect(stat('Tổng doanh thu')).toContainText((500000).toLocaleString('vi-VN'));
  const [money] = await sql<{ total_earnings: string; deposit: string; earned: string }>(
    `select total_earnings::text, deposit::text,
            (select sum(provider_amount) from public.commissions where provider_id = p.id)::text as earned
       from public.profiles p where id = $1`,
    [providerId],
  );
  // The provider's share of its two completed bookings (200.000 + 300.000 ₫).
  expect(Number(money!.total_earnings)).toBe(Number(money!.earned));
  await expect(stat('Tổng thu nhập')).toContainText(Number(money!.total_earnings).toLocaleString('vi-VN'));
  await expect(stat('Tiền đặt cọc')).toContainText(Number(money!.deposit).toLocaleString('vi-VN'));

  const addresses = card('Địa chỉ đã lưu').getByRole('listitem');
  await expect(addresses).toHaveCount(2);
  await expect(addresses.nth(0)).toContainText('Nhà riêng');
  await expect(addresses.nth(0)).toContainText('Mặc định');
  await expect(addresses.nth(1)).toContainText('99 Trần Phú, Hà Đông, Hà Nội');
  await expect(addresses.nth(1)).not.toContainText('Mặc định');

  const recent = tableRows(page, '10 booking gần nhất');
  await expect(recent).toHaveCount(4);
  await expect(recent.first()).toContainText('Gói 2 giờ');
});

test('inline edits save, survive a reload, and show every validation message', async () => {
  // Status: all four statuses offered; banned saved.
  await checkContactEdits(page, {
    profileId: providerId,
    email: EMAIL,
    name: `${NAME} Sửa`,
    savedToast: 'Đã cập nhật thông tin nhà cung cấp',
    phone: { typed: '0987 654 321', saved: '0987654321' },
    statuses: ['Không hoạt động', 'Chờ duyệt', 'Hoạt động', 'Bị cấm'],
    status: { value: 'banned', label: 'Bị cấm' },
  });
});

test("another admin's change is not overwritten", async () => {
  await sql("update public.profiles set phone = '0111 222 333' where id = $1", [providerId]);
  const info = card('Thông tin cá nhân');
  await info.getByRole('button', { name: /Sửa Họ tên/ }).click();
  await info.getByRole('textbox', { name: 'Họ tên' }).fill(`${NAME} Lần hai`);
  await info.getByRole('textbox', { name: 'Họ tên' }).press('Enter');
  await expect(page.getByText('Hồ sơ vừa được người khác cập nhật', { exact: false }).first()).toBeVisible();
  await expect(info.getByRole('button', { name: /Sửa Số điện thoại/ })).toContainText('0111222333');
  const [row] = await sql<{ name: string }>('select name from public.profiles where id = $1', [providerId]);
  expect(row!.name).toBe(`${NAME} Sửa`);
  await page.reload();
});

test('service types: add, remove, and the duplicate alert', async () => {
  const types = card('Loại dịch vụ');
  await expect(types).toContainText('Chưa đăng ký loại dịch vụ nào');
  await types.getByRole('button', { name: 'Chỉnh sửa loại dịch vụ' }).click();
  const select = types.getByLabel('Thêm loại dịch vụ');
  const subs = await sql<{ id: string; name: string }>('select s.id, s.name from public.subcategories s join public.categories c on c.id = s.category_id order by c.sort_order, s.sort_order limit 2');
  await select.selectOption(subs[0]!.id);
  await types.getByRole('button', { name: 'Thêm', exact: true }).click();
  await expect(page.getByText('Đã thêm loại dịch vụ')).toBeVisible();
  await expect(types.getByRole('listitem').filter({ hasText: subs[0]!.name })).toBeVisible();
  await expect(select.locator(`option[value="${subs[0]!.id}"]`)).toHaveCount(0);

  // Another admin adds the second one while this screen still offers it.
  await select.selectOption(subs[1]!.id);
  await sql('insert into public.provider_service_types (provider_id, subcategory_id) values ($1, $2)', [providerId, subs[1]!.id]);
  await types.getByRole('button', { name: 'Thêm', exact: true }).click();
  await expect(types.getByRole('alert')).toHaveText('Loại dịch vụ này đã được thêm!');
  await expect(types.getByRole('listitem').filter({ hasText: subs[1]!.name })).toBeVisible();

  await types.getByRole('button', { name: `Xóa loại dịch vụ ${subs[0]!.name}` }).click();
  await expect(page.getByText('Đã xóa loại dịch vụ')).toBeVisible();
  await expect(types.getByRole('listitem').filter({ hasText: subs[0]!.name })).toHaveCount(0);
  await types.getByRole('button', { name: 'Xong' }).click();
  await page.reload();
  await expect(types.getByRole('listitem')).toHaveCount(1);
  await expect(types.getByRole('listitem').first()).toContainText(subs[1]!.name);
});

test('documents: refusals before upload, upload with default name, view, remove', async () => {
  const docs = card('Tài liệu và hình ảnh');
  await docs.getByRole('button', { name: 'Chỉnh sửa tài liệu' }).click();
  const fileInput = docs.getByLabel('Chọn hình ảnh');

  await fileInput.setInputFiles({ name: 'hop-dong.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 test') });
  await expect(docs.getByRole('alert')).toHaveText('Vui lòng chọn file hình ảnh');
  await expect(docs.getByRole('button', { name: 'Tải lên' })).toBeDisabled();

  await fileInput.setInputFiles({ name: 'qua-lon.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
  await expect(docs.getByRole('alert')).toHaveText('File quá lớn. Vui lòng chọn file nhỏ hơn 5MB.');
  await expect(docs.getByRole('button', { name: 'Tải lên' })).toBeDisabled();

  await fileInput.setInputFiles({ name: 'Giấy phép kinh doanh.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(docs.getByRole('alert')).toHaveCount(0);
  await expect(docs.getByLabel('Tên tài liệu (không bắt buộc)')).toHaveAttribute('placeholder', 'Giấy phép kinh doanh');
  await docs.getByRole('button', { name: 'Tải lên' }).click();
  await expect(page.getByText('Đã tải lên tài liệu')).toBeVisible();
  const tile = docs.getByTestId('provider-document').filter({ hasText: 'Giấy phép kinh doanh' });
  await expect(tile).toBeVisible();

  const [doc] = await sql<{ storage_path: string }>('select storage_path from public.provider_documents where provider_id = $1', [providerId]);
  expect(doc!.storage_path).toMatch(new RegExp(`^${providerId}/\\d{13}-Giay-phep-kinh-doanh\\.png$`));
  const stored = await sql("select 1 from storage.objects where bucket_id = 'provider-documents' and name = $1", [doc!.storage_path]);
  expect(stored).toHaveLength(1);

  const viewLink = tile.getByRole('link', { name: 'Xem Giấy phép kinh doanh' });
  const href = await viewLink.getAttribute('href');
  expect(href).toContain('token=');
  const fetched = await page.request.get(href!);
  expect(fetched.status()).toBe(200);
  expect(Buffer.from(await fetched.body()).equals(PNG_1X1)).toBe(true);
  // The tile shows a thumbnail resized by Storage (a signed /render/image URL), not the original.
  const thumbnail = await tile.getByRole('img', { name: /Giấy phép kinh doanh/ }).getAttribute('src');
  expect(thumbnail).toContain('/storage/v1/render/image/sign/provider-documents/');
  expect(href).toContain('/storage/v1/object/sign/provider-documents/');
  const resized = await page.request.get(thumbnail!);
  expect(resized.status()).toBe(200);
  expect(resized.headers()['content-type']).toMatch(/^image\//);

  await page.reload();
  await expect(docs.getByTestId('provider-document').filter({ hasText: 'Giấy phép kinh doanh' })).toBeVisible();
  await docs.getByRole('button', { name: 'Chỉnh sửa tài liệu' }).click();
  await docs.getByRole('button', { name: 'Xóa tài liệu Giấy phép kinh doanh' }).click();
  await page.getByRole('alertdialog', { name: 'Xóa tài liệu?' }).getByRole('button', { name: 'Xóa', exact: true }).click();
  await expect(page.getByText('Đã xóa tài liệu')).toBeVisible();
  await expect(docs.getByTestId('provider-document')).toHaveCount(0);
  expect(await sql('select 1 from public.provider_documents where provider_id = $1', [providerId])).toHaveLength(0);
  expect(await sql("select 1 from storage.objects where bucket_id = 'provider-documents' and name = $1", [doc!.storage_path])).toHaveLength(0);
});

test('reviews: summary of active reviews and their list', async () => {
  const reviews = card('Đánh giá của khách hàng');
  await expect(reviews.getByTestId('review-average')).toHaveText('3,5');
  await expect(reviews.getByTestId('review-count')).toHaveText('2 đánh giá');
  await expect(reviews.getByRole('meter', { name: '5 sao: 1 đánh giá (50%)' })).toBeVisible();
  await expect(reviews.getByRole('meter', { name: '2 sao: 1 đánh giá (50%)' })).toBeVisible();
  await expect(reviews.getByRole('meter', { name: '1 sao: 0 đánh giá (0%)' })).toBeVisible();
  const list = reviews.getByTestId('provider-reviews').getByRole('listitem');
  await expect(list).toHaveCount(2);
  await expect(reviews).toContainText('Rất hài lòng');
  await expect(reviews).not.toContainText('Nhận xét đã ẩn');
});

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/** supabase-js in Node 20 needs a WebSocket implementation for its realtime part. */
function apiClient() {
  return createClient(apiUrl(), anonKey(), {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as Transport },
  });
}

test('a customer or provider cannot change a provider status through the API', async () => {
  const client = apiClient();
  const signIn = await client.auth.signInWithPassword(DEMO_ACCOUNTS.provider);
  expect(signIn.error).toBeNull();
  const ownId = signIn.data.user!.id;
  const [current] = await sql<{ status: string }>('select status from public.profiles where id = $1', [ownId]);
  const wanted = current!.status === 'inactive' ? 'active' : 'inactive';
  const own = await client.from('profiles').update({ status: wanted }).eq('id', ownId).select('status');
  expect(own.error?.code).toBe('42501');
  const [still] = await sql<{ status: string }>('select status from public.profiles where id = $1', [ownId]);
  expect(still!.status).toBe(current!.status);
  const other = await client.from('profiles').update({ status: 'active' }).eq('id', providerId).select('status');
  expect(other.error === null ? other.data : other.error.code).toEqual([]);
  await client.auth.signOut();

  const customer = apiClient();
  expect((await customer.auth.signInWithPassword(DEMO_ACCOUNTS.customer)).error).toBeNull();
  const byCustomer = await customer.from('profiles').update({ status: 'active' }).eq('id', providerId).select('status');
  expect(byCustomer.error === null ? byCustomer.data : byCustomer.error.code).toEqual([]);
  await customer.auth.signOut();
  const [row] = await sql<{ status: string }>('select status from public.profiles where id = $1', [providerId]);
  expect(row!.status).toBe('banned');
});

test('no serious or critical accessibility violation', async () => {
  await page.goto('/admin/providers');
  await expect(tableRows(page, 'Quản lý nhà cung cấp').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/admin/providers/${providerId}`);
  await expect(page.getByTestId('review-average')).toBeVisible();
  await card('Loại dịch vụ').getByRole('button', { name: 'Chỉnh sửa loại dịch vụ' }).click();
  await card('Tài liệu và hình ảnh').getByRole('button', { name: 'Chỉnh sửa tài liệu' }).click();
  await expectNoSeriousA11yViolations(page);
});
