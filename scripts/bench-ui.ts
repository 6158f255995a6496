// npm run bench:ui — time from navigation to the first rows of every admin screen in a cold full
// load, in Debian's Chromium (/usr/bin/chromium, CHROMIUM_PATH, like tests/e2e): signs in once
// through the login form, then for each screen opens BENCH_UI_LOADS (default 5) fresh browser
// contexts (empty HTTP cache, the stored session only) and measures, in the page, from the start
// of the navigation to the first frame that shows a data row of the screen's table (a cell of a
// row that is neither the loading nor the empty row): a MutationObserver installed before the
// page's own scripts sees the row arrive, the next animation frame gives its time, and the page
// reports it on its console. Nothing of Playwright runs in the page while it loads: a locator or
// waitForFunction would first evaluate Playwright's injected script there (~80 ms of the page's
// main thread, in the middle of the load) and then poll the page, and both sides would be measured
// with that extra work, which no admin's browser does.
// Then, for each list screen, the in-app navigation to the next one: a fresh context loads screen A,
// waits for its rows and a quiet second, and clicks the side menu's link to screen B; the page
// times, from the click, the first frame that shows B's heading and a data row (BENCH_UI_LOADS
// navigations per pair). Both halves: cold code for B, as an admin's first visit to it.
// Prints tables (median, max) and ENDS with a JSON array {"screen","median_ms","max_ms","loads_ms"}
// (navigations named "A → B").
//
// Side by side: BENCH_UI_BASELINE_URL (another build's site, e.g. the "before" code's stack) is
// loaded in turn with the measured one, load by load (baseline, measured, measured, baseline, …),
// so that both sides see the same machine: on a shared VM the speed drifts by tens of per cent
// within minutes, more than the difference between two builds. The table then gives both sides and
// their ratio, and each JSON row has "baseline_median_ms", "baseline_max_ms", "baseline_loads_ms".
//
// Stack: WEB_URL (+ API_URL) when set; else the stack of the current profile when it already
// answers; else starts it (local-stack/stack.ts, SPA built when stale, fair share relaxed) and stops
// it afterwards. The loads follow each other faster than an admin clicks, all with one admin's
// session, so config.toml's per-caller fair share (local-stack/rest/README.md) could answer 429: a
// stack given by WEB_URL or already running should run with SDV_REST_FAIR_SHARE=relaxed, and any 429
// the screens received is reported (exit code 1: the figures then include waits for the quota).
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { DEMO_ACCOUNTS, loadConfig } from '../local-stack/config.ts';
import { startStack, type Stack } from '../local-stack/stack.ts';
import { CHROMIUM_ARGS } from '../playwright.config.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const LOADS = Number(process.env.BENCH_UI_LOADS ?? 5);
const TIMEOUT_MS = 30_000;
/** A data cell: loading and empty rows are one cell spanning every column. */
const FIRST_ROW = 'main table tbody tr > td:not([colspan]) >> visible=true';
const FIRST_ROW_CSS = 'main table tbody tr > td:not([colspan])';

/** The console message that carries the time of the first row (read from CDP, not from the page). */
const FIRST_ROW_MESSAGE = 'bench-ui first-row-ms';

/**
 * Runs in the page before its scripts: logs on the console (FIRST_ROW_MESSAGE and a number) the
 * time, from the start of the navigation, of the first animation frame after a visible data cell
 * appears. (A string: the functions tsx compiles call a helper of its own that the page does not
 * have.)
 */
