// Change-password form rules (docs/screens.md#change-password); the Auth server enforces its own minimum too.
import { z } from 'zod';
import { auth } from '@/lib/messages/auth.ts';

const t = auth.changePassword;
export const MIN_PASSWORD_LENGTH = 6;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, t.currentRequired),
    newPassword: z.string().min(1, t.nextRequired).min(MIN_PASSWORD_LENGTH, t.tooShort),
    confirmPassword: z.string().min(1, t.confirmRequired),
  })
  .refine((form) => form.confirmPassword === '' || form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: t.mismatch,
  });

export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;

