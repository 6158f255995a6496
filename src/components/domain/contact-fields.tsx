// The four inline-edited rows a customer's and a provider's personal info share (docs/screens.md#customer-detail, docs/screens.md#provider-detail):
// name (not blank, at most 100 characters), e-mail (not blank, an e-mail address: the sign-in e-mail,
// changed with the account, docs/decisions.md#an-admin-changes-the-sign-in-e-mail), phone (a Vietnamese number, saved
// normalised; docs/product.md#input-rules) and status. Renders <dt>/<dd> pairs for the card's
// own <dl>; each save is one field, sent with the caller's `onSave` (which carries the optimistic
// concurrency check).
import { Fragment, type ReactNode } from 'react';
import { contactValue, EMAIL_MAX, NAME_MAX, validateContactField, type ContactField, type ContactPatch } from '@/lib/input/contact-rules.ts';
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
  inputType?: 'tel' | 'email';
  maxLength: number;
}

const TEXT_FIELDS: readonly [ContactFieldSpec, ContactFieldSpec, ContactFieldSpec] = [
  { field: 'name', required: t.validation.nameRequired, maxLength: NAME_MAX },
  { field: 'email', required: t.validation.emailRequired, inputType: 'email', maxLength: EMAIL_MAX },
  // Room for "+84 912.345.678"; saved as 0912345678.
  { field: 'phone', required: t.validation.phoneRequired, inputType: 'tel', maxLength: 20 },
];

function patchOf(field: ContactField, value: string): ContactPatch {
  const saved = contactValue(field, value);
  if (field === 'email') return { email: saved };
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
  const editable = ({ field, required, inputType, maxLength }: ContactFieldSpec, note?: ReactNode, testId?: string) => (
    <Fragment key={field}>
      <dt className="pt-1 text-slate-500">{t.fields[field]}</dt>
      <dd data-testid={testId} className="min-w-0 break-all">
        <RequiredInlineText
          label={t.fields[field]}
          value={profile[field]}
          {...(inputType ? { inputType } : {})}
          maxLength={maxLength}
          requiredMessage={required}
          validate={(value) => validateContactField(field, value)}
          onSave={(value) => onSave(patchOf(field, value))}
        />
        {note}
      </dd>
    </Fragment>
  );
  const [nameField, emailField, phoneField] = TEXT_FIELDS;
  return (
    <>
      {editable(nameField)}
      {editable(emailField, <p className="px-1 text-xs text-slate-500">{t.emailNote}</p>, `${entity}-email`)}
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
