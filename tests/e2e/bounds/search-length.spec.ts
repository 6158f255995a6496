// Search text is bounded (docs/screens.md#keyboard): a search box takes at most 100 characters, and a
// link with a longer `q` (a 23,849-character one was seen) is read as its first 100 characters.
import { expect, test } from '@playwright/test';
import { signedInAdminEachTest } from '../helpers.ts';

signedInAdminEachTest();

test('a 5,000-character q in the URL is cut to 100 characters; the search box takes no more', async ({ page }) => {
  await page.goto(`/admin/customers?q=${'a'.repeat(5000)}`);
  const search = page.getByRole('searchbox').first();
  await expect(search).toHaveAttribute('maxlength', '100');
  await expect(search).toHaveValue('a'.repeat(100));
  await search.fill('');
  await search.pressSequentially('b'.repeat(120), { delay: 0 });
  await expect(search).toHaveValue('b'.repeat(100));
  await expect(page).toHaveURL(new RegExp(`[?&]q=${'b'.repeat(100)}(&|$)`));
});
