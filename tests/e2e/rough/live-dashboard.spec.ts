// The dashboard says its figures are live: a booking, a deposit or a commission written by someone
// else shows up in its cards without a reload (Realtime); a message arriving in a conversation
// shows up in the conversations list the same way; such a refresh of a list leaves its pager usable.
import { expect, test, type Locator } from '@playwright/test';
import { DEMO_ACCOUNTS, realtimeListening, signedInAdminEachTest } from '../helpers.ts';
import { closeDb, createAccount, sql, unique, viCount } from '../admin-ops/ops-helpers.ts';
import { accessToken, userRest } from '../admin-finance/finance-helpers.ts';

interface ServerDashboard {
  users: { total: number };
  bookings: { pending: number };
  platform_income: number;
  deposits: { completed_amount: number; pending_amount: number };
  service_items: number;
}

/** The dashboard's figures as the server computes them now (public.admin_dashboard as the admin). */
async function serverDashboard(): Promise<ServerDashboard> {
  const token = await accessToken(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  return userRest<ServerDashboard>(token, 'rpc/admin_dashboard', { method: 'POST', body: {} });
}

const vnd = (amount: number) => `${amount.toLocaleString('vi-VN')} ₫`;

/**
 * Waits until `shown` reads exactly the server's current figure (`expected` of the server's
 * answer, written as the screen writes it); the message names both when they never agree.
 */
async function expectShownAsServer(shown: Locator, expected: (server: ServerDashboard) => string): Promise<void> {
  await expect
    .poll(
      async () => {
        const wanted = expected(await serverDashboard());
        const text = (await shown.innerText()).replace(/\s+/g, ' ').trim();
        return text === wanted ? 'same' : `shown "${text}", server "${wanted}"`;
      },
      { timeout: 10_000 },
    )
    .toBe('same');
}

test.afterAll(closeDb);

test.describe('live updates', () => {
  signedInAdminEachTest();

  test('the dashboard follows new bookings, deposits and commissions without a reload', async ({ page }) => {
    const listening = realtimeListening(page, 'admin-live-updates');
    await page.goto('/admin');
    const figure = (heading: string) => page.locator('section', { has: page.getByRole('heading', { name: heading }) }).locator('p').first();
    const pending = page.getByTestId('bookings-pending');
    await expect(pending).toHaveText(/\d/);
    await expect(figure('Tổng tiền đặt cọc')).toContainText('₫');
    await listening;

    // After each write, the card shows exactly the server's figure, which counts the row just
    // written (other workers write too: the figure is read again until both agree).
    const [sub] = await sql<{ id: string }>('select id from public.subcategories order by sort_order limit 1');
    const [provider] = await sql<{ id: string }>("select id from public.profiles where role = 'provider' and status <> 'banned' order by created_at limit 1");
    const tag = unique('song');
    await sql(
      `insert into public.bookings (customer_name, subcategory_id, service_name, service_item_name, original_price, final_price, status)
       values ('Khách trực tiếp', $1, 'Dọn dẹp nhà cửa', $2, 100000, 100000, 'pending')`,
      [sub!.id, `Gói ${tag}`],
    );
    await expectShownAsServer(pending, (server) => viCount(server.bookings.pending));

    await sql(`insert into public.deposit_history (provider_id, amount, status) values ($1, 7000000, 'pending')`, [provider!.id]);
    await expectShownAsServer(figure('Tổng tiền đặt cọc'), (server) => vnd(server.deposits.completed_amount + server.deposits.pending_amount));

    await sql(
      `insert into public.bookings (customer_name, provider_id, subcategory_id, service_name, service_item_name, original_price, final_price, status)
       values ('Khách trực tiếp', $1, $2, 'Dọn dẹp nhà cửa', $3, 9000000, 9000000, 'completed')`,
      [provider!.id, sub!.id, `Gói xong ${tag}`],
    );
    await expectShownAsServer(figure('Thu nhập nền tảng'), (server) => vnd(server.platform_income));

    // A new account and a new package count at once too.
    await createAccount({ email: `${tag}@e2e.sandichvu.vn`, password: 'Khach@123456', name: `Khách ${tag}`, role: 'customer' });
    await expectShownAsServer(figure('Tổng người dùng'), (server) => viCount(server.users.total));
    await sql(
      `insert into public.service_items (subcategory_id, name, price, duration, description, job_details)
       values ($1, $2, 150000, '2 giờ', 'Gói thử trực tiếp', 'Làm thử')`,
      [sub!.id, `Gói trực tiếp ${tag}`],
    );
    await expectShownAsServer(figure('Gói dịch vụ'), (server) => viCount(server.service_items));
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
    let holding: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    await page.route('**/rest/v1/rpc/admin_list_bookings', async (route) => {
      if (route.request().postData() !== body) return route.fallback();
      holding();
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      return route.fallback();
    });
    const [sub] = await sql<{ id: string }>('select id from public.subcategories order by sort_order limit 1');
    await sql(
      `insert into public.bookings (customer_name, subcategory_id, service_name, service_item_name, original_price, final_price, status)
       values ('Khách trực tiếp', $1, 'Dọn dẹp nhà cửa', $2, 100000, 100000, 'pending')`,
      [sub!.id, `Gói ${unique('trang')}`],
    );
    // The live update's refetch of this page arrives (and is being held).
    await Promise.race([held, new Promise((_, reject) => setTimeout(() => reject(new Error('no refetch of the page within 10 s')), 10_000))]);
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
