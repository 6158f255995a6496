// PostgREST-shaped errors: the body {code, message, details, hint} and the SQLSTATE → HTTP mapping
// of PostgREST 12/13 (src/PostgREST/Error.hs).
import { DATABASE_UNAVAILABLE_MESSAGE, isConnectionError } from '../pg-errors.ts';
import { IdentifierError } from '../sql/sql-text.ts';

export interface ErrorBody {
  code: string;
  message: string;
  details: unknown;
  hint: string | null;
}

/** An error answered to the client as is. */
export class ApiError extends Error {
  readonly body: ErrorBody;
  constructor(
    readonly status: number,
    code: string,
    message: string,
    details: unknown = null,
    hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.body = { code, message, details, hint };
  }
}

/** PGRST100: the query string could not be parsed. */
export function parseError(message: string, details: string | null = null): ApiError {
  return new ApiError(400, 'PGRST100', message, details);
}

/**
 * Postgres's own 42703, as PostgREST lets Postgres raise it: `column <alias>.<column> does not exist`
 * with the alias PostgREST's query gives the rows. `probe` names the relation behind the alias, so
 * that Postgres itself can be asked for its hint ("Perhaps you meant to reference the column …",
 * refineColumnError in index.ts).
 */
export class UndefinedColumnError extends ApiError {
  constructor(
    readonly alias: string,
    readonly column: string,
    readonly probe: { schema: string; relation: string } | null,
  ) {
    super(400, '42703', `column ${alias}.${column} does not exist`);
  }
}

/** PGRST204: a payload or columns= key that the relation does not have (writes). */
export function columnNotInCache(relation: string, column: string): ApiError {
  return new ApiError(400, 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`);
}

export function tableNotFound(schema: string, name: string, suggestion: string | null): ApiError {
  return new ApiError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
  );
}

export function invalidBody(message: string): ApiError {
  return new ApiError(400, 'PGRST102', message);
}

export function invalidTokenHeader(message: string): Record<string, string> {
  return { 'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}` };
}

interface PgLikeError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPgError(error: unknown): error is Error & PgLikeError {
  // pg's DatabaseError carries the server's severity; Node socket errors (EPIPE …) do not.
  return error instanceof Error && typeof (error as PgLikeError).code === 'string' && 'severity' in error;
}

/** HTTP status of a Postgres error, as PostgREST's mapSQLtoHTTP. */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  const two = code.slice(0, 2);
  if (two === '08') return 503;
  if (two === '09') return 500;
  if (two === '0L' || two === '0P') return 403;
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '22023':
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case 'P0001':
      return 400;
    case '42883':
      return 404;
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authenticated ? 403 : 401;
    default:
      break;
  }
  if (code.startsWith('PT')) {
    const status = Number.parseInt(code.slice(2), 10);
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  switch (two) {
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
    case '28':
      return 403;
    case '53':
      return 503;
    default:
      return 400;
  }
}

/** Converts anything thrown while serving a request into the error answered to the client. */
export function toApiError(error: unknown, authenticated: boolean): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof IdentifierError) return new ApiError(400, 'PGRST100', error.message);
  const message = error instanceof Error ? error.message : String(error);
  // A server that cannot take connections yet (57P03 while it restarts, class 08) is PostgREST's
  // connection error; 57P01 (a session terminated by the administrator) keeps its own code below.
  if (isConnectionError(error) && !(isPgError(error) && error.code === '57P01')) {
    return new ApiError(503, 'PGRST000', 'Database connection error. Retrying the connection.', `${DATABASE_UNAVAILABLE_MESSAGE}: ${message}`);
  }
  if (isPgError(error)) {
    const code = error.code!;
    const status = statusForSqlState(code, error.message, authenticated);
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    return new ApiError(status, code, error.message, error.detail ?? null, error.hint ?? null, headers);
  }
  return new ApiError(500, 'PGRSTX00', message);
}
