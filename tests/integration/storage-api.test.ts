// Storage API through @supabase/supabase-js: upload (multipart and raw), download, public URL,
// signed URLs, list, remove, upsert and duplicates, move and copy — against the local stack.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../local-stack/config.ts';
import { anonClient, apiUrl, DEMO_ACCOUNTS, signedInClient, sql } from './helpers.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const PROVIDER_ID = '00000000-0000-4000-a000-000000000003';
const storageDir = loadConfig({ ...process.env, SDV_PROFILE: 'test' }).storageDir;

let admin: SupabaseClient;
let provider: SupabaseClient;

function unique(prefix: string): string {
  return `${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}.png`;
}

function png(extra = 0): Blob {
  return new Blob([PNG, new Uint8Array(extra)], { type: 'image/png' });
}

async function storedFile(bucket: string, name: string): Promise<string> {
  const rows = await sql<{ version: string }>('select version from storage.objects where bucket_id = $1 and name = $2', [bucket, name]);
  const version = rows[0]?.version;
  if (!version) throw new Error(`no row for ${bucket}/${name}`);
  return path.join(storageDir, bucket, version);
}

beforeAll(async () => {
  admin = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  provider = await signedInClient(DEMO_ACCOUNTS.provider.email, DEMO_ACCOUNTS.provider.password);
});

describe('upload', () => {
  it('stores a Blob sent as multipart and records the row as the caller', async () => {
    const name = unique('featured');
    const { data, error } = await admin.storage.from('banners').upload(name, png(100), { cacheControl: '120' });
    expect(error).toBeNull();
    expect(data?.fullPath).toBe(`banners/${name}`);
    const rows = await sql<{ id: string; owner_id: string; metadata: Record<string, unknown> }>(
      'select id, owner_id, metadata from storage.objects where bucket_id = $1 and name = $2',
      ['banners', name],
    );
    expect(rows[0]?.id).toBe(data?.id);
    expect(rows[0]?.owner_id).toBe('00000000-0000-4000-a000-000000000001');
    expect(rows[0]?.metadata).toMatchObject({ size: PNG.length + 100, mimetype: 'image/png', cacheControl: 'max-age=120', httpStatusCode: 200 });
    expect(existsSync(await storedFile('banners', name))).toBe(true);
  });

  it('stores a raw body with its content type', async () => {
    const name = unique('voucher');
    const { error } = await admin.storage.from('banners').upload(name, PNG, { contentType: 'image/png' });
    expect(error).toBeNull();
    const { data } = await admin.storage.from('banners').download(name);
    expect(data?.type).toBe('image/png');
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(PNG);
  });

  it('refuses an existing name without upsert (409 Duplicate) and replaces it with upsert', async () => {
    const name = unique('dup');
    expect((await admin.storage.from('banners').upload(name, png())).error).toBeNull();
    const firstFile = await storedFile('banners', name);

    const duplicate = await admin.storage.from('banners').upload(name, png(10));
    expect(duplicate.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });

    const replaced = await admin.storage.from('banners').upload(name, png(10), { upsert: true });
    expect(replaced.error).toBeNull();
    const { data } = await admin.storage.from('banners').download(name);
    expect(data?.size).toBe(PNG.length + 10);
    // The replaced version's bytes are gone; the new ones are in place.
    expect(existsSync(firstFile)).toBe(false);
    expect(existsSync(await storedFile('banners', name))).toBe(true);

    const updated = await admin.storage.from('banners').update(name, png(20));
    expect(updated.error).toBeNull();
    expect((await admin.storage.from('banners').download(name)).data?.size).toBe(PNG.length + 20);
  });
});

