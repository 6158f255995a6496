// Fair share of the REST API between callers, so that one caller cannot starve the others
// (`[api.fair_share]` of supabase/config.toml; local-stack/rest/README.md, "Fair share and request cost").
//
// A caller is an identity: the verified token's `sub`, else the client address. Each identity has
// - a token bucket (`burst` requests, refilled at `requests_per_second`): empty → 429 SDV002;
// - a bound on its requests in flight (running or waiting for a connection): over → 429 SDV001;
// - a bound on the pooled connections it holds at once (`max_connections`): the rest wait.
// The pool itself keeps `reserved_anon_connections` for anonymous callers (the public site), and a
// freed connection goes to the waiting identity that holds the fewest, so a newcomer is served before
// the next request of an identity that already holds several. A wait longer than `queue_timeout`
// ends in 504 PGRST003, PostgREST's answer when its pool has no connection for a request.
// The service role (the project's own servers) is not limited per identity.
import type { RestFairShare } from '../config.ts';
import type { Caller } from './auth.ts';
import { ApiError } from './errors.ts';

export interface Identity {
  key: string;
  anonymous: boolean;
  /** The service role: no per-identity limits. */
  exempt: boolean;
}

/** The identity of a verified caller calling from `address`. */
export function identityOf(caller: Caller, address: string): Identity {
  if (caller.role === 'service_role') return { key: 'service_role', anonymous: false, exempt: true };
  if (!caller.authenticated) return { key: `address:${address}`, anonymous: true, exempt: false };
  const sub = caller.claims.sub;
  if (typeof sub === 'string' && sub !== '') return { key: `sub:${sub}`, anonymous: false, exempt: false };
  return { key: `token@${address}`, anonymous: false, exempt: false };
}

/** The errors a share throws; REST's are PostgREST-shaped, Storage gives its own (storage/index.ts). */
export interface ShareErrors {
  /** Over the caller's rate (`SDV002`) or requests in flight (`SDV001`); Retry-After in whole seconds. */
  tooMany(code: 'SDV001' | 'SDV002', message: string, details: string, retryAfterSeconds: number): Error;
  /** No connection of the share within `queue_timeout`. */
  queueTimeout(): Error;
}

/** 429 in PostgREST's error shape, with Retry-After in whole seconds; 504 PGRST003 for the queue. */
const REST_ERRORS: ShareErrors = {
  tooMany: (code, message, details, retryAfterSeconds) =>
    new ApiError(429, code, message, details, 'Wait for the Retry-After seconds, then send fewer requests at once.', {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    }),
  queueTimeout: () => new ApiError(504, 'PGRST003', 'Timed out acquiring connection from connection pool.'),
};

interface Bucket {
  tokens: number;
  at: number;
  inFlight: number;
}

interface Waiter {
  identity: Identity;
  seq: number;
  grant: () => void;
  timer: NodeJS.Timeout;
}

export interface Admission {
  /** Waits for a pooled connection of the identity's share; the returned function gives it back. */
  connection(): Promise<() => void>;
  /** Ends the request's admission (its in-flight count); idempotent. */
  done(): void;
}

export class FairShare {
  private readonly buckets = new Map<string, Bucket>();
  private readonly active = new Map<string, number>();
  private activeTotal = 0;
  private activeNamed = 0;
  private waiters: Waiter[] = [];
  private seq = 0;
  private readonly sweeper: NodeJS.Timeout;
  /** Connections only anonymous callers may use. */
  private readonly reserved: number;

