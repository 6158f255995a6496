import { defaultPort } from '../../local-stack/config.ts';

// Where the end-to-end stack runs: its own data folder and ports (so it never collides with
// `npm start`, the integration tests' stack or another helper's), unless the environment sets
// SDV_DATA_DIR / DB_PORT / API_PORT / WEB_PORT.
export const E2E_DEFAULTS = {
  SDV_DATA_DIR: '.data-e2e',
  DB_PORT: '61422',
  API_PORT: '61421',
  WEB_PORT: '61473',
} as const;

/** Environment for startStack: defaults above, overridden by the caller's environment. */
export function e2eStackEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = {};
  for (const [name, fallback] of Object.entries(E2E_DEFAULTS)) {
    const value = env[name];
    const moved = name.endsWith('_PORT') ? defaultPort(Number(fallback), env) : fallback;
    result[name] = value !== undefined && value !== '' ? value : moved;
  }
  // Failed sign-ins are rate limited per client address; every browser of the run signs in from
  // 127.0.0.1: keep it high.
  result.SDV_AUTH_RATE_LIMIT_ADDRESS = env.SDV_AUTH_RATE_LIMIT_ADDRESS ?? '1000';
  // …and every page of the run refreshes its session from there too ([auth.rate_limit] token_refresh
  // is 150 per 5 minutes per address): a refused refresh would sign an admin page out mid-test.
  result.SDV_AUTH_RATE_LIMIT_TOKEN_REFRESH = env.SDV_AUTH_RATE_LIMIT_TOKEN_REFRESH ?? '100000';
  return result;
}

export function e2eBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return `http://127.0.0.1:${e2eStackEnv(env).WEB_PORT}`;
}

export function e2eApiUrl(env: NodeJS.ProcessEnv = process.env): string {
  return `http://127.0.0.1:${e2eStackEnv(env).API_PORT}`;
}
