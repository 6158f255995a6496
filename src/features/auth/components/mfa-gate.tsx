// Between a signed-in admin and the back office (docs/decisions.md#admin-second-factor): a session
// that has a verified authenticator app but is still aal1 is asked for the app's code; when the
// settings require a second factor and the admin has none, the enrolment is shown instead of data
// (the database would show them nothing anyway). Otherwise the back office. Both screens are
// loaded only when needed (their forms stay out of the admin root's chunk).
import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingState } from '@/components/ui/states.tsx';
import { useAdminMfaRequirement } from '@/features/auth/api/admin-mfa-requirement-query.ts';
import { needsCode, useAssurance } from '@/features/auth/api/mfa-assurance-query.ts';
import { useAuth } from './auth-context.ts';

const SignInCodeStep = lazy(() => import('@/features/auth/routes/sign-in-code-step.tsx'));
const MfaRequiredPage = lazy(() => import('@/features/auth/routes/mfa-required-page.tsx'));

function Loading() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50">
      <LoadingState />
    </div>
  );
}

export function MfaGate({ children }: { children: ReactNode }) {
  const { session } = useAuth();
  const assurance = useAssurance(session);
  const atAal2 = assurance.data?.currentLevel === 'aal2';
  const requirement = useAdminMfaRequirement(assurance.data !== undefined && !atAal2 && !needsCode(assurance.data));

  if (assurance.isPending) return <Loading />;
  if (assurance.data && needsCode(assurance.data)) {
    return (
      <Suspense fallback={<Loading />}>
        <SignInCodeStep />
      </Suspense>
    );
  }
  if (!atAal2 && requirement.isPending && requirement.fetchStatus !== 'idle') return <Loading />;
  if (!atAal2 && requirement.data === true) {
    return (
      <Suspense fallback={<Loading />}>
        <MfaRequiredPage />
      </Suspense>
    );
  }
  return <>{children}</>;
}
