// Personal info of a provider with inline edits of name, email, phone and status (all four
// statuses), plus registration, update and last sign-in times.
import { InlineEdit } from '../../../components/ui/inline-edit.tsx';
import { StatusBadge, statusOptions } from '../../../components/ui/status-badge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { providers as t } from '../../../lib/messages/providers.ts';
import { useUpdateProvider, type ProviderPatch, type ProviderProfile } from '../api/provider-detail.ts';
import { validateProfileField } from '../api/profile-rules.ts';
import { RequiredInlineText } from '../../../components/ui/required-inline-text.tsx';

export function ProviderInfoCard({ profile }: { profile: ProviderProfile }) {
  const update = useUpdateProvider();
  const save = (patch: ProviderPatch) => update.mutateAsync({ id: profile.id, patch, expectedUpdatedAt: profile.updated_at });

  return (
    <section aria-labelledby="provider-info-title" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="provider-info-title" className="mb-3 text-base font-semibold text-slate-900">
        {t.detail.info.title}
      </h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
        <dt className="pt-1 text-slate-500">{t.detail.info.name}</dt>
        <dd>
          <RequiredInlineText
            label={t.detail.info.name}
            value={profile.name}
            requiredMessage={t.detail.validation.nameRequired}
            validate={(value) => validateProfileField('name', value)}
            onSave={(name) => save({ name })}
          />
        </dd>
        <dt className="pt-1 text-slate-500">{t.detail.info.email}</dt>
        <dd>
          <RequiredInlineText
            label={t.detail.info.email}
            value={profile.email}
            inputType="email"
            inputClassName="w-64"
            requiredMessage={t.detail.validation.emailRequired}
            validate={(value) => validateProfileField('email', value)}
            onSave={(email) => save({ email })}
          />
        </dd>
        <dt className="pt-1 text-slate-500">{t.detail.info.phone}</dt>
        <dd>
          <RequiredInlineText
            label={t.detail.info.phone}
            value={profile.phone}
            inputType="tel"
            requiredMessage={t.detail.validation.phoneRequired}
            validate={(value) => validateProfileField('phone', value)}
            onSave={(phone) => save({ phone })}
          />
        </dd>
        <dt className="pt-1 text-slate-500">{t.detail.info.status}</dt>
        <dd>
          <InlineEdit
            variant="select"
            label={t.detail.info.status}
            value={profile.status}
            options={statusOptions('provider')}
            display={<StatusBadge entity="provider" status={profile.status} />}
            onSave={(status) => save({ status })}
          />
        </dd>
        <dt className="text-slate-500">{t.detail.info.createdAt}</dt>
        <dd>{formatDateTime(profile.created_at)}</dd>
        <dt className="text-slate-500">{t.detail.info.updatedAt}</dt>
        <dd data-testid="provider-updated-at">{formatDateTime(profile.updated_at)}</dd>
        <dt className="text-slate-500">{t.detail.info.lastLoginAt}</dt>
        <dd>{profile.last_login_at ? formatDateTime(profile.last_login_at) : t.detail.info.never}</dd>
      </dl>
    </section>
  );
}
