import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors/errors.ts';
import { createQueryClient, queryRetryDelay, shouldRetryQuery } from './query-client.ts';

describe('query retry policy', () => {
  it('retries a lost connection once and 5xx up to twice', () => {
    const network = new TypeError('Failed to fetch');
    expect(shouldRetryQuery(0, network)).toBe(true);
    expect(shouldRetryQuery(1, network)).toBe(false);
    const unavailable = new ApiError({ message: 'unavailable', status: 503 });
    expect(shouldRetryQuery(1, unavailable)).toBe(true);
    expect(shouldRetryQuery(2, unavailable)).toBe(false);
  });
  it('never retries 4xx answers', () => {
    expect(shouldRetryQuery(0, new ApiError({ message: 'denied', code: '42501', status: 403 }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError({ message: 'bad', code: '22P02', status: 400 }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError({ message: 'expired', code: 'PGRST303', status: 401 }))).toBe(false);
  });
  it('is the default of the app’s client; mutations are not retried', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.retry).toBe(shouldRetryQuery);
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
  });
  it('gives up within seconds: the retries wait 0.5 s and 1 s', () => {
    expect(queryRetryDelay(0) + queryRetryDelay(1)).toBeLessThanOrEqual(1500);
  });
});
