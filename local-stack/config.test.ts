import { describe, expect, it } from 'vitest';
import { restFairShare, storageFairShare } from './config.ts';
import { parseProjectConfig } from './supabase-config.ts';

const project = parseProjectConfig(`
[api.fair_share]
max_requests_in_flight = 5
max_connections = 3
requests_per_second = 7
burst = 9
queue_timeout = "2s"
max_embeds = 4
`);

describe('restFairShare', () => {
  it("applies [api.fair_share] of config.toml, defaults for keys it does not set", () => {
    expect(restFairShare(project, false, {})).toEqual({
      enabled: true,
      maxRequestsInFlight: 5,
      maxConnections: 3,
      reservedAnonConnections: 4,
      requestsPerSecond: 7,
      burst: 9,
      queueTimeoutMs: 2000,
      maxEmbeds: 4,
      maxEmbedDepth: 3,
      maxColumns: 200,
    });
  });

  it('relaxes the per-caller limits on the test profile unless SDV_REST_FAIR_SHARE=config, keeping the reserve and the cost limit', () => {
    const relaxed = restFairShare(project, true, {});
    expect(relaxed.maxRequestsInFlight).toBeGreaterThan(10_000);
    expect(relaxed.burst).toBeGreaterThan(10_000);
    expect(relaxed).toMatchObject({ reservedAnonConnections: 4, maxEmbeds: 4, queueTimeoutMs: 2000 });
    expect(restFairShare(project, true, { SDV_REST_FAIR_SHARE: 'config' }).maxRequestsInFlight).toBe(5);
    expect(restFairShare(project, false, { SDV_REST_FAIR_SHARE: 'relaxed' }).maxConnections).toBeGreaterThan(10_000);
    expect(() => restFairShare(project, false, { SDV_REST_FAIR_SHARE: 'off' })).toThrow(/SDV_REST_FAIR_SHARE/);
  });

  it('refuses a malformed key by name', () => {
    expect(() => parseProjectConfig('[api.fair_share]\nmax_connections = 0\n')).toThrow(/api\.fair_share\.max_connections/);
  });
});

describe('storageFairShare', () => {
  it('takes [api.fair_share] with twice the burst and rate and no anonymous reserve; relaxed on the test profile unless SDV_STORAGE_FAIR_SHARE=config', () => {
    expect(storageFairShare(project, false, {})).toMatchObject({ maxRequestsInFlight: 5, maxConnections: 3, burst: 18, requestsPerSecond: 14, reservedAnonConnections: 0, queueTimeoutMs: 2000 });
    expect(storageFairShare(project, true, {}).maxRequestsInFlight).toBeGreaterThan(10_000);
    expect(storageFairShare(project, true, { SDV_STORAGE_FAIR_SHARE: 'config' }).burst).toBe(18);
    expect(storageFairShare(project, false, { SDV_STORAGE_FAIR_SHARE: 'relaxed' }).burst).toBeGreaterThan(10_000);
    expect(() => storageFairShare(project, false, { SDV_STORAGE_FAIR_SHARE: 'on' })).toThrow(/SDV_STORAGE_FAIR_SHARE/);
  });
});
