// Supabase Realtime's tenant limits, with the numbers and the counting Realtime uses
// (supabase/realtime: config/runtime.exs TENANT_MAX_*, lib/realtime/rate_counter/rate_counter.ex,
// lib/realtime/tenants.ex): a rate counter adds events, every `tick` (5 s) closes a bucket, keeps the
// last 12 (one minute) and computes the average per second over them; the limit is "triggered" while
// that average is at or over the maximum and released when it falls below. Realtime reacts to a
// triggered counter, not to a single burst, so a page opening 150 channels at once is not refused
// (150 joins / 5 s = 30 per second).
//
// Realtime's tenant also stores max_bytes_per_second (TENANT_MAX_BYTES_PER_SECOND, 100_000), but
// nothing in Realtime reads it beyond the tenant API, its OpenAPI schema and the admin dashboard: no
// counter, no refusal, no log. It is therefore not a limit here either.
//
// The Supabase CLI's config.toml has no key for these (its [realtime] section has `enabled`,
// `ip_version`, `max_header_length`), so they are environment variables, documented in
// local-stack/realtime/README.md ("Limits").

export interface RealtimeLimits {
  /** False on the test profile unless SDV_REALTIME_LIMITS=config: the rate limits below are off. */
  ratesEnabled: boolean;
  /** Sockets with at least one joined channel (TENANT_MAX_CONCURRENT_USERS, 200). */
  maxConcurrentUsers: number;
  /** Channel joins per second, averaged (TENANT_MAX_JOINS_PER_SECOND, 100). */
  maxJoinsPerSecond: number;
  /** Channels one socket may have joined (TENANT_MAX_CHANNELS_PER_CLIENT, 100); always enforced. */
  maxChannelsPerClient: number;
  /** Messages per second, averaged: broadcasts in and out, client pushes (TENANT_MAX_EVENTS_PER_SECOND, 100). */
  maxEventsPerSecond: number;
  /** Presence events per second, averaged (the tenant's max_presence_events_per_second, 1000). */
  maxPresenceEventsPerSecond: number;
  /** Presence pushes one channel may send per window (CLIENT_PRESENCE_MAX_CALLS, 5 per CLIENT_PRESENCE_WINDOW_MS, 30 s). */
  clientPresenceMaxCalls: number;
  clientPresenceWindowMs: number;
  /**
   * Bytes waiting to be written to one socket before it is closed as a slow consumer (Realtime: the
   * socket process dies past WEBSOCKET_MAX_HEAP_SIZE, 50 MB); always enforced.
   */
  maxSocketBufferBytes: number;
  /**
   * Bytes per second read from one socket (ours, not Realtime's): past a burst of 4 s worth, the
   * socket is read more slowly (TCP pushes back on the sender), nothing is refused or dropped.
   */
  maxSocketReadBytesPerSecond: number;
  /**
   * Largest broadcast or presence payload, in kB (the tenant's max_payload_size_in_kb, 3000 on a
   * self-hosted or CLI Realtime; Supabase's Free plan: 256): over `kb * 1000 + 500` bytes of Erlang
   * external term size it is refused (`payload-size.ts`); always enforced.
   */
  maxPayloadSizeInKb: number;
  /** Length of one bucket of the rate counters (Realtime: 5 s); 12 buckets are averaged. */
  tickMs: number;
}

/** Realtime's defaults (config/runtime.exs and the tenant schema). */
export const REALTIME_DEFAULTS: Omit<RealtimeLimits, 'ratesEnabled'> = {
  maxConcurrentUsers: 200,
  maxJoinsPerSecond: 100,
  maxChannelsPerClient: 100,
  maxEventsPerSecond: 100,
  maxPresenceEventsPerSecond: 1000,
  clientPresenceMaxCalls: 5,
  clientPresenceWindowMs: 30_000,
  maxSocketBufferBytes: 50_000_000,
  maxSocketReadBytesPerSecond: 1_000_000,
  maxPayloadSizeInKb: 3000,
  tickMs: 5_000,
};

