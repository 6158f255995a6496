// The four inline-edited rows a customer's and a provider's personal info share (docs/screens.md#customer-detail, docs/screens.md#provider-detail):
// name (not blank, at most 100 characters), e-mail (read-only: the sign-in e-mail,
// docs/decisions.md#the-profile-e-mail-is-the-sign-in-e-mail), phone (a Vietnamese number, saved
// normalised; docs/product.md#input-rules) and status. Renders <dt>/<dd> pairs for the card's
// own <dl>; each save is one field, sent with the caller's `onSave` (which carries the optimistic
// concurrency check).
import { Fragment, type ReactNode } from 'react';
import { contactValue, NAME_MAX, validateContactField, type ContactField, type ContactPatch } from '@/lib/input/contact-rules.ts';
import { formatDateTime } from '@/lib/format/format.ts';
import { profiles as t } from '@/lib/messages/profiles.ts';
import { RequiredInlineText } from '@/components/ui/required-inline-text.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { StatusInlineEdit } from '@/components/ui/status-inline-edit.tsx';

export interface ContactValues {
  name: string;
  email: string | null;
  phone: string | null;
  status: string;
}

interface ContactFieldSpec {
  field: ContactField;
  required: string;
  inputType?: 'tel';
  maxLength: number;
}

const TEXT_FIELDS: readonly [ContactFieldSpec, ContactFieldSpec] = [
  { field: 'name', required: t.validation.nameRequired, maxLength: NAME_MAX },
  // Room for "+84 912.345.678"; saved as 0912345678.
  { field: 'phone', required: t.validation.phoneRequired, inputType: 'tel', maxLength: 20 },
];

function patchOf(field: ContactField, value: string): ContactPatch {
  const saved = contactValue(field, value);
  return field === 'name' ? { name: saved } : { phone: saved };
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
  const editable = ({ field, required, inputType, maxLength }: ContactFieldSpec) => (
    <Fragment key={field}>
      <dt className="pt-1 text-slate-500">{t.fields[field]}</dt>
      <dd>
        <RequiredInlineText
          label={t.fields[field]}
          value={profile[field]}
          {...(inputType ? { inputType } : {})}
          maxLength={maxLength}
          requiredMessage={required}
          validate={(value) => validateContactField(field, value)}
          onSave={(value) => onSave(patchOf(field, value))}
        />
      </dd>
    </Fragment>
  );
  const [nameField, phoneField] = TEXT_FIELDS;
  return (
    <>
      {editable(nameField)}
      <dt className="pt-1 text-slate-500">{t.fields.email}</dt>
      <dd data-testid={`${entity}-email`}>
        <span className="break-all px-1">{profile.email ?? '—'}</span>
        <p className="px-1 text-xs text-slate-500">{t.emailNote}</p>
      </dd>
      {editable(phoneField)}
      <dt className="pt-1 text-slate-500">{t.fields.status}</dt>
      <dd>
        <StatusInlineEdit entity={entity} label={t.fields.status} status={profile.status} onSave={(status) => onSave({ status })} />
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

/**
 * The personal-info card of a customer or a provider: its ContactFields, each save sent with
 * `update` over the version shown (the profile's updated_at); `children` adds rows to its list.
 */
export function ContactCard({
  entity,
  title,
  profile,
  update,
  children,
}: {
  entity: 'customer' | 'provider';
  title: string;
  profile: ContactValues & { id: string; updated_at: string };
  update: (input: { id: string; patch: ContactPatch; expectedUpdatedAt: string }) => Promise<unknown>;
  children?: ReactNode;
}) {
  return (
    <SectionCard titleId={`${entity}-info-title`} title={title}>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
        <ContactFields entity={entity} profile={profile} onSave={(patch) => update({ id: profile.id, patch, expectedUpdatedAt: profile.updated_at })} />
        {children}
      </dl>
    </SectionCard>
  );
}
