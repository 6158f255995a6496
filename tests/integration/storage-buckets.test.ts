// Storage routes supabase-js calls beyond plain objects: bucket create / update / empty / delete,
// signed upload URLs, list-v2, object info, content types with parameters, Storage's checks of image
// buckets (the declared type only), the JWT every caller route needs, and image transformations.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { anonKey, apiUrl, createTestUser, serviceClient, serviceRoleKey, signedInClient, uniqueEmail } from './helpers.ts';

const unique = (prefix: string): string => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
}

describe('buckets', () => {
  it('the service role creates, reads, updates, empties and deletes a bucket with Storage answers', async () => {
    const storage = serviceClient().storage;
    const id = unique('tmp');
    const created = await storage.createBucket(id, { public: true, fileSizeLimit: '1MB', allowedMimeTypes: ['image/png'] });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ name: id });
    const read = await storage.getBucket(id);
    expect(read.data).toMatchObject({ id, public: true, file_size_limit: 1_000_000, allowed_mime_types: ['image/png'] });
    expect((await storage.createBucket(id)).error).toMatchObject({ statusCode: '409' });

    const updated = await storage.updateBucket(id, { public: false, fileSizeLimit: 2048, allowedMimeTypes: ['image/png', 'image/webp'] });
    expect(updated.data).toEqual({ message: 'Successfully updated' });
    expect((await storage.getBucket(id)).data).toMatchObject({ public: false, file_size_limit: 2048 });

    expect((await storage.from(id).upload('a.png', await pngOf(4, 4), { contentType: 'image/png' })).error).toBeNull();
    const notEmpty = await storage.deleteBucket(id);
    expect(notEmpty.error).toMatchObject({ statusCode: '409', message: 'The bucket you tried to delete is not empty' });
    expect((await storage.emptyBucket(id)).data).toEqual({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    expect((await storage.from(id).list()).data).toEqual([]);
    expect((await storage.deleteBucket(id)).data).toEqual({ message: 'Successfully deleted' });
    expect((await storage.getBucket(id)).error).toMatchObject({ statusCode: '404' });
  });

  it('a signed-in customer cannot create, change or delete buckets (row-level security)', async () => {
    const email = uniqueEmail('bucket-user');
    await createTestUser(email, 'Matkhau@2024');
    const storage = (await signedInClient(email, 'Matkhau@2024')).storage;
    const created = await storage.createBucket(unique('mine'), { public: true });
    expect(created.error).toMatchObject({ statusCode: '403' });
    expect((await storage.updateBucket('banners', { public: false })).error).toMatchObject({ statusCode: '404' });
    expect((await storage.deleteBucket('banners')).error).not.toBeNull();
    expect((await serviceClient().storage.getBucket('banners')).data?.public).toBe(true);
  });

  it('bucket names and MIME rules are checked', async () => {
    const storage = serviceClient().storage;
    expect((await storage.createBucket('bad/name')).error).toMatchObject({ statusCode: '400' });
    expect((await storage.createBucket(unique('m'), { public: false, allowedMimeTypes: ['not a type'] })).error).toMatchObject({ statusCode: '415' });
  });

  it('listBuckets without a JWT is refused as Storage refuses it (not an empty list)', async () => {
    const response = await fetch(`${apiUrl()}/storage/v1/bucket`, { headers: { apikey: anonKey() } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
  });
});

describe('objects', () => {
  it('createSignedUploadUrl + uploadToSignedUrl store the file; the token only uploads that path', async () => {
    const storage = serviceClient().storage;
    const id = unique('signed');
    await storage.createBucket(id, { public: false });
    const signed = await storage.from(id).createSignedUploadUrl('docs/a.txt');
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toContain(`/object/upload/sign/${id}/docs/a.txt?token=`);
    const uploaded = await storage.from(id).uploadToSignedUrl('docs/a.txt', signed.data!.token, Buffer.from('xin chào'), {
      contentType: 'text/plain;charset=utf-8',
    });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data?.fullPath).toBe(`${id}/docs/a.txt`);
    const downloaded = await fetch(`${apiUrl()}/storage/v1/object/${id}/docs/a.txt`, { headers: { apikey: anonKey(), authorization: `Bearer ${serviceRoleKey()}` } });
    expect(downloaded.headers.get('content-type')).toBe('text/plain;charset=utf-8');
    expect(await downloaded.text()).toBe('xin chào');

    // The upload token is for uploads of that path only.
    const other = await storage.from(id).uploadToSignedUrl('docs/b.txt', signed.data!.token, new Blob(['x']));
    expect(other.error).not.toBeNull();
    const asDownload = await fetch(`${apiUrl()}/storage/v1/object/sign/${id}/docs/a.txt?token=${signed.data!.token}`);
    expect(asDownload.status).toBe(400);
  });

  it('a customer without an insert policy cannot get a signed upload URL', async () => {
    const email = uniqueEmail('sign-upload');
    await createTestUser(email, 'Matkhau@2024');
    const storage = (await signedInClient(email, 'Matkhau@2024')).storage;
    const { error } = await storage.from('banners').createSignedUploadUrl(`${unique('x')}.png`);
    expect(error).toMatchObject({ statusCode: '403' });
  });

  it('list-v2 pages with a cursor and folds folders with the delimiter', async () => {
    const storage = serviceClient().storage;
    const id = unique('listv2');
    await storage.createBucket(id);
    for (const name of ['a/1.txt', 'a/2.txt', 'b.txt', 'c.txt', 'd.txt']) {
      expect((await storage.from(id).upload(name, new Blob([name]))).error).toBeNull();
    }
    const folded = await storage.from(id).listV2({ with_delimiter: true });
    expect(folded.data?.folders.map((f) => f.name)).toEqual(['a/']);
    expect(folded.data?.objects.map((o) => o.name)).toEqual(['b.txt', 'c.txt', 'd.txt']);

    const first = await storage.from(id).listV2({ limit: 2 });
    expect(first.data?.objects.map((o) => o.name)).toEqual(['a/1.txt', 'a/2.txt']);
    expect(first.data?.hasNext).toBe(true);
    const second = await storage.from(id).listV2({ limit: 2, cursor: first.data!.nextCursor });
    expect(second.data?.objects.map((o) => o.name)).toEqual(['b.txt', 'c.txt']);
    const third = await storage.from(id).listV2({ limit: 2, cursor: second.data!.nextCursor });
    expect(third.data).toMatchObject({ hasNext: false });
    expect(third.data?.objects.map((o) => o.name)).toEqual(['d.txt']);
    const prefixed = await storage.from(id).listV2({ prefix: 'a/' });
    expect(prefixed.data?.objects.map((o) => o.name)).toEqual(['a/1.txt', 'a/2.txt']);
  });

  it('info() answers metadata {} for an object uploaded without user metadata', async () => {
    const storage = serviceClient().storage;
    const name = `${unique('info')}.png`;
    await storage.from('banners').upload(name, await pngOf(2, 2), { contentType: 'image/png' });
    const { data, error } = await storage.from('banners').info(name);
    expect(error).toBeNull();
    expect(data?.metadata).toEqual({});
    await storage.from('banners').remove([name]);
  });

  it("checks the declared type against allowed_mime_types, as Supabase Storage, and never the bytes", async () => {
    const storage = serviceClient().storage;
    // Supabase Storage does not read a file's content: text declared as image/png is stored as image/png
    // (the app checks the first bytes before uploading: src/lib/input/image-signature.ts).
    const name = `${unique('declared')}.png`;
    const asPng = await storage.from('banners').upload(name, new Blob(['<html>not an image</html>'], { type: 'image/png' }));
    expect(asPng.error).toBeNull();
    const stored = await fetch(`${apiUrl()}/storage/v1/object/public/banners/${name}`);
    expect(stored.headers.get('content-type')).toBe('image/png');
    expect(await stored.text()).toBe('<html>not an image</html>');
    // A PNG declared as WebP is a WebP for Storage (banners allows image/webp).
    const webpClaim = await storage.from('banners').upload(`${unique('claim')}.webp`, new Blob([new Uint8Array(await pngOf(2, 2))], { type: 'image/webp' }));
    expect(webpClaim.error).toBeNull();
    // A declared type outside the bucket's list is refused before anything is stored.
    const refusedName = `${unique('refused')}.png`;
    const asText = await storage.from('banners').upload(refusedName, new Blob([new Uint8Array(await pngOf(2, 2))], { type: 'text/plain' }));
    expect(asText.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });
    expect((await storage.from('banners').list('', { search: refusedName })).data).toEqual([]);
    await storage.from('banners').remove([name, webpClaim.data!.path]);
  });
});

