// Supervision of the embedded Postgres under a running stack (`npm start`, the test stacks).
//
// When the server process ends by a crash (killed by a signal — SIGKILL, the OOM killer — or an
// exit code other than 0), the supervisor says so in one line and starts it again on the same
// folder: Postgres' crash recovery replays its write-ahead log, so every committed transaction is
// kept, and the API's connection pools reconnect on their own (no API restart). A server that
// cannot come back — `maxFailures` failed restarts, or more than `maxCrashes` crashes, within
// `windowMs` — stops the whole stack with the reason.
//
// A clean shutdown that the stack did not ask for (exit code 0: `pg_ctl stop`, a Ctrl-C reaching
// Postgres in the terminal while the stack stops too) is someone's decision, not a crash: it is
// reported and not undone.
import type { ServerExit } from './db.ts';

export interface RestartPolicy {
  /** Failed restarts within the window after which the database is given up. */
  maxFailures: number;
  /** Crashes within the window beyond which the database is given up (it keeps dying). */
  maxCrashes: number;
  windowMs: number;
  /** The wait before a restart attempt, given the failed attempts in the window so far. */
  delayMs(failures: number): number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  maxFailures: 3,
  maxCrashes: 5,
  windowMs: 60_000,
  delayMs: (failures) => Math.min(250 * 2 ** failures, 2000),
};

export interface RestartHistory {
  /** When the server crashed (ms). */
  crashes: readonly number[];
  /** When a restart attempt failed (ms). */
  failures: readonly number[];
}

export type Decision = { action: 'restart'; delayMs: number } | { action: 'give-up'; reason: string };

/** What to do now, given the recent crashes and failed restarts. */
export function decide(history: RestartHistory, now: number, policy: RestartPolicy = DEFAULT_RESTART_POLICY): Decision {
  const recent = (times: readonly number[]): number => times.filter((at) => now - at < policy.windowMs).length;
  const seconds = Math.round(policy.windowMs / 1000);
  const failures = recent(history.failures);
  if (failures >= policy.maxFailures) {
    return { action: 'give-up', reason: `PostgreSQL could not be restarted (${failures} failed attempts in ${seconds} s)` };
  }
  const crashes = recent(history.crashes);
  if (crashes > policy.maxCrashes) {
    return { action: 'give-up', reason: `PostgreSQL stopped unexpectedly ${crashes} times in ${seconds} s` };
  }
  return { action: 'restart', delayMs: policy.delayMs(failures) };
}

/** "signal SIGKILL" or "exit code 1". */
export function describeExit(exit: ServerExit): string {
  return exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code ?? '?'}`;
}

/** The database as the supervisor sees it (db.ts' embedded handle). */
export interface SupervisedDatabase {
  onUnexpectedExit(listener: (exit: ServerExit) => void): void;
  restart(): Promise<void>;
}

export interface SupervisorOptions {
  log: (line: string) => void;
  /** The database cannot come back: the stack stops with this reason. */
  onGiveUp: (reason: string) => void;
  policy?: RestartPolicy;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export class DatabaseSupervisor {
  private readonly crashes: number[] = [];
  private readonly failures: number[] = [];
  private stopped = false;
  private recovering: Promise<void> | undefined;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly db: SupervisedDatabase,
    private readonly options: SupervisorOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    db.onUnexpectedExit((exit) => this.onExit(exit));
  }

  /** The recovery under way, if any (tests wait on it). */
  get recovery(): Promise<void> | undefined {
    return this.recovering;
  }

  /** The stack is stopping: from now on an exit of the server is expected. */
  stop(): void {
    this.stopped = true;
  }

  private onExit(exit: ServerExit): void {
    if (this.stopped) return;
    if (exit.signal === null && exit.code === 0) {
      this.options.log('! PostgreSQL shut down cleanly without the stack asking (pg_ctl stop?): not restarting it; the API answers 503 until it runs again.');
      return;
    }
    this.crashes.push(this.now());
    this.options.log(`✗ PostgreSQL stopped unexpectedly (${describeExit(exit)}); restarting (crash recovery keeps all committed data) …`);
    this.recovering ??= this.recover().finally(() => {
      this.recovering = undefined;
    });
  }

  private async recover(): Promise<void> {
    let lastError = '';
    for (;;) {
      const decision = decide({ crashes: this.crashes, failures: this.failures }, this.now(), this.options.policy);
      if (decision.action === 'give-up') {
        this.stopped = true;
        this.options.onGiveUp(lastError === '' ? decision.reason : `${decision.reason}: ${lastError}`);
        return;
      }
      await this.sleep(decision.delayMs);
      if (this.stopped) return;
      const started = this.now();
      try {
        await this.db.restart();
        this.options.log(`✓ PostgreSQL is running again after ${((this.now() - started) / 1000).toFixed(1)} s; the API keeps serving.`);
        return;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        this.failures.push(this.now());
        this.options.log(`✗ Restarting PostgreSQL failed: ${lastError}`);
      }
    }
  }
}
