import { AuthApiError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { mfa } from '@/lib/messages/mfa.ts';
import { mfaErrorMessage } from './mfa-errors.ts';

describe('mfaErrorMessage', () => {
  it('says a wrong code is wrong, in Vietnamese', () => {
    expect(mfaErrorMessage(new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed'))).toBe(mfa.errors.wrongCode);
  });

  it('tells an expired challenge and a session that must be aal2', () => {
    expect(mfaErrorMessage(new AuthApiError('expired', 422, 'mfa_challenge_expired'))).toBe(mfa.errors.expired);
    expect(mfaErrorMessage(new AuthApiError('AAL2 required', 422, 'insufficient_aal'))).toBe(mfa.errors.needsAal2);
  });

  it('leaves other errors to the shared mapping', () => {
    expect(mfaErrorMessage(new AuthApiError('Too many requests', 429, 'over_request_rate_limit'))).toBe('Quá nhiều lần thử. Vui lòng thử lại sau');
  });
});
