import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, totpCode, totpMatches } from './mfa.ts';

// RFC 6238 appendix B, SHA-1, the last six of its eight digits.
const SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors', () => {
    expect(SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpCode(SECRET, 59)).toBe('287082');
    expect(totpCode(SECRET, 1111111109)).toBe('081804');
    expect(totpCode(SECRET, 2000000000)).toBe('279037');
  });

  it('accepts one 30-second step of clock skew either way, not two', () => {
    const now = 1_700_000_000;
    expect(totpMatches(SECRET, totpCode(SECRET, now - 30), now)).toBe(true);
    expect(totpMatches(SECRET, totpCode(SECRET, now + 30), now)).toBe(true);
    expect(totpMatches(SECRET, totpCode(SECRET, now - 90), now)).toBe(false);
    expect(totpMatches(SECRET, 'abcdef', now)).toBe(false);
  });

  it('base32 round-trips', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });
});
