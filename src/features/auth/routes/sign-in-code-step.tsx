// The second step of signing in (docs/screens.md#two-factor-authentication): once the password
// was accepted for an admin who has a verified authenticator app, the session is aal1 and the back
// office asks for the app's code; the verified code steps the session up to aal2. Another account
// can be used instead (signs this session out).
import { LoadingState } from '@/components/ui/states.tsx';
import { mfa } from '@/lib/messages/mfa.ts';
import { useDocumentTitle } from '@/lib/format/use-document-title.ts';
import { useFactors } from '@/features/auth/api/mfa-factors-query.ts';
import { mfaErrorMessage } from '@/features/auth/api/mfa-errors.ts';
import { AuthCard, SwitchAccountButton } from '@/features/auth/components/auth-card.tsx';
import { MfaCodeForm } from '@/features/auth/components/mfa-code-form.tsx';

const t = mfa.challenge;

export default function SignInCodeStep() {
  useDocumentTitle(t.pageTitle);
  const factors = useFactors();
  const factor = factors.data?.find((candidate) => candidate.status === 'verified');

  const otherAccount = <SwitchAccountButton />;

  return (
    <AuthCard heading={t.heading} subheading={t.description} message={factors.error ? mfaErrorMessage(factors.error) : null}>
      {factor ? (
        <MfaCodeForm factorId={factor.id} label={t.code} submitLabel={t.submit} submittingLabel={t.submitting} onVerified={() => undefined} secondary={otherAccount} autoFocus />
      ) : factors.isPending ? (
        <LoadingState />
      ) : (
        otherAccount
      )}
    </AuthCard>
  );
}
