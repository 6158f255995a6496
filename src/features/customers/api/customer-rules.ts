// Rules of the customers screens: the inline edits (spec 01 §5) and the list's name-or-email
// search, turned into a PostgREST `or` filter (pure, unit-tested).
import { customers as t } from '../../../lib/messages/customers.ts';

export const CUSTOMER_STATUSES = ['active', 'inactive', 'banned', 'pending_approval'] as const;

export type CustomerTextField = 'name' | 'email' | 'phone';

export function validateCustomerField(field: CustomerTextField, raw: string): string | undefined {
  const value = raw.trim();
  if (field === 'name') return value === '' ? t.detail.validation.nameRequired : undefined;
  if (field === 'phone') return value === '' ? t.detail.validation.phoneRequired : undefined;
  if (value === '') return t.detail.validation.emailRequired;
  return value.includes('@') ? undefined : t.detail.validation.emailInvalid;
}

/**
 * "an@x" → "name.ilike.*an@x*,email.ilike.*an@x*". Characters that would break the `or=(…)`
 * syntax (, ( ) " ) become spaces; LIKE wildcards typed by the admin (% _ \) match literally.
 * Returns null for a blank search.
 */
export function nameOrEmailFilter(search: string): string | null {
  const cleaned = search.replace(/[,()"]/g, ' ').trim();
  if (cleaned === '') return null;
  const pattern = `*${cleaned.replace(/[\\%_]/g, (char) => `\\${char}`)}*`;
  return `name.ilike.${pattern},email.ilike.${pattern}`;
}
