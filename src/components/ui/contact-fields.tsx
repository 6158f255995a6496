// The four inline-edited rows a customer's and a provider's personal info share (spec 01 §5):
// name, email, phone (none blank, email with @) and status. Renders <dt>/<dd> pairs for the card's
// own <dl>; each save is one field, sent with the caller's `onSave` (which carries the optimistic
// concurrency check).
import { validateContactField, type ContactPatch } from '../../lib/profile-rules.ts';
import { profiles as t } from '../../lib/messages/profiles.ts';
import { InlineEdit } from './inline-edit.tsx';
import { RequiredInlineText } from './required-inline-text.tsx';
import { StatusBadge, statusOptions } from './status-badge.tsx';

export interface ContactValues {
  name: string;
  email: string | null;
  phone: string | null;
  status: string;
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
      <dt className="pt-1 text-slate-500">{t.fields.name}</dt>
      <dd>
        <RequiredInlineText
          label={t.fields.name}
          value={profile.name}
          requiredMessage={t.validation.nameRequired}
          validate={(value) => validateContactField('name', value)}
          onSave={(name) => onSave({ name })}
        />
      </dd>
      <dt className="pt-1 text-slate-500">{t.fields.email}</dt>
      <dd>
        <RequiredInlineText
          label={t.fields.email}
          value={profile.email}
          inputType="email"
          inputClassName="w-64"
          requiredMessage={t.validation.emailRequired}
          validate={(value) => validateContactField('email', value)}
          onSave={(email) => onSave({ email })}
        />
      </dd>
      <dt className="pt-1 text-slate-500">{t.fields.phone}</dt>
      <dd>
        <RequiredInlineText
          label={t.fields.phone}
          value={profile.phone}
          inputType="tel"
          requiredMessage={t.validation.phoneRequired}
          validate={(value) => validateContactField('phone', value)}
          onSave={(phone) => onSave({ phone })}
        />
      </dd>
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
