import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { StackConfig } from '../config.ts';
import { parseProjectConfig } from '../supabase-config.ts';
import { clientAddressOf, FailureLimiter, rateLimitSettings } from './rate-limit.ts';

/** The one field rateLimitSettings reads. */
const loadTestConfig = (): StackConfig => ({ project: parseProjectConfig('') }) as StackConfig;

function request(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  const headers = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  // Only the two fields clientAddressOf reads.
  return { socket: { remoteAddress }, headers } as Pick<IncomingMessage, 'socket' | 'headers'> as IncomingMessage;
}

describe('client address', () => {
  it('is the socket address when the peer is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf(request('::ffff:10.0.0.9', '203.0.113.5'), [])).toBe('10.0.0.9');
    expect(clientAddressOf(request('10.0.0.9', '203.0.113.5'), ['10.0.0.1'])).toBe('10.0.0.9');
  });

  it('behind a trusted proxy is the right-most forwarded address that is not a proxy', () => {
    expect(clientAddressOf(request('10.0.0.1', '198.51.100.7, 203.0.113.5'), ['10.0.0.1'])).toBe('203.0.113.5');
    expect(clientAddressOf(request('10.0.0.1', '198.51.100.7, 203.0.113.5, 10.0.0.2'), ['10.0.0.1', '10.0.0.2'])).toBe('203.0.113.5');
    expect(clientAddressOf(request('10.0.0.1'), ['10.0.0.1'])).toBe('10.0.0.1');
  });
});

describe('failure limiter', () => {
  it('limits an address after its failures in the window, per scope, and forgets them after it', () => {
    let now = 0;
    const limiter = new FailureLimiter({ perAddress: { sign_in: 2, verify: 3, refresh: 5, anonymous: 1 }, windowMs: 1000 }, () => now);
    limiter.recordFailure('sign_in', 'a');
    expect(limiter.isLimited('sign_in', 'a')).toBe(false);
    limiter.recordFailure('sign_in', 'a');
    expect(limiter.isLimited('sign_in', 'a')).toBe(true);
    expect(limiter.isLimited('sign_in', 'b')).toBe(false);
    expect(limiter.isLimited('verify', 'a')).toBe(false);
    now = 1001;
    expect(limiter.isLimited('sign_in', 'a')).toBe(false);
    limiter.close();
  });
});

describe('request budgets (token_refresh, anonymous_users)', () => {
  it('counts every request of an address and refuses the ones over the budget until the window passes', () => {
    let now = 0;
    const limiter = new FailureLimiter({ perAddress: { sign_in: 1, verify: 1, refresh: 3, anonymous: 2 }, windowMs: 1000, scopeWindowMs: { anonymous: 5000 } }, () => now);
    expect([1, 2, 3, 4, 5].map(() => limiter.overBudget('refresh', 'a'))).toEqual([false, false, false, true, true]);
    expect(limiter.overBudget('refresh', 'b')).toBe(false);
    expect([1, 2, 3].map(() => limiter.overBudget('anonymous', 'a'))).toEqual([false, false, true]);
    now = 1001;
    expect(limiter.overBudget('refresh', 'a')).toBe(false);
    // A scope with a window of its own (anonymous sign-ins: an hour) is still limited.
    expect(limiter.overBudget('anonymous', 'a')).toBe(true);
    now = 5001;
    expect(limiter.overBudget('anonymous', 'a')).toBe(false);
    limiter.close();
  });
});

describe('exempt addresses (test stacks)', () => {
  it('never limits an exempt address; the others keep their budget', () => {
    const limiter = new FailureLimiter({ perAddress: { sign_in: 1, verify: 1, refresh: 1, anonymous: 1 }, windowMs: 1000, exempt: ['127.0.0.1'] });
    expect([1, 2, 3].map(() => limiter.overBudget('sign_in', '127.0.0.1'))).toEqual([false, false, false]);
    expect([1, 2].map(() => limiter.overBudget('sign_in', '127.0.0.2'))).toEqual([false, true]);
    limiter.close();
  });

  it('reads SDV_AUTH_RATE_LIMIT_EXEMPT (IPv4-mapped addresses as plain IPv4)', () => {
    const settings = rateLimitSettings(loadTestConfig(), { SDV_AUTH_RATE_LIMIT_EXEMPT: ' 127.0.0.1, ::ffff:10.0.0.3 ,' });
    expect(settings.exempt).toEqual(['127.0.0.1', '10.0.0.3']);
    expect(rateLimitSettings(loadTestConfig(), {}).exempt).toEqual([]);
  });
});
