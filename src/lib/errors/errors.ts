// One place that turns any error coming back from Supabase (Auth, PostgREST, Storage) or from the
// network into the Vietnamese sentence the user sees (docs/decisions.md#sign-in-errors, docs/product.md#messages-and-errors).
// It looks at plain fields only (name, code, status, statusCode, message), so it works on
// supabase-js error classes, on plain objects and on ApiError, and does not import supabase-js.
import { constraintMessage } from './constraint-messages.ts';
import { auth } from '@/lib/messages/auth.ts';
import { common } from '@/lib/messages/common.ts';

/** What the user was doing: it picks the right wording for the same code. */
export type ErrorAction = 'login' | 'password' | 'load' | 'save' | 'upload';

export interface ErrorContext {
  action?: ErrorAction;
  /** Replaces the generic not-found text, e.g. 'Không tìm thấy booking'. */
  notFound?: string;
}

/** An error from a Supabase response, carrying the HTTP status next to the PostgREST code. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: string;
  readonly hint: string;

  constructor(fields: { message: string; code?: string; status?: number; details?: string; hint?: string }) {
    super(fields.message);
    this.name = 'ApiError';
    this.code = fields.code ?? '';
    this.status = fields.status ?? 0;
    this.details = fields.details ?? '';
    this.hint = fields.hint ?? '';
  }
}

interface ErrorFields {
  name: string;
  message: string;
  code: string;
  status: number;
}

function readString(value: unknown, key: string): string {
  if (typeof value !== 'object' || value === null) return '';
  const field = (value as Record<string, unknown>)[key];
  if (typeof field === 'string') return field;
  if (typeof field === 'number') return String(field);
  return '';
}

function readNumber(value: unknown, key: string): number {
  if (typeof value !== 'object' || value === null) return 0;
  const field = (value as Record<string, unknown>)[key];
  if (typeof field === 'number' && Number.isFinite(field)) return field;
  if (typeof field === 'string' && /^\d{3}$/.test(field)) return Number(field);
  return 0;
}

function readFields(error: unknown): ErrorFields {
  if (typeof error === 'string') return { name: '', message: error, code: '', status: 0 };
  const status = readNumber(error, 'status') || readNumber(error, 'statusCode');
  return {
    name: readString(error, 'name'),
    message: readString(error, 'message'),
    code: readString(error, 'code'),
    status,
  };
}

const NETWORK_MESSAGE = /failed to fetch|fetch failed|networkerror|network error|load failed|network request failed|econnrefused|err_connection|socket hang up/i;

/** True when the request never got an HTTP answer (offline, DNS, refused connection, CORS). */
export function isNetworkError(error: unknown): boolean {
  const f = readFields(error);
  // supabase-js's Auth client names both a request that got no answer (status 0) and a 502 / 503 /
  // 504 answer "retryable": only the first is the network; the others are the server failing.
  if (f.name === 'AuthRetryableFetchError' && f.status === 0) return true;
  if (f.name === 'TypeError' && NETWORK_MESSAGE.test(f.message)) return true;
  return f.code === '' && NETWORK_MESSAGE.test(f.message);
}

const UNAVAILABLE_CODES = new Set(['PGRST000', 'PGRST001', 'PGRST002', 'PGRST003', '57P01', '57P03']);

function isUnavailable(f: ErrorFields): boolean {
  return (
    f.status === 502 ||
    f.status === 503 ||
    f.status === 504 ||
    UNAVAILABLE_CODES.has(f.code) ||
    /^08[0-9A-Z]{3}$/.test(f.code) ||
    /^53[0-9A-Z]{3}$/.test(f.code)
  );
}

const SESSION_CODES = new Set([
  'session_not_found',
  'session_expired',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'bad_jwt',
  'no_authorization',
  'PGRST301',
  'PGRST302',
  'PGRST303',
]);

