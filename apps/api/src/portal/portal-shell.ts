import { PortalBuild } from './portal-files';

/**
 * The portal's policy: its own script and style sheet only (no inline
 * script, nothing from another host), calls to this service only, never
 * framed.
 */
export const PORTAL_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The one page of the single-page application: every client route answers it, and the script draws the rest. */
export function portalShell(build: PortalBuild): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Kiosk portal</title><link rel="icon" href="data:,">' +
    `<link rel="stylesheet" href="/portal/assets/${escapeAttr(build.style)}">` +
    `<script defer src="/portal/assets/${escapeAttr(build.script)}"></script>` +
    '</head><body><div id="app"><main class="boot"><h1>Kiosk portal</h1>' +
    '<noscript><p>The portal needs JavaScript. The management interface is documented at <a href="/docs">/docs</a>.</p></noscript>' +
    '</main></div></body></html>'
  );
}
