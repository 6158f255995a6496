// The admin chunk's entry (loaded lazily for /admin/*): session restore → login screen or shell.
import { QueryClientProvider } from '@tanstack/react-query';
import { LoadingState } from '@/components/ui/states.tsx';
import { Toaster } from '@/components/ui/toast.tsx';
import { useAuth } from '@/features/auth/components/auth-context.ts';
import { AuthProvider } from '@/features/auth/components/auth-provider.tsx';
import { MfaGate } from '@/features/auth/components/mfa-gate.tsx';
import LoginPage from '@/features/auth/routes/login-page.tsx';
import { auth } from '@/lib/messages/auth.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { AdminShell } from './admin-shell.tsx';

function AdminGate() {
  const { status } = useAuth();
  if (status === 'loading') {
    return (
      <div className="flex min-h-screen items-center justify-center bg-slate-50">
        <LoadingState label={auth.session.restoring} />
      </div>
    );
  }
  if (status === 'signedOut') return <LoginPage />;
  return (
    <MfaGate>
      <AdminShell />
    </MfaGate>
  );
}

/** One React Query cache for the back office (the public site does not load react-query). */
const queryClient = createQueryClient();

export default function AdminRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AdminGate />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
