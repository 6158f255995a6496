// Lighthouse on every public page (docs/architecture.md#public-site-prerendering): Lighthouse's
// default mobile run (simulated throttling) in Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH;
// no browser is downloaded). Audits LIGHTHOUSE_URL when set, else starts a fresh seeded stack of its
// own (data in .data-lighthouse/, ports 63421-63473 + SDV_PORT_OFFSET) and builds the site first.
// Prints one table; fails when a page scores below 95 in performance or 100 in accessibility, best
// practices or SEO.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { defaultPort } from '../local-stack/config.ts';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { startStack, type Stack } from '../local-stack/stack.ts';
import { PUBLIC_PAGES } from '../src/features/public-site/site-pages.ts';


const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MINIMUM: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

interface Row {
  path: string;
  scores: Record<string, number>;
  lcp: string;
  cls: string;
  tbt: string;
  failing: string[];
}

async function main(): Promise<void> {
  let stack: Stack | undefined;
  let base = process.env.LIGHTHOUSE_URL?.replace(/\/+$/, '');
  if (!base) {
    const env = {
      SDV_DATA_DIR: '.data-lighthouse',
      DB_PORT: defaultPort(63422),
      API_PORT: defaultPort(63421),
      WEB_PORT: defaultPort(63473),
    };
    console.log('Đang khởi động stack riêng cho Lighthouse …');
    stack = await startStack({ profile: 'test', fresh: true, web: true, build: true, env, log: () => undefined });
    base = stack.webUrl;
  }
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_ARGS });
  const rows: Row[] = [];
  let version = '';
  try {
    for (const page of PUBLIC_PAGES) {
      const result = await lighthouse(`${base}${page.path}`, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`Lighthouse không trả kết quả cho ${page.path}`);
      const { categories, audits } = result.lhr;
      version = result.lhr.lighthouseVersion;
      const scores: Record<string, number> = {};
      for (const name of CATEGORIES) scores[name] = Math.round((categories[name]?.score ?? 0) * 100);
      const failing = Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual' && audit.scoreDisplayMode !== 'metricSavings')
        .map((audit) => audit.id);
      rows.push({
        path: page.path,
        scores,
        lcp: audits['largest-contentful-paint']?.displayValue ?? '',
        cls: audits['cumulative-layout-shift']?.displayValue ?? '',
        tbt: audits['total-blocking-time']?.displayValue ?? '',
        failing,
      });
    }
  } finally {
    chrome.kill();
    await stack?.stop();
  }
  console.log(`\nLighthouse ${version} (mobile, simulated throttling), ${base}\n`);
  console.log('| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.path} | ${row.scores.performance} | ${row.scores.accessibility} | ${row.scores['best-practices']} | ${row.scores.seo} | ${row.lcp} | ${row.cls} | ${row.tbt} |`,
    );
  }
  const below = rows.filter((row) => CATEGORIES.some((name) => (row.scores[name] ?? 0) < MINIMUM[name]));
  for (const row of below) console.error(`LỖI: ${row.path} dưới ngưỡng; mục chưa đạt: ${row.failing.join(', ')}`);
  process.exitCode = below.length > 0 ? 1 : 0;
}

await main();
