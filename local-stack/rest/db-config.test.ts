import { describe, expect, it } from 'vitest';
import { coerceBool, effectiveSettings, overriddenSettings, parseDbSettings } from './db-config.ts';
import { audienceError, DEFAULT_ROLE_CLAIM_KEY, parseRoleClaimKey, roleFromClaims } from './jwt-settings.ts';

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
      jwtAud: null,
      roleClaimKey: DEFAULT_ROLE_CLAIM_KEY,
    });
    const db = { aggregatesEnabled: true, planEnabled: true, txEnd: { rollbackAll: false, allowOverride: true }, maxRows: 5, extraSearchPath: ['public'] };
    expect(effectiveSettings(file, db)).toEqual({
      ...db,
      maxRows: 1000,
      extraSearchPath: ['public', 'extensions'],
      jwtAud: null,
      roleClaimKey: DEFAULT_ROLE_CLAIM_KEY,
    });
    expect(effectiveSettings({ ...file, maxRowsOverride: 7 }, db).maxRows).toBe(7);
    expect(overriddenSettings(file, db)).toEqual([
      'pgrst.db_max_rows = 5 ([api] max_rows = 1000)',
      'pgrst.db_extra_search_path = public ([api] extra_search_path = public,extensions)',
    ]);
    expect(overriddenSettings(file, { maxRows: 1000 })).toEqual([]);
  });

  it('reads jwt_aud and jwt_role_claim_key, and reports jwt_secret as overridden', () => {
    const warnings: string[] = [];
    const settings = parseDbSettings(
      [
        { key: 'jwt_aud', value: 'marketplace' },
        { key: 'jwt_role_claim_key', value: '.app_metadata."sdv role"' },
        { key: 'jwt_secret', value: 'another' },
      ],
      (line) => warnings.push(line),
    );
    expect(settings).toEqual({
      jwtAud: 'marketplace',
      jwtRoleClaimKey: [
        { kind: 'key', key: 'app_metadata' },
        { kind: 'key', key: 'sdv role' },
      ],
      jwtSecretIgnored: true,
    });
    expect(warnings).toEqual([]);
    expect(parseDbSettings([{ key: 'jwt_role_claim_key', value: 'role' }, { key: 'jwt_aud', value: '' }], (line) => warnings.push(line))).toEqual({});
    expect(warnings).toEqual(["[rest] ignored the authenticator role's invalid pgrst.jwt_role_claim_key = 'role'"]);
    const file = { maxRows: 1000, extraSearchPath: ['public', 'extensions'] };
    expect(overriddenSettings(file, settings)).toEqual(["pgrst.jwt_secret / jwt_secret_is_base64 (the stack's JWT secret, JWT_SECRET)"]);
  });
});

describe("PostgREST's JWT claims rules", () => {
  it('reads the role where jwt_role_claim_key points, anon when absent', () => {
    const claims = { role: 'authenticated', app_metadata: { roles: ['viewer', 'service_role'], level: 3 } };
    const at = (key: string) => roleFromClaims(claims, parseRoleClaimKey(key)!);
    expect(at('.role')).toBe('authenticated');
    expect(at('.app_metadata.roles[1]')).toBe('service_role');
    expect(at('.app_metadata.roles[?(@ ^== "serv")]')).toBe('service_role');
    expect(at('.app_metadata.roles[?(@ == "admin")]')).toBe('anon');
    expect(at('.app_metadata.level')).toBe('3');
    expect(at('.missing')).toBe('anon');
    expect(['', '.', 'role', '.a[x]', '.a[?(@ == "x")].b'].map(parseRoleClaimKey)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it("checks `aud` as PostgREST: a string or strings, naming jwt_aud when it is set", () => {
    expect(audienceError(undefined, 'x')).toBeNull();
    expect(audienceError('authenticated', null)).toBeNull();
    expect(audienceError(['a', 'x'], 'x')).toBeNull();
    expect(audienceError([], 'x')).toBeNull();
    expect(audienceError('authenticated', 'x')).toBe('JWT not in audience');
    expect(audienceError(3, null)).toBe("The JWT 'aud' claim must be a string or an array of strings");
  });
});