/** True when the caller's session is gone, expired or revoked: the app should go back to sign-in. */
export function isSessionError(error: unknown): boolean {
  const f = readFields(error);
  if (f.name === 'AuthSessionMissingError') return true;
  if (SESSION_CODES.has(f.code)) return true;
  if (/jwt expired/i.test(f.message)) return true;
  return f.status === 401 && f.code !== 'invalid_credentials' && !/api key/i.test(f.message);
}

/** Whether retrying could help: network failures and server-side unavailability, never 4xx. */
export function isRetryableError(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  const f = readFields(error);
  if (isUnavailable(f)) return true;
  return f.status >= 500;
}

function isStorageError(f: ErrorFields, error: unknown): boolean {
  return f.name.startsWith('Storage') || readString(error, 'statusCode') !== '';
}

function authMessage(f: ErrorFields, action: ErrorAction | undefined): string | undefined {
  const password = action === 'password';
  switch (f.code) {
    case 'invalid_credentials':
      return password ? auth.changePassword.wrongCurrent : auth.login.invalidCredentials;
    case 'user_not_found':
      return password ? auth.changePassword.userNotFound : auth.login.userNotFound;
    case 'email_address_invalid':
    case 'email_address_not_authorized':
      return common.errors.invalidEmail;
    case 'validation_failed':
      if (/password cannot be longer/i.test(f.message)) return auth.changePassword.tooLong;
      return action === 'login' || /email/i.test(f.message) ? common.errors.invalidEmail : common.errors.invalidValue;
    case 'same_password':
      return auth.changePassword.samePassword;
    case 'weak_password':
      return auth.changePassword.weakPassword;
    case 'reauthentication_needed':
    case 'reauthentication_not_valid':
      return auth.changePassword.requiresRecentLogin;
    case 'user_banned':
    case 'not_admin':
      return auth.login.noAccess;
    default:
      break;
  }
  if (SESSION_CODES.has(f.code) || f.name === 'AuthSessionMissingError') {
    return password ? auth.changePassword.requiresRecentLogin : common.errors.sessionExpired;
  }
  if (/api key/i.test(f.message) && (f.status === 401 || f.status === 403 || f.status === 0)) {
    return auth.login.configError;
  }
  return undefined;
}

function postgresMessage(f: ErrorFields, context: ErrorContext): string | undefined {
  switch (f.code) {
    case '42501':
      if (context.action === 'upload') return common.errors.uploadForbidden;
      return context.action === 'save' ? common.errors.permissionDeniedSave : common.errors.permissionDenied;
    case 'PGRST116':
      return context.notFound ?? common.errors.notFound;
    case '23505':
      return common.errors.duplicate;
    case '23514':
    case '23502':
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
    case '22023':
      return common.errors.invalidValue;
    case '23503':
      return common.errors.foreignKey;
    default:
      return undefined;
  }
}

function storageMessage(f: ErrorFields, context: ErrorContext): string | undefined {
  switch (f.status) {
    case 413:
      return common.errors.fileTooLarge;
    case 415:
      return common.errors.fileType;
    case 403:
      return context.action === 'upload' ? common.errors.uploadForbidden : common.errors.fileForbidden;
    case 404:
      return context.notFound ?? common.errors.fileNotFound;
    case 401:
      return common.errors.sessionExpired;
    default:
      break;
  }
  if (/mime|content type/i.test(f.message)) return common.errors.fileType;
  if (/too large|exceeded the maximum/i.test(f.message)) return common.errors.fileTooLarge;
  return undefined;
}

/**
 * The Vietnamese message for any error. `context.action` chooses between sign-in, password change,
 * load, save and upload wording; `context.notFound` names what was not found.
 */
