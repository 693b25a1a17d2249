import { hash } from 'node:crypto';

/**
 * Express's weak ETag of an answer's body (`W/"<byte length in hex>-<27
 * characters of its SHA-1 in base64>"`, the `etag` package's format), made
 * with Node's one-shot hash. Why: Express makes one for every answer it
 * sends, and its own generator copies a string body into a Buffer and builds
 * a Hash object first; this one hashes the string as it is. Same tags, so
 * conditional GETs answer 304 as before.
 */
export function weakEtag(body: string | Buffer, encoding?: BufferEncoding): string {
  const length = typeof body === 'string' ? Buffer.byteLength(body, encoding) : body.length;
  const digest = typeof body === 'string' && encoding && encoding !== 'utf8' && encoding !== 'utf-8'
    ? hash('sha1', Buffer.from(body, encoding), 'base64')
    : hash('sha1', body, 'base64');
  return `W/"${length.toString(16)}-${digest.slice(0, 27)}"`;
}
