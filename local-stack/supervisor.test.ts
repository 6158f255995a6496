import { describe, expect, it } from 'vitest';
import type { ServerExit } from './db.ts';
import { decide, DEFAULT_RESTART_POLICY, DatabaseSupervisor, type RestartPolicy } from './supervisor.ts';

const POLICY: RestartPolicy = { maxFailures: 3, maxCrashes: 5, windowMs: 60_000, delayMs: (failures) => 100 * (failures + 1) };

describe('decide', () => {
  it('restarts after a crash, waiting longer after each failed attempt', () => {
    expect(decide({ crashes: [0], failures: [] }, 10, POLICY)).toEqual({ action: 'restart', delayMs: 100 });
    expect(decide({ crashes: [0], failures: [5, 6] }, 10, POLICY)).toEqual({ action: 'restart', delayMs: 300 });
  });

  it('gives up after 3 failed restarts within a minute, but not when they are spread over longer', () => {
    const given = decide({ crashes: [0], failures: [1_000, 2_000, 3_000] }, 4_000, POLICY);
    expect(given).toEqual({ action: 'give-up', reason: 'PostgreSQL could not be restarted (3 failed attempts in 60 s)' });
    expect(decide({ crashes: [0], failures: [0, 30_000, 61_000] }, 62_000, POLICY).action).toBe('restart');
  });

  it('gives up on a server that keeps crashing even though each restart works', () => {
    const crashes = [0, 10_000, 20_000, 30_000, 40_000];
    expect(decide({ crashes, failures: [] }, 45_000, POLICY).action).toBe('restart');
    expect(decide({ crashes: [...crashes, 50_000], failures: [] }, 50_000, POLICY)).toEqual({
      action: 'give-up',
      reason: 'PostgreSQL stopped unexpectedly 6 times in 60 s',
    });
  });

  it('the default waits stay short (the API is back within seconds)', () => {
    expect([0, 1, 2, 3].map((n) => DEFAULT_RESTART_POLICY.delayMs(n))).toEqual([250, 500, 1000, 2000]);
  });
});

/** A database whose restarts fail `failing` times, on a fake clock advanced by sleeps. */
function fakeDatabase(failing: number) {
  let listener: ((exit: ServerExit) => void) | undefined;
  let clock = 0;
  const lines: string[] = [];
  const givenUp: string[] = [];
  let restarts = 0;
  const db = {
    onUnexpectedExit: (l: (exit: ServerExit) => void) => {
      listener = l;
    },
    restart: async () => {
      restarts += 1;
      if (restarts <= failing) throw new Error('FATAL:  pre-existing shared memory block is still in use');
    },
  };
  const supervisor = new DatabaseSupervisor(db, {
    log: (line) => lines.push(line),
    onGiveUp: (reason) => givenUp.push(reason),
    policy: POLICY,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
  });
  return { supervisor, exit: (exit: ServerExit) => listener!(exit), lines, givenUp, restarts: () => restarts };
}

describe('DatabaseSupervisor', () => {
  it('says in one line that Postgres died, restarts it, and says when it is back', async () => {
    const fake = fakeDatabase(0);
    fake.exit({ code: null, signal: 'SIGKILL' });
    await fake.supervisor.recovery;
    expect(fake.restarts()).toBe(1);
    expect(fake.lines[0]).toBe('✗ PostgreSQL stopped unexpectedly (signal SIGKILL); restarting (crash recovery keeps all committed data) …');
    expect(fake.lines[1]).toMatch(/^✓ PostgreSQL is running again after/);
    expect(fake.givenUp).toEqual([]);
  });

  it('retries a failed restart, and stops the stack with the reason after 3 failures', async () => {
    const recovered = fakeDatabase(2);
    recovered.exit({ code: 1, signal: null });
    await recovered.supervisor.recovery;
    expect(recovered.restarts()).toBe(3);
    expect(recovered.givenUp).toEqual([]);

    const lost = fakeDatabase(10);
    lost.exit({ code: null, signal: 'SIGKILL' });
    await lost.supervisor.recovery;
    expect(lost.restarts()).toBe(3);
    expect(lost.givenUp).toEqual([
      'PostgreSQL could not be restarted (3 failed attempts in 60 s): FATAL:  pre-existing shared memory block is still in use',
    ]);
    // Given up: a later exit is not acted on.
    lost.exit({ code: null, signal: 'SIGKILL' });
    expect(lost.restarts()).toBe(3);
  });

  it('does not undo a clean shutdown nor act once the stack is stopping', () => {
    const clean = fakeDatabase(0);
    clean.exit({ code: 0, signal: null });
    expect(clean.restarts()).toBe(0);
    expect(clean.lines).toHaveLength(1);
    expect(clean.supervisor.recovery).toBeUndefined();

    const stopping = fakeDatabase(0);
    stopping.supervisor.stop();
    stopping.exit({ code: null, signal: 'SIGINT' });
    expect(stopping.restarts()).toBe(0);
    expect(stopping.lines).toEqual([]);
  });
});
