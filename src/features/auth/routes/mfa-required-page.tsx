// Shown instead of the back office when the settings require a second factor and the signed-in
// admin has none (docs/decisions.md#admin-second-factor): the enrolment, or another account.
import { mfa } from '@/lib/messages/mfa.ts';
import { useDocumentTitle } from '@/lib/format/use-document-title.ts';
import { AuthCard, SwitchAccountButton } from '@/features/auth/components/auth-card.tsx';
import { MfaEnrolForm } from '@/features/auth/components/mfa-enrol-form.tsx';

export default function MfaRequiredPage() {
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
