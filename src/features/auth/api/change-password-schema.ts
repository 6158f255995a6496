// Change-password form rules (docs/screens.md#change-password, docs/product.md#input-rules): the new
// password is not only spaces, has no space at either end, has at least MIN_PASSWORD_LENGTH
// characters and at most 72 bytes in UTF-8 (bcrypt's limit, which the Auth server enforces too),
// and holds a letter and a digit (supabase/config.toml's `password_requirements = "letters_digits"`,
// which Auth checks as ASCII a–z / A–Z and 0–9), each with its own message.
import { z } from 'zod/mini';
import { auth } from '@/lib/messages/auth.ts';

const t = auth.changePassword;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_BYTES = 72;

/** The first rule the new password breaks, as its message; undefined when it is acceptable. */
export function newPasswordProblem(password: string): string | undefined {
  if (password === '') return t.nextRequired;
  if (password.trim() === '') return t.onlySpaces;
  if (password.trim() !== password) return t.edgeSpaces;
  if ([...password].length < MIN_PASSWORD_LENGTH) return t.tooShort;
  if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES) return t.tooLong;
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) return t.lettersAndDigits;
  return undefined;
}

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, t.currentRequired)),
    newPassword: z.string().check(
      z.superRefine((value, ctx) => {
        const problem = newPasswordProblem(value);
        if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
    confirmPassword: z.string().check(z.minLength(1, t.confirmRequired)),
  })
  .check(
    z.refine((form) => form.confirmPassword === '' || form.newPassword === form.confirmPassword, {
      path: ['confirmPassword'],
      message: t.mismatch,
    }),
  );

export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;
