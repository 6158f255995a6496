// Measures, from dist/.vite/manifest.json, the JavaScript (gzip) a person's browser fetches before
// it shows something useful, and fails the build above the budgets (docs/architecture.md#budgets):
// - the public home page: the entry, the public layout and the home page's route chunk, with every
//   chunk they import statically — at most 120 kB, and never supabase-js or admin code;
// - each admin screen on a cold load: the entry, the admin root, the admin loader, the screen's
//   page and loader chunks, with every chunk they import statically (supabase-js whole: Auth,
//   PostgREST, Realtime and Storage) — at most 230 kB.
// Run after `vite build` (npm run build does both).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 120_000;
export const HOME_ROUTE_MODULE = 'src/features/public-site/routes/home-page.tsx';
export const PUBLIC_LAYOUT_MODULE = 'src/features/public-site/components/public-layout.tsx';
/** Every admin screen's cold download (gzip), Auth and Realtime included. */
export const ADMIN_BUDGET_BYTES = 230_000;
export const ADMIN_ROOT_MODULE = 'src/app/admin-root.tsx';
export const ADMIN_LOADER_MODULE = 'src/app/admin-loader.ts';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** Manifest keys of the chunks a page loads: the given roots and their static imports, recursively. */
export function staticClosure(manifest: Manifest, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Manifest has no chunk "${key}"`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) stack.push(imported);
  }
  return [...seen];
}

/** The home page: the entry, the public layout (when it is a chunk of its own) and the home route. */
export function homePageChunks(manifest: Manifest): string[] {
  const entry = entryKey(manifest);
  if (!manifest[HOME_ROUTE_MODULE]) throw new Error(`The home page module ${HOME_ROUTE_MODULE} is not a chunk of its own`);
  const roots = [entry, HOME_ROUTE_MODULE, ...(manifest[PUBLIC_LAYOUT_MODULE] ? [PUBLIC_LAYOUT_MODULE] : [])];
  return staticClosure(manifest, roots);
}

function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry === true);
  if (entries.length !== 1) throw new Error(`Expected one entry chunk, found ${entries.length}`);
  return (entries[0] as [string, ManifestChunk])[0];
}

/** The admin screens' page modules: dynamic entries `src/features/<feature>/routes/*-page.tsx` (not the public site's). */
export function adminRouteModules(manifest: Manifest): string[] {
  return Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry === true && /^src\/features\/[^/]+\/routes\/[^/]+-page\.tsx$/.test(key) && !key.startsWith('src/features/public-site/'))
    .sort();
}

/** A screen's loader module, beside its page: `x-page.tsx` → `x-loader.ts`. */
export function loaderModuleOf(routeModule: string): string {
  return routeModule.replace(/-page\.tsx$/, '-loader.ts');
}

/** What a cold load of an admin screen fetches: the entry, the admin root and loader, the screen's page and loader, with their static imports. */
export function adminScreenChunks(manifest: Manifest, routeModule: string): string[] {
  if (!manifest[ADMIN_ROOT_MODULE]) throw new Error(`The admin root ${ADMIN_ROOT_MODULE} is not a chunk of its own`);
  const loaders = [ADMIN_LOADER_MODULE, loaderModuleOf(routeModule)].filter((key) => manifest[key] !== undefined);
  return staticClosure(manifest, [entryKey(manifest), ADMIN_ROOT_MODULE, routeModule, ...loaders]);
}

/** Markers that only exist in supabase-js or in the admin app: never in the public home page's download. */
const FORBIDDEN_MARKERS = ['GoTrueClient', 'RealtimeClient', 'StorageClient', 'sdv-admin-auth'];
/**
 * Markers of code only the build-time prerender runs (React DOM's server renderer, named in its own
 * error message): the prerender shares chunks with the browser's code, so what it imports would
 * reach every page's download (docs/architecture.md#public-site-prerendering).
 */
const BUILD_ONLY_MARKERS = ['The server used "renderToString"'];

const kB = (bytes: number): string => (bytes / 1000).toFixed(2);

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = path.join(root, 'dist');
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`${path.relative(root, manifestPath)} not found: run "vite build" first (build.manifest must be on).`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const gzipOf = new Map<string, number>();
  const sizeOf = (key: string): number => {
    let size = gzipOf.get(key);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(dist, (manifest[key] as ManifestChunk).file))).length;
      gzipOf.set(key, size);
    }
    return size;
  };
  const problems: string[] = [];

  let total = 0;
  console.log('JavaScript of the public home page (entry + layout + home page + static imports):');
  for (const key of homePageChunks(manifest)) {
    const chunk = manifest[key] as ManifestChunk;
    const bytes = readFileSync(path.join(dist, chunk.file));
    total += sizeOf(key);
    console.log(`  ${chunk.file.padEnd(48)} ${kB(bytes.length).padStart(8)} kB  gzip ${kB(sizeOf(key)).padStart(7)} kB`);
    const text = bytes.toString('utf8');
    for (const marker of FORBIDDEN_MARKERS) {
      if (text.includes(marker)) problems.push(`${chunk.file} contains "${marker}" (supabase-js or admin code must not reach the public page)`);
    }
    for (const marker of BUILD_ONLY_MARKERS) {
      if (text.includes(marker)) problems.push(`${chunk.file} contains "${marker}" (code only the build-time prerender runs must not reach the browser)`);
    }
  }
  console.log(`Total gzip ${kB(total)} kB / budget ${kB(BUDGET_BYTES)} kB`);
  if (total > BUDGET_BYTES) problems.push(`home page: gzip ${kB(total)} kB is over the ${kB(BUDGET_BYTES)} kB budget`);

  const screens = adminRouteModules(manifest);
  if (screens.length === 0) problems.push('no admin screen found in the manifest');
  console.log(`\nJavaScript of each admin screen's cold load (entry + admin root + loaders + page + static imports), budget ${kB(ADMIN_BUDGET_BYTES)} kB gzip:`);
  for (const screen of screens) {
    const bytes = adminScreenChunks(manifest, screen).reduce((sum, key) => sum + sizeOf(key), 0);
    console.log(`  ${screen.padEnd(64)} gzip ${kB(bytes).padStart(7)} kB`);
    if (bytes > ADMIN_BUDGET_BYTES) problems.push(`${screen}: gzip ${kB(bytes)} kB is over the ${kB(ADMIN_BUDGET_BYTES)} kB budget`);
  }
  if (problems.length > 0) {
    for (const problem of problems) console.error(`ERROR: ${problem}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
