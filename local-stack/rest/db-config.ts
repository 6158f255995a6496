// PostgREST's in-database configuration: the `pgrst.*` settings of the role the REST server logs in
// as (authenticator), which Supabase uses for what its config file does not set, e.g.
//   alter role authenticator set pgrst.db_aggregates_enabled = 'true';
//   notify pgrst, 'reload config';
// Read with PostgREST's own query (src/PostgREST/Config/Database.hs): a database-specific setting
// (`alter role … in database …`) wins over a role-wide one. Read at start and again on
// `NOTIFY pgrst, 'reload config'` (and 'reload schema') by schema-cache.ts.
import type pg from 'pg';
import { DEFAULT_ROLE_CLAIM_KEY, parseRoleClaimKey, type JsPath } from './jwt-settings.ts';

/** How a request's transaction ends (`db-tx-end`) and whether `Prefer: tx=` may change it. */
export interface TxEnd {
  rollbackAll: boolean;
  allowOverride: boolean;
}

/** The `pgrst.*` settings this server honours, as read from the database (absent when not set). */
export interface DbSettings {
  aggregatesEnabled?: boolean;
  txEnd?: TxEnd;
  planEnabled?: boolean;
  maxRows?: number;
  extraSearchPath?: string[];
  /** `pgrst.jwt_aud` (empty = unset, as PostgREST's optString). */
  jwtAud?: string;
  /** `pgrst.jwt_role_claim_key`, parsed. */
  jwtRoleClaimKey?: JsPath;
  /** `pgrst.jwt_secret` / `jwt_secret_is_base64` are set: reported, the stack's secret wins. */
  jwtSecretIgnored?: boolean;
}

/** The settings of the REST API in force for a request. */
export interface RestSettings {
  aggregatesEnabled: boolean;
  txEnd: TxEnd;
  planEnabled: boolean;
  maxRows: number;
  extraSearchPath: readonly string[];
  /** The audience a token's `aud` must name; null = any (jwt-settings.ts). */
  jwtAud: string | null;
  /** Where the role is read in the claims (default `.role`). */
  roleClaimKey: JsPath;
}

/**
 * The keys read. PostgREST reads more (db_pre_request, db_schemas, openapi_*, …); this stack does not
 * read those: the exposed schemas come from supabase/config.toml, and the others are open work
 * (README, "What the local stack implements"). `jwt_secret` and `jwt_secret_is_base64` are read only
 * to report that the stack's own secret (JWT_SECRET, the one Auth signs with) wins.
 */
export const DB_SETTING_NAMES = [
  'db_aggregates_enabled',
  'db_tx_end',
  'db_plan_enabled',
  'db_max_rows',
  'db_extra_search_path',
  'jwt_aud',
  'jwt_role_claim_key',
  'jwt_secret',
  'jwt_secret_is_base64',
] as const;

/** PostgREST's queryDbSettings, for the role of the connection (authenticator). */
export const DB_SETTINGS_QUERY = `
with role_setting as (
  select setdatabase as database, unnest(setconfig) as setting
  from pg_catalog.pg_db_role_setting
  where setrole = quote_ident(current_user)::regrole::oid
    and setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_catalog))
),
kv_settings as (
  select database,
         substr(setting, 1, strpos(setting, '=') - 1) as k,
         substr(setting, strpos(setting, '=') + 1) as v
  from role_setting
)
select distinct on (key) replace(k, 'pgrst.', '') as key, v as value
from kv_settings
where k = any($1::text[]) and v is not null
order by key, database desc nulls last`;

const TX_END: ReadonlyMap<string, TxEnd> = new Map([
  ['commit', { rollbackAll: false, allowOverride: false }],
  ['commit-allow-override', { rollbackAll: false, allowOverride: true }],
  ['rollback', { rollbackAll: true, allowOverride: false }],
  ['rollback-allow-override', { rollbackAll: true, allowOverride: true }],
]);

/** PostgREST's coerceBool: the letters of the value read as True/False, else a number > 0. */
export function coerceBool(text: string): boolean | undefined {
  const letters = text.replace(/[^\p{L}]/gu, '').toLowerCase();
  if (letters === 'true') return true;
  if (letters === 'false') return false;
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) > 0 : undefined;
}

/**
 * The settings of the rows of DB_SETTINGS_QUERY. A value PostgREST would refuse (its config reload
 * fails and keeps the previous configuration) is left out and reported through `warn`.
 */