describe('download and URLs', () => {
  it('serves a public bucket’s object at its public URL without any token', async () => {
    const name = unique('public');
    await admin.storage.from('banners').upload(name, png(5), { cacheControl: '600' });
    const { publicUrl } = anonClient().storage.from('banners').getPublicUrl(name).data;
    expect(publicUrl).toBe(`${apiUrl()}/storage/v1/object/public/banners/${name}`);
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('max-age=600');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await response.arrayBuffer()).byteLength).toBe(PNG.length + 5);

    const again = await fetch(publicUrl, { headers: { 'If-None-Match': response.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
  });

  it('does not serve a private bucket at a public URL', async () => {
    const name = `${PROVIDER_ID}/${Date.now()}-cccd.png`;
    await admin.storage.from('provider-documents').upload(name, png());
    const response = await fetch(`${apiUrl()}/storage/v1/object/public/provider-documents/${name}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' });
  });

  it('lets a provider download its own document (SELECT policy as the caller)', async () => {
    const name = `${PROVIDER_ID}/${Date.now()}-giay-phep.png`;
    await admin.storage.from('provider-documents').upload(name, png(3));
    const { data, error } = await provider.storage.from('provider-documents').download(name);
    expect(error).toBeNull();
    expect(data?.size).toBe(PNG.length + 3);
    expect((await provider.storage.from('provider-documents').exists(name)).data).toBe(true);
  });

  it('creates signed URLs that serve the object, and refuses expired, forged and re-targeted tokens', async () => {
    const name = `${PROVIDER_ID}/${Date.now()}-bang-cap.png`;
    const other = `${PROVIDER_ID}/${Date.now()}-other.png`;
    await admin.storage.from('provider-documents').upload(name, png(7));
    await admin.storage.from('provider-documents').upload(other, png());

    const { data, error } = await admin.storage.from('provider-documents').createSignedUrl(name, 60);
    expect(error).toBeNull();
    const ok = await fetch(data!.signedUrl);
    expect(ok.status).toBe(200);
    expect((await ok.arrayBuffer()).byteLength).toBe(PNG.length + 7);

    const url = new URL(data!.signedUrl);
    const token = url.searchParams.get('token')!;
    const forged = await new SignJWT({ url: `provider-documents/${name}` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    url.searchParams.set('token', forged);
    const forgedResponse = await fetch(url);
    expect(forgedResponse.status).toBe(400);
    expect(await forgedResponse.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: 'invalid signature' });

    // A valid token for one object does not open another.
    const retargeted = await fetch(`${apiUrl()}/storage/v1/object/sign/provider-documents/${other}?token=${token}`);
    expect(retargeted.status).toBe(400);
    expect(await retargeted.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });

    const short = await admin.storage.from('provider-documents').createSignedUrl(name, 1);
    // The behaviour under test is a signed URL's expiry (whole seconds in its token): time must pass.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(short.data!.signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: 'jwt expired' });
  });

  it('signs several paths at once, reporting the ones the caller cannot read', async () => {
    const name = unique('many');
    await admin.storage.from('banners').upload(name, png());
    const { data, error } = await admin.storage.from('banners').createSignedUrls([name, 'khong-ton-tai.png'], 60);
    expect(error).toBeNull();
    expect(data?.[0]).toMatchObject({ path: name, error: null });
    expect((await fetch(data![0]!.signedUrl ?? '')).status).toBe(200);
    expect(data?.[1]).toMatchObject({
      path: 'khong-ton-tai.png',
      signedUrl: null,
      error: 'Either the object does not exist or you do not have access to it',
    });
  });

  it('answers a missing object with Storage’s not_found', async () => {
    const { error } = await admin.storage.from('banners').download('khong-co-tep-nay.png');
    expect(error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
  });
});

describe('list, remove, move, copy', () => {
  it('lists a folder with files and sub-folders (folders have id null), paged and searched', async () => {
    const folder = `list_${Date.now()}`;
    for (const name of ['b.png', 'a.png', 'sub/c.png', 'sub/d.png']) {
      expect((await admin.storage.from('banners').upload(`${folder}/${name}`, png())).error).toBeNull();
    }
    const { data, error } = await admin.storage.from('banners').list(folder);
    expect(error).toBeNull();
    expect(data?.map((entry) => [entry.name, entry.id === null])).toEqual([
      ['a.png', false],
      ['b.png', false],
      ['sub', true],
    ]);
    expect(data?.[0]?.metadata).toMatchObject({ mimetype: 'image/png', size: PNG.length });

    const page = await admin.storage.from('banners').list(folder, { limit: 1, offset: 1, sortBy: { column: 'name', order: 'desc' } });
    expect(page.data?.map((entry) => entry.name)).toEqual(['b.png']);
    const searched = await admin.storage.from('banners').list(folder, { search: 'a' });
    expect(searched.data?.map((entry) => entry.name)).toEqual(['a.png']);
    const sub = await admin.storage.from('banners').list(`${folder}/sub`);
    expect(sub.data?.map((entry) => entry.name)).toEqual(['c.png', 'd.png']);
  });

  it('removes objects: rows deleted as the caller, bytes gone from disk', async () => {
    const names = [unique('rm'), unique('rm')];
    for (const name of names) await admin.storage.from('banners').upload(name, png());
    const files = await Promise.all(names.map((name) => storedFile('banners', name)));
    expect(files.every((file) => existsSync(file))).toBe(true);

    const { data, error } = await admin.storage.from('banners').remove([...names, 'khong-ton-tai.png']);
    expect(error).toBeNull();
    expect(data?.map((object) => object.name).sort()).toEqual([...names].sort());
    expect(files.some((file) => existsSync(file))).toBe(false);
    expect(await sql('select 1 from storage.objects where bucket_id = $1 and name = any($2)', ['banners', names])).toEqual([]);
    expect((await admin.storage.from('banners').download(names[0]!)).error).toMatchObject({ statusCode: '404' });
  });

  it('moves and copies objects', async () => {
    const name = unique('move');
    await admin.storage.from('banners').upload(name, png(4));
    const moved = `moved/${name}`;
    expect((await admin.storage.from('banners').move(name, moved)).error).toBeNull();
    expect((await admin.storage.from('banners').download(name)).error).toMatchObject({ statusCode: '404' });
    expect((await admin.storage.from('banners').download(moved)).data?.size).toBe(PNG.length + 4);

    const copied = `copied/${name}`;
    const copy = await admin.storage.from('banners').copy(moved, copied);
    expect(copy.error).toBeNull();
    expect(copy.data?.path).toBe(`banners/${copied}`);
    expect((await admin.storage.from('banners').download(copied)).data?.size).toBe(PNG.length + 4);
    expect(await storedFile('banners', copied)).not.toBe(await storedFile('banners', moved));
  });

  it('answers an unknown bucket with Bucket not found', async () => {
    const { data, error } = await admin.storage.getBucket('missing-bucket');
    expect(data).toBeNull();
    expect(error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });
});
