// Playwright global setup: one fresh local stack for the whole run (the SPA is rebuilt when its
// sources changed), stopped by the returned teardown.
import type { FullConfig } from '@playwright/test';
import { startStack } from '../../local-stack/stack.ts';
import { e2eStackEnv } from './stack-env.ts';

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const env = e2eStackEnv();
  // The auth module reads its rate limits from process.env when the stack starts.
  for (const name of ['SDV_AUTH_RATE_LIMIT_ADDRESS', 'SDV_AUTH_RATE_LIMIT_TOKEN_REFRESH'] as const) process.env[name] = env[name];
  const lines: string[] = [];
  const started = Date.now();
  let stack;
  try {
    stack = await startStack({ profile: 'test', fresh: true, web: true, env, log: (line) => lines.push(line) });
  } catch (error) {
    console.error(lines.join('\n'));
    throw error;
  }
  process.env.E2E_API_URL = stack.apiUrl;
  process.env.E2E_ANON_KEY = stack.anonKey;
  process.env.E2E_SERVICE_ROLE_KEY = stack.serviceRoleKey;
  process.env.E2E_DB_URL = stack.dbUrl;
  console.log(`[e2e] stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s: web ${stack.webUrl}, api ${stack.apiUrl}`);
  return async () => {
    await stack.stop();
  };
}
