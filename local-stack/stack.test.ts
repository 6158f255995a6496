import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT_DIR } from './config.ts';
import { StartupError } from './db.ts';
import { spawn } from 'node:child_process';
import { assertNotInUse, assertSafeToWipe, spaNeedsBuild } from './stack.ts';

describe('assertSafeToWipe', () => {
  it('refuses the filesystem root, the repository and its ancestors', () => {
    for (const dir of ['/', ROOT_DIR, path.dirname(ROOT_DIR), `${ROOT_DIR}/`]) {
      expect(() => assertSafeToWipe(dir), dir).toThrow(StartupError);
    }
  });

  it('refuses an existing folder that is not a stack data folder', () => {
    for (const dir of ['src', 'local-stack', 'node_modules']) {
      expect(() => assertSafeToWipe(path.join(ROOT_DIR, dir)), dir).toThrow(StartupError);
    }
  });

  it('accepts absent, empty and stack data folders', async () => {
    expect(() => assertSafeToWipe(path.join(os.tmpdir(), `sdv-absent-${Date.now()}`))).not.toThrow();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sdv-data-'));
    try {
      expect(() => assertSafeToWipe(dir)).not.toThrow();
      await mkdir(path.join(dir, 'pg'));
      await mkdir(path.join(dir, 'storage'));
      expect(() => assertSafeToWipe(dir)).not.toThrow();
      await writeFile(path.join(dir, 'notes.txt'), 'x');
      expect(() => assertSafeToWipe(dir)).toThrow(StartupError);
      await writeFile(path.join(dir, 'pg', 'PG_VERSION'), '17');
      expect(() => assertSafeToWipe(dir)).not.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('assertNotInUse', () => {
  it('refuses a data folder that a live stack process owns, accepts one whose owner is gone or is us', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sdv-owner-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      expect(() => assertNotInUse(dir)).not.toThrow();
      await writeFile(path.join(dir, 'stack.pid'), `${other.pid}\n`);
      expect(() => assertNotInUse(dir)).toThrow(/is in use by another stack/);
      await writeFile(path.join(dir, 'stack.pid'), `${process.pid}\n`);
      expect(() => assertNotInUse(dir)).not.toThrow();
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
      await writeFile(path.join(dir, 'stack.pid'), `${other.pid}\n`);
      expect(() => assertNotInUse(dir)).not.toThrow();
      await writeFile(path.join(dir, 'stack.pid'), 'junk');
      expect(() => assertNotInUse(dir)).not.toThrow();
      // The owner file alone does not make a folder unsafe to wipe.
      expect(() => assertSafeToWipe(dir)).not.toThrow();
    } finally {
      other.kill();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('spaNeedsBuild', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
    root = undefined;
  });

  async function project(): Promise<string> {
    root = await mkdtemp(path.join(os.tmpdir(), 'sdv-spa-'));
    await mkdir(path.join(root, 'src', 'features'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<html></html>');
    await writeFile(path.join(root, 'vite.config.ts'), 'export default {};');
    await writeFile(path.join(root, 'src', 'features', 'a.tsx'), 'export {};');
    return root;
  }

  async function touch(file: string, secondsAgo: number): Promise<void> {
    const at = new Date(Date.now() - secondsAgo * 1000);
    await utimes(file, at, at);
  }

  it('is true without dist/index.html', async () => {
    expect(await spaNeedsBuild(await project())).toBe(true);
  });

  it('is false when dist is newer than every source, true when any source is newer', async () => {
    const dir = await project();
    await mkdir(path.join(dir, 'dist'));
    await writeFile(path.join(dir, 'dist', 'index.html'), 'built');
    for (const file of ['index.html', 'vite.config.ts', 'src/features/a.tsx', 'src/features', 'src']) {
      await touch(path.join(dir, file), 60);
    }
    expect(await spaNeedsBuild(dir)).toBe(false);
    await touch(path.join(dir, 'src', 'features', 'a.tsx'), 0);
    await touch(path.join(dir, 'dist', 'index.html'), 30);
    expect(await spaNeedsBuild(dir)).toBe(true);
  });
});
