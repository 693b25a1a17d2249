import { Request } from 'express';

/**
 * Whether a request came from a page that is none of `knownOrigins` (a
 * link or image elsewhere): its Origin or Referer is foreign, or, when it
 * names neither, the browser says so (`Sec-Fetch-Site: cross-site`). A
 * sign-out from another site must not end a reader's session unasked.
 */
export function fromAnotherSite(req: Request, knownOrigins: readonly string[]): boolean {
  const known = new Set(knownOrigins);
  const originOf = (value: string | undefined) => (value && URL.canParse(value) ? new URL(value).origin : null);
  const claimed = originOf(req.headers.origin) ?? originOf(req.headers.referer);
  if (claimed) return !known.has(claimed);
  return req.headers['sec-fetch-site'] === 'cross-site';
}
