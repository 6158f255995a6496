// Response and request helpers of the Auth API, in Supabase Auth's (GoTrue's) wire format.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody, sendJson } from '../http-util.ts';

export const API_VERSION = '2024-01-01';
const MAX_BODY_BYTES = 64 * 1024;

/** An error the Auth API answers with: `{ code, message }` plus `x-sb-error-code`. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * An error Supabase Auth answers in OAuth's shape (400 `{error, error_description}`, no error code):
 * the request checks of the ID-token grant.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const invalidCredentials = (): AuthError => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const validationFailed = (message: string): AuthError => new AuthError(400, 'validation_failed', message);

export function sendAuthJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendJson(res, status, body, { 'X-Supabase-Api-Version': API_VERSION, 'Cache-Control': 'no-store', ...headers });
}

export function sendNoContent(res: ServerResponse): void {
  res.writeHead(204, { 'X-Supabase-Api-Version': API_VERSION, 'Cache-Control': 'no-store' });
  res.end();
}

export function sendAuthError(res: ServerResponse, error: AuthError): void {
  sendAuthJson(
    res,
    error.status,
    { code: error.code, message: error.message, ...error.extra },
    { 'x-sb-error-code': error.code, ...error.headers },
  );
}

export type JsonObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a JSON object body (an empty body is `{}`); anything else is a 400 in GoTrue's words. */
export async function readJsonObject(req: IncomingMessage): Promise<JsonObject> {
  let raw: Buffer;
  try {
    raw = await readBody(req, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new AuthError(413, 'request_too_large', `Request body larger than ${MAX_BODY_BYTES} bytes`);
    }
    throw error;
  }
  const text = raw.toString('utf8').trim();
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${error instanceof Error ? error.message : 'invalid JSON'}`);
  }
  if (!isPlainObject(parsed)) throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  return parsed;
}

/** An optional field of type T (absent or null: undefined); a value of another type is a validation error naming `what`. */
function optionalField<T>(body: JsonObject, field: string, is: (value: unknown) => value is T, what: string): T | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!is(value)) throw validationFailed(`${field} must be ${what}`);
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

export const optionalString = (body: JsonObject, field: string): string | undefined => optionalField(body, field, isString, 'a string');
export const optionalObject = (body: JsonObject, field: string): JsonObject | undefined => optionalField(body, field, isPlainObject, 'a JSON object');
export const optionalBoolean = (body: JsonObject, field: string): boolean | undefined => optionalField(body, field, isBoolean, 'a boolean');

// The HTML living standard's e-mail syntax, with at least one dot in the domain.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Trims and lower-cases an e-mail address, refusing malformed ones with `email_address_invalid`. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) {
    throw new AuthError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
  }
  return email;
}

export function queryOf(req: IncomingMessage): URLSearchParams {
  const url = req.url ?? '';
  const at = url.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : url.slice(at + 1));
}

/** The bearer token of the Authorization header only (not the apikey). */
export function authorizationBearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  return match?.[1];
}
