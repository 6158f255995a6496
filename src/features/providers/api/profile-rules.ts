// Rules of the inline profile edits (spec 01 §5): values are trimmed; name, email and phone must
// not be blank; an email must contain @. The database holds the same rules as constraints.
import { providers as t } from '../../../lib/messages/providers.ts';

export type ProfileTextField = 'name' | 'email' | 'phone';

export function validateProfileField(field: ProfileTextField, raw: string): string | undefined {
  const value = raw.trim();
  if (field === 'name') return value === '' ? t.detail.validation.nameRequired : undefined;
  if (field === 'phone') return value === '' ? t.detail.validation.phoneRequired : undefined;
  if (value === '') return t.detail.validation.emailRequired;
  return value.includes('@') ? undefined : t.detail.validation.emailInvalid;
}

export const PROVIDER_STATUSES = ['inactive', 'pending_approval', 'active', 'banned'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];
/** The list filter offers the first three (spec 01 §4); the detail editor all four. */
export const PROVIDER_FILTER_STATUSES = ['inactive', 'pending_approval', 'active'] as const;
