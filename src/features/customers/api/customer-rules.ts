// Rules of the customers screens: statuses and the list's name-or-email search, turned into a
// PostgREST `or` filter (pure, unit-tested). The contact-field rules are in src/lib/profile-rules.ts.

export const CUSTOMER_STATUSES = ['active', 'inactive', 'banned', 'pending_approval'] as const;

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
