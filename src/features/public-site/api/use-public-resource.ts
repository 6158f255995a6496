// A tiny cached loader for the public pages (the public bundle has no react-query): one request
// per key at a time, shared by every component that asks for it; a failed request is tried again
// the next time a page that needs it is shown.
//
// Prerendering (docs/architecture.md#public-site-prerendering): the build primes this cache with the
// values it read from the database and embeds them in each page; the browser primes it again from
// that embedded copy before hydrating, so the first render matches the HTML, then every primed key
// is fetched once more from the API (a price changed in the back office shows without a rebuild).
// While that refresh runs, or if it fails, the built values stay on screen.
import { useEffect, useSyncExternalStore } from 'react';
import { fetchPublicSettings, type PublicSettings } from '@/lib/supabase/public-api.ts';

export interface ResourceState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Built into the page: shown, and replaced by the API's answer once it arrives. */
  stale?: boolean;
}

const LOADING: ResourceState<never> = { data: undefined, error: undefined, loading: true };

/** Snapshots are replaced (never mutated) so useSyncExternalStore sees every change. */
const cache = new Map<string, ResourceState<unknown>>();
const inFlight = new Set<string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(key: string, state: ResourceState<unknown>): void {
  cache.set(key, state);
  for (const listener of listeners) listener();
}

function ensureLoaded(key: string, loader: () => Promise<unknown>): void {
  const current = cache.get(key);
  if (inFlight.has(key) || (current !== undefined && !current.loading && current.error === undefined && current.stale !== true)) return;
  inFlight.add(key);
  const built = current?.stale === true ? current : undefined;
  if (current !== undefined && !built) publish(key, LOADING);
  loader().then(
    (data) => {
      inFlight.delete(key);
      const fresh = { data, error: undefined, loading: false };
      // Unchanged since the build: nothing on screen changes, so no component renders again.
      if (built && JSON.stringify(built.data) === JSON.stringify(data)) cache.set(key, { ...fresh, data: built.data });
      else publish(key, fresh);
    },
    (error: unknown) => {
      inFlight.delete(key);
      // The built values stay (they were right when the site was built); the next page tries again.
      publish(key, built ? { ...built } : { data: undefined, error, loading: false });
    },
  );
}

export function usePublicResource<T>(key: string, loader: () => Promise<T>): ResourceState<T> {
  useEffect(() => {
    ensureLoaded(key, loader);
    // The loader is tied to the key by the callers below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const read = () => cache.get(key);
  // The same snapshot on the server (prerendering) and during hydration: the primed cache.
  const state = useSyncExternalStore(subscribe, read, read);
  return (state ?? LOADING) as ResourceState<T>;
}

export const SETTINGS_KEY = 'settings';

export function catalogueKey(slug: string): string {
  return `catalogue:${slug}`;
}

export function usePublicSettings(): ResourceState<PublicSettings | null> {
  return usePublicResource(SETTINGS_KEY, () => fetchPublicSettings());
}

/** What a prerendered page embeds: the values of the keys it used, and when it was built. */
export interface PublicDataSnapshot {
  builtAt: string;
  values: Record<string, unknown>;
}

/** Fills the cache with built values (marked stale: the API is asked again once mounted). */
export function primePublicData(snapshot: PublicDataSnapshot): void {
  builtAt = snapshot.builtAt;
  for (const [key, data] of Object.entries(snapshot.values)) {
    cache.set(key, { data, error: undefined, loading: false, stale: true });
  }
}

/** Forgets every value (between two prerendered pages). */
export function resetPublicData(): void {
  cache.clear();
  inFlight.clear();
  builtAt = undefined;
}

let builtAt: string | undefined;

/** When the page the browser shows was built (ISO time), if it was prerendered. */
export function pageBuiltAt(): string | undefined {
  return builtAt;
}

/** The cached value of `key`, without loading it (undefined when absent or not loaded yet). */
export function useCachedValue<T>(key: string | undefined): T | undefined {
  const read = () => (key === undefined ? undefined : cache.get(key));
  const state = useSyncExternalStore(subscribe, read, read);
  return state?.data as T | undefined;
}
