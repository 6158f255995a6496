import { z } from 'zod/mini';
import { mfa } from '@/lib/messages/mfa.ts';

/** A TOTP code: six digits (spaces the user types are dropped). */
export const mfaCodeSchema = z.object({
  code: z.pipe(
    z.pipe(
      z.string(),
      z.transform((value: string) => value.replace(/\s+/g, '')),
    ),
    z.string().check(z.minLength(1, mfa.codeRequired), z.regex(/^\d{6}$/, mfa.codeFormat)),
  ),
});

export type MfaCodeForm = z.input<typeof mfaCodeSchema>;
export type MfaCodeValues = z.output<typeof mfaCodeSchema>;

export const enrolNameSchema = z.object({
  friendlyName: z.string().check(z.trim(), z.maxLength(255, mfa.enrol.friendlyNameTooLong)),
});

export type EnrolNameForm = z.infer<typeof enrolNameSchema>;