export function toVietnameseMessage(error: unknown, context: ErrorContext = {}): string {
  const f = readFields(error);
  const { action } = context;

  if (isNetworkError(error)) return common.errors.network;
  // An answer refused by its zod schema (docs/architecture.md#paged-list-rpcs): never shown raw.
  // zod's classic build names its error ZodError, zod/mini (the browser's) $ZodError.
  if (f.name === 'ZodError' || f.name === '$ZodError') return common.errors.unexpectedAnswer;
  if (f.status === 429 || f.code === 'over_request_rate_limit' || f.code === 'over_email_send_rate_limit') {
    return action === 'password' ? auth.changePassword.tooManyAttempts : common.errors.rateLimited;
  }

  const fromAuth = authMessage(f, action);
  if (fromAuth !== undefined) return fromAuth;

  // A refusal on one of the input contract's constraints names its rule (docs/product.md#input-rules).
  const fromConstraint = /^(23505|23514|42501)$/.test(f.code) ? constraintMessage(f.message) : undefined;
  if (fromConstraint !== undefined) return fromConstraint;

  const fromPostgres = postgresMessage(f, context);
  if (fromPostgres !== undefined) return fromPostgres;

  if (isUnavailable(f)) return common.errors.unavailable;

  if (isStorageError(f, error)) {
    const fromStorage = storageMessage(f, context);
    if (fromStorage !== undefined) return fromStorage;
  } else if (f.status === 401) {
    return action === 'password' ? auth.changePassword.requiresRecentLogin : common.errors.sessionExpired;
  } else if (f.status === 403 && f.code === '') {
    return action === 'save' ? common.errors.permissionDeniedSave : common.errors.permissionDenied;
  } else if (f.status === 404 && f.code === '' && context.notFound !== undefined) {
    return context.notFound;
  }

  // Any other 5xx: the server answered with a failure (not the network, not the admin's input).
  if (f.status >= 500) return common.errors.serverError;

  if (action === 'login') {
    if (f.code !== '' && f.message !== '') return common.errors.withCode(f.code, f.message);
    return auth.login.defaultError;
  }
  if (f.message !== '') return common.errors.withMessage(f.message);
  return common.errors.unknown;
}

interface ResultLike<T> {
  data: T | null;
  error: unknown;
  status?: number;
}

/** Turns any error-ish value into an ApiError keeping code and HTTP status. */
export function toApiError(error: unknown, status?: number): ApiError {
  if (error instanceof ApiError) return error;
  const f = readFields(error);
  return new ApiError({
    message: f.message || common.errors.unknown,
    code: f.code,
    status: f.status || status || 0,
    details: readString(error, 'details'),
    hint: readString(error, 'hint'),
  });
}

/**
 * Returns `data` of a supabase-js / postgrest-js result or throws an ApiError carrying the code and
 * HTTP status. Use it inside queryFn / mutationFn so react-query sees failures.
 */
export function unwrap<T>(result: ResultLike<T>): T {
  if (result.error !== null && result.error !== undefined) throw toApiError(result.error, result.status);
  return result.data as T;
}

/** Like unwrap for list queries made with `{ count: 'exact' }`: rows plus the total count. */
export function unwrapList<T>(result: ResultLike<T[]> & { count?: number | null }): { rows: T[]; total: number } {
  const rows = unwrap(result) ?? [];
  return { rows, total: result.count ?? rows.length };
}

/**
 * A write compared on updated_at that matched no row: someone changed the row since the admin read
 * it (docs/architecture.md#data-layer). `message` is the screen's Vietnamese sentence for it.
 */
export class ConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** The row such a write answered, or a ConflictError(`conflict`) when it matched none. */
export function savedRow<Row>(rows: readonly Row[] | null, conflict: string): Row {
  const row = rows?.[0];
  if (row === undefined) throw new ConflictError(conflict);
  return row;
}

/**
 * An inline edit's save: a conflict (the row changed meanwhile; the mutation has said so in a toast
 * and the list reloads) closes the editor quietly; any other error is rethrown for the editor to show.
 */
export async function saveUnlessConflict(save: () => Promise<unknown>): Promise<void> {
  try {
    await save();
  } catch (error) {
    if (error instanceof ConflictError) return;
    throw error;
  }
}
