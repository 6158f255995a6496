import { z } from 'zod';
import { mfa } from '@/lib/messages/mfa.ts';

/** A TOTP code: six digits (spaces the user types are dropped). */
export const mfaCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().min(1, mfa.codeRequired).regex(/^\d{6}$/, mfa.codeFormat)),
});

export type MfaCodeForm = z.input<typeof mfaCodeSchema>;
export type MfaCodeValues = z.output<typeof mfaCodeSchema>;

export const enrolNameSchema = z.object({
  friendlyName: z.string().trim().max(255, mfa.enrol.friendlyNameTooLong),
});

export type EnrolNameForm = z.infer<typeof enrolNameSchema>;
