// After a new build is deployed, a page that is already open may ask for code chunks that no longer
// exist. Reloading fetches the new index.html and its chunks. Done at most once per 30 s (per tab) so
// that a chunk that really is missing shows the error page instead of reloading forever.

const KEY = 'sdv-chunk-reload-at';
const MIN_INTERVAL_MS = 30_000;

const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|Failed to fetch module/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

/** Reloads the page if no reload for a missing chunk happened recently; returns whether it did. */
export function reloadForNewBuild(storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage, now = Date.now()): boolean {
  const last = Number(storage.getItem(KEY) ?? '0');
  if (Number.isFinite(last) && now - last < MIN_INTERVAL_MS) return false;
  storage.setItem(KEY, String(now));
  window.location.reload();
  return true;
}

/** Vite fires `vite:preloadError` when a dynamic import's dependencies cannot be loaded. */
export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForNewBuild()) event.preventDefault();
  });
}
