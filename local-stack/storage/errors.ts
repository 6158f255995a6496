// Errors of the Storage API in Supabase Storage's wire shape: the body carries the real status as a
// string ({"statusCode":"404","code":"NoSuchKey","error":"not_found","message":"Object not found"})
// and the HTTP status is 400 for every error that is not a server error, as Storage does.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http-util.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../pg-errors.ts';

export class StorageApiError extends Error {
  constructor(
    /** The status Storage reports in the body ("404", "409", …). */
    readonly statusCode: number,
    /** Storage's error code (NoSuchKey, InvalidKey, …). */
    readonly code: string,
    /** Storage's legacy `error` field; defaults to the code. */
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  /** HTTP status of the response: 500 stays 500, 503 (database unreachable) stays 503, the rest is 400. */
  get httpStatus(): number {
    if (this.statusCode === 500 || this.statusCode === 503) return this.statusCode;
    return 400;
  }

  body(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

/** An error answered with its own status (not Storage's 400 wrapper) and optional Retry-After. */
export class StorageLimitError extends StorageApiError {
  constructor(statusCode: number, code: string, message: string, readonly retryAfterSeconds?: number) {
    super(statusCode, code, code, message);
  }

  override get httpStatus(): number {
    return this.statusCode;
  }

  headers(): Record<string, string> {
    return this.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(this.retryAfterSeconds) };
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageApiError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageApiError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  invalidKey: (key: string) => new StorageApiError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  accessDenied: (message: string) => new StorageApiError(403, 'AccessDenied', 'Unauthorized', message),
  rlsViolation: () => new StorageApiError(403, 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy'),
  duplicate: () => new StorageApiError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  entityTooLarge: () => new StorageApiError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (mimeType: string) =>
    new StorageApiError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimeType} is not supported`),
  invalidJwt: (message: string) => new StorageApiError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: () => new StorageApiError(400, 'InvalidSignature', 'InvalidSignature', 'Invalid signature'),
  invalidRequest: (message: string) => new StorageApiError(400, 'InvalidRequest', 'InvalidRequest', message),
  missingParameter: (name: string) =>
    new StorageApiError(400, 'MissingParameter', 'MissingParameter', `Missing Required Parameter ${name}`),
  notFound: () => new StorageApiError(404, 'NotFound', 'not_found', 'Route not found'),
  methodNotAllowed: () => new StorageApiError(405, 'InvalidRequest', 'Method Not Allowed', 'Method not allowed'),
  databaseUnavailable: () =>
    new StorageApiError(503, 'DatabaseError', 'DatabaseError', DATABASE_UNAVAILABLE_MESSAGE),
  internal: (message = 'Internal server error') => new StorageApiError(500, 'InternalError', 'InternalError', message),
};

export function sendStorageError(res: ServerResponse, error: StorageApiError): void {
  sendJson(res, error.httpStatus, error.body());
}
