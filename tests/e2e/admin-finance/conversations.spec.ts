// Conversations (/admin/manage-conversations) and message detail (/admin/messages/:bookingId):
// names, status, last message cut at 30 characters or "chưa có tin nhắn", filters, messages in
// time order with sender, time and read marker, text never rendered as HTML, a message inserted
// by another client (the demo customer, through the API) appearing live, not found, axe.
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, expectNoSeriousA11yViolations, signedInAdminEachTest } from '../helpers.ts';
import { accessToken, serviceRest, userRest } from './finance-helpers.ts';

const DEMO_CUSTOMER = '00000000-0000-4000-a000-000000000002';
const DEMO_PROVIDER = '00000000-0000-4000-a000-000000000003';

interface ConversationRow {
  id: string;
  booking_id: string;
  is_active: boolean;
}

test.describe('conversations', () => {
  test.describe.configure({ timeout: 90_000 });

  const consoleErrors = signedInAdminEachTest();

  test('list: names, status, last message cut at 30 characters, filters', async ({ page }) => {
    await page.goto('/admin/manage-conversations');
    await expect(page.getByRole('heading', { name: 'Quản lý cuộc trò chuyện' })).toBeVisible();
    // The seed's longest last messages are cut: 30 characters then "…".
    await expect(page.getByText('Dạ không có gì, hẹn gặp anh/ch…').first()).toBeVisible();
    await expect(page.getByText(/^Hiển thị 1–\d+ trên \d+/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Trạng thái', { exact: true }).selectOption('completed');
    await expect(page).toHaveURL(/status=completed/);
    const statusCells = page.getByRole('row').filter({ has: page.getByRole('link') }).getByRole('cell').nth(4);
    await expect.poll(async () => {
      const rows = page.getByRole('row').filter({ has: page.getByRole('link') });
      const texts = await rows.allInnerTexts();
      return texts.length > 0 && texts.every((text) => text.includes('Đã kết thúc'));
    }).toBe(true);
    await expect(statusCells.first()).toBeVisible();

    await page.getByLabel('Thời gian').selectOption('today');
    await expect(page).toHaveURL(/time=today/);
    await page.getByRole('button', { name: 'Xóa bộ lọc' }).click();
    await expect(page).not.toHaveURL(/status=|time=/);
  });

  test('a conversation without messages, and the name filter', async ({ page }) => {
    // A conversation without messages on a booking that has none yet.
    const bookings = await serviceRest<{ id: string; provider_id: string; customer_id: string }[]>(
      'bookings?status=eq.confirmed&provider_id=not.is.null&select=id,provider_id,customer_id&order=created_at.desc&limit=50',
    );
    const existing = await serviceRest<{ booking_id: string }[]>('conversations?select=booking_id');
    const taken = new Set(existing.map((row) => row.booking_id));
    const booking = bookings.find((row) => !taken.has(row.id));
    if (!booking) throw new Error('no booking without a conversation');
    await serviceRest('conversations', {
      method: 'POST',
      body: { booking_id: booking.id, provider_id: booking.provider_id, customer_id: booking.customer_id, is_active: true },
    });
    const [provider] = await serviceRest<{ name: string }[]>(`profiles?id=eq.${booking.provider_id}&select=name`);
    if (!provider) throw new Error('provider missing');

    await page.goto(`/admin/manage-conversations?provider=${encodeURIComponent(provider.name)}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Xem tin nhắn của đơn #${booking.id.slice(-8).toUpperCase()}` }) });
    await expect(row).toContainText('chưa có tin nhắn');
    await expect(row).toContainText(provider.name);
    await row.getByRole('link').click();
    await expect(page.getByText('Chưa có tin nhắn nào trong cuộc trò chuyện này')).toBeVisible();
  });

  test('message detail: time order, sender, read state, a new message shows up without a reload', async ({ page }) => {
    const [conversation] = await serviceRest<ConversationRow[]>(
      `conversations?customer_id=eq.${DEMO_CUSTOMER}&provider_id=eq.${DEMO_PROVIDER}&is_active=eq.true&select=id,booking_id,is_active&limit=1`,
    );
    if (!conversation) throw new Error('the seed has no active demo conversation');
    await page.goto(`/admin/messages/${conversation.booking_id}`);
    await expect(page.getByRole('heading', { name: 'Tin nhắn' })).toBeVisible();
    const messages = page.getByTestId('message');
    await expect(messages.first()).toBeVisible();
    const before = await messages.count();
    await expect(messages.first()).toContainText('Chào anh/chị, tôi đã đặt lịch');
    await expect(messages.first()).toContainText(/Đã xem lúc \d{2}:\d{2}/);
    await expectNoSeriousA11yViolations(page);

    // The demo customer writes through the API, as the mobile app would; the admin screen is open.
    const text = `<b>Xin chào</b> lúc ${Date.now()}`;
    const token = await accessToken(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
    await userRest(token, 'messages', {
      method: 'POST',
      body: { conversation_id: conversation.id, sender_id: DEMO_CUSTOMER, type: 'text', content: text },
    });
    await expect(messages).toHaveCount(before + 1, { timeout: 15_000 });
    const last = messages.last();
    await expect(last).toContainText(text); // shown as text: the tags are visible, nothing is bold
    await expect(last.locator('b')).toHaveCount(0);
    await expect(last).toContainText('Chưa xem');

    // The seed's chat images have no stored file: their signed URL is refused (HTTP 400, logged by
    // the browser) and the bubble says the image cannot be shown. Nothing else may fail.
    const refused = consoleErrors.seen().filter((error) => /status of 400/.test(error));
    if (refused.length > 0) await expect(page.getByText('Không thể hiển thị hình ảnh').first()).toBeVisible();
    consoleErrors.forgive(/status of 400/);
  });

  test('a booking without a conversation: not-found notice and a back button', async ({ page }) => {
    await page.goto('/admin/manage-conversations');
    await page.goto('/admin/messages/00000000-0000-4000-8000-0000000fffff');
    await expect(page.getByRole('heading', { name: 'Không tìm thấy cuộc trò chuyện cho đơn hàng này' })).toBeVisible();
    await page.getByRole('button', { name: 'Quay lại' }).click();
    await expect(page).toHaveURL(/\/admin\/manage-conversations/);
  });
});
