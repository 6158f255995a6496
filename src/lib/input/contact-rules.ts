// Rules of the inline contact edits of a customer or a provider (docs/product.md#input-rules): values are trimmed;
// the name is not blank and at most 100 characters; the phone is a Vietnamese number (0 or +84 then
// 9–10 digits, spaces and dots allowed), saved normalised; the e-mail is not blank and is an e-mail
// address, saved lower-case: it is the sign-in e-mail, changed with the account
// (docs/decisions.md#an-admin-changes-the-sign-in-e-mail). The database holds the same rules as
// constraints (profiles_*_length, profiles_phone_format, profiles_email_format) and
// public.admin_set_profile_email's refusals.
import { isEmail, normalizeVietnamesePhone, TEXT_MAX } from './input-bounds.ts';
import { bounds } from '@/lib/messages/bounds.ts';
import { profiles as t } from '@/lib/messages/profiles.ts';

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

export const NAME_MAX = TEXT_MAX['profiles.name'];
export const EMAIL_MAX = TEXT_MAX['profiles.email'];

export function validateContactField(field: ContactField, raw: string): string | undefined {
  const value = raw.trim();
  if (field === 'name') {
    if (value === '') return t.validation.nameRequired;
    return [...value].length > NAME_MAX ? bounds.tooLong(t.fields.name, NAME_MAX) : undefined;
  }
  if (field === 'email') {
    if (value === '') return t.validation.emailRequired;
    if (value.length > EMAIL_MAX) return bounds.tooLong(t.fields.email, EMAIL_MAX);
    return isEmail(value) ? undefined : t.validation.emailInvalid;
  }
  if (value === '') return t.validation.phoneRequired;
  return normalizeVietnamesePhone(value) === null ? bounds.phoneInvalid : undefined;
}

/** The value saved for a field: the phone as the database stores it (0 followed by the digits). */
export function contactValue(field: ContactField, raw: string): string {
  const value = raw.trim();
  if (field === 'email') return value.toLowerCase();
  return field === 'phone' ? (normalizeVietnamesePhone(value) ?? value) : value;
}
