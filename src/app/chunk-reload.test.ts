// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForNewBuild } from './chunk-reload.ts';

afterEach(() => vi.restoreAllMocks());

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

describe('reload after a new build', () => {
  it('recognises the browsers’ chunk-load errors only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/terms-page-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
  it('reloads at most once in 30 s', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const storage = memoryStorage();
    expect(reloadForNewBuild(storage, 1_000_000)).toBe(true);
    expect(reloadForNewBuild(storage, 1_010_000)).toBe(false);
    expect(reloadForNewBuild(storage, 1_031_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
