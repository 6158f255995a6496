// Measures the JavaScript the public home page downloads (gzip): the entry chunk, the home page's
// route chunk and every chunk they import statically, from dist/.vite/manifest.json. Fails above
// the 120 kB budget (DESIGN.md) and when supabase-js or admin code would reach the public page.
// Run after `vite build` (npm run build does both).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 120_000;
export const HOME_ROUTE_MODULE = 'src/features/public-site/routes/home-page.tsx';

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
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry === true);
  if (entries.length !== 1) throw new Error(`Expected one entry chunk, found ${entries.length}`);
  const [entryKey] = entries[0] as [string, ManifestChunk];
  if (!manifest[HOME_ROUTE_MODULE]) throw new Error(`The home page module ${HOME_ROUTE_MODULE} is not a chunk of its own`);
  return staticClosure(manifest, [entryKey, HOME_ROUTE_MODULE]);
}

/** Markers that only exist in supabase-js (auth / realtime / storage) or in the admin app. */
const FORBIDDEN_MARKERS = ['GoTrueClient', 'RealtimeClient', 'StorageClient', 'sdv-admin-auth'];

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
  }
  console.log('JavaScript của trang chủ công khai (entry + trang chủ + import tĩnh):');
  for (const row of rows) console.log(row);
  console.log(
    `Tổng: ${(raw / 1000).toFixed(2)} kB, gzip ${(total / 1000).toFixed(2)} kB / ngân sách ${(BUDGET_BYTES / 1000).toFixed(0)} kB`,
  );
  if (total > BUDGET_BYTES) problems.push(`gzip ${(total / 1000).toFixed(2)} kB vượt ngân sách ${(BUDGET_BYTES / 1000).toFixed(0)} kB`);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`LỖI: ${problem}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
