// Supabase Auth's multi-factor error codes in Vietnamese (any other error: the shared mapping).
import { toVietnameseMessage } from '@/lib/errors/errors.ts';
import { mfa } from '@/lib/messages/mfa.ts';

const MESSAGES: Record<string, string> = {
  mfa_verification_failed: mfa.errors.wrongCode,
  mfa_challenge_expired: mfa.errors.expired,
  insufficient_aal: mfa.errors.needsAal2,
  too_many_enrolled_mfa_factors: mfa.errors.tooManyFactors,
  mfa_factor_name_conflict: mfa.errors.nameTaken,
  mfa_totp_enroll_not_enabled: mfa.errors.disabled,
  mfa_totp_verify_not_enabled: mfa.errors.disabled,
};

export function mfaErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && code in MESSAGES) return MESSAGES[code]!;
  return toVietnameseMessage(error);
}
