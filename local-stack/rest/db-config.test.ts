import { describe, expect, it } from 'vitest';
import { coerceBool, effectiveSettings, overriddenSettings, parseDbSettings } from './db-config.ts';

describe('pgrst.* settings of the authenticator role', () => {
  it("reads booleans as PostgREST's coerceBool", () => {
    expect(['true', 'TRUE', '"true"', 'True', '1', '42'].map(coerceBool)).toEqual([true, true, true, true, true, true]);
    expect(['false', 'FALSE', '0', '-3'].map(coerceBool)).toEqual([false, false, false, false]);
    expect(['yes', 'on', ''].map(coerceBool)).toEqual([undefined, undefined, undefined]);
  });

  it('parses the settings this server honours and reports refused values', () => {
    const warnings: string[] = [];
    const settings = parseDbSettings(
      [
        { key: 'db_aggregates_enabled', value: 'true' },
        { key: 'db_plan_enabled', value: 'on' },
        { key: 'db_tx_end', value: 'rollback-allow-override' },
        { key: 'db_max_rows', value: '25' },
        { key: 'db_extra_search_path', value: 'public, extensions ,' },
      ],
      (line) => warnings.push(line),
    );
    expect(settings).toEqual({
      aggregatesEnabled: true,
      txEnd: { rollbackAll: true, allowOverride: true },
      maxRows: 25,
      extraSearchPath: ['public', 'extensions'],
    });
    expect(warnings).toHaveLength(1);
    expect(parseDbSettings([{ key: 'db_tx_end', value: 'sometimes' }, { key: 'db_max_rows', value: '-1' }], () => undefined)).toEqual({});
  });

  it('lets config.toml win where it gives the value; the database gives the rest (defaults off)', () => {
    const file = { maxRows: 1000, extraSearchPath: ['public', 'extensions'] };
    expect(effectiveSettings(file, {})).toEqual({
      aggregatesEnabled: false,
      txEnd: { rollbackAll: false, allowOverride: false },
      planEnabled: false,
      maxRows: 1000,
      extraSearchPath: ['public', 'extensions'],
    });
    const db = { aggregatesEnabled: true, planEnabled: true, txEnd: { rollbackAll: false, allowOverride: true }, maxRows: 5, extraSearchPath: ['public'] };
    expect(effectiveSettings(file, db)).toEqual({ ...db, maxRows: 1000, extraSearchPath: ['public', 'extensions'] });
    expect(effectiveSettings({ ...file, maxRowsOverride: 7 }, db).maxRows).toBe(7);
    expect(overriddenSettings(file, db)).toEqual([
      'pgrst.db_max_rows = 5 ([api] max_rows = 1000)',
      'pgrst.db_extra_search_path = public ([api] extra_search_path = public,extensions)',
    ]);
    expect(overriddenSettings(file, { maxRows: 1000 })).toEqual([]);
  });
});
