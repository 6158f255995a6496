// The four inline-edited rows a customer's and a provider's personal info share (docs/screens.md#customer-detail, docs/screens.md#provider-detail):
// name, email, phone (none blank, email with @) and status. Renders <dt>/<dd> pairs for the card's
// own <dl>; each save is one field, sent with the caller's `onSave` (which carries the optimistic
// concurrency check).
import { Fragment } from 'react';
import { validateContactField, type ContactField, type ContactPatch } from '@/lib/profile-rules.ts';
import { formatDateTime } from '@/lib/format.ts';
import { profiles as t } from '@/lib/messages/profiles.ts';
import { InlineEdit } from '@/components/ui/inline-edit.tsx';
import { RequiredInlineText } from '@/components/ui/required-inline-text.tsx';
import { StatusBadge, statusOptions } from '@/components/ui/status-badge.tsx';

export interface ContactValues {
  name: string;
  email: string | null;
  phone: string | null;
  status: string;
}

const TEXT_FIELDS: { field: ContactField; required: string; inputType?: 'email' | 'tel'; inputClassName?: string }[] = [
  { field: 'name', required: t.validation.nameRequired },
  { field: 'email', required: t.validation.emailRequired, inputType: 'email', inputClassName: 'w-64' },
  { field: 'phone', required: t.validation.phoneRequired, inputType: 'tel' },
];

function patchOf(field: ContactField, value: string): ContactPatch {
  if (field === 'name') return { name: value };
  if (field === 'email') return { email: value };
  return { phone: value };
}

export function ContactFields({
  entity,
  profile,
  onSave,
}: {
  entity: 'customer' | 'provider';
  profile: ContactValues;
  onSave: (patch: ContactPatch) => Promise<unknown>;
}) {
  return (
    <>
      {TEXT_FIELDS.map(({ field, required, inputType, inputClassName }) => (
        <Fragment key={field}>
          <dt className="pt-1 text-slate-500">{t.fields[field]}</dt>
          <dd>
            <RequiredInlineText
              label={t.fields[field]}
              value={profile[field]}
              {...(inputType ? { inputType } : {})}
              {...(inputClassName ? { inputClassName } : {})}
              requiredMessage={required}
              validate={(value) => validateContactField(field, value)}
              onSave={(value) => onSave(patchOf(field, value))}
            />
          </dd>
        </Fragment>
      ))}
      <dt className="pt-1 text-slate-500">{t.fields.status}</dt>
      <dd>
        <InlineEdit
          variant="select"
          label={t.fields.status}
          value={profile.status}
          options={statusOptions(entity)}
          display={<StatusBadge entity={entity} status={profile.status} />}
          onSave={(status) => onSave({ status })}
        />
      </dd>
    </>
  );
}

/** The registration, last update and last sign-in rows of a profile's <dl>; the update time carries `<entity>-updated-at`. */
export function ProfileTimes({
  entity,
  profile,
}: {
  entity: 'customer' | 'provider';
  profile: { created_at: string; updated_at: string; last_login_at: string | null };
}) {
  return (
    <>
      <dt className="text-slate-500">{t.times.createdAt}</dt>
      <dd>{formatDateTime(profile.created_at)}</dd>
      <dt className="text-slate-500">{t.times.updatedAt}</dt>
      <dd data-testid={`${entity}-updated-at`}>{formatDateTime(profile.updated_at)}</dd>
      <dt className="text-slate-500">{t.times.lastLoginAt}</dt>
      <dd>{profile.last_login_at ? formatDateTime(profile.last_login_at) : t.times.never}</dd>
    </>
  );
}
