// Configuration of the local stack: ports, folders and secrets.
// Defaults match the Supabase CLI's local stack so that the same keys work with `supabase start`.
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProjectConfig, type ProjectConfig } from './supabase-config.ts';
import { realtimeLimits, type RealtimeLimits } from './realtime/limits.ts';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const DEMO_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

/** Signs the long-lived API key for a role the way the Supabase CLI does. */
export function signApiKey(secret: string, role: 'anon' | 'service_role'): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ iss: 'supabase-demo', role, exp: 1983812996 }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/**
 * `SDV_PORT_OFFSET` shifts every default port of the stack, the test stacks and the throwaway
 * databases (never a port set explicitly), so that several checkouts of the project can run their
 * suites on one machine at the same time.
 */
export function portOffset(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SDV_PORT_OFFSET;
  if (raw === undefined || raw === '') return 0;
  const value = Number.parseInt(raw, 10);
  if (!Number.isInteger(value) || value < 0 || value > 1000) {
    throw new Error(`SDV_PORT_OFFSET must be an integer from 0 to 1000 (got "${raw}")`);
  }
  return value;
}

/** A default port moved by `SDV_PORT_OFFSET`, as a string for environment tables. */
export function defaultPort(port: number, env: NodeJS.ProcessEnv = process.env): string {
  return String(port + portOffset(env));
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback + portOffset(env);
  const value = Number.parseInt(raw, 10);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) {
    throw new Error(`${name} must be a valid port number (got "${raw}")`);
  }
  return value;
}

export interface StackConfig {
  /** Folder for everything the stack keeps between runs (git-ignored). */
  dataDir: string;
  /** Postgres cluster folder inside dataDir (embedded mode only). */
  pgDataDir: string;
  /** Folder holding stored object bytes. */
  storageDir: string;
  /** Port of the embedded Postgres server. */
  dbPort: number;
  /** Port of the Supabase-compatible API server. */
  apiPort: number;
  /** Port of the SPA (vite preview / dev). */
  webPort: number;
  /** Port of the local mailbox (web page and JSON API of the mails the Auth server sent). */
  mailPort: number;
  /** Connection string of an external Postgres; when unset the embedded server is used. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  jwtExpirySeconds: number;
  anonKey: string;
  serviceRoleKey: string;
  apiUrl: string;
  /** supabase/config.toml, the settings shared with the Supabase CLI. */
  project: ProjectConfig;
  /** Addresses of proxies whose X-Forwarded-For is believed (SDV_TRUSTED_PROXIES, comma-separated). */
  trustedProxies: readonly string[];
  /** `[api.fair_share]` as the REST API applies it (see restFairShare). */
  restFairShare: RestFairShare;
  /** The per-caller share of /storage/v1 (see storageFairShare). */
  storageFairShare: RestFairShare;
  /** Realtime's tenant limits (realtime/limits.ts). */
  realtimeLimits: RealtimeLimits;
}

export interface RestFairShare {
  /** False: no per-caller limit and no anonymous reserve (the cost limit still holds). */
  enabled: boolean;
  maxRequestsInFlight: number;
  maxConnections: number;
  reservedAnonConnections: number;
  requestsPerSecond: number;
  burst: number;
  queueTimeoutMs: number;
  maxEmbeds: number;
  maxEmbedDepth: number;
  maxColumns: number;
}

/**
 * The per-caller limits of the test profile: every suite calls from 127.0.0.1 with a few tokens and
 * some send bursts on purpose (60 concurrent requests of one admin, load runs), so only the cost
 * limit and the anonymous reserve of config.toml stay; SDV_REST_FAIR_SHARE=config applies all of
 * config.toml's values on the test profile too (the fair-share tests), =relaxed relaxes any profile.
 */
const RELAXED_PER_CALLER = { maxRequestsInFlight: 100_000, maxConnections: 100_000, requestsPerSecond: 1_000_000, burst: 1_000_000 } as const;

export function restFairShare(project: ProjectConfig, isTest: boolean, env: NodeJS.ProcessEnv = process.env): RestFairShare {
  const fair = project.api.fair_share;
  const mode = env.SDV_REST_FAIR_SHARE;
  if (mode !== undefined && mode !== '' && mode !== 'config' && mode !== 'relaxed') {
    throw new Error(`SDV_REST_FAIR_SHARE must be "config" or "relaxed" (got "${mode}")`);
  }
  const fromConfig: RestFairShare = {
    enabled: fair.enabled,
    maxRequestsInFlight: fair.max_requests_in_flight,
    maxConnections: fair.max_connections,
    reservedAnonConnections: fair.reserved_anon_connections,
    requestsPerSecond: fair.requests_per_second,
    burst: fair.burst,
    queueTimeoutMs: fair.queue_timeout * 1000,
    maxEmbeds: fair.max_embeds,
    maxEmbedDepth: fair.max_embed_depth,
    maxColumns: fair.max_columns,
  };
  const relaxed = mode === 'relaxed' || (isTest && mode !== 'config');
  return relaxed ? { ...fromConfig, ...RELAXED_PER_CALLER } : fromConfig;
}

