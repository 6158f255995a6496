// PostgREST conformance of media types: `nulls=stripped` and CSV quoted only where needed.
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, serviceRoleKey } from './helpers.ts';
import { ensurePostgrestFixtures } from './postgrest-fixtures.ts';

beforeAll(ensurePostgrestFixtures);

function get(path: string, headers: Record<string, string> = {}) {
  return rawRequest('GET', `/rest/v1${path}`, { headers: { apikey: serviceRoleKey(), ...headers } });
}

describe('application/vnd.pgrst.array+json;nulls=stripped', () => {
  it('leaves out the keys whose value is null and says so in Content-Type', async () => {
    const response = await get('/collection_notes?select=body,remark&collection_id=eq.1&order=id', { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8');
    expect(response.json()).toEqual([{ body: 'first' }, { body: 'second', remark: 'kept' }]);
    expect(response.body).not.toContain('null');
  });

  it('applies to the rows a write returns too', async () => {
    const response = await rawRequest('POST', '/rest/v1/tickets?select=title,note', {
      headers: { apikey: serviceRoleKey(), 'Content-Type': 'application/json', Prefer: 'return=representation', Accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
      body: JSON.stringify({ title: 'stripped write' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers['content-type']).toBe('application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8');
    expect(response.json()).toEqual([{ title: 'stripped write' }]);
  });
});

describe('text/csv', () => {
  it('quotes a value only when it needs quotes, nulls empty, header unquoted', async () => {
    const response = await get('/collections?select=id,name,parent_id&order=id', { Accept: 'text/csv' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body).toBe('id,name,parent_id\n1,Root,\n2,"Child, with comma",1\n3,"Child ""quoted""",1\n4,Grandchild,2');
  });
});
