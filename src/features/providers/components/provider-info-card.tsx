// Personal info of a provider with inline edits of name, email, phone and status (all four
// statuses), plus registration, update and last sign-in times.
import { ContactCard, ProfileTimes } from '@/components/domain/contact-fields.tsx';
import { providers as t } from '@/lib/messages/providers.ts';
import { useUpdateProvider } from '@/features/providers/api/provider-update-mutation.ts';
import type { ProviderProfile } from '@/features/providers/api/provider-query.ts';

export function ProviderInfoCard({ profile }: { profile: ProviderProfile }) {
  const update = useUpdateProvider();
  return (
    <ContactCard entity="provider" title={t.detail.info.title} profile={profile} update={update.mutateAsync}>
      <ProfileTimes entity="provider" profile={profile} />
    </ContactCard>
  );
}