  constructor(
    private readonly settings: RestFairShare,
    private readonly poolSize: number,
    private readonly now: () => number = Date.now,
    private readonly errors: ShareErrors = REST_ERRORS,
  ) {
    this.reserved = settings.enabled ? Math.min(settings.reservedAnonConnections, poolSize - 1) : 0;
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  /** Counts one request of `identity`; throws 429 when its bucket is empty or too many of its requests are in flight. */
  admit(identity: Identity): Admission {
    const limited = this.settings.enabled && !identity.exempt;
    let bucket: Bucket | undefined;
    if (limited) {
      bucket = this.bucketOf(identity.key);
      if (bucket.tokens < 1) {
        const wait = (1 - bucket.tokens) / this.settings.requestsPerSecond;
        throw this.errors.tooMany('SDV002', 'Too many requests', `More than ${this.settings.burst} requests at once or ${this.settings.requestsPerSecond} per second from this caller`, wait);
      }
      bucket.tokens -= 1;
      if (bucket.inFlight >= this.settings.maxRequestsInFlight) {
        throw this.errors.tooMany('SDV001', 'Too many requests in flight', `At most ${this.settings.maxRequestsInFlight} requests of one caller run or wait at a time`, 1);
      }
      bucket.inFlight += 1;
    }
    let finished = false;
    return {
      connection: () => this.acquire(identity),
      done: () => {
        if (finished) return;
        finished = true;
        if (bucket) bucket.inFlight -= 1;
      },
    };
  }

  private bucketOf(key: string): Bucket {
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: this.settings.burst, at: now, inFlight: 0 };
      this.buckets.set(key, bucket);
      return bucket;
    }
    bucket.tokens = Math.min(this.settings.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.settings.requestsPerSecond);
    bucket.at = now;
    return bucket;
  }

  /** Whether `identity` may take one more connection now. */
  private mayRun(identity: Identity): boolean {
    if (this.activeTotal >= this.poolSize) return false;
    if (!identity.anonymous && this.activeNamed >= this.poolSize - this.reserved) return false;
    if (!this.settings.enabled || identity.exempt) return true;
    return (this.active.get(identity.key) ?? 0) < this.settings.maxConnections;
  }

  private take(identity: Identity): () => void {
    this.active.set(identity.key, (this.active.get(identity.key) ?? 0) + 1);
    this.activeTotal += 1;
    if (!identity.anonymous) this.activeNamed += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.active.get(identity.key) ?? 1) - 1;
      if (left === 0) this.active.delete(identity.key);
      else this.active.set(identity.key, left);
      this.activeTotal -= 1;
      if (!identity.anonymous) this.activeNamed -= 1;
      this.dispatch();
    };
  }

  private acquire(identity: Identity): Promise<() => void> {
    if (this.waiters.length === 0 && this.mayRun(identity)) return Promise.resolve(this.take(identity));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        identity,
        seq: (this.seq += 1),
        grant: () => {
          clearTimeout(waiter.timer);
          resolve(this.take(identity));
        },
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((other) => other !== waiter);
          reject(this.errors.queueTimeout());
        }, this.settings.queueTimeoutMs),
      };
      this.waiters.push(waiter);
      this.dispatch();
    });
  }

  /** Grants free connections to waiters: the identity holding the fewest first, then the oldest. */
  private dispatch(): void {
    for (;;) {
      let best: Waiter | undefined;
      for (const waiter of this.waiters) {
        if (!this.mayRun(waiter.identity)) continue;
        if (!best) {
          best = waiter;
          continue;
        }
        const held = this.active.get(waiter.identity.key) ?? 0;
        const bestHeld = this.active.get(best.identity.key) ?? 0;
        if (held < bestHeld || (held === bestHeld && waiter.seq < best.seq)) best = waiter;
      }
      if (!best) return;
      const chosen = best;
      this.waiters = this.waiters.filter((other) => other !== chosen);
      chosen.grant();
    }
  }

  /** Forgets identities whose bucket is full again and that have nothing in flight. */
  sweep(): void {
    for (const [key, bucket] of this.buckets) {
      const refilled = bucket.tokens + ((this.now() - bucket.at) / 1000) * this.settings.requestsPerSecond;
      if (bucket.inFlight === 0 && refilled >= this.settings.burst) this.buckets.delete(key);
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const waiter of this.waiters) clearTimeout(waiter.timer);
    this.waiters = [];
    this.buckets.clear();
  }
}