const WATCH_FIRST_ROW = `(() => {
  const selector = ${JSON.stringify(FIRST_ROW_CSS)};
  let seen = false;
  const observer = new MutationObserver(() => {
    if (seen) return;
    const cell = document.querySelector(selector);
    if (!(cell instanceof HTMLElement) || cell.getClientRects().length === 0) return;
    seen = true;
    observer.disconnect();
    requestAnimationFrame(() => { console.debug(${JSON.stringify(FIRST_ROW_MESSAGE)}, performance.now()); });
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/**
 * Installed in the page (a string, as WATCH_FIRST_ROW): `window.__benchNavigate(href)` clicks the
 * side menu's link to `href` and resolves with the ms from the click to the first animation frame
 * after the address is `href`, the main heading has changed and a visible data cell is shown.
 */
const NAVIGATE = `(() => {
  const selector = ${JSON.stringify(FIRST_ROW_CSS)};
  window.__benchNavigate = (href) => new Promise((resolve, reject) => {
    const link = document.querySelector('#admin-sidebar a[href="' + href + '"]');
    if (!(link instanceof HTMLElement)) { reject(new Error('no menu link to ' + href)); return; }
    const before = document.querySelector('main h1')?.textContent ?? '';
    const ready = () => {
      const heading = document.querySelector('main h1');
      const cell = document.querySelector(selector);
      return location.pathname === href && heading !== null && heading.textContent !== before && cell instanceof HTMLElement && cell.getClientRects().length > 0;
    };
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - start));
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
    link.click();
  });
})();`;

/** The screens, by their address (the dashboard's first rows are its recent bookings). */
const SCREENS: { name: string; path: string }[] = [
  { name: 'dashboard', path: '/admin' },
  { name: 'bookings', path: '/admin/bookings' },
  { name: 'providers', path: '/admin/providers' },
  { name: 'customers', path: '/admin/customers' },
  { name: 'commissions', path: '/admin/manage-commissions' },
  { name: 'deposits', path: '/admin/manage-deposit-history' },
  { name: 'reviews', path: '/admin/manage-reviews' },
  { name: 'conversations', path: '/admin/manage-conversations' },
  { name: 'promotions', path: '/admin/manage-discount-codes' },
  { name: 'professions', path: '/admin/manage-services' },
  { name: 'services', path: '/admin/manage-subcategories' },
  { name: 'packages', path: '/admin/manage-service-items' },
];

/** In-app navigations timed: each list screen to the next one of the menu. */
const NAVIGATIONS: { from: string; to: string }[] = SCREENS.map((screen, index) => ({
  from: screen.path,
  to: (SCREENS[(index + 1) % SCREENS.length] as (typeof SCREENS)[number]).path,
})).filter((pair) => pair.to !== '/admin');

/** How long a loaded screen is left alone before the navigation is clicked. */
const SETTLE_MS = 1000;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1500) })).ok;
  } catch {
    return false;
  }
}

/** The browser storage of a signed-in admin, from the login form. */
async function signIn(browser: Browser, webUrl: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: webUrl, locale: 'vi-VN' });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_ACCOUNTS.admin.email);
  await page.getByRole('textbox', { name: 'Mật khẩu', exact: true }).fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await page.locator(FIRST_ROW).first().waitFor({ timeout: TIMEOUT_MS });
  const state = await context.storageState();
  await context.close();
  return state;
}

interface Result {
  screen: string;
  median_ms: number;
  max_ms: number;
  loads_ms: number[];
  baseline_median_ms?: number;
  baseline_max_ms?: number;
  baseline_loads_ms?: number[];
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  const config = loadConfig();
  let stack: Stack | undefined;
  let webUrl = process.env.WEB_URL;
  if (!webUrl) {
    const running = `http://127.0.0.1:${config.webPort}`;
    if ((await answers(running)) && (await answers(`${config.apiUrl}/rest/v1/`))) {
      webUrl = running;
    } else {
      console.log('Starting the local stack (with the site) for the benchmark …');
      stack = await startStack({ web: true, log: () => undefined, env: { SDV_REST_FAIR_SHARE: 'relaxed' } });
      webUrl = stack.webUrl;
    }
  }
  const baselineUrl = process.env.BENCH_UI_BASELINE_URL?.replace(/\/+$/, '') || undefined;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const storageState = await signIn(browser, webUrl);
    const baselineState = baselineUrl ? await signIn(browser, baselineUrl) : undefined;
    console.log(`${webUrl} · ${LOADS} cold loads per screen (empty cache, stored session)`);
    if (baselineUrl) console.log(`against ${baselineUrl} (baseline), loads in turn: baseline, measured, measured, baseline, …`);
    console.log('');
    const results: Result[] = [];
    /** Answers 429 (the API's per-caller fair share) the screens received, by screen. */
    const throttled = new Map<string, number>();
    /** Navigation → first row of one cold load of `path` on `site`, in ms. */
    const load = async (site: string, state: StorageState, screen: (typeof SCREENS)[number]): Promise<number> => {
      const context = await browser.newContext({ baseURL: site, locale: 'vi-VN', storageState: state });
      const page = await context.newPage();
      page.on('response', (response) => {
        if (response.status() === 429) throttled.set(screen.name, (throttled.get(screen.name) ?? 0) + 1);
      });
      await page.addInitScript({ content: WATCH_FIRST_ROW });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const firstRow = new Promise<number>((resolve, reject) => {
        page.on('console', (message) => {
          const text = message.text();
          if (text.startsWith(`${FIRST_ROW_MESSAGE} `)) resolve(Number(text.slice(FIRST_ROW_MESSAGE.length + 1)));
        });
        timer = setTimeout(() => reject(new Error(`${screen.path}: no data row after ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      });
      try {
        await page.goto(screen.path, { waitUntil: 'commit' });
        return Math.round(await firstRow);
      } finally {
        clearTimeout(timer);
        await context.close();
      }
    };
    for (const screen of SCREENS) {
      const loads: number[] = [];
      const baselineLoads: number[] = [];
      for (let i = 0; i < LOADS; i += 1) {
        if (baselineUrl && baselineState) {
          // ABBA: each side goes first every other time.
          if (i % 2 === 0) {
            baselineLoads.push(await load(baselineUrl, baselineState, screen));
            loads.push(await load(webUrl, storageState, screen));
          } else {
            loads.push(await load(webUrl, storageState, screen));
            baselineLoads.push(await load(baselineUrl, baselineState, screen));
          }
        } else {
          loads.push(await load(webUrl, storageState, screen));
        }
      }
      results.push({
        screen: screen.name,
        median_ms: median(loads),
        max_ms: Math.max(...loads),
        loads_ms: loads,
        ...(baselineUrl ? { baseline_median_ms: median(baselineLoads), baseline_max_ms: Math.max(...baselineLoads), baseline_loads_ms: baselineLoads } : {}),
      });
    }
    /** Click → first row of `to`, on `site`, after a cold load of `from`, in ms. */
    const navigate = async (site: string, state: StorageState, pair: (typeof NAVIGATIONS)[number]): Promise<number> => {
      const context = await browser.newContext({ baseURL: site, locale: 'vi-VN', storageState: state });
      const page = await context.newPage();
      const name = `${pair.from} → ${pair.to}`;
      page.on('response', (response) => {
        if (response.status() === 429) throttled.set(name, (throttled.get(name) ?? 0) + 1);
      });
      await page.addInitScript({ content: WATCH_FIRST_ROW });
      await page.addInitScript({ content: NAVIGATE });
      try {
        const loaded = new Promise<void>((resolve) => {
          page.on('console', (message) => {
            if (message.text().startsWith(`${FIRST_ROW_MESSAGE} `)) resolve();
          });
        });
        await page.goto(pair.from, { waitUntil: 'commit' });
        await Promise.race([loaded, new Promise((_, reject) => setTimeout(() => reject(new Error(`${pair.from}: no data row after ${TIMEOUT_MS} ms`)), TIMEOUT_MS))]);
        await page.waitForTimeout(SETTLE_MS);
        const ms = await page.evaluate((href) => (window as unknown as { __benchNavigate: (to: string) => Promise<number> }).__benchNavigate(href), pair.to);
        return Math.round(ms);
      } finally {
        await context.close();
      }
    };
    for (const pair of NAVIGATIONS) {
      const loads: number[] = [];
      const baselineLoads: number[] = [];
      for (let i = 0; i < LOADS; i += 1) {
        if (baselineUrl && baselineState) {
          if (i % 2 === 0) {
            baselineLoads.push(await navigate(baselineUrl, baselineState, pair));
            loads.push(await navigate(webUrl, storageState, pair));
          } else {
            loads.push(await navigate(webUrl, storageState, pair));
            baselineLoads.push(await navigate(baselineUrl, baselineState, pair));
          }
        } else {
          loads.push(await navigate(webUrl, storageState, pair));
        }
      }
      results.push({
        screen: `${pair.from} → ${pair.to}`,
        median_ms: median(loads),
        max_ms: Math.max(...loads),
        loads_ms: loads,
        ...(baselineUrl ? { baseline_median_ms: median(baselineLoads), baseline_max_ms: Math.max(...baselineLoads), baseline_loads_ms: baselineLoads } : {}),
      });
    }
    const width = Math.max(...results.map((r) => r.screen.length));
    if (baselineUrl) {
      console.log(`${'screen'.padEnd(width)}  ${'baseline median / max'.padStart(21)}  ${'measured median / max'.padStart(21)}  ${'ratio'.padStart(6)}`);
      for (const r of results) {
        const ratio = r.baseline_median_ms ? `${Math.round((100 * r.median_ms) / r.baseline_median_ms)} %` : '—';
        console.log(
          `${r.screen.padEnd(width)}  ${`${r.baseline_median_ms} / ${r.baseline_max_ms}`.padStart(21)}  ${`${r.median_ms} / ${r.max_ms}`.padStart(21)}  ${ratio.padStart(6)}`,
        );
      }
    } else {
      console.log(`${'screen'.padEnd(width)}  ${'median'.padStart(7)}  ${'max'.padStart(7)}  loads (ms)`);
      for (const r of results) {
        console.log(`${r.screen.padEnd(width)}  ${String(r.median_ms).padStart(7)}  ${String(r.max_ms).padStart(7)}  ${r.loads_ms.join(' ')}`);
      }
    }
    for (const [screen, count] of throttled) {
      console.error(`ERROR: ${screen} received ${count} answers 429 (the API's per-caller fair share): run the stack with SDV_REST_FAIR_SHARE=relaxed`);
    }
    if (throttled.size > 0) process.exitCode = 1;
    console.log('');
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await browser.close();
    await stack?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
