/** PostgreSQL's unique_violation, as raised through TypeORM's QueryFailedError. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string; driverError?: { code?: string } })?.driverError?.code === '23505' ||
    (error as { code?: string })?.code === '23505';
}

// Socket errors of the driver when the server cannot be reached or the link broke.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATEs of a server that is going away or not taking work: admin_shutdown,
// crash_shutdown, cannot_connect_now, too_many_connections; class 08 is
// connection_exception.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

// What `pg` and `pg-pool` say when a link dies or no connection comes in time
// (they raise plain Errors without a code).
const MESSAGES = [
  /^Connection terminated/, // "...unexpectedly", "...due to connection timeout"
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /Connection ended unexpectedly/,
  /^read ECONNRESET/,
  /Query read timeout/,
  /^Query runner already released/,
];

// TypeORM's errors that say the connection was taken away under the caller: a
// query runner is released when its connection errors (the server ended the
// session, the link broke), and the next statement of that transaction throws.
const RELEASED_NAMES = new Set(['QueryRunnerAlreadyReleasedError']);

/** The error and what it wraps (TypeORM's `driverError`, an Error's `cause`), a few levels deep. */
function* chain(error: unknown): Generator<Record<string, unknown>> {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const record = current as Record<string, unknown>;
    yield record;
    current = record.driverError ?? record.cause;
  }
}

/**
 * Whether an error says the database could not be reached (refused, reset,
 * cut, shutting down, or no pooled connection in time), whether raised by
 * `pg` itself or wrapped by TypeORM. These answer 503: the request may work
 * once the database is back. Anything else (a bad statement, a constraint)
 * is a bug or a business case and is not hidden behind a 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (typeof e.name === 'string' && RELEASED_NAMES.has(e.name)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}

/**
 * A write that lost a race decided in the database: `reference` when a row it
 * refers to was removed by another transaction at the same time (foreign_key_violation,
 * e.g. a reader's tag added while the reader erases the account), `retry` when
 * PostgreSQL undid it to break a deadlock or a serialization conflict. Neither is
 * a bug of the request: the first answers 409 (look again), the second 503 (try again).
 */
export function concurrentConflictOf(error: unknown): 'reference' | 'retry' | null {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code === '23503') return 'reference';
    if (code === '40P01' || code === '40001') return 'retry';
  }
  return null;
}
