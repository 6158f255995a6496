// At 375 px (two stat cards a row on a provider's or a customer's page), a money figure never leaves "₫" alone on a
// line: the "₫" sits on the same line as the last digit before it.
import { expect, test, type Page } from '@playwright/test';
import { signedInAdminEachTest } from '../helpers.ts';
import { closeDb, sql } from '../admin-ops/ops-helpers.ts';

test.afterAll(closeDb);

/** For each money figure in a card, whether "₫" shares its line with the digit before it. */
async function currencyLines(page: Page): Promise<{ text: string; sameLine: boolean }[]> {
  return page.locator('main section > p').evaluateAll((elements) =>
    elements
      .filter((element) => /\d\s*₫$/u.test(element.textContent ?? ''))
      .map((element) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const chars: { node: Text; offset: number; char: string }[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node as Text;
          for (let offset = 0; offset < text.data.length; offset += 1) chars.push({ node: text, offset, char: text.data[offset]! });
        }
        const top = (index: number) => {
          const entry = chars[index]!;
          const range = document.createRange();
          range.setStart(entry.node, entry.offset);
          range.setEnd(entry.node, entry.offset + 1);
          return range.getBoundingClientRect().top;
        };
        const currency = chars.findLastIndex((entry) => entry.char === '₫');
        const digit = chars.findLastIndex((entry, index) => index < currency && /\d/.test(entry.char));
        return { text: element.textContent ?? '', sameLine: Math.abs(top(currency) - top(digit)) < 2 };
      }),
  );
}

test.describe('stat cards at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  signedInAdminEachTest();

  test('a provider with large figures: "₫" stays with its number', async ({ page }) => {
    const [provider] = await sql<{ id: string }>(
      "select id from public.profiles where role = 'provider' order by total_earnings desc, deposit desc limit 1",
    );
    await page.goto(`/admin/providers/${provider!.id}`);
    await expect(page.locator('main section > p').filter({ hasText: '₫' }).first()).toBeVisible();
    // Its four money figures: bookings' value, deposit, earnings, and the balance card's.
    await expect.poll(async () => (await currencyLines(page)).length).toBe(4);
    const lines = await currencyLines(page);
    expect(lines.filter((line) => !line.sameLine)).toEqual([]);
  });

  test('a customer who spent a lot: "₫" stays with its number', async ({ page }) => {
    const [customer] = await sql<{ id: string }>(
      `select customer_id as id from public.bookings where customer_id is not null and status = 'completed'
        group by customer_id order by sum(final_price) desc limit 1`,
    );
    await page.goto(`/admin/customers/${customer!.id}`);
    // Its one money card: what the customer spent.
    await expect.poll(async () => (await currencyLines(page)).length).toBe(1);
    const lines = await currencyLines(page);
    expect(lines.filter((line) => !line.sameLine)).toEqual([]);
  });
});