const ENV_NAMES: Record<keyof typeof REALTIME_DEFAULTS, string> = {
  maxConcurrentUsers: 'SDV_REALTIME_MAX_CONCURRENT_USERS',
  maxJoinsPerSecond: 'SDV_REALTIME_MAX_JOINS_PER_SECOND',
  maxChannelsPerClient: 'SDV_REALTIME_MAX_CHANNELS_PER_CLIENT',
  maxEventsPerSecond: 'SDV_REALTIME_MAX_EVENTS_PER_SECOND',
  maxPresenceEventsPerSecond: 'SDV_REALTIME_MAX_PRESENCE_EVENTS_PER_SECOND',
  clientPresenceMaxCalls: 'SDV_REALTIME_CLIENT_PRESENCE_MAX_CALLS',
  clientPresenceWindowMs: 'SDV_REALTIME_CLIENT_PRESENCE_WINDOW_MS',
  maxSocketBufferBytes: 'SDV_REALTIME_MAX_SOCKET_BUFFER_BYTES',
  maxSocketReadBytesPerSecond: 'SDV_REALTIME_MAX_SOCKET_READ_BYTES_PER_SECOND',
  maxPayloadSizeInKb: 'SDV_REALTIME_MAX_PAYLOAD_SIZE_IN_KB',
  tickMs: 'SDV_REALTIME_RATE_TICK_MS',
};

/**
 * The limits in force. The test profile keeps the channel cap and the slow-consumer bound but turns
 * the rate limits off (every suite joins and sends from one machine in bursts), unless
 * SDV_REALTIME_LIMITS=config; SDV_REALTIME_LIMITS=relaxed turns them off on any profile.
 */
export function realtimeLimits(isTest: boolean, env: NodeJS.ProcessEnv = process.env): RealtimeLimits {
  const mode = env.SDV_REALTIME_LIMITS;
  if (mode !== undefined && mode !== '' && mode !== 'config' && mode !== 'relaxed') {
    throw new Error(`SDV_REALTIME_LIMITS must be "config" or "relaxed" (got "${mode}")`);
  }
  const limits = { ...REALTIME_DEFAULTS };
  for (const key of Object.keys(ENV_NAMES) as (keyof typeof REALTIME_DEFAULTS)[]) {
    const name = ENV_NAMES[key];
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer (got "${raw}")`);
    limits[key] = value;
  }
  return { ...limits, ratesEnabled: mode === 'config' || (!isTest && mode !== 'relaxed') };
}

/** Realtime's RateCounter with `measurement: :avg`: events per second over the last `buckets` ticks. */
export class RateCounter {
  private count = 0;
  private bucket: number[] = [];
  private readonly timer: NodeJS.Timeout | undefined;
  /** Average events per second over the kept buckets, as of the last tick. */
  avg = 0;
  triggered = false;

  constructor(
    private readonly limit: number,
    private readonly tickMs: number,
    private readonly onTrigger: (avg: number) => void = () => undefined,
    private readonly buckets = 12,
    autoTick = true,
  ) {
    if (autoTick) {
      this.timer = setInterval(() => this.tick(), tickMs);
      this.timer.unref();
    }
  }

  add(n = 1): void {
    this.count += n;
  }

  /** Closes the current bucket (called by the timer; tests call it directly). */
  tick(): void {
    this.bucket.unshift(this.count);
    this.count = 0;
    if (this.bucket.length > this.buckets) this.bucket.length = this.buckets;
    const sum = this.bucket.reduce((total, value) => total + value, 0);
    this.avg = sum / this.bucket.length / (this.tickMs / 1000);
    if (this.triggered) {
      if (this.avg < this.limit) this.triggered = false;
    } else if (this.avg >= this.limit) {
      this.triggered = true;
      this.onTrigger(this.avg);
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

/** Per-channel presence push window (Realtime's limit_client_presence_event). */
export class ClientPresenceWindow {
  private counter = 0;
  private resetAt: number | undefined;

  constructor(
    private readonly maxCalls: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one presence push; false when the channel is over its budget. */
  take(): boolean {
    const time = this.now();
    if (this.resetAt === undefined || time > this.resetAt) {
      this.counter = 1;
      this.resetAt = time + this.windowMs;
      return true;
    }
    if (this.counter >= this.maxCalls) return false;
    this.counter += 1;
    return true;
  }
}

/**
 * A bounded number of tasks running at once, the others waiting in order: the database work of
 * joins (filter values, private-channel policies) goes through one, so that a join flood waits for
 * its turn instead of taking every pooled connection from the delivery of changes.
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}

/**
 * A token bucket of bytes read from one socket: `take` returns how long to stop reading (0 = go on)
 * so that the socket's average stays at `rate` bytes per second after a burst of `burstSeconds`.
 */
export class ReadBudget {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: number,
    private readonly burstSeconds = 4,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = rate * burstSeconds;
    this.at = now();
  }

  take(bytes: number): number {
    const time = this.now();
    this.tokens = Math.min(this.rate * this.burstSeconds, this.tokens + ((time - this.at) / 1000) * this.rate);
    this.at = time;
    this.tokens -= bytes;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / this.rate) * 1000);
  }
}
