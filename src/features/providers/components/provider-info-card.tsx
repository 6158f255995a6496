// Personal info of a provider with inline edits of name, email, phone and status (all four
// statuses), plus registration, update and last sign-in times.
import { ContactFields } from '@/components/domain/contact-fields.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { formatDateTime } from '@/lib/format.ts';
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
        <dt className="text-slate-500">{t.detail.info.createdAt}</dt>
        <dd>{formatDateTime(profile.created_at)}</dd>
        <dt className="text-slate-500">{t.detail.info.updatedAt}</dt>
        <dd data-testid="provider-updated-at">{formatDateTime(profile.updated_at)}</dd>
        <dt className="text-slate-500">{t.detail.info.lastLoginAt}</dt>
        <dd>{profile.last_login_at ? formatDateTime(profile.last_login_at) : t.detail.info.never}</dd>
      </dl>
    </SectionCard>
  );
}
