// Sample Storage objects of the seed (local-stack/seed-storage.ts, run by startStack on a fresh
// database): every provider document and chat image the seed refers to opens for the admin through
// a signed URL with the sample's bytes and type, and a second run uploads nothing.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_BUCKET, MESSAGE_IMAGE_BUCKET, sampleFor, SEED_FILES_DIR, seedStorageObjects } from '../../local-stack/seed-storage.ts';
import { apiUrl, DEMO_ACCOUNTS, serviceRoleKey, signedInClient, sql } from './helpers.ts';

let admin: SupabaseClient;
let documentPaths: string[];
let imagePaths: string[];
const samples = new Map<string, Buffer>();

async function sampleBytes(file: string): Promise<Buffer> {
  let bytes = samples.get(file);
  if (!bytes) {
    bytes = await readFile(path.join(SEED_FILES_DIR, file));
    samples.set(file, bytes);
  }
  return bytes;
}

/** Signs every path in one request, fetches each signed URL and checks type and bytes. */
async function expectOpensForAdmin(bucket: string, paths: string[]): Promise<void> {
  const { data, error } = await admin.storage.from(bucket).createSignedUrls(paths, 60);
  expect(error).toBeNull();
  expect(data).toHaveLength(paths.length);
  const problems: string[] = [];
  const queue = [...(data ?? [])];
  const worker = async (): Promise<void> => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const sample = sampleFor(item.path ?? '');
      if (item.error || !item.signedUrl || !sample) {
        problems.push(`${item.path ?? '?'}: ${item.error ?? 'no signed URL or sample'}`);
        continue;
      }
      const response = await fetch(item.signedUrl);
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) problems.push(`${item.path ?? ''}: HTTP ${response.status}`);
      else if (response.headers.get('content-type') !== sample.contentType) {
        problems.push(`${item.path ?? ''}: content-type ${response.headers.get('content-type') ?? ''}`);
      } else if (!body.equals(await sampleBytes(sample.file))) problems.push(`${item.path ?? ''}: bytes differ`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  expect(problems).toEqual([]);
}

beforeAll(async () => {
  admin = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  documentPaths = (await sql<{ storage_path: string }>('select storage_path from public.provider_documents order by storage_path')).map(
    (row) => row.storage_path,
  );
  imagePaths = (await sql<{ content: string }>("select content from public.messages where type = 'image' order by content")).map(
    (row) => row.content,
  );
});

describe('sample objects of the seed', () => {
  it('the sample files are real JPEG / PNG images of modest size', async () => {
    for (const file of ['cccd-truoc.jpg', 'cccd-sau.jpg', 'anh-hien-trang.jpg']) {
      const bytes = await sampleBytes(file);
      expect(bytes.subarray(0, 3).toString('hex')).toBe('ffd8ff');
      expect(bytes.length).toBeLessThan(64 * 1024);
    }
    const png = await sampleBytes('chung-chi.png');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.length).toBeLessThan(64 * 1024);
  });

  it('every seeded provider document opens for the admin through a signed URL', async () => {
    expect(documentPaths.length).toBeGreaterThan(10);
    expect(documentPaths.every((name) => sampleFor(name) !== undefined)).toBe(true);
    await expectOpensForAdmin(DOCUMENT_BUCKET, documentPaths);
  });

  it('every seeded chat image opens for the admin through a signed URL', async () => {
    expect(imagePaths.length).toBeGreaterThan(3);
    await expectOpensForAdmin(MESSAGE_IMAGE_BUCKET, imagePaths);
    const first = imagePaths[0] ?? '';
    const { data, error } = await admin.storage.from(MESSAGE_IMAGE_BUCKET).download(first);
    expect(error).toBeNull();
    expect(data?.type).toBe('image/jpeg');
  });

  it('the objects are stored with the right media type', async () => {
    const rows = await sql<{ bucket_id: string; name: string; mimetype: string }>(
      "select bucket_id, name, metadata->>'mimetype' as mimetype from storage.objects where bucket_id = any($1)",
      [[DOCUMENT_BUCKET, MESSAGE_IMAGE_BUCKET]],
    );
    const seeded = new Set([...documentPaths.map((n) => `${DOCUMENT_BUCKET}/${n}`), ...imagePaths.map((n) => `${MESSAGE_IMAGE_BUCKET}/${n}`)]);
    const ofSeed = rows.filter((row) => seeded.has(`${row.bucket_id}/${row.name}`));
    expect(ofSeed).toHaveLength(seeded.size);
    for (const row of ofSeed) expect(row.mimetype).toBe(row.name.endsWith('.png') ? 'image/png' : 'image/jpeg');
  });
});

describe('seedStorageObjects', () => {
  const strayProvider = '00000000-0000-4000-a000-000000000003';
  const strayPath = `${strayProvider}/1730000000999-hop-dong.pdf`;

  afterAll(async () => {
    await sql('delete from public.provider_documents where storage_path = $1', [strayPath]);
  });

  it('uploads nothing when every object exists', async () => {
    const lines: string[] = [];
    const result = await seedStorageObjects({ url: apiUrl(), serviceRoleKey: serviceRoleKey(), log: (line) => lines.push(line) });
    expect(result).toEqual({ referenced: documentPaths.length + imagePaths.length, existing: documentPaths.length + imagePaths.length, uploaded: 0, withoutSample: 0 });
    expect(lines.join('\n')).toContain('0 uploaded');
  });

  it('puts back a missing object and leaves names without a sample alone', async () => {
    const removed = imagePaths[imagePaths.length - 1] ?? '';
    expect((await admin.storage.from(MESSAGE_IMAGE_BUCKET).remove([removed])).error).toBeNull();
    expect((await admin.storage.from(MESSAGE_IMAGE_BUCKET).exists(removed)).data).toBe(false);
    await sql("insert into public.provider_documents (provider_id, name, type, storage_path) values ($1, 'Hợp đồng', 'file', $2)", [
      strayProvider,
      strayPath,
    ]);

    const result = await seedStorageObjects({ url: apiUrl(), serviceRoleKey: serviceRoleKey() });
    expect(result.uploaded).toBe(1);
    expect(result.withoutSample).toBe(1);
    await expectOpensForAdmin(MESSAGE_IMAGE_BUCKET, [removed]);
    expect((await admin.storage.from(DOCUMENT_BUCKET).exists(strayPath)).data).toBe(false);
  });
});
