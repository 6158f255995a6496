// Image transformation abuse against the API server: one caller asks for big AVIF renders of a
// 36-megapixel image at once. At most two render at a time (one libvips thread each), four wait
// (503 with Retry-After after 15 s), the rest get 429 with Retry-After; a source over 50 megapixels is refused with 422 before any
// decoding; meanwhile another client's REST and Auth requests keep p95 < 250 ms. Bounded: a dozen
// renders, about 20 s.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenOf, apiFetch, createTestUser, serviceClient, signedInClient, uniqueEmail } from './helpers.ts';

const P95_BOUND_MS = 250;
const BUCKET = 'banners';

let token: string;
let bigPath: string;
let hugePath: string;

/** A JPEG of `width`×`height` (a gradient and a disc: small file, full decoding cost). */
function jpeg(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#0f0" opacity="0.5"/></svg>`;
  return sharp(Buffer.from(svg), { limitInputPixels: false }).jpeg({ quality: 85 }).toBuffer();
}

async function upload(name: string, body: Buffer): Promise<string> {
  const path = `abuse-render/${randomUUID()}-${name}.jpg`;
  const { error } = await serviceClient().storage.from(BUCKET).upload(path, body, { contentType: 'image/jpeg' });
  if (error) throw error;
  return path;
}

const render = (path: string, query: string): Promise<Response> => apiFetch(`/storage/v1/render/image/public/${BUCKET}/${path}?${query}`);

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

async function timed(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

beforeAll(async () => {
  const email = uniqueEmail('abuse-render');
  await createTestUser(email, 'Abuse@123456');
  token = await accessTokenOf(await signedInClient(email, 'Abuse@123456'));
  bigPath = await upload('36mp', await jpeg(6000, 6000));
  hugePath = await upload('56mp', await jpeg(8000, 7000));
});

afterAll(async () => {
  await serviceClient().storage.from(BUCKET).remove([bigPath, hugePath]);
});

describe('image transformation limits', () => {
  it('refuses a source over 50 megapixels with 422', async () => {
    const started = Date.now();
    const response = await render(hugePath, 'width=200&height=200');
    expect(response.status).toBe(422);
    expect(((await response.json()) as { statusCode: string }).statusCode).toBe('422');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('renders two at a time, queues four, refuses the rest; others stay fast', async () => {
    // Warm up the measured routes (first-request costs are not the renders' doing).
    await timed(() => apiFetch('/rest/v1/categories?select=*&limit=5', { token }));
    await timed(() => apiFetch('/auth/v1/user', { token }));

    const renders = Array.from({ length: 10 }, (_, i) =>
      render(bigPath, `width=1600&height=${1590 + i}&format=avif&quality=80`).then(async (response) => ({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        bytes: (await response.arrayBuffer()).byteLength,
      })),
    );
    let done = false;
    const all = Promise.all(renders).finally(() => (done = true));

    const rest: number[] = [];
    const auth: number[] = [];
    await new Promise((resolve) => setTimeout(resolve, 300));
    while (!done && rest.length < 60) {
      rest.push(await timed(() => apiFetch('/rest/v1/categories?select=*&limit=5', { token })));
      auth.push(await timed(() => apiFetch('/auth/v1/user', { token })));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const results = await all;
    const ok = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status === 429);
    const waitedTooLong = results.filter((result) => result.status === 503);
    console.log(
      `[abuse-render] ${ok.length} rendered, ${refused.length} refused at once, ${waitedTooLong.length} after waiting; ${rest.length} samples while rendering: REST p95 ${p95(rest).toFixed(1)} ms, Auth p95 ${p95(auth).toFixed(1)} ms`,
    );
    // 2 running + 4 queued; a queued one may time out (503) on a slow machine, never more than that.
    expect(refused.length).toBe(4);
    expect(ok.length).toBeGreaterThanOrEqual(2);
    expect(ok.length + waitedTooLong.length).toBe(6);
    for (const result of [...refused, ...waitedTooLong]) expect(Number(result.retryAfter)).toBeGreaterThan(0);
    for (const result of ok) expect(result.bytes).toBeGreaterThan(0);
    expect(rest.length).toBeGreaterThanOrEqual(5);
    expect(p95(rest)).toBeLessThan(P95_BOUND_MS);
    expect(p95(auth)).toBeLessThan(P95_BOUND_MS);
  });
});
