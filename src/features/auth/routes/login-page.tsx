// Admin login (docs/screens.md#sign-in-and-admin-shell, docs/decisions.md#sign-in-errors): email (type email) and password required, the submit
// button says 'Đang đăng nhập…' while working, every sign-in error in Vietnamese.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { Field, Input } from '@/components/ui/form-controls.tsx';
import { toVietnameseMessage } from '@/lib/errors/errors.ts';
import { auth } from '@/lib/messages/auth.ts';
import { common } from '@/lib/messages/common.ts';
import { useDocumentTitle } from '@/lib/format/use-document-title.ts';
import { loginSchema, type LoginForm } from '@/features/auth/api/login-schema.ts';
import { signIn } from '@/features/auth/api/sign-in-mutation.ts';
import { useAuth } from '@/features/auth/components/auth-context.ts';
import { AuthCard } from '@/features/auth/components/auth-card.tsx';

const t = auth.login;
const FOOTER_LINKS = [
  ['/', t.footerHome],
  ['/privacy', t.footerPrivacy],
  ['/terms', t.footerTerms],
  ['/contact', t.footerContact],
] as const;

export default function LoginPage() {
  useDocumentTitle(t.pageTitle);
  const { notice, clearNotice } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (form) => {
    setError(null);
    clearNotice();
    try {
      await signIn(form);
    } catch (signInError) {
      setError(toVietnameseMessage(signInError, { action: 'login' }));
    }
  });

  const message = error ?? notice;

  return (
    <AuthCard
      heading={t.heading}
      subheading={t.subheading}
      message={message}
      footer={
        <footer className="pb-6 text-center text-sm">
          <nav aria-label={common.appName}>
            <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-slate-600">
              {FOOTER_LINKS.map(([to, label]) => (
                <li key={to}>
                  <Link className="hover:text-teal-800 hover:underline" to={to}>
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </footer>
      }
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <Field label={t.email} error={errors.email?.message} required>
          {(control) => (
            <Input
              {...control}
              {...register('email')}
              type="email"
              autoComplete="username"
              inputMode="email"
              required
              placeholder={t.emailPlaceholder}
            />
          )}
        </Field>
        <Field label={t.password} error={errors.password?.message} required>
          {(control) => (
            <Input {...control} {...register('password')} type="password" autoComplete="current-password" required />
          )}
        </Field>
        <Button type="submit" className="w-full" loading={isSubmitting}>
          {isSubmitting ? t.submitting : t.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
