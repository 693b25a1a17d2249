/**
 * A diagnostics record (interface 2.11) a browser sends when a reader asks
 * for help. Its shape is checked at the edge; here the storage entries are
 * redacted before anything is stored: values flagged `redacted` and values
 * that look like credentials never reach the database.
 */
export interface StorageEntry {
  readonly key: string;
  readonly value: string;
  readonly redacted: boolean;
}

export interface DiagnosticsRecord {
  readonly localStorage?: readonly StorageEntry[];
  readonly sessionStorage?: readonly StorageEntry[];
  readonly [field: string]: unknown;
}

export const REDACTED = '[REDACTED]';

/** Keys named like a credential: token, secret, password, auth, session, key, cookie, credential, jwt, bearer, api key. */
const CREDENTIAL_KEY = /token|secret|passw|pwd|auth|session|key|cookie|credential|jwt|bearer|signature/i;
/** Three base64url parts, the first a JSON header: a JWT, anywhere in the value. */
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/;
const BEARER = /\b(bearer|basic)\s+[A-Za-z0-9\-._~+/]{8,}=*/i;
/** 32 or more hex digits in a row: API secrets, session ids, hashes. */
const LONG_HEX = /\b[0-9a-fA-F]{32,}\b/;
/** 32 or more base64 characters in a row, with upper and lower case letters and digits: random secrets. */
const LONG_BASE64 = /[A-Za-z0-9+/_-]{32,}={0,2}/g;

function looksRandom(run: string): boolean {
  return /[a-z]/.test(run) && /[A-Z]/.test(run) && /[0-9]/.test(run);
}

export function looksLikeCredential(key: string, value: string): boolean {
  if (CREDENTIAL_KEY.test(key)) return true;
  if (JWT.test(value) || BEARER.test(value) || LONG_HEX.test(value)) return true;
  return (value.match(LONG_BASE64) ?? []).some(looksRandom);
}

export function redactEntry(entry: StorageEntry): StorageEntry {
  if (entry.redacted || looksLikeCredential(entry.key, entry.value)) return { key: entry.key, value: REDACTED, redacted: true };
  return { key: entry.key, value: entry.value, redacted: false };
}

export function redactRecord(record: DiagnosticsRecord): DiagnosticsRecord {
  return {
    ...record,
    ...(record.localStorage ? { localStorage: record.localStorage.map(redactEntry) } : {}),
    ...(record.sessionStorage ? { sessionStorage: record.sessionStorage.map(redactEntry) } : {}),
  };
}
