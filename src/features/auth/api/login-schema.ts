import { z } from 'zod';
import { auth } from '@/lib/messages/auth.ts';
import { common } from '@/lib/messages/common.ts';

export const loginSchema = z.object({
  email: z.string().trim().min(1, auth.login.emailRequired).pipe(z.email(common.errors.invalidEmail)),
  password: z.string().min(1, auth.login.passwordRequired),
});

export type LoginForm = z.infer<typeof loginSchema>;
