// The build bakes into each public page the catalogue and settings it reads from the API as anon
// (docs/architecture.md#public-site-prerendering), and the committed snapshot when no API answers.
import { afterEach, describe, expect, it, vi } from 'vitest';

const API = 'http://api.build.test';

interface Rendered {
  html: string;
  head: { title: string; elements: Set<{ type: string; props: Record<string, string>; children?: string }> };
}

/** A fresh prerender module (it keeps what it read for the whole build) for the build API `api`. */
async function loadPrerender(api: { url: string; anonKey: string } | null): Promise<(url: string) => Promise<Rendered>> {
  vi.resetModules();
  (globalThis as { __SDV_BUILD_API__?: unknown }).__SDV_BUILD_API__ = api;
  const { prerender } = await import('./prerender.tsx');
  return (url) => prerender({ url }) as Promise<Rendered>;
}

function jsonLd(rendered: Rendered): { '@graph': Record<string, unknown>[] } {
  const script = [...rendered.head.elements].find((element) => element.props.type === 'application/ld+json');
  return JSON.parse(script?.children ?? '{}') as { '@graph': Record<string, unknown>[] };
}

const SETTINGS = {
  site_name: 'Sàn Dịch Vụ',
  site_description: 'Mô tả',
  contact_phone: '0900 000 001',
  contact_address: 'Số 1 Đường Thử, Hà Nội',
  admin_email: 'lienhe@build.test',
  maintenance_mode: false,
  featured_banner_url: null,
  voucher_banner_url: null,
  app_store_url: null,
  google_play_url: null,
};

function answer(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (globalThis as { __SDV_BUILD_API__?: unknown }).__SDV_BUILD_API__;
});

// The first import transforms React's server renderer and the router: slow on a busy machine.
describe('prerender', { timeout: 30_000 }, () => {
  it("bakes the API's settings and catalogue into the page and its head", async () => {
    const requests: { url: string; apikey: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        requests.push({ url: input, apikey: new Headers(init?.headers).get('apikey') });
        if (input.includes('/settings?')) return answer([SETTINGS]);
        if (input.includes('/categories?')) return answer([{ id: 'c3', name: 'Dịch vụ y tế', icon: null, sort_order: 2 }]);
        if (input.includes('/subcategories?')) return answer([{ id: 's1', name: 'Xét nghiệm tại nhà', icon: '🧫', sort_order: 0 }]);
        return answer([{ id: 'p1', subcategory_id: 's1', name: 'Gói xét nghiệm thử', price: 123456, duration: '30 phút', description: 'Mô tả gói', job_details: '', sort_order: 0 }]);
      }),
    );
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const render = await loadPrerender({ url: API, anonKey: 'anon-key' });

    const service = await render('/dich-vu-y-te');
    expect(service.html).toContain('Gói xét nghiệm thử');
    expect(service.html).toContain('123.456');
    expect(jsonLd(service)['@graph'][0]).toMatchObject({ '@type': 'Service', offers: [{ name: 'Xét nghiệm tại nhà – Gói xét nghiệm thử', price: 123456, priceCurrency: 'VND' }] });

    const contact = await render('/contact');
    expect(contact.html).toContain('Số 1 Đường Thử, Hà Nội');
    expect(contact.html).toContain('lienhe@build.test');
    expect(jsonLd(contact)['@graph'][0]).toMatchObject({ '@type': 'LocalBusiness', telephone: '0900 000 001', email: 'lienhe@build.test' });
    // The values are embedded for hydration, which asks the API again.
    expect(contact.head.elements).toContainEqual(expect.objectContaining({ props: { type: 'application/json', id: 'prerender-data' }, children: expect.stringContaining('0900 000 001') }));

    expect(requests.every((request) => request.url.startsWith(`${API}/rest/v1/`) && request.apikey === 'anon-key')).toBe(true);
  });

  it('uses the committed snapshot when the API does not answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const render = await loadPrerender({ url: API, anonKey: 'anon-key' });
    const contact = await render('/contact');
    expect(contact.html).toContain('Tầng 5, 123 Nguyễn Văn Linh');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('build-data/public-data.json'));
  });
});
