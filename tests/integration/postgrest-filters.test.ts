// PostgREST conformance: the any/all modifiers of eq, gt, gte, lt, lte, like, ilike, match and
// imatch (`name=like(any).{a*,b*}`).
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, serviceRoleKey } from './helpers.ts';
import { ensurePostgrestFixtures } from './postgrest-fixtures.ts';

beforeAll(ensurePostgrestFixtures);

async function names(query: string): Promise<unknown> {
  const response = await rawRequest('GET', `/rest/v1/tags?select=name&order=name&${query}`, { headers: { apikey: serviceRoleKey() } });
  expect(response.status).toBe(200);
  return (response.json() as { name: string }[]).map((row) => row.name);
}

describe('operator modifiers any / all', () => {
  it('like(any) matches any pattern, like(all) every pattern', async () => {
    expect(await names(`name=like(any).${encodeURIComponent('{b*,*by}')}`)).toEqual(['blue', 'ruby']);
    expect(await names(`name=like(all).${encodeURIComponent('{r*,*e}')}`)).toEqual(['rose']);
  });

  it('ilike(any), eq(any) and not.eq(any) on the column type', async () => {
    expect(await names(`name=ilike(any).${encodeURIComponent('{RE*,BL*}')}`)).toEqual(['blue', 'red']);
    expect(await names(`name=eq(any).${encodeURIComponent('{red,blue,none}')}`)).toEqual(['blue', 'red']);
    expect(await names(`name=not.eq(any).${encodeURIComponent('{red,blue}')}`)).toEqual(['rose', 'ruby']);
  });

  it('gt(all) and match(any) inside or=()', async () => {
    expect(await names(`name=gt(all).${encodeURIComponent('{blue,red}')}`)).toEqual(['rose', 'ruby']);
    expect(await names(`or=${encodeURIComponent('(name.match(any).{^bl,^ros})')}`)).toEqual(['blue', 'rose']);
  });
});
