// Crash safety of the Storage API's files: what an interrupted upload or deletion leaves behind is
// cleaned by the start-up sweep (run here directly against the test stack's folder and database),
// and objects that are in order are left untouched.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../local-stack/config.ts';
import { sweepStorage } from '../../local-stack/storage/files.ts';
import { DEMO_ACCOUNTS, dbUrl, signedInClient, sql } from './helpers.ts';

const storageDir = loadConfig({ ...process.env, SDV_PROFILE: 'test' }).storageDir;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
let pool: pg.Pool | undefined;

afterAll(async () => {
  await pool?.end();
});

describe('start-up sweep of the storage folder', () => {
  it('removes temp files and files without a row, reports rows without a file, keeps the rest', async () => {
    const admin = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const kept = `kept_${Date.now()}.png`;
    expect((await admin.storage.from('banners').upload(kept, new Blob([PNG], { type: 'image/png' }))).error).toBeNull();

    // An upload interrupted before its row was written, and one interrupted after the rename but
    // before the commit (bytes in place, no row).
    const temp = path.join(storageDir, '.tmp', `${randomUUID()}.part`);
    await writeFile(temp, 'partial');
    const orphan = path.join(storageDir, 'banners', randomUUID());
    await mkdir(path.dirname(orphan), { recursive: true });
    await writeFile(orphan, 'orphan');
    // A row whose bytes were removed by hand.
    const lost = `lost_${Date.now()}.png`;
    await sql("insert into storage.objects (bucket_id, name, version, metadata) values ('banners', $1, $2, '{}')", [lost, randomUUID()]);

    pool = new pg.Pool({ connectionString: dbUrl(), max: 1 });
    const report = await sweepStorage(storageDir, pool);
    expect(report.tempFilesRemoved).toBeGreaterThanOrEqual(1);
    expect(report.orphanFilesRemoved).toBeGreaterThanOrEqual(1);
    expect(report.rowsWithoutFile).toContainEqual({ bucket: 'banners', name: lost });
    expect(existsSync(temp)).toBe(false);
    expect(existsSync(orphan)).toBe(false);

    const { data, error } = await admin.storage.from('banners').download(kept);
    expect(error).toBeNull();
    expect(data?.size).toBe(PNG.length);
    // The object whose bytes are missing answers not_found rather than failing.
    expect((await admin.storage.from('banners').download(lost)).error).toMatchObject({ statusCode: '404' });
    // Rows are removed through the Storage API: its delete guard refuses SQL deletes.
    expect((await admin.storage.from('banners').remove([lost])).error).toBeNull();
    expect(await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', ['banners', lost])).toEqual([]);
  });
});