describe('image transformations', () => {
  it('getPublicUrl with a transform serves the sized image; WebP when accepted, the original format with origin', async () => {
    const storage = serviceClient().storage;
    const name = `${unique('big')}.png`;
    await storage.from('banners').upload(name, await pngOf(800, 400), { contentType: 'image/png' });
    const { publicUrl } = storage.from('banners').getPublicUrl(name, { transform: { width: 200, height: 200, resize: 'contain' } }).data;
    expect(publicUrl).toContain('/render/image/public/banners/');
    const webp = await fetch(publicUrl, { headers: { accept: 'image/webp,*/*' } });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    // As Storage: the transformations asked of imgproxy (contain is its fit).
    expect(webp.headers.get('x-transformations')).toBe('height:200,width:200,resizing_type:fit');
    const meta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([200, 100]);

    const origin = storage.from('banners').getPublicUrl(name, { transform: { width: 100, height: 100, format: 'origin' } }).data.publicUrl;
    const png = await fetch(origin, { headers: { accept: 'image/webp,*/*' } });
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await png.arrayBuffer())).metadata()).toMatchObject({ width: 100, height: 100, format: 'png' });
    await storage.from('banners').remove([name]);
  });

  it("a signed render answers X-Transformations as Storage does (supabase-js's own expectation)", async () => {
    const storage = serviceClient().storage;
    const name = `${unique('xt')}.png`;
    await storage.from('provider-documents').upload(name, await pngOf(300, 300), { contentType: 'image/png' });
    const { data } = await storage.from('provider-documents').createSignedUrl(name, 60, { transform: { width: 200, height: 200, quality: 60 } });
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect(response.headers.get('x-transformations')).toBe('height:200,width:200,resizing_type:fill,quality:60');
    const resized = await storage.from('provider-documents').createSignedUrl(name, 60, { transform: { width: 50, resize: 'fill', format: 'origin' } });
    expect((await fetch(resized.data!.signedUrl)).headers.get('x-transformations')).toBe('width:50,resizing_type:force');
    await storage.from('provider-documents').remove([name]);
  });

  it('a signed URL created with a transform keeps it in its token', async () => {
    const storage = serviceClient().storage;
    const name = `${unique('signed-img')}.png`;
    await storage.from('provider-documents').upload(name, await pngOf(600, 600), { contentType: 'image/png' });
    const { data } = await storage.from('provider-documents').createSignedUrl(name, 60, { transform: { width: 120, height: 120 } });
    expect(data?.signedUrl).toContain('/render/image/sign/provider-documents/');
    // Query parameters cannot change what was signed.
    const response = await fetch(`${data!.signedUrl}&width=600`, { headers: { accept: 'image/png' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-transformations')).toBe('height:120,width:120,resizing_type:fill');
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ width: 120, height: 120 });
    await storage.from('provider-documents').remove([name]);
  });
});
