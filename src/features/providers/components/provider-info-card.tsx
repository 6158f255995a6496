// Personal info of a provider with inline edits of name, email, phone and status (all four
// statuses), plus registration, update and last sign-in times.
import { ContactFields, ProfileTimes } from '@/components/domain/contact-fields.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { providers as t } from '@/lib/messages/providers.ts';
import { useUpdateProvider, type ProviderPatch } from '@/features/providers/api/provider-update-mutation.ts';
import type { ProviderProfile } from '@/features/providers/api/provider-query.ts';

export function ProviderInfoCard({ profile }: { profile: ProviderProfile }) {
  const update = useUpdateProvider();
  const save = (patch: ProviderPatch) => update.mutateAsync({ id: profile.id, patch, expectedUpdatedAt: profile.updated_at });

  return (
    <SectionCard titleId="provider-info-title" title={t.detail.info.title}>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
        <ContactFields entity="provider" profile={profile} onSave={save} />
        <ProfileTimes entity="provider" profile={profile} />
      </dl>
    </SectionCard>
  );
}
