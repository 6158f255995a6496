// Vitest globalSetup of the integration project: one fresh local stack (database, API; no SPA) for
// every integration test file, on the test profile's folder and ports (SDV_DATA_DIR, DB_PORT,
// API_PORT are honoured). Its URLs and keys reach the tests through provide/inject (helpers.ts).
import type { TestProject } from 'vitest/node';
import type { Stack } from '../../local-stack/stack.ts';
import { startProvidedStack } from './stack-setup.ts';

/**
 * Auth limits of the test stack (unless the environment sets them): 127.0.0.1, from which every
 * suite signs in and verifies codes hundreds of times (each counts, as on Supabase), is exempt;
 * the rate-limit tests use other loopback addresses with a budget of 40; and a 2 s refresh-token
 * reuse interval so both sides of it can be tested.
 */
const TEST_AUTH_ENV: Record<string, string> = {
  SDV_AUTH_RATE_LIMIT_EXEMPT: '127.0.0.1',
  SDV_AUTH_RATE_LIMIT_ADDRESS: '40',
  SDV_AUTH_RATE_LIMIT_WINDOW_SECONDS: '300',
  SDV_AUTH_REFRESH_REUSE_INTERVAL_SECONDS: '2',
};

let stack: Stack | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  stack = await startProvidedStack(project, TEST_AUTH_ENV, 'global-setup');
  return async () => {
    await stack?.stop();
    stack = undefined;
  };
}
