// A fresh, throwaway embedded Postgres with bootstrap + migrations applied (for the type generator
// and the advisors), or bootstrap + the given SQL files (the declarative schemas, for db:diff), in
// its own data folder and port so it never touches the stack's database.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR, loadConfig } from '../../local-stack/config.ts';
import { bootstrap, migrate, startDatabase } from '../../local-stack/db.ts';
import { applySqlFiles } from './schema-files.ts';

export interface ThrowawayDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function startThrowawayDatabase(options: {
  dataDir: string;
  port: number;
  seed?: boolean;
  /** SQL files applied instead of supabase/migrations (each in its own transaction, as postgres). */
  sqlFiles?: string[];
  log?: (line: string) => void;
}): Promise<ThrowawayDatabase> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(ROOT_DIR, options.dataDir);
  await rm(dataDir, { recursive: true, force: true });
  const config = loadConfig({ SDV_DATA_DIR: dataDir, DB_PORT: String(options.port) });
  const handle = await startDatabase(config, log);
  if (!handle.embedded) {
    // Another process already serves that port: refuse rather than migrate someone else's database.
    throw new Error(`Port ${options.port} is used by another PostgreSQL; stop it and run again.`);
  }
  const stop = async (): Promise<void> => {
    await handle.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await bootstrap(handle.url);
    if (options.sqlFiles) await applySqlFiles(handle.url, options.sqlFiles, log);
    else await migrate(handle.url, { seed: options.seed ?? false, log });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: handle.url, stop };
}
