// The admin chunk's entry (loaded lazily for /admin/*, in parallel with the screen's chunk and
// data, docs/architecture.md#admin-loading): the stored session shows the shell at once (verified
// in the background by the auth provider), no session shows the login screen (its own chunk:
// forms are not part of every screen's download).
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
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

/** How long the pointer rests on a link before its screen's chunk and data are asked for. */
const HOVER_DELAY_MS = 80;

/**
 * Resting the pointer on a link to another admin address (a row's detail, a menu entry) asks for
 * its data ahead of the click; the chunk follows with the router's navigation.
 */
function useHoverPrefetch(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onOver = (event: PointerEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || !url.pathname.startsWith('/admin')) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        void import('./admin-prefetch.ts').then(({ prefetchAdminUrl }) => prefetchAdminUrl(url)).catch(() => undefined);
      }, HOVER_DELAY_MS);
    };
    const onOut = () => clearTimeout(timer);
    document.addEventListener('pointerover', onOver);
    document.addEventListener('pointerout', onOut);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerover', onOver);
      document.removeEventListener('pointerout', onOut);
    };
  }, []);
}

export default function AdminRoot() {
  useHoverPrefetch();
  return (
    <QueryClientProvider client={adminQueryClient}>
      <AuthProvider>
        <AdminGate />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
