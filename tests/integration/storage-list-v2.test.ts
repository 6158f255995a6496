// Storage list-v2 (`storage.from(b).listV2()`): folder entries as Supabase Storage returns them
// (`key` is the folder's own segment without "/", `name` the full prefix with "/"), pages that never
// repeat an entry, with the delimiter (a folder spans pages) and with times equal to the millisecond
// (cursors are exact to the microsecond).
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, sql } from './helpers.ts';

let storage: SupabaseClient['storage'];

const unique = (prefix: string): string => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

async function bucketWith(names: readonly string[]): Promise<string> {
  const id = unique('listv2');
  expect((await storage.createBucket(id)).error).toBeNull();
  for (const name of names) expect((await storage.from(id).upload(name, new Blob([name]))).error).toBeNull();
  return id;
}

/** Every page of a listing, one request per page. */
async function pages(bucket: string, options: Parameters<ReturnType<SupabaseClient['storage']['from']>['listV2']>[0]): Promise<{ folders: string[]; objects: string[] }[]> {
  const out: { folders: string[]; objects: string[] }[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page += 1) {
    const { data, error } = await storage.from(bucket).listV2({ ...options, ...(cursor ? { cursor } : {}) });
    expect(error).toBeNull();
    out.push({ folders: data!.folders.map((f) => f.name), objects: data!.objects.map((o) => o.name) });
    if (!data!.hasNext) return out;
    cursor = data!.nextCursor;
  }
  throw new Error('listV2 never ended');
}

beforeAll(() => {
  storage = serviceClient().storage;
});

describe('folder entries', () => {
  it("carry Storage's key (the segment, no trailing /) and name (the prefix with /); objects their own segment", async () => {
    const id = await bucketWith(['testpath/a.txt', 'testpath/deep/b.txt', 'top.txt']);
    const root = await storage.from(id).listV2({ with_delimiter: true });
    expect(root.error).toBeNull();
    expect(root.data?.folders).toEqual([expect.objectContaining({ key: 'testpath', name: 'testpath/', id: null })]);
    expect(root.data?.objects).toEqual([expect.objectContaining({ key: 'top.txt', name: 'top.txt', id: expect.any(String) })]);

    const inside = await storage.from(id).listV2({ prefix: 'testpath/', with_delimiter: true });
    expect(inside.data?.folders).toEqual([expect.objectContaining({ key: 'deep', name: 'testpath/deep/' })]);
    expect(inside.data?.objects).toEqual([expect.objectContaining({ key: 'a.txt', name: 'testpath/a.txt', metadata: expect.objectContaining({ size: 14 }) })]);

    // Without the delimiter: every object under the prefix, full names, no folders.
    const flat = await storage.from(id).listV2({ prefix: 'testpath' });
    expect(flat.data).toMatchObject({ hasNext: false, folders: [] });
    expect(flat.data?.objects.map((o) => o.name)).toEqual(['testpath/a.txt', 'testpath/deep/b.txt']);
  });

  it('a folder spanning a page boundary is listed once (and its objects never)', async () => {
    const id = await bucketWith(['a/1.txt', 'a/2.txt', 'a/3.txt', 'b.txt', 'c/1.txt', 'c/2.txt', 'd.txt']);
    expect(await pages(id, { with_delimiter: true, limit: 1 })).toEqual([
      { folders: ['a/'], objects: [] },
      { folders: [], objects: ['b.txt'] },
      { folders: ['c/'], objects: [] },
      { folders: [], objects: ['d.txt'] },
    ]);
    expect(await pages(id, { with_delimiter: true, limit: 2, sortBy: { column: 'name', order: 'desc' } })).toEqual([
      { folders: ['c/'], objects: ['d.txt'] },
      { folders: ['a/'], objects: ['b.txt'] },
    ]);
  });
});

describe('cursors', () => {
  it('are exact to the microsecond: rows created within one millisecond are each listed once, in time order', async () => {
    // Names in the opposite order of their times, all within .123 s: a millisecond cursor would repeat or skip.
    const names = ['f/e.txt', 'f/d.txt', 'f/c.txt', 'f/b.txt', 'f/a.txt'];
    const id = await bucketWith(names);
    for (const [index, name] of names.entries()) {
      await sql(`update storage.objects set created_at = $3::timestamptz, updated_at = $3::timestamptz where bucket_id = $1 and name = $2`, [
        id,
        name,
        `2026-01-02T03:04:05.1230${index}1Z`,
      ]);
    }
    const ascending = await pages(id, { prefix: 'f/', limit: 2, sortBy: { column: 'created_at', order: 'asc' } });
    expect(ascending.flatMap((page) => page.objects)).toEqual(names);
    expect(ascending).toHaveLength(3);
    const descending = await pages(id, { prefix: 'f/', limit: 1, sortBy: { column: 'updated_at', order: 'desc' } });
    expect(descending.flatMap((page) => page.objects)).toEqual([...names].reverse());
    // With the delimiter too (supabase-js's own paginated test sorts by created_at this way).
    const delimited = await pages(id, { prefix: 'f/', with_delimiter: true, limit: 2, sortBy: { column: 'created_at', order: 'asc' } });
    expect(delimited.flatMap((page) => page.objects)).toEqual(names);
  });

  it('a garbled cursor is refused with 400', async () => {
    const id = await bucketWith(['x.txt']);
    const { error } = await storage.from(id).listV2({ cursor: 'not-a-cursor' });
    expect(error).toMatchObject({ statusCode: '400' });
  });
});
