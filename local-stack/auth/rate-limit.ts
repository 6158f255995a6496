// Rate limits of the Auth API per client address, as Supabase limits them (every request counts,
// successful or not, as the platform's limits do): sign-ins and sign-ups ([auth.rate_limit]
// sign_in_sign_ups: password grants, /signup, /otp and /magiclink) and verifications
// (token_verifications: /verify and MFA /factors/{id}/verify) per address in a 5-minute window,
// refresh-token grants (token_refresh) likewise, and anonymous sign-ins (anonymous_users) per hour.
// Never per account: someone else's attempts must not lock a user out, so an attacker guessing the
// admin's password from one address leaves the admin free to sign in from another. Memory only
// (the local stack is one process). Test stacks may exempt addresses (SDV_AUTH_RATE_LIMIT_EXEMPT,
// comma-separated: the suites' own 127.0.0.1, whose hundreds of sign-ins are not an attack; the
// rate-limit tests use other loopback addresses).
//
// The address is the socket's; X-Forwarded-For is believed only when the socket's address is one
// of the trusted proxies (SDV_TRUSTED_PROXIES), and then the right-most address in it that is not a
// trusted proxy is the client (entries to its left are whatever the client chose to send).
import type { IncomingMessage } from 'node:http';
import type { StackConfig } from '../config.ts';

const SCOPES = ['sign_in', 'verify', 'refresh', 'anonymous'] as const;
export type LimitScope = (typeof SCOPES)[number];

export interface RateLimitSettings {
  perAddress: Record<LimitScope, number>;
  windowMs: number;
  /** Scopes counted over another window than `windowMs`. */
  scopeWindowMs?: Partial<Record<LimitScope, number>>;
  /** Addresses never limited (test stacks only). */
  exempt?: readonly string[];
}

function positiveInt(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number.parseInt(raw, 10);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * From config.toml's [auth.rate_limit]; for test stacks the environment may override them:
 * SDV_AUTH_RATE_LIMIT_ADDRESS (sign-ins and verifications), SDV_AUTH_RATE_LIMIT_TOKEN_REFRESH,
 * SDV_AUTH_RATE_LIMIT_WINDOW_SECONDS and SDV_AUTH_RATE_LIMIT_EXEMPT.
 */
export function rateLimitSettings(config: StackConfig, env: NodeJS.ProcessEnv = process.env): RateLimitSettings {
  const limits = config.project.auth.rate_limit;
  return {
    perAddress: {
      sign_in: positiveInt(env.SDV_AUTH_RATE_LIMIT_ADDRESS, limits.sign_in_sign_ups),
      verify: positiveInt(env.SDV_AUTH_RATE_LIMIT_ADDRESS, limits.token_verifications),
      refresh: positiveInt(env.SDV_AUTH_RATE_LIMIT_TOKEN_REFRESH, limits.token_refresh),
      anonymous: limits.anonymous_users,
    },
    windowMs: positiveInt(env.SDV_AUTH_RATE_LIMIT_WINDOW_SECONDS, 300) * 1000,
    scopeWindowMs: { anonymous: 60 * 60 * 1000 },
    exempt: (env.SDV_AUTH_RATE_LIMIT_EXEMPT ?? '')
      .split(',')
      .map((address) => normalise(address.trim()))
      .filter((address) => address !== ''),
  };
}

/** The caller's address for rate limiting (see the header of this file). */
export function clientAddressOf(req: IncomingMessage, trustedProxies: readonly string[]): string {
  const socketAddress = normalise(req.socket.remoteAddress ?? 'unknown');
  const trusted = new Set(trustedProxies.map(normalise));
  const header = req.headers['x-forwarded-for'];
  if (!trusted.has(socketAddress) || header === undefined) return socketAddress;
  const hops = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((hop) => normalise(hop.trim()))
    .filter((hop) => hop !== '');
  for (let i = hops.length - 1; i >= 0; i -= 1) if (!trusted.has(hops[i]!)) return hops[i]!;
  return socketAddress;
}

/** "::ffff:127.0.0.1" is 127.0.0.1. */
function normalise(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(settings.windowMs, 60_000));
    this.sweeper.unref();
  }

  private recent(scope: LimitScope, address: string): number[] {
    const key = `${scope}:${address}`;
    const cutoff = this.now() - (this.settings.scopeWindowMs?.[scope] ?? this.settings.windowMs);
    const list = (this.failures.get(key) ?? []).filter((at) => at > cutoff);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** True when the address has used up its budget of this scope in the window. */
  isLimited(scope: LimitScope, address: string): boolean {
    if (this.settings.exempt?.includes(address)) return false;
    return this.recent(scope, address).length >= this.settings.perAddress[scope];
  }

  /** Counts one request; true when it is over the budget (and then it is not counted). */
  overBudget(scope: LimitScope, address: string): boolean {
    if (this.isLimited(scope, address)) return true;
    this.recordFailure(scope, address);
    return false;
  }

  recordFailure(scope: LimitScope, address: string): void {
    if (this.settings.exempt?.includes(address)) return;
    const list = this.recent(scope, address);
    list.push(this.now());
    this.failures.set(`${scope}:${address}`, list);
  }

  sweep(): void {
    for (const key of [...this.failures.keys()]) {
      const at = key.indexOf(':');
      const scope = SCOPES.find((name) => name === key.slice(0, at));
      if (scope) this.recent(scope, key.slice(at + 1));
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    this.failures.clear();
  }
}
