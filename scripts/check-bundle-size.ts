// Measures the JavaScript the public home page downloads (gzip): the entry chunk, the home page's
// route chunk and every chunk they import statically, from dist/.vite/manifest.json. Fails above
// the 120 kB budget (DESIGN.md) and when supabase-js or admin code would reach the public page.
// Measures each admin screen the same way (entry + admin root + the screen's route chunk and their
// static imports, docs/architecture.md#admin-loading) and fails above ADMIN_BUDGET_BYTES.
// Run after `vite build` (npm run build does both).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 120_000;
export const HOME_ROUTE_MODULE = 'src/features/public-site/routes/home-page.tsx';
/** Every admin screen's download (gzip): DESIGN's 150 kB (docs/architecture.md#admin-loading). */
export const ADMIN_BUDGET_BYTES = 150_000;
export const ADMIN_ROOT_MODULE = 'src/app/admin-root.tsx';

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

export function homePageChunks(manifest: Manifest): string[] {
  const entry = entryKey(manifest);
  if (!manifest[HOME_ROUTE_MODULE]) throw new Error(`The home page module ${HOME_ROUTE_MODULE} is not a chunk of its own`);
  return staticClosure(manifest, [entry, HOME_ROUTE_MODULE]);
}

function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry === true);
  if (entries.length !== 1) throw new Error(`Expected one entry chunk, found ${entries.length}`);
  return (entries[0] as [string, ManifestChunk])[0];
}

/** The admin screens' route modules: dynamic entries under src/features/<feature>/routes/ (not the public site's). */
export function adminRouteModules(manifest: Manifest): string[] {
  return Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry === true && /^src\/features\/[^/]+\/routes\//.test(key) && !key.startsWith('src/features/public-site/'))
    .sort();
}

/** What an admin screen loads: the entry, the admin root and the screen's route chunk, with their static imports. */
export function adminScreenChunks(manifest: Manifest, routeModule: string): string[] {
  if (!manifest[ADMIN_ROOT_MODULE]) throw new Error(`The admin root ${ADMIN_ROOT_MODULE} is not a chunk of its own`);
  return staticClosure(manifest, [entryKey(manifest), ADMIN_ROOT_MODULE, routeModule]);
}

/**
 * Strings only Auth (its client's name in its log lines), Realtime (Phoenix's join event) and
 * Storage (its client name header) contain: the admin loads all three on first use, so no screen's
 * first download may carry them.
 */
export const LAZY_ONLY_MARKERS = ['GoTrueClient', 'phx_join', 'storage-js/'];

/** The lazily loaded parts (LAZY_ONLY_MARKERS) found in a screen's first download, as "file: marker". */
export function lazyPartsInScreen(manifest: Manifest, routeModule: string, read: (file: string) => string): string[] {
  return adminScreenChunks(manifest, routeModule).flatMap((key) => {
    const file = (manifest[key] as ManifestChunk).file;
    const text = read(file);
    return LAZY_ONLY_MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${file}: ${marker}`);
  });
}

/** Markers that only exist in supabase-js (auth / realtime / storage) or in the admin app. */
const FORBIDDEN_MARKERS = ['GoTrueClient', 'RealtimeClient', 'StorageClient', 'sdv-admin-auth'];
/**
 * Markers of code only the build-time prerender runs (React DOM's server renderer, named in its own
 * error message): the prerender shares chunks with the browser's code, so what it imports would
 * reach every page's download (docs/architecture.md#public-site-prerendering).
 */
const BUILD_ONLY_MARKERS = ['The server used "renderToString"'];

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = path.join(root, 'dist');
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`Không tìm thấy ${path.relative(root, manifestPath)}: hãy chạy "vite build" trước (build.manifest phải bật).`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const keys = homePageChunks(manifest);
  let total = 0;
  let raw = 0;
  const problems: string[] = [];
  const rows: string[] = [];
  for (const key of keys) {
    const chunk = manifest[key] as ManifestChunk;
    const bytes = readFileSync(path.join(dist, chunk.file));
    const gz = gzipSync(bytes).length;
    total += gz;
    raw += bytes.length;
    rows.push(`  ${chunk.file.padEnd(48)} ${(bytes.length / 1000).toFixed(2).padStart(8)} kB  gzip ${(gz / 1000).toFixed(2).padStart(7)} kB`);
    const text = bytes.toString('utf8');
    for (const marker of FORBIDDEN_MARKERS) {
      if (text.includes(marker)) problems.push(`${chunk.file} chứa "${marker}" (supabase-js hoặc mã quản trị không được tải ở trang công khai)`);
    }
    for (const marker of BUILD_ONLY_MARKERS) {
      if (text.includes(marker)) problems.push(`${chunk.file} chứa "${marker}" (mã chỉ dùng khi prerender lúc build không được tải ở trình duyệt)`);
    }
  }
  console.log('JavaScript của trang chủ công khai (entry + trang chủ + import tĩnh):');
  for (const row of rows) console.log(row);
  console.log(
    `Tổng: ${(raw / 1000).toFixed(2)} kB, gzip ${(total / 1000).toFixed(2)} kB / ngân sách ${(BUDGET_BYTES / 1000).toFixed(0)} kB`,
  );
  if (total > BUDGET_BYTES) problems.push(`gzip ${(total / 1000).toFixed(2)} kB vượt ngân sách ${(BUDGET_BYTES / 1000).toFixed(0)} kB`);

  const gzipOf = new Map<string, number>();
  const sizeOf = (key: string): number => {
    let size = gzipOf.get(key);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(dist, (manifest[key] as ManifestChunk).file))).length;
      gzipOf.set(key, size);
    }
    return size;
  };
  const texts = new Map<string, string>();
  const readText = (file: string): string => {
    let text = texts.get(file);
    if (text === undefined) {
      text = readFileSync(path.join(dist, file), 'utf8');
      texts.set(file, text);
    }
    return text;
  };
  const screens = adminRouteModules(manifest);
  if (screens.length === 0) problems.push('không tìm thấy màn hình quản trị nào trong manifest');
  console.log(`\nJavaScript của mỗi màn hình quản trị (entry + admin root + màn hình + import tĩnh), ngân sách ${(ADMIN_BUDGET_BYTES / 1000).toFixed(0)} kB gzip:`);
  for (const screen of screens) {
    const bytes = adminScreenChunks(manifest, screen).reduce((sum, key) => sum + sizeOf(key), 0);
    console.log(`  ${screen.padEnd(64)} gzip ${(bytes / 1000).toFixed(2).padStart(7)} kB`);
    if (bytes > ADMIN_BUDGET_BYTES) problems.push(`${screen}: gzip ${(bytes / 1000).toFixed(2)} kB vượt ngân sách ${(ADMIN_BUDGET_BYTES / 1000).toFixed(0)} kB`);
    for (const found of lazyPartsInScreen(manifest, screen, readText)) {
      problems.push(`${screen}: ${found} (Auth / Realtime / Storage chỉ được tải khi dùng lần đầu)`);
    }
  }
  if (problems.length > 0) {
    for (const problem of problems) console.error(`LỖI: ${problem}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
