// Input contract of uploads (docs/product.md#input-rules): a file that says it is a PNG but whose
// first bytes are an SVG is refused on the screen with one Vietnamese message before anything is
// sent (no Storage object, no document row), for a provider's documents and for a banner.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { adminPage, closeDb, createAccount, sectionCard, sql, unique } from '../admin-ops/ops-helpers.ts';

test.describe.configure({ mode: 'serial' });

const tag = unique('bup');
const SVG_AS_PNG = { name: 'anh.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') };
let page: Page;
let providerId: string;

test.beforeAll(async ({ browser }) => {
  providerId = await createAccount({ email: `${tag}@e2e.sandichvu.vn`, password: 'Tho@e2e123456', name: `Thợ ${tag}`, role: 'provider' });
  page = await adminPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
  await closeDb();
});

test('documents: an SVG named .png is refused before upload with one message', async () => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/storage/v1/object/')) uploads.push(request.url());
  });
  await page.goto(`/admin/providers/${providerId}`);
  const docs = sectionCard(page, 'Tài liệu và hình ảnh');
  await docs.getByRole('button', { name: 'Chỉnh sửa tài liệu' }).click();
  await docs.getByLabel('Chọn hình ảnh').setInputFiles(SVG_AS_PNG);
  await expect(docs.getByRole('alert')).toHaveText('Vui lòng chọn file hình ảnh');
  await expect(docs.getByRole('button', { name: 'Tải lên' })).toBeDisabled();
  expect(uploads).toEqual([]);
  const [rows] = await sql<{ n: number }>('select count(*)::int as n from public.provider_documents where provider_id = $1', [providerId]);
  expect(rows!.n).toBe(0);
});

test('documents: a double click on "Tải lên" uploads the image once', async () => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    // Uploads only, not the signed URLs the card asks for to show the new image.
    if (request.method() === 'POST' && request.url().includes('/storage/v1/object/') && !request.url().includes('/object/sign/')) uploads.push(request.url());
  });
  await page.goto(`/admin/providers/${providerId}`);
  const docs = sectionCard(page, 'Tài liệu và hình ảnh');
  await docs.getByRole('button', { name: 'Chỉnh sửa tài liệu' }).click();
  await docs.getByLabel('Chọn hình ảnh').setInputFiles(fileURLToPath(new URL('../../../supabase/seed-files/chung-chi.png', import.meta.url)));
  await docs.getByRole('button', { name: 'Tải lên' }).dblclick();
  await expect.poll(async () => (await sql<{ n: number }>('select count(*)::int as n from public.provider_documents where provider_id = $1', [providerId]))[0]!.n).toBe(1);
  // Nothing else arrives a moment later either.
  await page.waitForTimeout(1_000);
  const [rows] = await sql<{ n: number }>('select count(*)::int as n from public.provider_documents where provider_id = $1', [providerId]);
  expect(rows!.n).toBe(1);
  expect(uploads).toHaveLength(1);
});

test('banners: an SVG named .png is refused before upload with one message', async () => {
  const [before] = await sql<{ featured_banner_url: string | null }>("select featured_banner_url from public.settings where id = 'app'");
  await page.goto('/admin/settings');
  // Uploads from the settings screen only: the page is shared with the tests before, whose document
  // card may still ask for signed URLs (POST /object/sign/) as it leaves.
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/storage/v1/object/') && !request.url().includes('/object/sign/')) uploads.push(request.url());
  });
  const featured = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Banner nổi bật', exact: true }) }).last();
  await featured.locator('input[type="file"]').setInputFiles(SVG_AS_PNG);
  await expect(featured.getByRole('alert')).toHaveText('Vui lòng chọn tệp hình ảnh hợp lệ');
  expect(uploads).toEqual([]);
  const [after] = await sql<{ featured_banner_url: string | null }>("select featured_banner_url from public.settings where id = 'app'");
  expect(after).toEqual(before);
});
