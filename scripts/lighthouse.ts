// Lighthouse on every public page (docs/architecture.md#public-site-prerendering): Lighthouse's
// default mobile run (simulated throttling) in Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH;
// no browser is downloaded). Audits LIGHTHOUSE_URL when set, else starts a fresh seeded stack of its
// own (data in .data-lighthouse/, ports 63421-63473 + SDV_PORT_OFFSET) and builds the site first.
//
// Each page is audited LIGHTHOUSE_RUNS times (3; the runs of the pages are interleaved) and judged
// on its median run, chosen as Lighthouse chooses it (computeMedianRun: closest to the median first
// contentful paint and time to interactive): the simulated metrics scale the CPU time the page
// took on this machine, so a single run on a busy machine measures the machine as much as the page.
// Prints one table with the median run's scores, the spread of the performance score over the runs,
// Lighthouse's CPU benchmark and the machine's load average; fails when a page's median run scores
// below 95 in performance or 100 in accessibility, best practices or SEO, listing the audits that
// cost it points. LIGHTHOUSE_REPORT_DIR keeps each page's median report (JSON) there.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultPort } from '../local-stack/config.ts';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { startStack, type Stack } from '../local-stack/stack.ts';
import { PUBLIC_PAGES } from '../src/features/public-site/site-pages.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MINIMUM: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

interface Row {
  path: string;
  scores: Record<string, number>;
  performanceRange: string;
  benchmarkIndex: string;
  lcp: string;
  cls: string;
  tbt: string;
  failing: string[];
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

function lowestPerformance(lhrs: Result[]): Result {
  const sorted = [...lhrs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  if (!sorted[0]) throw new Error('Lighthouse made no runs');
  return sorted[0];
}

/** The audits that cost the page points: "id (display value)". */
function failingAudits(lhr: Result): string[] {
  return Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && !['informative', 'manual', 'metricSavings', 'notApplicable'].includes(audit.scoreDisplayMode))
    .map((audit) => (audit.displayValue ? `${audit.id} (${audit.displayValue})` : audit.id));
}

async function main(): Promise<void> {
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  let stack: Stack | undefined;
  let base = process.env.LIGHTHOUSE_URL?.replace(/\/+$/, '');
  if (!base) {
    const env = {
      SDV_DATA_DIR: '.data-lighthouse',
      DB_PORT: defaultPort(63422),
      API_PORT: defaultPort(63421),
      WEB_PORT: defaultPort(63473),
    };
    console.log('Starting a separate stack for Lighthouse …');
    stack = await startStack({ profile: 'test', fresh: true, web: true, build: true, env, log: () => undefined });
    base = stack.webUrl;
  }
  const loadBefore = loadAverage();
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_ARGS });
  const results = new Map<string, Result[]>(PUBLIC_PAGES.map((page) => [page.path, []]));
  try {
    for (let run = 1; run <= runs; run += 1) {
      for (const page of PUBLIC_PAGES) {
        const result = await lighthouse(`${base}${page.path}`, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`Lighthouse returned no result for ${page.path}`);
        results.get(page.path)?.push(result.lhr);
      }
      console.log(`  run ${run}/${runs} done (load average: ${loadAverage()})`);
    }
  } finally {
    chrome.kill();
    await stack?.stop();
  }
  const loadAfter = loadAverage();

  const rows: Row[] = [];
  let version = '';
  for (const page of PUBLIC_PAGES) {
    const lhrs = results.get(page.path) ?? [];
    // A run without a first contentful paint or time to interactive (the trace missed it) has no
    // place among the medians; with no valid run at all, the worst one is judged.
    const valid = filterToValidRuns(lhrs);
    const median = valid.length > 0 ? computeMedianRun(valid) : lowestPerformance(lhrs);

    version = median.lighthouseVersion;
    const scores: Record<string, number> = {};
    for (const name of CATEGORIES) scores[name] = Math.round((median.categories[name]?.score ?? 0) * 100);
    const performance = (valid.length > 0 ? valid : lhrs).map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100));
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(path.join(reportDir, `${page.path === '/' ? 'home' : page.path.slice(1)}.json`), JSON.stringify(median));
    }
    rows.push({
      path: page.path,
      scores,
      performanceRange: `${runs > 1 ? `${Math.min(...performance)}–${Math.max(...performance)}` : String(performance[0])}${valid.length < lhrs.length ? ` (${lhrs.length - valid.length} runs missing metrics)` : ''}`,
      benchmarkIndex: String(Math.round(median.environment.benchmarkIndex)),
      lcp: median.audits['largest-contentful-paint']?.displayValue ?? '',
      cls: median.audits['cumulative-layout-shift']?.displayValue ?? '',
      tbt: median.audits['total-blocking-time']?.displayValue ?? '',
      failing: failingAudits(median),
    });
  }
  console.log(`\nLighthouse ${version} (mobile, simulated throttling), ${base}`);
  console.log(`Median of ${runs} runs per page; load average (1, 5, 15 min) before: ${loadBefore}, after: ${loadAfter}; ${os.cpus().length} CPU\n`);
  console.log('| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT | performance over the runs | CPU benchmark |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.path} | ${row.scores.performance} | ${row.scores.accessibility} | ${row.scores['best-practices']} | ${row.scores.seo} | ${row.lcp} | ${row.cls} | ${row.tbt} | ${row.performanceRange} | ${row.benchmarkIndex} |`,
    );
  }
  const below = rows.filter((row) => CATEGORIES.some((name) => (row.scores[name] ?? 0) < MINIMUM[name]));
  for (const row of below) console.error(`ERROR: ${row.path} below the threshold; failing audits: ${row.failing.join(', ')}`);
  process.exitCode = below.length > 0 ? 1 : 0;
}

await main();
