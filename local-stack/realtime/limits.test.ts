import { describe, expect, it } from 'vitest';
import { ClientPresenceWindow, Gate, RateCounter, ReadBudget, realtimeLimits, REALTIME_DEFAULTS } from './limits.ts';

describe('realtimeLimits', () => {
  it('gives Realtime defaults with the rate limits on, except on the test profile', () => {
    expect(realtimeLimits(false, {})).toEqual({ ...REALTIME_DEFAULTS, ratesEnabled: true });
    expect(realtimeLimits(true, {}).ratesEnabled).toBe(false);
    expect(realtimeLimits(true, { SDV_REALTIME_LIMITS: 'config' }).ratesEnabled).toBe(true);
    expect(realtimeLimits(false, { SDV_REALTIME_LIMITS: 'relaxed' }).ratesEnabled).toBe(false);
    expect(REALTIME_DEFAULTS).toMatchObject({ maxJoinsPerSecond: 100, maxChannelsPerClient: 100, maxEventsPerSecond: 100, maxConcurrentUsers: 200 });
    // The self-hosted / CLI tenant's max_payload_size_in_kb; enforced on every profile.
    expect(REALTIME_DEFAULTS.maxPayloadSizeInKb).toBe(3000);
    expect(realtimeLimits(true, { SDV_REALTIME_MAX_PAYLOAD_SIZE_IN_KB: '256' }).maxPayloadSizeInKb).toBe(256);
  });

  it('reads the environment and refuses values that are not positive integers', () => {
    expect(realtimeLimits(false, { SDV_REALTIME_MAX_JOINS_PER_SECOND: '7', SDV_REALTIME_RATE_TICK_MS: '250' })).toMatchObject({
      maxJoinsPerSecond: 7,
      tickMs: 250,
    });
    expect(() => realtimeLimits(false, { SDV_REALTIME_MAX_EVENTS_PER_SECOND: '0' })).toThrow(/SDV_REALTIME_MAX_EVENTS_PER_SECOND/);
    expect(() => realtimeLimits(false, { SDV_REALTIME_LIMITS: 'off' })).toThrow(/SDV_REALTIME_LIMITS/);
  });
});

describe('RateCounter', () => {
  it('averages over the kept buckets and triggers at the limit, as Realtime', () => {
    const triggered: number[] = [];
    const counter = new RateCounter(100, 5000, (avg) => triggered.push(avg), 12, false);
    // 400 joins in one 5-second bucket: 80 per second, under the limit.
    counter.add(400);
    counter.tick();
    expect(counter.avg).toBe(80);
    expect(counter.triggered).toBe(false);
    // 800 in the next bucket: (400 + 800) / 2 buckets / 5 s = 120 per second.
    counter.add(800);
    counter.tick();
    expect(counter.avg).toBe(120);
    expect(counter.triggered).toBe(true);
    expect(triggered).toEqual([120]);
    // A quiet bucket brings the average down ((0 + 800 + 400) / 3 / 5 = 80): the limit is released.
    counter.tick();
    expect(counter.avg).toBe(80);
    expect(counter.triggered).toBe(false);
  });

  it('keeps only the last buckets', () => {
    const counter = new RateCounter(10, 1000, undefined, 3, false);
    counter.add(300);
    counter.tick();
    for (let i = 0; i < 3; i += 1) counter.tick();
    expect(counter.avg).toBe(0);
  });
});

describe('ClientPresenceWindow', () => {
  it('allows max calls per window, then refuses until the window ends', () => {
    let now = 0;
    const window = new ClientPresenceWindow(5, 30_000, () => now);
    for (let i = 0; i < 5; i += 1) expect(window.take()).toBe(true);
    expect(window.take()).toBe(false);
    now = 30_001;
    expect(window.take()).toBe(true);
  });
});

describe('Gate', () => {
  it('runs at most `limit` tasks at once, in arrival order', async () => {
    const gate = new Gate(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        gate.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          order.push(i);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('ReadBudget', () => {
  it('lets a burst of 4 s through, then asks to pause reading for the deficit', () => {
    let now = 0;
    const budget = new ReadBudget(1000, 4, () => now);
    expect(budget.take(4000)).toBe(0);
    expect(budget.take(500)).toBe(500);
    now = 1500;
    expect(budget.take(500)).toBe(0);
  });
});

describe('read checks that wait for the database', () => {
  it('treat pool timeouts and lost connections as transient, SQL errors not', async () => {
    const { isTransient } = await import('./index.ts');
    expect(isTransient(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isTransient(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransient(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isTransient(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isTransient(Object.assign(new Error('permission denied for table messages'), { code: '42501' }))).toBe(false);
    expect(isTransient(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
  });
});