export function parseDbSettings(rows: readonly { key: string; value: string }[], warn: (line: string) => void = () => undefined): DbSettings {
  const settings: DbSettings = {};
  for (const { key, value } of rows) {
    const refuse = () => warn(`[rest] ignored the authenticator role's invalid pgrst.${key} = '${value}'`);
    switch (key) {
      case 'db_aggregates_enabled':
      case 'db_plan_enabled': {
        const flag = coerceBool(value);
        if (flag === undefined) refuse();
        else if (key === 'db_aggregates_enabled') settings.aggregatesEnabled = flag;
        else settings.planEnabled = flag;
        break;
      }
      case 'db_tx_end': {
        const txEnd = TX_END.get(value.trim());
        if (txEnd) settings.txEnd = txEnd;
        else refuse();
        break;
      }
      case 'db_max_rows': {
        const rows = /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : Number.NaN;
        if (Number.isInteger(rows) && rows > 0) settings.maxRows = rows;
        else refuse();
        break;
      }
      case 'db_extra_search_path':
        settings.extraSearchPath = value.split(',').map((name) => name.trim()).filter((name) => name !== '');
        break;
      case 'jwt_aud':
        if (value !== '') settings.jwtAud = value;
        break;
      case 'jwt_role_claim_key': {
        const path = parseRoleClaimKey(value);
        if (path) settings.jwtRoleClaimKey = path;
        else refuse();
        break;
      }
      case 'jwt_secret':
      case 'jwt_secret_is_base64':
        settings.jwtSecretIgnored = true;
        break;
      default:
        break;
    }
  }
  return settings;
}

/** Reads the settings of the pool's login role; on failure (old catalog, no privilege) none. */
export async function loadDbSettings(pool: pg.Pool, warn: (line: string) => void): Promise<DbSettings> {
  try {
    const result = await pool.query<{ key: string; value: string }>(DB_SETTINGS_QUERY, [DB_SETTING_NAMES.map((name) => `pgrst.${name}`)]);
    return parseDbSettings(result.rows, warn);
  } catch (error) {
    warn(`[rest] could not read the authenticator role's pgrst.* settings: ${error instanceof Error ? error.message : String(error)}`);
    return {};
  }
}

/** What supabase/config.toml (through supabase-config.ts) and the environment give the REST API. */
export interface FileSettings {
  /** `[api] max_rows` (the reader gives the CLI's default, 1000, when the file leaves it out). */
  maxRows: number;
  /** `[api] extra_search_path` (default ["public", "extensions"], as the CLI). */
  extraSearchPath: readonly string[];
  /** SDV_REST_MAX_ROWS, ours, over everything. */
  maxRowsOverride?: number;
}

/**
 * The settings in force. As the brief of this server says, supabase/config.toml wins where it gives a
 * value: `[api] max_rows` and `extra_search_path` (supabase-config.ts always gives both, with the
 * CLI's defaults) over `pgrst.db_max_rows` / `pgrst.db_extra_search_path`, which are then reported by
 * overriddenSettings (PostgREST itself lets the database win over its environment). The settings
 * config.toml has no key for come from the database: aggregates, tx end, plans (all off by default,
 * as PostgREST).
 */
export function effectiveSettings(file: FileSettings, db: DbSettings): RestSettings {
  return {
    aggregatesEnabled: db.aggregatesEnabled ?? false,
    txEnd: db.txEnd ?? { rollbackAll: false, allowOverride: false },
    planEnabled: db.planEnabled ?? false,
    maxRows: file.maxRowsOverride ?? file.maxRows,
    extraSearchPath: file.extraSearchPath,
    jwtAud: db.jwtAud ?? null,
    roleClaimKey: db.jwtRoleClaimKey ?? DEFAULT_ROLE_CLAIM_KEY,
  };
}

/** The database settings that config.toml (or SDV_REST_MAX_ROWS) overrides, for a log line. */
export function overriddenSettings(file: FileSettings, db: DbSettings): string[] {
  const out: string[] = [];
  if (db.maxRows !== undefined && db.maxRows !== (file.maxRowsOverride ?? file.maxRows)) {
    out.push(`pgrst.db_max_rows = ${db.maxRows} (${file.maxRowsOverride !== undefined ? 'SDV_REST_MAX_ROWS' : '[api] max_rows'} = ${file.maxRowsOverride ?? file.maxRows})`);
  }
  if (db.extraSearchPath !== undefined && db.extraSearchPath.join(',') !== file.extraSearchPath.join(',')) {
    out.push(`pgrst.db_extra_search_path = ${db.extraSearchPath.join(',')} ([api] extra_search_path = ${file.extraSearchPath.join(',')})`);
  }
  if (db.jwtSecretIgnored) out.push('pgrst.jwt_secret / jwt_secret_is_base64 (the stack\'s JWT secret, JWT_SECRET)');
  return out;
}
