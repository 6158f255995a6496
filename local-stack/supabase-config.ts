// The one reader of supabase/config.toml, the file the Supabase CLI reads for `supabase start`. The
// embedded stack honours the same keys (the list is in README.md, "What the local stack
// implements"), so that a setting changed there behaves the same with `npm start` and with the CLI.
// Keys the local stack does not use are ignored; a key it uses with a value of the wrong type
// stops the stack with the key's name.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { z } from 'zod';

const port = z.number().int().min(1).max(65535);
/** A Go duration as the CLI writes it ("1s", "60s", "1h30m") in seconds. */
const duration = z.string().transform((text, ctx) => {
  const seconds = goDurationSeconds(text);
  if (seconds === undefined) {
    ctx.addIssue({ code: 'custom', message: `not a valid duration: "${text}"` });
    return z.NEVER;
  }
  return seconds;
});
/** A size as the CLI writes it ("5MiB", "50MB", "1024") in bytes. */
const size = z.union([z.number().int().nonnegative(), z.string()]).transform((value, ctx) => {
  const bytes = typeof value === 'number' ? value : sizeBytes(value);
  if (bytes === undefined) {
    ctx.addIssue({ code: 'custom', message: `not a valid size: "${String(value)}"` });
    return z.NEVER;
  }
  return bytes;
});

const smtpSchema = z.object({
  enabled: z.boolean().default(true),
  host: z.string().min(1),
  port: port.default(587),
  user: z.string().default(''),
  pass: z.string().default(''),
  admin_email: z.string().min(3),
  sender_name: z.string().default(''),
});

/** `[auth] password_requirements` as the Supabase CLI accepts it. */
export const PASSWORD_REQUIREMENTS = ['', 'letters_digits', 'lower_upper_letters_digits', 'lower_upper_letters_digits_symbols'] as const;

/**
 * `[auth.sms]`. Without an SMS provider (none is configured locally) messages land in the local
 * mailbox; `test_otp` maps a phone number (digits, as Auth stores it) to a fixed code that is
 * accepted instead and for which nothing is sent. `max_frequency` absent or 0 is Auth's 60 s.
 */
const smsSchema = z.object({
  enable_signup: z.boolean().default(false),
  enable_confirmations: z.boolean().default(false),
  template: z.string().default('Your code is {{ .Code }}'),
  max_frequency: duration.default(0),
  test_otp: z.record(z.string(), z.string()).default({}),
});

const bucketSchema = z.object({
  public: z.boolean().default(false),
  file_size_limit: size.optional(),
  allowed_mime_types: z.array(z.string()).optional(),
});

/**
 * `[api.fair_share]`: the local stack's share of the REST API per caller (not a Supabase CLI key; the
 * CLI warns about it and goes on). Meaning and defaults: local-stack/rest/README.md.
 */
const fairShareSchema = z.object({
  enabled: z.boolean().default(true),
  max_requests_in_flight: z.number().int().positive().default(16),
  max_connections: z.number().int().positive().default(2),
  reserved_anon_connections: z.number().int().nonnegative().default(4),
  requests_per_second: z.number().positive().default(20),
  burst: z.number().int().positive().default(60),
  queue_timeout: duration.default(5),
  max_embeds: z.number().int().positive().default(10),
  max_embed_depth: z.number().int().positive().default(3),
  max_columns: z.number().int().positive().default(200),
});

