import { describe, expect, it } from 'vitest';
import { AuthError } from './http.ts';
import { checkPasswordStrength, hashPassword, passwordMatches, passwordWeakness } from './passwords.ts';

function thrown(run: () => void): AuthError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  return undefined;
}

describe('password rules (GoTrue checkPasswordStrength)', () => {
  it('without requirements only the length counts, in bytes: six spaces pass, as in Supabase Auth', () => {
    expect(passwordWeakness('      ', { minLength: 6, requirements: '' })).toBeUndefined();
    expect(passwordWeakness('ạạạ', { minLength: 6, requirements: '' })).toBeUndefined();
    expect(passwordWeakness('abc', { minLength: 6, requirements: '' })).toEqual({ reasons: ['length'], message: 'Password should be at least 6 characters.' });
  });

  it('letters_digits refuses a blank or spaces-only password (reason characters)', () => {
    const policy = { minLength: 6, requirements: 'letters_digits' as const };
    expect(passwordWeakness('      ', policy)).toEqual({
      reasons: ['characters'],
      message: 'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
    });
    expect(passwordWeakness('', policy)?.reasons).toEqual(['length', 'characters']);
    expect(passwordWeakness('matkhau1', policy)).toBeUndefined();
    expect(passwordWeakness('MATKHAU1', policy)).toBeUndefined();
    expect(passwordWeakness('12345678', policy)?.reasons).toEqual(['characters']);
  });

  it('the symbols set is the CLI one, backslash and colon included', () => {
    const policy = { minLength: 8, requirements: 'lower_upper_letters_digits_symbols' as const };
    expect(passwordWeakness('abcDEF12\\', policy)).toBeUndefined();
    expect(passwordWeakness('abcDEF12:', policy)).toBeUndefined();
    expect(passwordWeakness('abcDEF123', policy)?.message).toBe(
      "Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789, !@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~.",
    );
  });

  it('more than 72 bytes is 400 validation_failed before anything else; a weak one 422 with weak_password.reasons', () => {
    expect(thrown(() => checkPasswordStrength('x'.repeat(73), { minLength: 6, requirements: 'letters_digits' }))).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    });
    expect(thrown(() => checkPasswordStrength('      ', { minLength: 6, requirements: 'letters_digits' }))).toMatchObject({
      status: 422,
      code: 'weak_password',
      extra: { weak_password: { reasons: ['characters'] } },
    });
  });
});

describe('bcrypt', () => {
  it('hashes in the $2a$ form and verifies $2a$, $2b$ and $2y$ hashes', async () => {
    const hash = await hashPassword('Matkhau@2024');
    expect(hash).toMatch(/^\$2a\$10\$/);
    expect(await passwordMatches('Matkhau@2024', hash)).toBe(true);
    expect(await passwordMatches('Matkhau@2024', hash.replace('$2a$', '$2b$'))).toBe(true);
    expect(await passwordMatches('Matkhau@2024', hash.replace('$2a$', '$2y$'))).toBe(true);
    expect(await passwordMatches('sai', hash)).toBe(false);
    expect(await passwordMatches('Matkhau@2024', '')).toBe(false);
  });
});
