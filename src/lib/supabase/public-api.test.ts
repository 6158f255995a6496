import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPublicSettings, PublicApiError } from './public-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('fetchPublicSettings', () => {
  it('an HTTP error becomes a PublicApiError with status and code', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ code: '42501', message: 'permission denied' }, 401)));
    await expect(fetchPublicSettings()).rejects.toMatchObject({ name: 'PublicApiError', status: 401, code: '42501' });
    await expect(fetchPublicSettings()).rejects.toBeInstanceOf(PublicApiError);
  });
});
