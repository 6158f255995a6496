// Between a signed-in admin and the back office (docs/decisions.md#admin-second-factor): a session
// that has a verified authenticator app but is still aal1 is asked for the app's code; when the
// settings require a second factor and the admin has none, the enrolment is shown instead of data
// (the database would show them nothing anyway). Otherwise the back office.
import type { ReactNode } from 'react';
import { LoadingState } from '@/components/ui/states.tsx';
import { mfa } from '@/lib/messages/mfa.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useAdminMfaRequirement } from '@/features/auth/api/admin-mfa-requirement-query.ts';
import { needsCode, useAssurance } from '@/features/auth/api/mfa-assurance-query.ts';
import { SignInCodeStep } from '@/features/auth/routes/sign-in-code-step.tsx';
import { useAuth } from './auth-context.ts';
import { AuthCard, SwitchAccountButton } from './auth-card.tsx';
import { MfaEnrolForm } from './mfa-enrol-form.tsx';

function Loading() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50">
      <LoadingState />
    </div>
  );
}

function EnrolmentRequired() {
  useDocumentTitle(mfa.required.title);
  return (
    <AuthCard heading={mfa.required.title} subheading={mfa.required.description} wide>
      <MfaEnrolForm />
      <div className="mt-4 border-t border-slate-200 pt-3">
        <SwitchAccountButton />
      </div>
    </AuthCard>
  );
}

export function MfaGate({ children }: { children: ReactNode }) {
  const { session } = useAuth();
  const assurance = useAssurance(session?.access_token ?? '');
  const atAal2 = assurance.data?.currentLevel === 'aal2';
  const requirement = useAdminMfaRequirement(assurance.data !== undefined && !atAal2 && !needsCode(assurance.data));

  if (assurance.isPending) return <Loading />;
  if (assurance.data && needsCode(assurance.data)) return <SignInCodeStep />;
  if (!atAal2 && requirement.isPending && requirement.fetchStatus !== 'idle') return <Loading />;
  if (!atAal2 && requirement.data === true) return <EnrolmentRequired />;
  return <>{children}</>;
}
