import { hash } from 'node:crypto';

/**
 * Express's weak ETag of an answer's body (`W/"<byte length in hex>-<27
 * characters of its SHA-1 in base64>"`, the `etag` package's format), made
 * with Node's one-shot hash. Why: Express makes one for every answer it
 * sends, and its own generator builds a Hash object and checks for file
 * stats on each. Express hands it the body as a Buffer; a string is
 * encoded first, as Express's own generator does. Same tags, so
 * conditional GETs answer 304 as before.
 */
export function weakEtag(body: string | Buffer, encoding?: BufferEncoding): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, encoding) : body;
  return `W/"${bytes.length.toString(16)}-${hash('sha1', bytes, 'base64').slice(0, 27)}"`;
}
