import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RequestHandler } from 'express';

/**
 * The `/docs` page: Swagger UI (the `swagger-ui-dist` package) rendering
 * `/openapi.json`. Every asset is served by this service from node_modules
 * under `/docs/assets/`; the page has no inline script, so its CSP allows
 * scripts from this origin only, and nothing loads from anywhere else (the
 * online validator badge is off).
 */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes on a few elements (e.g. collapsed sections).
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** The page's own start script (no inline script: the CSP forbids it). */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    // Sections start closed: with every section open at once (150 operations) Swagger UI 5.35 stops
    // rendering after the first one; a reader opens the sections they need (or a #/Section link).
    docExpansion: 'none',
    defaultModelsExpandDepth: 0,
    displayOperationId: false,
    displayRequestDuration: true,
    filter: true,
    persistAuthorization: false,
    tryItOutEnabled: false,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

/** Extra layout for small screens: the operation rows wrap instead of overflowing. */
const PAGE_CSS = `body{margin:0;background:#fafafa}
.kiosk-top{font:600 1rem/1.4 system-ui,sans-serif;padding:.8rem 1rem;background:#1b1f24;color:#fff}
.kiosk-top a{color:#9cd2ff}
@media (max-width:600px){
  .swagger-ui .wrapper{padding:0 .5rem}
  .swagger-ui .opblock .opblock-summary{flex-wrap:wrap}
  .swagger-ui .opblock .opblock-summary-path{max-width:100%;word-break:break-all;flex-shrink:1}
  .swagger-ui .opblock .opblock-summary-description{flex-basis:100%;padding-top:.3rem}
  .swagger-ui .info .title{font-size:1.6rem}
  .swagger-ui table{display:block;overflow-x:auto}
}
`;

export function referencePageHtml(title: string): string {
  const safeTitle = title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${safeTitle} reference</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/docs/assets/kiosk.css">
</head>
<body>
<header class="kiosk-top">${safeTitle} reference &middot; <a href="/openapi.json">openapi.json</a></header>
<main id="reference"><noscript>This reference needs JavaScript; the document itself is at <a href="/openapi.json">/openapi.json</a>.</noscript></main>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/init.js"></script>
</body>
</html>
`;
}

function swaggerUiDir(): string {
  return dirname(require.resolve('swagger-ui-dist/package.json'));
}

/**
 * Serves the page's assets under `/docs/assets/` (mounted with `app.use`,
 * so these files are not operations of the document). Only the files named
 * here are served; they are read once and cached by browsers for a day.
 */
export function referenceAssets(): RequestHandler {
  const dir = swaggerUiDir();
  const files = new Map<string, { type: string; body: Buffer | string }>();
  for (const [name, type] of Object.entries(ASSETS)) files.set(name, { type, body: readFileSync(join(dir, name)) });
  files.set('init.js', { type: 'text/javascript; charset=utf-8', body: INIT_SCRIPT });
  files.set('kiosk.css', { type: 'text/css; charset=utf-8', body: PAGE_CSS });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = files.get(req.path.replace(/^\//, ''));
    if (!file) return next();
    res.set({
      'Content-Type': file.type,
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    });
    res.send(file.body);
  };
}