/**
 * The per-caller share of /storage/v1, built on `[api.fair_share]` (config.toml has no Storage
 * section for it): the same requests in flight, connections held and queue timeout, twice the burst
 * and the rate (a page shows many images at once), and no pool reserve for anonymous callers (the
 * Storage pool is small: 10). Relaxed on the test profile like REST's unless
 * SDV_STORAGE_FAIR_SHARE=config (=relaxed relaxes any profile).
 */
export function storageFairShare(project: ProjectConfig, isTest: boolean, env: NodeJS.ProcessEnv = process.env): RestFairShare {
  const mode = env.SDV_STORAGE_FAIR_SHARE;
  if (mode !== undefined && mode !== '' && mode !== 'config' && mode !== 'relaxed') {
    throw new Error(`SDV_STORAGE_FAIR_SHARE must be "config" or "relaxed" (got "${mode}")`);
  }
  const rest = restFairShare(project, false, {});
  const fromConfig: RestFairShare = { ...rest, burst: rest.burst * 2, requestsPerSecond: rest.requestsPerSecond * 2, reservedAnonConnections: 0 };
  const relaxed = mode === 'relaxed' || (isTest && mode !== 'config');
  return relaxed ? { ...fromConfig, ...RELAXED_PER_CALLER } : fromConfig;
}

/**
 * Reads the configuration. `SDV_PROFILE=test` gives the test suites their own folder and ports so
 * that running the tests never touches the data of `npm start`. The test ports (and those of the
 * e2e stack and the throwaway databases of the scripts) sit above Linux's ephemeral range
 * (32768–60999): an outgoing connection can never be holding one of them when a suite starts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  const isTest = env.SDV_PROFILE === 'test';
  const dataDir = path.resolve(ROOT_DIR, env.SDV_DATA_DIR ?? (isTest ? '.data-test' : '.data'));
  const jwtSecret = env.JWT_SECRET && env.JWT_SECRET.length > 0 ? env.JWT_SECRET : DEFAULT_JWT_SECRET;
  const usesDefaultSecret = jwtSecret === DEFAULT_JWT_SECRET;
  const project = loadProjectConfig(ROOT_DIR, env);
  const apiPort = intFromEnv(env, 'API_PORT', isTest ? 61321 : project.api.port);
  // The mailbox sits as far from the API port as config.toml puts it (54321 → 54324), so that every
  // stack (npm start, the test stacks) has its own.
  const mailPort = env.MAIL_PORT ? intFromEnv(env, 'MAIL_PORT', 0) : apiPort + (project.local_smtp.port - project.api.port);
  return {
    dataDir,
    pgDataDir: path.join(dataDir, 'pg'),
    storageDir: path.join(dataDir, 'storage'),
    dbPort: intFromEnv(env, 'DB_PORT', isTest ? 61322 : 54322),
    apiPort,
    webPort: intFromEnv(env, 'WEB_PORT', isTest ? 61173 : 5173),
    mailPort,
    databaseUrl: env.DATABASE_URL && env.DATABASE_URL.length > 0 ? env.DATABASE_URL : undefined,
    jwtSecret,
    jwtExpirySeconds: project.auth.jwt_expiry,
    anonKey: usesDefaultSecret ? DEMO_ANON_KEY : signApiKey(jwtSecret, 'anon'),
    serviceRoleKey: usesDefaultSecret ? DEMO_SERVICE_ROLE_KEY : signApiKey(jwtSecret, 'service_role'),
    apiUrl: `http://127.0.0.1:${apiPort}`,
    project,
    trustedProxies: (env.SDV_TRUSTED_PROXIES ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter((address) => address !== ''),
    restFairShare: restFairShare(project, isTest, env),
    storageFairShare: storageFairShare(project, isTest, env),
    realtimeLimits: realtimeLimits(isTest, env),
  };
}

/** Demo accounts created by supabase/seed.sql. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@sandichvu.vn', password: 'Admin@123456' },
  customer: { email: 'khachhang@sandichvu.vn', password: 'Khach@123456' },
  provider: { email: 'tho@sandichvu.vn', password: 'Tho@123456' },
} as const;
