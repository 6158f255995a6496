// The back office's gate works out the session's level as Auth's getAuthenticatorAssuranceLevel()
// does: the token's aal claim now, aal2 next when the user has a verified factor.
import { describe, expect, it, vi } from 'vitest';
import { assuranceOf, needsCode, tokenPayload } from './mfa-assurance-query.ts';

vi.mock('@/lib/supabase/supabase.ts', () => ({ supabase: {} }));

function token(payload: Record<string, unknown>): string {
  const part = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `eyJhbGciOiJIUzI1NiJ9.${part}.signature`;
}

const verified = { id: 'f1', status: 'verified' as const, factor_type: 'totp' as const, created_at: '', updated_at: '' };
const unverified = { ...verified, status: 'unverified' as const };

function session(aal: string | undefined, factors?: (typeof verified | typeof unverified)[]) {
  return { access_token: token(aal === undefined ? { sub: 'u1' } : { sub: 'u1', aal }), user: { factors } } as unknown as Parameters<typeof assuranceOf>[0];
}

describe('assuranceOf', () => {
  it('asks an aal1 session with a verified factor for its code', () => {
    const level = assuranceOf(session('aal1', [verified]));
    expect(level).toEqual({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(needsCode(level)).toBe(true);
  });

  it('lets an aal2 session through, and an aal1 session without a verified factor', () => {
    expect(needsCode(assuranceOf(session('aal2', [verified])))).toBe(false);
    expect(assuranceOf(session('aal1', [unverified]))).toEqual({ currentLevel: 'aal1', nextLevel: 'aal1' });
    expect(assuranceOf(session('aal1'))).toEqual({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('has no level without a session or without the claim', () => {
    expect(assuranceOf(null)).toEqual({ currentLevel: null, nextLevel: null });
    expect(assuranceOf(session(undefined, [verified]))).toEqual({ currentLevel: null, nextLevel: 'aal2' });
  });
});

describe('tokenPayload', () => {
  it('decodes base64url JSON, Vietnamese included', () => {
    expect(tokenPayload(token({ name: 'Nguyễn Đỗ', aal: 'aal1' }))).toEqual({ name: 'Nguyễn Đỗ', aal: 'aal1' });
  });

  it('is null for anything that is not a JWT', () => {
    expect(tokenPayload('not-a-token')).toBeNull();
    expect(tokenPayload('a.%%%.c')).toBeNull();
    expect(tokenPayload(`a.${Buffer.from('"text"').toString('base64url')}.c`)).toBeNull();
  });
});