const configSchema = z.object({
  api: z
    .object({
      port: port.default(54321),
      schemas: z.array(z.string()).default(['public', 'graphql_public']),
      extra_search_path: z.array(z.string()).default(['public', 'extensions']),
      max_rows: z.number().int().positive().default(1000),
      fair_share: fairShareSchema.prefault({}),
    })
    .prefault({}),
  local_smtp: z.object({ enabled: z.boolean().default(true), port: port.default(54324) }).prefault({}),
  storage: z
    .object({
      file_size_limit: size.default(50 * 1024 * 1024),
      buckets: z.record(z.string(), bucketSchema).default({}),
    })
    .prefault({}),
  auth: z
    .object({
      site_url: z.string().default('http://127.0.0.1:3000'),
      additional_redirect_urls: z.array(z.string()).default([]),
      jwt_expiry: z.number().int().min(30).max(604800).default(3600),
      enable_refresh_token_rotation: z.boolean().default(true),
      refresh_token_reuse_interval: z.number().int().nonnegative().default(10),
      enable_signup: z.boolean().default(true),
      enable_anonymous_sign_ins: z.boolean().default(false),
      enable_manual_linking: z.boolean().default(false),
      minimum_password_length: z.number().int().min(6).max(72).default(6),
      /** Characters a password must contain (the CLI's four values; "" is none). */
      password_requirements: z.enum(PASSWORD_REQUIREMENTS).default(''),
      /**
       * A JSON array of private JWKs (`supabase gen signing-key`): access tokens are signed with the
       * first, all are published in /auth/v1/.well-known/jwks.json. Relative to the folder of
       * config.toml once loaded by loadProjectConfig; "" signs with the HS256 secret.
       */
      signing_keys_path: z.string().default(''),
      email: z
        .object({
          enable_signup: z.boolean().default(true),
          double_confirm_changes: z.boolean().default(true),
          enable_confirmations: z.boolean().default(false),
          secure_password_change: z.boolean().default(false),
          max_frequency: duration.default(1),
          otp_length: z.number().int().min(6).max(10).default(6),
          otp_expiry: z.number().int().min(60).max(86400).default(3600),
          smtp: smtpSchema.optional(),
        })
        .prefault({}),
      sms: smsSchema.prefault({}),
      rate_limit: z
        .object({
          email_sent: z.number().int().positive().default(2),
          sms_sent: z.number().int().positive().default(30),
          token_refresh: z.number().int().positive().default(150),
          sign_in_sign_ups: z.number().int().positive().default(30),
          token_verifications: z.number().int().positive().default(30),
          anonymous_users: z.number().int().positive().default(30),
        })
        .prefault({}),
      mfa: z
        .object({
          max_enrolled_factors: z.number().int().positive().default(10),
          totp: z.object({ enroll_enabled: z.boolean().default(false), verify_enabled: z.boolean().default(false) }).prefault({}),
        })
        .prefault({}),
    })
    .prefault({}),
});

export type ProjectConfig = z.output<typeof configSchema>;
export type SmtpConfig = z.output<typeof smtpSchema>;
export type SmsConfig = z.output<typeof smsSchema>;
export type PasswordRequirements = (typeof PASSWORD_REQUIREMENTS)[number];

const DURATION_UNITS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

/** "1s", "90s", "1h30m", "500ms" in seconds; undefined when malformed. */
export function goDurationSeconds(text: string): number | undefined {
  if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(text)) return undefined;
  let total = 0;
  for (const match of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) total += Number(match[1]) * DURATION_UNITS[match[2]!]!;
  return total;
}

const SIZE_UNITS: Record<string, number> = { '': 1, B: 1, KB: 1e3, MB: 1e6, GB: 1e9, KIB: 1024, MIB: 1024 ** 2, GIB: 1024 ** 3 };

/** "5MiB", "50MB", "1024" in bytes; undefined when malformed. */
export function sizeBytes(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(text);
  if (!match) return undefined;
  const unit = SIZE_UNITS[match[2]!.toUpperCase()];
  return unit === undefined ? undefined : Math.floor(Number(match[1]) * unit);
}

/** Parses the text of a config.toml; throws an Error in Vietnamese naming the faulty key. */
export function parseProjectConfig(text: string, source = 'supabase/config.toml'): ProjectConfig {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    throw new Error(`${source} could not be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const result = configSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`${source}: key ${issue.path.join('.')} is invalid (${issue.message})`);
  }
  return result.data;
}

/** Reads `supabase/config.toml` of the repository (or the file SDV_SUPABASE_CONFIG names). */
export function loadProjectConfig(rootDir: string, env: NodeJS.ProcessEnv = process.env): ProjectConfig {
  const file = env.SDV_SUPABASE_CONFIG && env.SDV_SUPABASE_CONFIG !== '' ? path.resolve(rootDir, env.SDV_SUPABASE_CONFIG) : path.join(rootDir, 'supabase', 'config.toml');
  const config = parseProjectConfig(readFileSync(file, 'utf8'), path.relative(rootDir, file) || file);
  // As the CLI: a relative signing_keys_path is relative to the folder holding config.toml.
  if (config.auth.signing_keys_path !== '') config.auth.signing_keys_path = path.resolve(path.dirname(file), config.auth.signing_keys_path);
  return config;
}
