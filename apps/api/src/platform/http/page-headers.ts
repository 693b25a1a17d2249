import { RequestHandler, Response } from 'express';

/**
 * The policy of the service's own HTML pages (sign-in, sign-up, reset):
 * self-contained markup with inline styles and no script, never framed
 * (clickjacking), and no Referer, so a token in the address (a reset link)
 * never leaves with a click.
 */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";

export function setBrowserPageHeaders(res: Response): void {
  res.set({
    'Content-Security-Policy': PAGE_CSP,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
}

/** Sets the page headers before the route runs, so every answer of the route (pages, errors, redirects) has them. */
export function browserPageHeaders(): RequestHandler {
  return (_req, res, next) => {
    setBrowserPageHeaders(res);
    next();
  };
}
