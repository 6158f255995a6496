// The declarative schema files (supabase/schemas, docs/database.md#declarative-schemas): which files,
// in which order, as the Supabase CLI reads them from `[db.migrations] schema_paths` of
// supabase/config.toml (paths relative to supabase/: a file, a folder, or a `*` pattern of file
// names; each pattern's files in lexical order; a file named twice is read once), and applying them
// to a database as `postgres`, each file in its own transaction, as the migrations are applied.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import { ROOT_DIR } from '../../local-stack/config.ts';
import { describePgError, platformUrl, withClient } from '../../local-stack/db.ts';

export const SUPABASE_DIR = path.join(ROOT_DIR, 'supabase');
/** What the CLI reads when config.toml names no schema path. */
const DEFAULT_SCHEMA_PATHS = ['./schemas'];

/** `[db.migrations] schema_paths` of supabase/config.toml (the default when empty or absent). */
export function configuredSchemaPaths(configFile = path.join(SUPABASE_DIR, 'config.toml')): string[] {
  const config = parse(readFileSync(configFile, 'utf8')) as { db?: { migrations?: { schema_paths?: unknown } } };
  const paths = config.db?.migrations?.schema_paths;
  if (paths === undefined) return DEFAULT_SCHEMA_PATHS;
  if (!Array.isArray(paths) || !paths.every((p): p is string => typeof p === 'string')) {
    throw new Error('supabase/config.toml: [db.migrations] schema_paths must be a list of strings.');
  }
  return paths.length > 0 ? paths : DEFAULT_SCHEMA_PATHS;
}

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  return new RegExp(`^${escaped}$`);
}

/** The schema files, absolute paths, in the order they are applied. */
export async function listSchemaFiles(paths = configuredSchemaPaths(), baseDir = SUPABASE_DIR): Promise<string[]> {
  const files: string[] = [];
  const add = (file: string): void => {
    if (!files.includes(file)) files.push(file);
  };
  for (const entry of paths) {
    const absolute = path.resolve(baseDir, entry);
    if (/[*?]/.test(path.dirname(absolute))) throw new Error(`schema_paths: only the file name may hold a pattern (${entry}).`);
    if (/[*?]/.test(path.basename(absolute))) {
      const dir = path.dirname(absolute);
      const matcher = patternToRegExp(path.basename(absolute));
      const names = existsSync(dir) ? (await readdir(dir)).filter((name) => matcher.test(name)).sort() : [];
      for (const name of names) add(path.join(dir, name));
    } else if (existsSync(absolute) && statSync(absolute).isDirectory()) {
      for (const name of (await readdir(absolute)).filter((n) => n.endsWith('.sql')).sort()) add(path.join(absolute, name));
    } else if (existsSync(absolute)) {
      add(absolute);
    } else {
      throw new Error(`schema_paths: ${entry} does not exist.`);
    }
  }
  return files;
}

/** Applies `files` in order as `postgres` (the superuser's `url` given), each in its own transaction. */
export async function applySqlFiles(url: string, files: string[], log: (line: string) => void = () => undefined): Promise<void> {
  await withClient(platformUrl(url, 'postgres'), async (client) => {
    for (const file of files) {
      const sql = await readFile(file, 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw new Error(`${path.relative(ROOT_DIR, file)} failed: ${describePgError(error)}`, { cause: error });
      }
      log(`  ✓ ${path.relative(ROOT_DIR, file)}`);
    }
  });
}
