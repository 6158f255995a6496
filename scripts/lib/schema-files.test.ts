import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configuredSchemaPaths, listSchemaFiles } from './schema-files.ts';

function fixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sdv-schemas-'));
  mkdirSync(path.join(dir, 'schemas'));
  for (const name of ['10_b.sql', '02_a.sql', 'notes.md', '30_c.sql']) writeFileSync(path.join(dir, 'schemas', name), '');
  writeFileSync(path.join(dir, 'extra.sql'), '');
  return dir;
}

describe('listSchemaFiles', () => {
  it('reads a pattern or a folder in lexical order, .sql files only', async () => {
    const dir = fixture();
    const names = async (paths: string[]): Promise<string[]> => (await listSchemaFiles(paths, dir)).map((f) => path.relative(dir, f));
    expect(await names(['./schemas/*.sql'])).toEqual(['schemas/02_a.sql', 'schemas/10_b.sql', 'schemas/30_c.sql']);
    expect(await names(['./schemas'])).toEqual(['schemas/02_a.sql', 'schemas/10_b.sql', 'schemas/30_c.sql']);
  });

  it('keeps the order of the list and reads a file named twice once', async () => {
    const dir = fixture();
    const files = await listSchemaFiles(['./schemas/30_c.sql', './extra.sql', './schemas/*.sql'], dir);
    expect(files.map((f) => path.relative(dir, f))).toEqual(['schemas/30_c.sql', 'extra.sql', 'schemas/02_a.sql', 'schemas/10_b.sql']);
  });

  it('refuses a path that does not exist', async () => {
    await expect(listSchemaFiles(['./nowhere.sql'], fixture())).rejects.toThrow(/nowhere\.sql does not exist/);
  });
});

describe('configuredSchemaPaths', () => {
  it("reads [db.migrations] schema_paths, the CLI's default when absent or empty", () => {
    const dir = fixture();
    const config = path.join(dir, 'config.toml');
    writeFileSync(config, '[db.migrations]\nenabled = true\nschema_paths = ["./schemas/*.sql"]\n');
    expect(configuredSchemaPaths(config)).toEqual(['./schemas/*.sql']);
    writeFileSync(config, '[db.migrations]\nschema_paths = []\n');
    expect(configuredSchemaPaths(config)).toEqual(['./schemas']);
    writeFileSync(config, '[db]\nport = 1\n');
    expect(configuredSchemaPaths(config)).toEqual(['./schemas']);
  });
});
