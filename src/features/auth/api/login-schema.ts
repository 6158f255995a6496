import { z } from 'zod/mini';
import { auth } from '@/lib/messages/auth.ts';
import { common } from '@/lib/messages/common.ts';

export const loginSchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, auth.login.emailRequired)), z.email(common.errors.invalidEmail)),
  password: z.string().check(z.minLength(1, auth.login.passwordRequired)),
});

export type LoginForm = z.infer<typeof loginSchema>;
