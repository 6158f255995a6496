// Refreshes src/features/public-site/build-data/public-data.json, the catalogue and settings the
// build bakes into the public pages when no API answers (a fresh clone, CI): builds the site against
// a running seeded stack (`npm start`, or SDV_BUILD_API_URL + SDV_BUILD_ANON_KEY) and keeps what the
// prerendered pages embedded. Fails when the API does not answer rather than copying the old file.
// docs/architecture.md#public-site-prerendering
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { PUBLIC_PAGES } from '../src/features/public-site/site-pages.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = path.join(ROOT, 'src/features/public-site/build-data/public-data.json');

interface Embedded {
  values: Record<string, unknown>;
}

const lines: string[] = [];
const log = console.log;
console.log = (...args: unknown[]) => {
  lines.push(args.map(String).join(' '));
  log(...args);
};
delete process.env.SDV_BUILD_DATA;
await build({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
console.log = log;
const source = lines.find((line) => line.includes('[prerender]'));
if (!source || source.includes('build-data/public-data.json')) {
  console.error('Could not read the data from the API: run "npm start" (or set SDV_BUILD_API_URL) first.');
  process.exit(1);
}
const snapshot: { settings: unknown; catalogue: Record<string, unknown> } = { settings: null, catalogue: {} };
for (const page of PUBLIC_PAGES) {
  const file = path.join(ROOT, 'dist', page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`);
  const json = /<script type="application\/json" id="prerender-data"[^>]*>(.*?)<\/script>/s.exec(readFileSync(file, 'utf8'))?.[1];
  if (!json) throw new Error(`${file} has no prerender data`);
  const { values } = JSON.parse(json) as Embedded;
  snapshot.settings = values.settings ?? snapshot.settings;
  if (page.area) snapshot.catalogue[page.area] = values[`catalogue:${page.area}`] ?? null;
}
writeFileSync(OUTPUT, `${JSON.stringify(snapshot, null, 2)}\n`);
console.log(`Wrote ${path.relative(ROOT, OUTPUT)} (${source.trim()})`);
