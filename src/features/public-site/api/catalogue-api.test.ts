import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCatalogueArea, slugify } from './catalogue-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('slugify', () => {
  it('matches the public page paths', () => {
    expect(slugify('Lao động phổ thông')).toBe('lao-dong-pho-thong');
    expect(slugify('Lao động nông nghiệp')).toBe('lao-dong-nong-nghiep');
    expect(slugify('Dịch vụ y tế')).toBe('dich-vu-y-te');
    expect(slugify('  Đặc biệt!! ')).toBe('dac-biet');
  });
});

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('fetchCatalogueArea', () => {
  it('reads the matching profession, its active services and their active packages as anon', async () => {
    const calls: { url: string; headers: Headers }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        calls.push({ url: input, headers: new Headers(init?.headers) });
        if (input.includes('/categories?')) {
          return jsonResponse([
            { id: 'c1', name: 'Lao động phổ thông', icon: null, sort_order: 0 },
            { id: 'c3', name: 'Dịch vụ y tế', icon: null, sort_order: 2 },
          ]);
        }
        if (input.includes('/subcategories?')) return jsonResponse([{ id: 's1', name: 'Xét nghiệm', icon: '🧫', sort_order: 0 }]);
        return jsonResponse([{ id: 'p1', subcategory_id: 's1', name: 'Gan', price: 350000, duration: '30 phút', description: 'd', job_details: 'j', sort_order: 0 }]);
      }),
    );
    const area = await fetchCatalogueArea('dich-vu-y-te');
    expect(area?.category.id).toBe('c3');
    expect(area?.services.map((service) => service.name)).toEqual(['Xét nghiệm']);
    expect(area?.packages.map((item) => item.name)).toEqual(['Gan']);
    expect(calls[1]?.url).toContain('category_id=eq.c3');
    expect(calls[1]?.url).toContain('active=is.true');
    expect(calls[2]?.url).toContain('subcategory_id=in.(s1)');
    expect(calls[2]?.url).toContain('active=is.true');
    expect(calls[0]?.headers.get('apikey')).toBeTruthy();
    expect(calls[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('null when no profession matches', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse([{ id: 'c1', name: 'Khác', icon: null, sort_order: 0 }])));
    expect(await fetchCatalogueArea('dich-vu-y-te')).toBeNull();
  });
});
