// Recognises the errors that mean "the database is not reachable right now" (as opposed to an
// error in the request), so that every API answers 503 and recovers once Postgres is back.

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** SQLSTATEs of a server going away: admin/crash shutdown, cannot connect now, connection failures. */
const SHUTDOWN_SQLSTATES = new Set(['57P01', '57P02', '57P03']);

const CONNECTION_MESSAGES = [
  'connection terminated',
  'connection refused',
  'timeout exceeded when trying to connect',
  'client has encountered a connection error',
  'cannot use a pool after calling end',
  'the database system is starting up',
  'the database system is shutting down',
  'the database system is in recovery mode',
];

function describe(error: unknown): { code: string | undefined; message: string; nested: unknown[] } {
  if (typeof error !== 'object' || error === null) return { code: undefined, message: String(error ?? ''), nested: [] };
  const record = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  const nested: unknown[] = [];
  // AggregateError (e.g. every address of localhost refused) and wrapped causes.
  if (Array.isArray(record.errors)) nested.push(...(record.errors as unknown[]));
  if (record.cause !== undefined) nested.push(record.cause);
  return {
    code: typeof record.code === 'string' ? record.code : undefined,
    message: typeof record.message === 'string' ? record.message : '',
    nested,
  };
}

/**
 * True when `error` says that Postgres cannot be reached (refused, reset, terminated, shutting
 * down, class 08 connection exception) rather than that the statement itself failed.
 */
export function isConnectionError(error: unknown, depth = 0): boolean {
  if (depth > 4) return false;
  const { code, message, nested } = describe(error);
  if (code !== undefined) {
    if (CONNECTION_CODES.has(code) || SHUTDOWN_SQLSTATES.has(code)) return true;
    // The server's Unix socket is gone while it restarts (docs/architecture.md#local-stack).
    if (code === 'ENOENT' && message.includes('.s.PGSQL.')) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const lower = message.toLowerCase();
  if (CONNECTION_MESSAGES.some((fragment) => lower.includes(fragment))) return true;
  return nested.some((inner) => isConnectionError(inner, depth + 1));
}

/** The message every API shows while the database is unreachable. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Cơ sở dữ liệu tạm thời không truy cập được, vui lòng thử lại sau giây lát (database unavailable)';
