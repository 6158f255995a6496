// Vitest globalSetup of the reliability suite: one fresh local stack (database + API, no SPA) on
// this suite's own folder and ports, so that stopping its Postgres or killing API processes never
// disturbs another suite. URLs, keys and the folders reach the tests through provide/inject.
import type { TestProject } from 'vitest/node';
import { startStack, type Stack } from '../../local-stack/stack.ts';

/** Folder and ports of the reliability stack (the environment may override them). */
export const RELIABILITY_ENV: Record<string, string> = {
  SDV_DATA_DIR: '.data-rel',
  DB_PORT: '64322',
  API_PORT: '64321',
  WEB_PORT: '64173',
  // Many sessions sign in from 127.0.0.1 here (several admins, load sessions).
  SDV_AUTH_RATE_LIMIT_EMAIL: '1000',
  SDV_AUTH_RATE_LIMIT_ADDRESS: '1000',
};

let stack: Stack | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const [name, value] of Object.entries(RELIABILITY_ENV)) process.env[name] ??= value;
  const started = Date.now();
  const lines: string[] = [];
  try {
    stack = await startStack({ profile: 'test', fresh: true, web: false, log: (line) => lines.push(line) });
  } catch (error) {
    console.error(lines.join('\n'));
    throw error;
  }
  console.log(`[reliability] local stack ready in ${Date.now() - started} ms: ${stack.apiUrl} (db ${stack.config.dbPort})`);
  project.provide('apiUrl', stack.apiUrl);
  project.provide('anonKey', stack.anonKey);
  project.provide('serviceRoleKey', stack.serviceRoleKey);
  project.provide('dbUrl', stack.dbUrl);
  project.provide('jwtSecret', stack.config.jwtSecret);
  project.provide('authRateLimitEmail', Number(process.env.SDV_AUTH_RATE_LIMIT_EMAIL));
  project.provide('authRateLimitAddress', Number(process.env.SDV_AUTH_RATE_LIMIT_ADDRESS));
  project.provide('authRefreshReuseSeconds', Number(process.env.SDV_AUTH_REFRESH_REUSE_INTERVAL_SECONDS ?? 10));
  project.provide('pgDataDir', stack.config.pgDataDir);
  project.provide('storageDir', stack.config.storageDir);
  return async () => {
    await stack?.stop();
    stack = undefined;
  };
}
