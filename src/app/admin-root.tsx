// The admin chunk's entry (loaded lazily for /admin/*, in parallel with the screen's chunk and
// loader, docs/architecture.md#routes-and-loaders): the stored session shows the shell at once (verified
// in the background by the auth provider), no session shows the login screen (its own chunk:
// forms are not part of every screen's download).
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { LoadingState } from '@/components/ui/states.tsx';
import { Toaster } from '@/components/ui/toast.tsx';
import { useAuth } from '@/features/auth/components/auth-context.ts';
import { AuthProvider } from '@/features/auth/components/auth-provider.tsx';
import { MfaGate } from '@/features/auth/components/mfa-gate.tsx';
import { auth } from '@/lib/messages/auth.ts';
import { adminQueryClient } from './admin-query-client.ts';
import { AdminShell } from './admin-shell.tsx';

const LoginPage = lazy(() => import('@/features/auth/routes/login-page.tsx'));

function CenteredLoading({ label }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50">
      <LoadingState label={label} />
    </div>
  );
}

function AdminGate() {
  const { status } = useAuth();
  if (status === 'loading') return <CenteredLoading label={auth.session.restoring} />;
  if (status === 'signedOut') {
    return (
      <Suspense fallback={<CenteredLoading />}>
        <LoginPage />
      </Suspense>
    );
  }
  return (
    <MfaGate>
      <AdminShell />
    </MfaGate>
  );
}

export default function AdminRoot() {
  return (
    <QueryClientProvider client={adminQueryClient}>
      <AuthProvider>
        <AdminGate />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
