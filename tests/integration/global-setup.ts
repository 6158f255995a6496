// Vitest globalSetup of the integration project: one fresh local stack (database, API; no SPA) for
// every integration test file, on the test profile's folder and ports (SDV_DATA_DIR, DB_PORT,
// API_PORT are honoured). Its URLs and keys reach the tests through provide/inject (helpers.ts).
import type { TestProject } from 'vitest/node';
import { startStack, type Stack } from '../../local-stack/stack.ts';

/**
 * Auth limits of the test stack (unless the environment sets them): an address limit high enough
 * for every suite signing in from 127.0.0.1 (the rate-limit tests use other loopback addresses),
 * and a 2 s refresh-token reuse interval so both sides of it can be tested.
 */
const TEST_AUTH_ENV: Record<string, string> = {
  SDV_AUTH_RATE_LIMIT_ADDRESS: '40',
  SDV_AUTH_RATE_LIMIT_WINDOW_SECONDS: '300',
  SDV_AUTH_REFRESH_REUSE_INTERVAL_SECONDS: '2',
};

let stack: Stack | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const [name, value] of Object.entries(TEST_AUTH_ENV)) process.env[name] ??= value;
  const started = Date.now();
  const lines: string[] = [];
  try {
    stack = await startStack({ profile: 'test', fresh: true, web: false, log: (line) => lines.push(line) });
  } catch (error) {
    console.error(lines.join('\n'));
    throw error;
  }
  console.log(`[global-setup] local stack ready in ${Date.now() - started} ms: ${stack.apiUrl} (db ${stack.config.dbPort})`);
  project.provide('apiUrl', stack.apiUrl);
  project.provide('anonKey', stack.anonKey);
  project.provide('serviceRoleKey', stack.serviceRoleKey);
  project.provide('dbUrl', stack.dbUrl);
  // For tests that forge tokens (expired, tampered) the way an attacker holding the secret could.
  project.provide('jwtSecret', stack.config.jwtSecret);
  project.provide('mailUrl', `http://127.0.0.1:${stack.config.mailPort}`);
  project.provide('authRateLimitAddress', Number(process.env.SDV_AUTH_RATE_LIMIT_ADDRESS));
  project.provide('authRefreshReuseSeconds', Number(process.env.SDV_AUTH_REFRESH_REUSE_INTERVAL_SECONDS));
  return async () => {
    await stack?.stop();
    stack = undefined;
  };
}
