import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from './config.ts';
import { goDurationSeconds, parseProjectConfig, sizeBytes } from './supabase-config.ts';

describe('supabase/config.toml reader', () => {
  it("reads the repository's config.toml with the values the product needs", () => {
    const config = parseProjectConfig(readFileSync(path.join(ROOT_DIR, 'supabase', 'config.toml'), 'utf8'));
    expect(config.api).toMatchObject({ port: 54321, max_rows: 1000, schemas: ['public'] });
    expect(config.local_smtp.port).toBe(54324);
    expect(config.auth).toMatchObject({ enable_signup: false, jwt_expiry: 3600, minimum_password_length: 6 });
    expect(config.auth.email).toMatchObject({ double_confirm_changes: true, enable_confirmations: true, secure_password_change: true });
    expect(config.storage.buckets.banners).toMatchObject({ public: true, file_size_limit: 5 * 1024 * 1024 });
  });

  it('fills the CLI defaults for sections that are absent', () => {
    const config = parseProjectConfig('project_id = "x"\n');
    expect(config.auth.enable_signup).toBe(true);
    expect(config.auth.email.max_frequency).toBe(1);
    expect(config.auth.rate_limit.sign_in_sign_ups).toBe(30);
    expect(config.local_smtp.port).toBe(54324);
  });

  it('stops with the name of a key whose value has the wrong type', () => {
    expect(() => parseProjectConfig('[auth]\nenable_signup = "yes"\n')).toThrow(/auth\.enable_signup/);
    expect(() => parseProjectConfig('[auth.email]\nmax_frequency = "soon"\n')).toThrow(/auth\.email\.max_frequency/);
    expect(() => parseProjectConfig('[auth\n')).toThrow(/không đọc được/);
  });

  it('reads Go durations and CLI sizes', () => {
    expect(goDurationSeconds('1h30m')).toBe(5400);
    expect(goDurationSeconds('500ms')).toBe(0.5);
    expect(goDurationSeconds('10')).toBeUndefined();
    expect(sizeBytes('5MiB')).toBe(5 * 1024 * 1024);
    expect(sizeBytes('50MB')).toBe(50_000_000);
    expect(sizeBytes('lots')).toBeUndefined();
  });
});
