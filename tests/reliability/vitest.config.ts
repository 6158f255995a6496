// `npm run test:reliability`: concurrency, bounds, faults, fuzz and a short load run against one
// fresh local stack of its own (.data-rel, DB 64322, API 64321), files one after the other (the
// fault tests stop Postgres and kill API processes; nothing else may run against the stack then).
import { defineConfig } from 'vitest/config';

export default defineConfig({
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
