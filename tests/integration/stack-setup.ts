// The start shared by the Vitest globalSetups of the integration and reliability suites: one fresh
// local stack (database + API, no SPA) on the test profile, whose URLs and keys reach the tests
// through provide/inject (integration/helpers.ts).
import type { TestProject } from 'vitest/node';
import { startStack, type Stack } from '../../local-stack/stack.ts';

/**
 * Sets the environment variables of `env` that the environment does not set already, starts the
 * stack (its log is printed only when it fails to start) and provides its URLs, keys and Auth limits.
 */
export async function startProvidedStack(project: TestProject, env: Record<string, string>, label: string): Promise<Stack> {
  for (const [name, value] of Object.entries(env)) process.env[name] ??= value;
  const started = Date.now();
  const lines: string[] = [];
  let stack: Stack;
  try {
    stack = await startStack({ profile: 'test', fresh: true, web: false, log: (line) => lines.push(line) });
  } catch (error) {
    console.error(lines.join('\n'));
    throw error;
  }
  console.log(`[${label}] local stack ready in ${Date.now() - started} ms: ${stack.apiUrl} (db ${stack.config.dbPort})`);
  project.provide('apiUrl', stack.apiUrl);
  project.provide('anonKey', stack.anonKey);
  project.provide('serviceRoleKey', stack.serviceRoleKey);
  project.provide('dbUrl', stack.dbUrl);
  // For tests that forge tokens (expired, tampered) the way an attacker holding the secret could.
  project.provide('jwtSecret', stack.config.jwtSecret);
  project.provide('mailUrl', `http://127.0.0.1:${stack.config.mailPort}`);
  project.provide('authRateLimitAddress', Number(process.env.SDV_AUTH_RATE_LIMIT_ADDRESS));
  project.provide('authRefreshReuseSeconds', Number(process.env.SDV_AUTH_REFRESH_REUSE_INTERVAL_SECONDS ?? 10));
  return stack;
}
