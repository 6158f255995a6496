// Counts failed sign-ins per e-mail and per client address in a sliding window (memory only: the
// local stack is one process). A successful sign-in is never counted.

export interface RateLimitSettings {
  perEmail: number;
  perAddress: number;
  windowMs: number;
}

function positiveInt(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number.parseInt(raw, 10);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * Defaults: 10 failures per e-mail and 30 per address in 5 minutes. Environment overrides (read
 * when the stack starts): SDV_AUTH_RATE_LIMIT_EMAIL, SDV_AUTH_RATE_LIMIT_ADDRESS,
 * SDV_AUTH_RATE_LIMIT_WINDOW_SECONDS.
 */
export function rateLimitSettings(env: NodeJS.ProcessEnv = process.env): RateLimitSettings {
  return {
    perEmail: positiveInt(env.SDV_AUTH_RATE_LIMIT_EMAIL, 10),
    perAddress: positiveInt(env.SDV_AUTH_RATE_LIMIT_ADDRESS, 30),
    windowMs: positiveInt(env.SDV_AUTH_RATE_LIMIT_WINDOW_SECONDS, 300) * 1000,
  };
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

  private recent(key: string): number[] {
    const cutoff = this.now() - this.settings.windowMs;
    const list = (this.failures.get(key) ?? []).filter((at) => at > cutoff);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** True when either the e-mail or the address has used up its failures in the window. */
  isLimited(email: string, address: string): boolean {
    return this.recent(`e:${email}`).length >= this.settings.perEmail || this.recent(`a:${address}`).length >= this.settings.perAddress;
  }

  recordFailure(email: string, address: string): void {
    const at = this.now();
    for (const key of [`e:${email}`, `a:${address}`]) {
      const list = this.recent(key);
      list.push(at);
      this.failures.set(key, list);
    }
  }

  sweep(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }

  close(): void {
    clearInterval(this.sweeper);
    this.failures.clear();
  }
}
