// `npm run test:reliability`: concurrency, bounds, faults, fuzz and a short load run against one
// fresh local stack of its own (.data-rel, DB 64322, API 64321), files one after the other (the
// fault tests stop Postgres and kill API processes; nothing else may run against the stack then).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `@/` is src/, as in tsconfig.json and the root vitest.config.ts (src/ modules the tests import use it).
  resolve: { alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) } },
  test: {
    name: 'reliability',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/reliability/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
