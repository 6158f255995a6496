import { afterEach, describe, expect, it } from 'vitest';
import type { RestFairShare } from '../config.ts';
import { ApiError } from './errors.ts';
import { apiError } from './expect-api-error.ts';
import { FairShare, identityOf, type Identity } from './fair-share.ts';

const SETTINGS: RestFairShare = {
  enabled: true,
  maxRequestsInFlight: 4,
  maxConnections: 2,
  reservedAnonConnections: 2,
  requestsPerSecond: 2,
  burst: 3,
  queueTimeoutMs: 200,
  maxEmbeds: 10,
  maxEmbedDepth: 3,
  maxColumns: 200,
};

const customer: Identity = { key: 'sub:a', anonymous: false, exempt: false };
const other: Identity = { key: 'sub:b', anonymous: false, exempt: false };
const visitor: Identity = { key: 'address:10.0.0.1', anonymous: true, exempt: false };

let shares: FairShare[] = [];
function share(settings: Partial<RestFairShare> = {}, poolSize = 6, now: () => number = Date.now): FairShare {
  const created = new FairShare({ ...SETTINGS, ...settings }, poolSize, now);
  shares.push(created);
  return created;
}
afterEach(() => {
  for (const created of shares) created.close();
  shares = [];
});

/** Whether the promise settled within the current turn of the event loop (plus a tick). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 5));
  return done;
}

describe('identityOf', () => {
  it('is the sub of a verified token, the address for anon, and exempts the service role', () => {
    expect(identityOf({ role: 'authenticated', claims: { role: 'authenticated', sub: 'u1' }, authenticated: true }, '1.2.3.4')).toEqual({ key: 'sub:u1', anonymous: false, exempt: false });
    expect(identityOf({ role: 'anon', claims: { role: 'anon' }, authenticated: false }, '1.2.3.4')).toEqual({ key: 'address:1.2.3.4', anonymous: true, exempt: false });
    expect(identityOf({ role: 'service_role', claims: { role: 'service_role' }, authenticated: true }, '1.2.3.4').exempt).toBe(true);
  });
});

describe('rate and in-flight limits', () => {
  it('refuses past the burst with 429 SDV002 and Retry-After, and refills at the rate', () => {
    let now = 1_000_000;
    const fair = share({ maxRequestsInFlight: 100 }, 6, () => now);
    for (let i = 0; i < 3; i += 1) fair.admit(customer).done();
    const error = apiError(() => fair.admit(customer));
    expect(error.status).toBe(429);
    expect(error.body.code).toBe('SDV002');
    expect(error.headers['Retry-After']).toBe('1');
    // Another caller keeps its own bucket.
    fair.admit(other).done();
    now += 500;
    fair.admit(customer).done();
  });

  it('refuses a request past the in-flight bound with 429 SDV001 until one ends', () => {
    const fair = share({ burst: 100 });
    const running = Array.from({ length: 4 }, () => fair.admit(customer));
    const error = apiError(() => fair.admit(customer));
    expect(error.status).toBe(429);
    expect(error.body).toMatchObject({ code: 'SDV001', message: 'Too many requests in flight' });
    expect(error.body.hint).toEqual(expect.any(String));
    running[0]!.done();
    running[0]!.done();
    fair.admit(customer);
    expect(() => fair.admit(customer)).toThrow(ApiError);
  });

  it('does not limit the service role, nor anyone when disabled', () => {
    const fair = share();
    const service: Identity = { key: 'service_role', anonymous: false, exempt: true };
    for (let i = 0; i < 50; i += 1) fair.admit(service);
    const off = share({ enabled: false });
    for (let i = 0; i < 50; i += 1) off.admit(customer);
  });
});

describe('connections', () => {
  it('gives one caller at most max_connections and serves another caller first', async () => {
    const fair = share({ burst: 100, maxRequestsInFlight: 100 });
    const first = await fair.admit(customer).connection();
    await fair.admit(customer).connection();
    const third = fair.admit(customer).connection();
    expect(await settled(third)).toBe(false);
    const others = fair.admit(other).connection();
    expect(await settled(others)).toBe(true);
    first();
    expect(await settled(third)).toBe(true);
  });

  it('keeps the reserved connections for anonymous callers', async () => {
    const fair = share({ burst: 100, maxRequestsInFlight: 100, maxConnections: 10 }, 6);
    for (let i = 0; i < 4; i += 1) await fair.admit(customer).connection();
    const named = fair.admit(other).connection();
    expect(await settled(named)).toBe(false);
    await fair.admit(visitor).connection();
    await fair.admit(visitor).connection();
    await expect(named).rejects.toMatchObject({ status: 504, body: { code: 'PGRST003' } });
  });

  it('hands a freed connection to the waiting caller holding the fewest', async () => {
    const fair = share({ burst: 100, maxRequestsInFlight: 100, maxConnections: 10, reservedAnonConnections: 0, queueTimeoutMs: 1000 }, 3);
    const releases = [await fair.admit(customer).connection(), await fair.admit(customer).connection(), await fair.admit(other).connection()];
    const order: string[] = [];
    const abuser = fair.admit(customer).connection().then(() => order.push('customer'));
    const newcomer = fair.admit(visitor).connection().then(() => order.push('visitor'));
    releases[0]!();
    await Promise.race([abuser, newcomer]);
    expect(order).toEqual(['visitor']);
    releases[1]!();
    await abuser;
    expect(order).toEqual(['visitor', 'customer']);
  });
});
