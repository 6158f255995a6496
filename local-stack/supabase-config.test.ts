import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from './config.ts';
import { goDurationSeconds, loadProjectConfig, parseProjectConfig, sizeBytes } from './supabase-config.ts';

describe('supabase/config.toml reader', () => {
  it("reads the repository's config.toml with the values the product needs", () => {
    const config = parseProjectConfig(readFileSync(path.join(ROOT_DIR, 'supabase', 'config.toml'), 'utf8'));
    expect(config.api).toMatchObject({ port: 54321, max_rows: 1000, schemas: ['public'] });
    expect(config.local_smtp.port).toBe(54324);
    expect(config.auth).toMatchObject({ enable_signup: false, jwt_expiry: 3600, minimum_password_length: 6, password_requirements: 'letters_digits' });
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
    expect(() => parseProjectConfig('[auth\n')).toThrow(/could not be read/);
  });

  it('reads [auth.sms] with its test OTP map, password_requirements and signing_keys_path', () => {
    const config = parseProjectConfig(
      [
        '[auth]',
        'password_requirements = "letters_digits"',
        'signing_keys_path = "./signing_keys.json"',
        '[auth.sms]',
        'enable_signup = true',
        'enable_confirmations = true',
        'template = "Mã của bạn là {{ .Code }}"',
        'max_frequency = "5s"',
        '[auth.sms.test_otp]',
        '84901234567 = "123456"',
        '"4152127777" = "654321"',
        '[auth.rate_limit]',
        'sms_sent = 12',
      ].join('\n'),
    );
    expect(config.auth.password_requirements).toBe('letters_digits');
    expect(config.auth.signing_keys_path).toBe('./signing_keys.json');
    expect(config.auth.sms).toEqual({
      enable_signup: true,
      enable_confirmations: true,
      template: 'Mã của bạn là {{ .Code }}',
      max_frequency: 5,
      test_otp: { '84901234567': '123456', '4152127777': '654321' },
    });
    expect(config.auth.rate_limit.sms_sent).toBe(12);
  });

  it('fills the CLI defaults of [auth.sms] (phone sign-up off) and refuses an unknown password requirement', () => {
    const config = parseProjectConfig('');
    expect(config.auth.sms).toEqual({ enable_signup: false, enable_confirmations: false, template: 'Your code is {{ .Code }}', max_frequency: 0, test_otp: {} });
    expect(config.auth.password_requirements).toBe('');
    expect(config.auth.signing_keys_path).toBe('');
    expect(() => parseProjectConfig('[auth]\npassword_requirements = "digits"\n')).toThrow(/auth\.password_requirements/);
    expect(() => parseProjectConfig('[auth.sms.test_otp]\n84901234567 = 123456\n')).toThrow(/auth\.sms\.test_otp/);
  });

  it('resolves signing_keys_path against the folder of the config file, as the CLI', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sdv-config-'));
    try {
      writeFileSync(path.join(dir, 'config.toml'), '[auth]\nsigning_keys_path = "./keys/signing_keys.json"\n');
      const config = loadProjectConfig(ROOT_DIR, { SDV_SUPABASE_CONFIG: path.join(dir, 'config.toml') });
      expect(config.auth.signing_keys_path).toBe(path.join(dir, 'keys', 'signing_keys.json'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
