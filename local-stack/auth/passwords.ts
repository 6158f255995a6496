// Passwords as Supabase Auth keeps and checks them: bcrypt hashes (cost 10, `$2a$` as pgcrypto's
// crypt() and Go write them), and the strength rules of [auth] minimum_password_length and
// password_requirements with GoTrue's 422 weak_password and its reasons.
//
// bcrypt runs off the event loop, at a lower CPU priority: a pool of worker threads (one per core)
// hashes with the native `bcrypt` package (bcryptjs, same hashes, where its binary does not load),
// each thread niced to 10 on Linux. A burst of sign-ins then uses the idle cores without taking
// them from the event loop or Postgres: sign-ins queue a little, every other request answers at
// once (tests/reliability/auth-bcrypt.test.ts).
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { StackConfig } from '../config.ts';
import type { PasswordRequirements } from '../supabase-config.ts';
import { AuthError } from './http.ts';

const BCRYPT_COST = 10;
export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_BYTES = 72;

type HashJob = { op: 'hash'; data: string; rounds: number } | { op: 'compare'; data: string; hash: string };

// The worker: CommonJS run with `eval`, given the resolved paths of both packages.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, 10);
} catch {}
let bcrypt;
try { bcrypt = require(workerData.native); } catch { bcrypt = require(workerData.fallback); }
parentPort.on('message', ({ job }) => {
  try {
    const result = job.op === 'hash' ? bcrypt.hashSync(job.data, job.rounds) : bcrypt.compareSync(job.data, job.hash);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Pending {
  job: HashJob;
  resolve: (result: string | boolean) => void;
  reject: (error: Error) => void;
}

/** Worker threads running one bcrypt operation at a time each; jobs wait in order for a free one. */
class HashPool {
  private readonly idle: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<Worker, Pending>();
  private size = 0;
  private readonly paths: { native: string; fallback: string };

  constructor(private readonly max: number) {
    const require = createRequire(import.meta.url);
    this.paths = { native: require.resolve('bcrypt'), fallback: require.resolve('bcryptjs') };
  }

  run(job: HashJob): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.size < this.max ? this.spawn() : undefined);
      if (!worker) return;
      const pending = this.queue.shift()!;
      this.running.set(worker, pending);
      worker.ref();
      worker.postMessage({ job: pending.job });
    }
  }

  private spawn(): Worker {
    this.size += 1;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: this.paths, name: 'bcrypt' });
    worker.unref();
    worker.on('message', (message: { result?: string | boolean; error?: string }) => {
      const pending = this.running.get(worker);
      this.running.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if (pending) {
        if (message.error !== undefined) pending.reject(new Error(message.error));
        else pending.resolve(message.result!);
      }
      this.dispatch();
    });
    const drop = (error: Error): void => {
      const pending = this.running.get(worker);
      this.running.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at !== -1) this.idle.splice(at, 1);
      this.size -= 1;
      pending?.reject(error);
      this.dispatch();
    };
    worker.on('error', drop);
    worker.on('exit', (code) => {
      if (this.running.has(worker) || this.idle.includes(worker)) drop(new Error(`bcrypt worker exited (${code})`));
    });
    return worker;
  }
}

const pool = new HashPool(Math.max(1, availableParallelism()));

/** A bcrypt hash in pgcrypto's / Go's `$2a$` form (same algorithm as `$2b$` below 256 bytes; bcrypt reads 72). */
export async function hashPassword(password: string): Promise<string> {
  const hash = (await pool.run({ op: 'hash', data: password, rounds: BCRYPT_COST })) as string;
  return hash.replace(/^\$2[by]\$/, '$2a$');
}

// Compared against when the user does not exist, so that timing does not tell which accounts exist
// (a hash of cost 10 of a password nobody uses).
const DUMMY_HASH = '$2a$10$5TULPRE1S2TBQtCTOFXQ6OyCytHSelhjbOkclrZt.Rgh8iNLo73eq';

export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  const usable = !!hash && /^\$2[aby]\$\d\d\$/.test(hash);
  try {
    // $2y$ (PHP's name) is the same algorithm as $2b$, which the native package reads.
    const matches = (await pool.run({ op: 'compare', data: password, hash: usable ? hash.replace(/^\$2y\$/, '$2b$') : DUMMY_HASH })) as boolean;
    return usable && matches;
  } catch {
    return false;
  }
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = "!@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~";

/**
 * The character sets of each [auth] password_requirements value, as the CLI hands them to Auth
 * (GOTRUE_PASSWORD_REQUIRED_CHARACTERS): the password needs one character of each set.
 */
export const REQUIRED_CHARACTERS: Record<PasswordRequirements, readonly string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

export interface PasswordPolicy {
  minLength: number;
  requirements: PasswordRequirements;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: MIN_PASSWORD_LENGTH, requirements: '' };

/** [auth] minimum_password_length and password_requirements of the project. */
export function passwordPolicy(config: StackConfig): PasswordPolicy {
  return { minLength: config.project.auth.minimum_password_length, requirements: config.project.auth.password_requirements };
}

/** The reasons and message of a weak password (undefined when strong enough), GoTrue's wording. */
export function passwordWeakness(password: string, policy: PasswordPolicy): { reasons: string[]; message: string } | undefined {
  const reasons: string[] = [];
  const messages: string[] = [];
  // Go's len counts bytes.
  if (Buffer.byteLength(password, 'utf8') < policy.minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${policy.minLength} characters.`);
  }
  const sets = REQUIRED_CHARACTERS[policy.requirements];
  if (sets.some((set) => ![...password].some((char) => set.includes(char)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  return reasons.length === 0 ? undefined : { reasons, message: messages.join(' ') };
}

/**
 * Supabase Auth's password rules, in its order (checkPasswordStrength of supabase/auth): more than
 * 72 bytes (bcrypt's limit) is 400 validation_failed "Password cannot be longer than 72 characters"
 * before anything else; then fewer than minimum_password_length bytes, or a character set of
 * password_requirements missing, is 422 weak_password with the reasons ("length", "characters").
 */
export function checkPasswordStrength(password: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw new AuthError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const weakness = passwordWeakness(password, policy);
  if (weakness) throw new AuthError(422, 'weak_password', weakness.message, { weak_password: { reasons: weakness.reasons } });
}
