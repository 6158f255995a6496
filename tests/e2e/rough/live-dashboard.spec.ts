// The dashboard says its figures are live: a booking, a deposit or a commission written by someone
// else shows up in its cards without a reload (Realtime); a message arriving in a conversation
// shows up in the conversations list the same way; such a refresh of a list leaves its pager usable.
import { expect, test } from '@playwright/test';
import { realtimeListening, signedInAdminEachTest } from '../helpers.ts';
import { closeDb, createAccount, sql, unique } from '../admin-ops/ops-helpers.ts';

const count = async (text: Promise<string>) => Number((await text).replace(/[^\d]/g, ''));

test.afterAll(closeDb);

test.describe('live updates', () => {
  signedInAdminEachTest();

  test('the dashboard follows new bookings, deposits and commissions without a reload', async ({ page }) => {
    const listening = realtimeListening(page, 'admin-live-updates');
    await page.goto('/admin');
    const pending = page.getByTestId('bookings-pending');
    await expect(pending).toHaveText(/\d/);
    const depositsCard = page.locator('section', { has: page.getByRole('heading', { name: 'Tổng tiền đặt cọc' }) });
    const incomeCard = page.locator('section', { has: page.getByRole('heading', { name: 'Thu nhập nền tảng' }) });
    await expect(depositsCard).toContainText('₫');
    const pendingBefore = await count(pending.innerText());
    const depositsBefore = await depositsCard.locator('p').first().innerText();
    const incomeBefore = await incomeCard.locator('p').first().innerText();

    await listening;
    const [sub] = await sql<{ id: string }>('select id from public.subcategories order by sort_order limit 1');
    const [provider] = await sql<{ id: string }>("select id from public.profiles where role = 'provider' and status <> 'banned' order by created_at limit 1");
    const tag = unique('song');
    await sql(
      `insert into public.bookings (customer_name, subcategory_id, service_name, service_item_name, original_price, final_price, status)
       values ('Khách trực tiếp', $1, 'Dọn dẹp nhà cửa', $2, 100000, 100000, 'pending')`,
      [sub!.id, `Gói ${tag}`],
    );
    await expect.poll(() => count(pending.innerText()), { timeout: 10_000 }).toBeGreaterThan(pendingBefore);

    await sql(`insert into public.deposit_history (provider_id, amount, status) values ($1, 7000000, 'pending')`, [provider!.id]);
    await expect.poll(() => depositsCard.locator('p').first().innerText(), { timeout: 10_000 }).not.toBe(depositsBefore);

    await sql(
      `insert into public.bookings (customer_name, provider_id, subcategory_id, service_name, service_item_name, original_price, final_price, status)
       values ('Khách trực tiếp', $1, $2, 'Dọn dẹp nhà cửa', $3, 9000000, 9000000, 'completed')`,
      [provider!.id, sub!.id, `Gói xong ${tag}`],
    );
    await expect.poll(() => incomeCard.locator('p').first().innerText(), { timeout: 10_000 }).not.toBe(incomeBefore);

    // A new account and a new package count at once too. Other workers of the suite create accounts,
    // bookings and packages in parallel, so a count may move by more than this test's own row.
    const usersCard = page.locator('section', { has: page.getByRole('heading', { name: 'Tổng người dùng' }) });
    const packagesCard = page.locator('section', { has: page.getByRole('heading', { name: 'Gói dịch vụ' }) });
    const usersBefore = await count(usersCard.locator('p').first().innerText());
    const packagesBefore = await count(packagesCard.locator('p').first().innerText());
    await createAccount({ email: `${tag}@e2e.sandichvu.vn`, password: 'Khach@123456', name: `Khách ${tag}`, role: 'customer' });
    await expect.poll(() => count(usersCard.locator('p').first().innerText()), { timeout: 10_000 }).toBeGreaterThan(usersBefore);
    await sql(
      `insert into public.service_items (subcategory_id, name, price, duration, description, job_details)
       values ($1, $2, 150000, '2 giờ', 'Gói thử trực tiếp', 'Làm thử')`,
      [sub!.id, `Gói trực tiếp ${tag}`],
    );
    await expect.poll(() => count(packagesCard.locator('p').first().innerText()), { timeout: 10_000 }).toBeGreaterThan(packagesBefore);
  });

  test('the conversations list shows a new message without a reload', async ({ page }) => {
    const listening = realtimeListening(page, 'admin-live-updates');
    await page.goto('/admin/manage-conversations');
    await expect(page.getByText(/^Hiển thị 1–\d+ trên \d+/)).toBeVisible();
    await listening;
    const [conversation] = await sql<{ id: string; customer_id: string }>(
      // Not a conversation another spec dated ahead (its last message would stay the newer one).
      `select id, customer_id from public.conversations
        where customer_id is not null and (last_message_at is null or last_message_at <= now())
        order by last_message_at desc nulls last limit 1`,
    );
    const text = `Tin mới ${unique('m').slice(-8)}`;
    await sql(`insert into public.messages (conversation_id, sender_id, type, content) values ($1, $2, 'text', $3)`, [
      conversation!.id,
      conversation!.customer_id,
      text,
    ]);
    await expect(page.getByText(text)).toBeVisible({ timeout: 10_000 });
  });

  test('while a new booking refreshes the list, its rows stay as they are and "Trang sau" still answers', async ({ page }) => {
    const listening = realtimeListening(page, 'admin-live-updates');
    const firstPage = page.waitForRequest('**/rest/v1/rpc/admin_list_bookings');
    await page.goto('/admin/bookings');
    const body = (await firstPage).postData();
    const table = page.getByRole('table', { name: 'Quản lý đơn đặt lịch' });
    await expect(table.locator('tbody tr')).toHaveCount(50);
    await listening;
    // The refetch of this page that the live update starts is held for four seconds, so the click
    // lands inside it (the idle-time prefetch of page 2 goes through at once).
    let held = 0;
    await page.route('**/rest/v1/rpc/admin_list_bookings', async (route) => {
      if (route.request().postData() !== body) return route.fallback();
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      return route.fallback();
    });
    const [sub] = await sql<{ id: string }>('select id from public.subcategories order by sort_order limit 1');
    await sql(
      `insert into public.bookings (customer_name, subcategory_id, service_name, service_item_name, original_price, final_price, status)
       values ('Khách trực tiếp', $1, 'Dọn dẹp nhà cửa', $2, 100000, 100000, 'pending')`,
      [sub!.id, `Gói ${unique('trang')}`],
    );
    await expect.poll(() => held, { timeout: 10_000, intervals: [50] }).toBeGreaterThan(0);
    // Read at once, inside the held refetch (an auto-waiting assertion would wait for its end).
    expect(await table.getAttribute('aria-busy'), 'the table is not marked busy').toBeNull();
    const next = page.getByRole('button', { name: 'Trang sau' });
    expect(await next.isDisabled(), '"Trang sau" is not disabled').toBe(false);
    // Well inside the 4 s hold: the click is acted on while the refetch is still pending.
    await next.click({ timeout: 2_000 });
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^Hiển thị 51–100 trên /)).toBeVisible({ timeout: 10_000 });
    await page.unrouteAll({ behavior: 'wait' });
  });
});
