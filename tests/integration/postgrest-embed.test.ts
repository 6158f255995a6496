// PostgREST conformance: embedding as PostgREST 12/13 documents it — the embedded count, spread
// embeds, computed fields and relationships, self-referencing and constraint-name embeds, FK-column
// embeds next to a view, duplicate aliases. Fixtures: fixtures/postgrest.sql (test stack only).
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, serviceClient, serviceRoleKey } from './helpers.ts';
import { ensurePostgrestFixtures, expectError } from './postgrest-fixtures.ts';

let db: SupabaseClient;

beforeAll(async () => {
  await ensurePostgrestFixtures();
  db = serviceClient();
});

/** The rows of a supabase-js query that must succeed. */
async function rows(query: PromiseLike<{ data: unknown; error: unknown }>): Promise<unknown> {
  const { data, error } = await query;
  expect(error).toBeNull();
  return data;
}

describe('embedded count without parentheses', () => {
  it('select=*,collection_notes(count) answers each parent with [{count}]', async () => {
    expect(await rows(db.from('collections').select('id, collection_notes(count)').order('id'))).toEqual([
      { id: 1, collection_notes: [{ count: 2 }] },
      { id: 2, collection_notes: [{ count: 1 }] },
      { id: 3, collection_notes: [{ count: 0 }] },
      { id: 4, collection_notes: [{ count: 0 }] },
    ]);
  });
});

describe('spread embeds', () => {
  it('a to-one spread merges the parent row columns into the child', async () => {
    expect(await rows(db.from('collection_notes').select('body, ...collections(collection_name:name)').order('id'))).toEqual([
      { body: 'first', collection_name: 'Root' },
      { body: 'second', collection_name: 'Root' },
      { body: 'third', collection_name: 'Child, with comma' },
    ]);
  });

  it('a to-many spread turns each column into an array (PostgREST 13)', async () => {
    expect(await rows(db.from('collections').select('id, ...collection_notes(body)').in('id', [1, 3]).order('id'))).toEqual([
      { id: 1, body: ['first', 'second'] },
      { id: 3, body: [] },
    ]);
  });
});

describe('computed fields', () => {
  it('a function taking the row type is selected, filtered and ordered like a column', async () => {
    expect(await rows(db.from('collections').select('id, label').in('label', ['Grandchild #4', 'Root #1', 'Root #9']).order('label', { ascending: false }))).toEqual([
      { id: 1, label: 'Root #1' },
      { id: 4, label: 'Grandchild #4' },
    ]);
  });
});

describe('computed relationships', () => {
  it('a function returning SETOF another table embeds to-many, ROWS 1 embeds to-one', async () => {
    expect(await rows(db.from('collections').select('id, sub_collections(id), parent_collection(name)').order('id'))).toEqual([
      { id: 1, sub_collections: [{ id: 2 }, { id: 3 }], parent_collection: null },
      { id: 2, sub_collections: [{ id: 4 }], parent_collection: { name: 'Root' } },
      { id: 3, sub_collections: [], parent_collection: { name: 'Root' } },
      { id: 4, sub_collections: [], parent_collection: { name: 'Child, with comma' } },
    ]);
  });
});

describe('self-referencing embeds', () => {
  it('the table name embeds the children (one-to-many), the FK column the parent (many-to-one)', async () => {
    expect(await rows(db.from('collections').select('id, collections(id), parent_id(name)').eq('id', 2).single())).toEqual({ id: 2, collections: [{ id: 4 }], parent_id: { name: 'Root' } });
  });
});

describe('embedding by foreign-key constraint name', () => {
  it('first_friend_of:best_friends_first_user_fkey(*) picks that one relationship', async () => {
    expect(await rows(db.from('friend_users').select('id, first_friend_of:best_friends_first_user_fkey(id)').order('id'))).toEqual([
      { id: 1, first_friend_of: [{ id: 1 }] },
      { id: 2, first_friend_of: [{ id: 2 }] },
      { id: 3, first_friend_of: [] },
    ]);
  });
});

describe('FK-column embeds next to a view over the referenced table', () => {
  it('user_profiles?select=username(*) is not ambiguous because of friend_users_public', async () => {
    expect(await rows(db.from('user_profiles').select('id, username(display_name)').order('id'))).toEqual([
      { id: 1, username: { display_name: 'An' } },
      { id: 2, username: { display_name: 'Bình' } },
    ]);
  });
});

describe('duplicate embed aliases', () => {
  const get = (path: string) => rawRequest('GET', `/rest/v1${path}`, { headers: { apikey: serviceRoleKey() } });

  it("two embeds under one output name: Postgres's 42712 on PostgREST's join alias <parent>_<name>_<depth>", async () => {
    expectError(await get('/collections?select=id,x:collection_notes(body),x:sub_collections(id)&id=eq.1'), 400, {
      code: '42712',
      message: 'table name "collections_x_1" specified more than once',
      details: null,
      hint: null,
    });
    // supabase-js's own case: one table embedded twice by two FK hints, without aliases.
    const { error, status } = await db.from('best_friends').select('friend_users!first_user(*), friend_users!second_user(*)').limit(1).single();
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42712', message: 'table name "best_friends_friend_users_1" specified more than once' });
    // Different names at one level, or one name at two levels, are fine.
    expect((await get('/collections?select=id,a:collection_notes(body),b:collection_notes(id)&id=eq.3')).json()).toEqual([{ id: 3, a: [], b: [] }]);
  });
});

describe("unknown columns, as Postgres names them in PostgREST's query", () => {
  const get = (path: string) => rawRequest('GET', `/rest/v1${path}`, { headers: { apikey: serviceRoleKey() } });

  it('the table at the root, <table>_<depth> in embeds, with the hint Postgres gives', async () => {
    expectError(await get('/collections?select=id,nope'), 400, {
      code: '42703',
      message: 'column collections.nope does not exist',
      details: null,
      hint: 'Perhaps you meant to reference the column "collections.name".',
    });
    expectError(await get('/collections?select=id,zzzzzz'), 400, { code: '42703', message: 'column collections.zzzzzz does not exist', details: null, hint: null });
    expectError(await get('/collections?select=id,collection_notes(bodyy)'), 400, {
      code: '42703',
      message: 'column collection_notes_1.bodyy does not exist',
      details: null,
      hint: 'Perhaps you meant to reference the column "collection_notes_1.body".',
    });
    expectError(await get('/collections?select=id,sub_collections(id,parent_collection(nam))'), 400, {
      code: '42703',
      message: 'column collections_2.nam does not exist',
      details: null,
      hint: 'Perhaps you meant to reference the column "collections_2.name".',
    });
    expectError(await get('/collections?select=id,collection_notes(body)&collection_notes.remarks=is.null'), 400, {
      code: '42703',
      message: 'column collection_notes_1.remarks does not exist',
      details: null,
      hint: 'Perhaps you meant to reference the column "collection_notes_1.remark".',
    });
  });

  it('in the order Postgres finds them: embeds (their FROM) before the select list, relationships before both', async () => {
    expect((await get('/collections?select=nope,collection_notes(nope)')).json()).toMatchObject({ message: 'column collection_notes_1.nope does not exist' });
    expect((await get('/collections?select=nope,missing_table(id)')).json()).toMatchObject({ code: 'PGRST200' });
  });
});
