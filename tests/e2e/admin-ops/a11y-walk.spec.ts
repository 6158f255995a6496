// Every admin screen (the side navigation's entries): axe-core finds no serious or critical violation,
// and a keyboard walk from the top of <main> — Tab after Tab — always has the focus on a visible,
// outlined element (never <body>) and, on a list, reaches the first row's link
// (docs/screens.md#keyboard).
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../helpers.ts';
import { adminPage, closeDb } from './ops-helpers.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** Path, and whether its list's first row has a link the walk must reach. */
const SCREENS: readonly [string, boolean][] = [
  ['/admin', true],
  ['/admin/bookings', true],
  ['/admin/providers', true],
  ['/admin/customers', true],
  ['/admin/manage-commissions', true],
  ['/admin/manage-deposit-history', true],
  ['/admin/manage-conversations', true],
  ['/admin/manage-reviews', true],
  ['/admin/manage-discount-codes', true],
  ['/admin/manage-service-items', false],
  ['/admin/manage-subcategories', false],
  ['/admin/manage-services', false],
  ['/admin/settings', false],
  ['/admin/audit-log', false],
];

const MAX_TABS = 60;
let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await adminPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
  await closeDb();
});

interface FocusState {
  body: boolean;
  /** The focus left the page after its last control (Tab past the end), not a defect. */
  pastTheEnd: boolean;
  visible: boolean;
  inFirstRowLink: boolean;
  description: string;
}

function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const memory = window as unknown as { lastFocused?: Element | null };
    const element = document.activeElement;
    if (element === null || element === document.body) {
      const tabbable = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]')].filter(
        (candidate) => candidate.tabIndex >= 0 && !candidate.matches(':disabled') && candidate.getClientRects().length > 0,
      );
      return { body: true, pastTheEnd: tabbable.at(-1) === memory.lastFocused, visible: false, inFirstRowLink: false, description: 'body' };
    }
    memory.lastFocused = element;
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
    const ringed = style.boxShadow !== 'none';
    const inFirstRowLink = element === document.querySelector('main table tbody tr a[href]');
    const description = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}"`;
    return { body: false, pastTheEnd: false, visible: outlined || ringed, inFirstRowLink, description };
  });
}

for (const [path, reachesRow] of SCREENS) {
  test(`${path}: no serious axe violation; Tab walks with a visible focus${reachesRow ? ' to the first row' : ''}`, async () => {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
    if (reachesRow) await expect(page.locator('main table tbody tr a').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.locator('#admin-main').focus();
    const walked: string[] = [];
    let reached = false;
    for (let tab = 0; tab < MAX_TABS && !reached; tab += 1) {
      await page.keyboard.press('Tab');
      const state = await focusState(page);
      walked.push(state.description);
      if (state.pastTheEnd) break;
      expect(state.body, `focus fell to <body> after ${walked.join(' → ')}`).toBe(false);
      expect(state.visible, `no visible focus on ${state.description}`).toBe(true);
      reached = state.inFirstRowLink;
    }
    if (reachesRow) expect(reached, `the first row's link was not reached in ${MAX_TABS} tabs: ${walked.join(' → ')}`).toBe(true);
  });
}
