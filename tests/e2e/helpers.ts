// Shared helpers of the end-to-end specs.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS } from '../../local-stack/config.ts';
import { e2eApiUrl } from './stack-env.ts';

export { DEMO_ACCOUNTS };

export const ARTIFACTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

/** Path of a screenshot under tests/e2e/artifacts/ (git-ignored), creating the folder. */
export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return path.join(ARTIFACTS_DIR, name);
}

/** Records console errors and uncaught page errors; assert `expect(errors).toEqual([])` at the end. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Runs axe-core on the page and fails on any serious or critical violation (listing them). */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact}: ${violation.id} – ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious, `axe-core violations on ${page.url()}`).toEqual([]);
}

/** The login form's fields (labels from the message catalogue). */
export function loginForm(page: Page) {
  return {
    email: page.getByRole('textbox', { name: 'Email', exact: true }),
    password: page.getByRole('textbox', { name: 'Mật khẩu', exact: true }),
    submit: page.getByRole('button', { name: 'Đăng nhập' }),
  };
}

/**
 * Signs in through the login screen (at `path`, default /admin) and waits for the admin shell.
 * Defaults to the seeded admin account.
 */
export async function signInAsAdmin(
  page: Page,
  credentials: { email: string; password: string } = DEMO_ACCOUNTS.admin,
  pathName = '/admin',
): Promise<void> {
  await page.goto(pathName);
  const form = loginForm(page);
  await form.email.fill(credentials.email);
  await form.password.fill(credentials.password);
  await form.submit.click();
  await expect(page.getByTestId('admin-email')).toHaveText(credentials.email, { timeout: 15_000 });
}

/** The console errors a spec's set-up collects for the test that runs. */
export interface CollectedConsoleErrors {
  /** The errors logged so far. */
  seen(): string[];
  /** Drops the errors matching `pattern` (expected ones the test has accounted for). */
  forgive(pattern: RegExp): void;
}

/**
 * The set-up of a back-office spec, called inside its `test.describe`: before each test the seeded
 * admin signs in (then opens `screen.path` and waits for its `screen.heading`, when given); after
 * each test, no React error, failed request or uncaught exception may have been logged on the way.
 */
export function signedInAdminEachTest(screen?: { path: string; heading: string }): CollectedConsoleErrors {
  let consoleErrors: string[] = [];

  test.afterEach(() => {
    expect(consoleErrors).toEqual([]);
  });

  test.beforeEach(async ({ page }) => {
    consoleErrors = collectConsoleErrors(page);
    await signInAsAdmin(page);
    if (screen) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { name: screen.heading })).toBeVisible();
    }
  });

  return {
    seen: () => consoleErrors,
    forgive: (pattern) => {
      consoleErrors = consoleErrors.filter((error) => !pattern.test(error));
    },
  };
}

/** Opens the header's account menu and signs out; waits for the login screen. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Tài khoản/ }).click();
  await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
  await expect(page.getByRole('heading', { name: 'Đăng nhập quản trị' })).toBeVisible();
}

function serviceHeaders(): Record<string, string> {
  const key = process.env.E2E_SERVICE_ROLE_KEY;
  if (!key) throw new Error('E2E_SERVICE_ROLE_KEY is not set (the global setup sets it)');
  return { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
}

/** Creates a confirmed user through the Auth admin API (service role); returns its id. */
export async function createUser(options: { email: string; password: string; admin?: boolean }): Promise<string> {
  const apiUrl = process.env.E2E_API_URL ?? e2eApiUrl();
  const response = await fetch(`${apiUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: serviceHeaders(),
    body: JSON.stringify({
      email: options.email,
      password: options.password,
      email_confirm: true,
      app_metadata: options.admin ? { admin: true } : {},
    }),
  });
  const body = (await response.json()) as { id?: string; msg?: string; message?: string };
  if (!response.ok || !body.id) throw new Error(`createUser ${options.email}: ${response.status} ${body.msg ?? body.message ?? ''}`);
  return body.id;
}

/** A unique e-mail address for a test that needs its own account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.sandichvu.vn`;
}

/** Sums in the page every layout shift that no input caused (CLS); call before the page loads, read with layoutShift. */
export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store = window as unknown as { __cls: number };
    store.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) store.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift summed since the page loaded (watchLayoutShift). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

/**
 * Resolves once a realtime channel of the page is listening to database changes (the 'system'
 * frame with status ok that follows the join). Call it before the navigation that opens the
 * channel, await it before writing rows the screen should see arrive: a row written before the
 * channel listens is not sent to it.
 */
export function realtimeListening(page: Page, channel: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload !== 'string') return;
        let frame: unknown;
        try {
          frame = JSON.parse(payload);
        } catch {
          return;
        }
        // Realtime's frames: [join_ref, ref, topic, event, payload].
        if (!Array.isArray(frame) || frame[2] !== `realtime:${channel}` || frame[3] !== 'system') return;
        if ((frame[4] as { status?: unknown } | null)?.status === 'ok') resolve();
      });
    });
  });
}
