// A tiny cached loader for the public pages (the public bundle has no react-query): one request
// per key at a time, shared by every component that asks for it; a failed request is tried again
// the next time a page that needs it is shown.
import { useEffect, useSyncExternalStore } from 'react';
import { fetchCatalogueArea, fetchPublicSettings, type PublicCatalogueArea, type PublicSettings } from '../../../lib/public-api.ts';

export interface ResourceState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
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
  if (inFlight.has(key) || (current !== undefined && !current.loading && current.error === undefined)) return;
  inFlight.add(key);
  if (current !== undefined) publish(key, LOADING);
  loader().then(
    (data) => {
      inFlight.delete(key);
      publish(key, { data, error: undefined, loading: false });
    },
    (error: unknown) => {
      inFlight.delete(key);
      publish(key, { data: undefined, error, loading: false });
    },
  );
}

export function usePublicResource<T>(key: string, loader: () => Promise<T>): ResourceState<T> {
  useEffect(() => {
    ensureLoaded(key, loader);
    // The loader is tied to the key by the callers below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const state = useSyncExternalStore(
    subscribe,
    () => cache.get(key),
    () => undefined,
  );
  return (state ?? LOADING) as ResourceState<T>;
}

export function usePublicSettings(): ResourceState<PublicSettings | null> {
  return usePublicResource('settings', () => fetchPublicSettings());
}

export function useCatalogueArea(slug: string): ResourceState<PublicCatalogueArea | null> {
  return usePublicResource(`catalogue:${slug}`, () => fetchCatalogueArea(slug));
}
