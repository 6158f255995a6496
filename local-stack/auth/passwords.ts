// Passwords as Supabase Auth keeps and checks them: bcrypt hashes (cost 10, `$2a$` as pgcrypto's
// crypt() and Go write them), and the strength rules of [auth] minimum_password_length and
// password_requirements with GoTrue's 422 weak_password and its reasons.
//
// bcrypt runs off the event loop: the native `bcrypt` package hashes on libuv's thread pool, so a
// burst of sign-ins never stalls the requests in between. At most one hash per CPU core but one runs
// at a time (the others wait their turn), so that the event loop and Postgres always keep a core:
// sign-ins queue a little, every other request answers at once. Should the prebuilt binary not load
// on some platform, bcryptjs (pure JavaScript, same hashes) is used instead and the stack says so once.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import bcryptjs from 'bcryptjs';
import type { StackConfig } from '../config.ts';
import type { PasswordRequirements } from '../supabase-config.ts';
import { AuthError } from './http.ts';

const BCRYPT_COST = 10;
export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_BYTES = 72;

interface Bcrypt {
  hash(data: string, rounds: number): Promise<string>;
  compare(data: string, encrypted: string): Promise<boolean>;
}

function loadBcrypt(): { impl: Bcrypt; native: boolean } {
  try {
    const native = createRequire(import.meta.url)('bcrypt') as Bcrypt;
    return { impl: native, native: true };
  } catch (error) {
    console.warn(`[auth] native bcrypt unavailable (${error instanceof Error ? error.message : String(error)}); using bcryptjs on the main thread`);
    return { impl: { hash: (data, rounds) => bcryptjs.hash(data, rounds), compare: (data, hash) => bcryptjs.compare(data, hash) }, native: false };
  }
}

const bcrypt = loadBcrypt();

/** True when hashing runs on the thread pool (the native package loaded). */
export const nativeBcrypt = bcrypt.native;

const MAX_PARALLEL_HASHES = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

/** Runs one bcrypt operation when a slot is free (see the header). */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** A bcrypt hash in pgcrypto's / Go's `$2a$` form (same algorithm as `$2b$` below 256 bytes; bcrypt reads 72). */
export async function hashPassword(password: string): Promise<string> {
  const hash = await inTurn(() => bcrypt.impl.hash(password, BCRYPT_COST));
  return hash.replace(/^\$2[by]\$/, '$2a$');
}

// Compared against when the user does not exist, so that timing does not tell which accounts exist.
const DUMMY_HASH = bcryptjs.hashSync('sdv-no-such-user-password', BCRYPT_COST);

export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d\d\$/.test(hash)) {
    await inTurn(() => bcrypt.impl.compare(password, DUMMY_HASH));
    return false;
  }
  try {
    // $2y$ (PHP's name) is the same algorithm as $2b$, which the native package reads.
    return await inTurn(() => bcrypt.impl.compare(password, hash.replace(/^\$2y\$/, '$2b$')));
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
