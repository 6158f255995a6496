// Who a subscriber is, for grouping the RLS checks of postgres_changes and for the per-identity
// channel cap. Every sign-in and every refresh gives a user a new token (new `iat`, `exp`,
// `session_id`, `amr` timestamps, `jti`), while row-level security reads the role and the claims
// that describe the user (`sub`, `email`, `app_metadata`, `aal`, …). Subscribers whose tokens differ
// only in the token-specific claims below share one check (made with the claims of one of them):
// 600 tokens of one customer cost one read per change, not 600.
import type { Claims, DbRole } from '../jwt.ts';

/**
 * Claims that identify a token rather than the user. An RLS policy that reads one of them gives
 * every subscriber of a group the answer for one of the group's tokens (README.md of this folder).
 */
export const TOKEN_ONLY_CLAIMS: readonly string[] = ['iat', 'exp', 'nbf', 'jti', 'session_id', 'amr'];

/** JSON with object keys sorted, so that the same claims in another order give the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The key of a subscriber's RLS group: its role and every claim but the token-specific ones. */
export function rlsGroupKey(role: DbRole, claims: Claims): string {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(claims)) {
    if (!TOKEN_ONLY_CLAIMS.includes(name)) kept[name] = value;
  }
  return `${role}|${canonical(kept)}`;
}

/**
 * The key of the per-identity channel cap: a signed-in user (role + `sub`), whatever its token.
 * Tokens without `sub` (the anon and service keys, shared by every visitor or server) have no
 * per-identity cap, only the per-connection one.
 */
export function capIdentityKey(role: DbRole, claims: Claims): string | undefined {
  return typeof claims.sub === 'string' && claims.sub !== '' ? `${role}|${claims.sub}` : undefined;
}
