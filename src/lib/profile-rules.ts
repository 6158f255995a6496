// Rules of the inline contact edits of a customer or a provider (docs/product.md#input-rules): values are trimmed;
// name, email and phone must not be blank; an email must contain @. The database holds the same
// rules as constraints (profiles_*_check).
import { profiles as t } from './messages/profiles.ts';

/** A profile as the screens name a person: a booking's customer or provider, a customer's header. */
export interface PersonSummary {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  avatar_url: string | null;
  status: string;
}

export type ContactField = 'name' | 'email' | 'phone';

/** One inline edit of a customer's or provider's contact fields: a single column per save. */
export type ContactPatch = { name: string } | { email: string } | { phone: string } | { status: string };

export function validateContactField(field: ContactField, raw: string): string | undefined {
  const value = raw.trim();
  if (field === 'name') return value === '' ? t.validation.nameRequired : undefined;
  if (field === 'phone') return value === '' ? t.validation.phoneRequired : undefined;
  if (value === '') return t.validation.emailRequired;
  return value.includes('@') ? undefined : t.validation.emailInvalid;
}
