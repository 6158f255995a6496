// The bytes of stored objects on disk and their crash-safe lifecycle.
//
// Upload: body → <storageDir>/.tmp/<uuid>.part; then, inside the database transaction that inserts
// the storage.objects row, the temp file is renamed to <storageDir>/<bucket>/<version>; then the
// transaction commits (if the commit fails the renamed file is removed). Delete: the row is deleted
// and committed first, the file removed after. A crash at any point therefore leaves at worst a
// file without a row (removed by the sweep at the next start) and never a row pointing at bytes
// that were never written; rows whose file is missing anyway (folder deleted by hand) are reported.
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { bucketDirName, isVersionName, objectFilePath } from './keys.ts';

export const TEMP_DIR_NAME = '.tmp';

export function tempDir(storageDir: string): string {
  return path.join(storageDir, TEMP_DIR_NAME);
}

export async function ensureStorageDirs(storageDir: string): Promise<void> {
  await mkdir(tempDir(storageDir), { recursive: true });
}

/** Moves a received temp file to its final place (same file system: an atomic rename). */
export async function commitTempFile(storageDir: string, tempPath: string, bucket: string, version: string): Promise<string> {
  const finalPath = objectFilePath(storageDir, bucket, version);
  await mkdir(path.dirname(finalPath), { recursive: true });
  await rename(tempPath, finalPath);
  return finalPath;
}

export async function removeFile(filePath: string): Promise<void> {
  await unlink(filePath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

export async function fileSize(filePath: string): Promise<number | undefined> {
  try {
    const info = await stat(filePath);
    return info.isFile() ? info.size : undefined;
  } catch {
    return undefined;
  }
}

export interface SweepReport {
  tempFilesRemoved: number;
  orphanFilesRemoved: number;
  rowsWithoutFile: { bucket: string; name: string }[];
}

/**
 * Removes leftovers of interrupted uploads and deletions: every temp file, and every stored file
 * that no storage.objects row references. Reports rows whose file is missing. Runs as the stack's
 * own login (bookkeeping of the server's folder, not an access decision).
 */
export async function sweepStorage(storageDir: string, pool: pg.Pool): Promise<SweepReport> {
  const report: SweepReport = { tempFilesRemoved: 0, orphanFilesRemoved: 0, rowsWithoutFile: [] };
  const temp = tempDir(storageDir);
  for (const entry of await readdir(temp).catch(() => [] as string[])) {
    await rm(path.join(temp, entry), { force: true, recursive: true });
    report.tempFilesRemoved += 1;
  }

  const { rows } = await pool.query<{ bucket_id: string; name: string; version: string | null }>(
    'select bucket_id, name, version from storage.objects',
  );
  const expected = new Map<string, { bucket: string; name: string }>();
  for (const row of rows) {
    if (row.version && isVersionName(row.version)) {
      expected.set(path.join(bucketDirName(row.bucket_id), row.version), { bucket: row.bucket_id, name: row.name });
    }
  }

  const present = new Set<string>();
  for (const dir of await readdir(storageDir, { withFileTypes: true }).catch(() => [])) {
    if (!dir.isDirectory() || dir.name === TEMP_DIR_NAME) continue;
    for (const file of await readdir(path.join(storageDir, dir.name)).catch(() => [] as string[])) {
      const relative = path.join(dir.name, file);
      if (expected.has(relative)) {
        present.add(relative);
      } else {
        await rm(path.join(storageDir, relative), { force: true, recursive: true });
        report.orphanFilesRemoved += 1;
      }
    }
  }
  for (const [relative, object] of expected) {
    if (!present.has(relative)) report.rowsWithoutFile.push(object);
  }
  return report;
}
