/**
 * The service's front door (`GET /`): never a JSON 404. In development (any
 * `NODE_ENV` but production) a page of where to go next: the demo site, the
 * portal, the reference, the mailbox and the getting-started guide (a file
 * of the repository, named by its path: the service serves no copy of it).
 * In production a short page naming the service and nothing more.
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,sans-serif;color:#1f2328;background:#f6f7f9}
main{max-width:40rem;margin:0 auto;padding:24px 16px}
h1{font-size:1.6rem;margin:0 0 8px}
ul{padding:0;list-style:none;display:grid;gap:10px}
li{background:#fff;border:1px solid #d0d7de;border-radius:10px;padding:12px 14px;overflow-wrap:anywhere}
a{color:#0b57d0;font-weight:600}
a:focus-visible{outline:3px solid #b45309;outline-offset:2px}
code{font:14px ui-monospace,monospace;background:#eef1f4;padding:1px 4px;border-radius:4px}
.muted{color:#57606a}
`;

const shell = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kiosk</title><link rel="icon" href="data:,"><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

/** The development front door: every place a newcomer looks for, one link each. */
export function developmentHomePage(): string {
  const links: [string, string, string][] = [
    ['/demo/', 'The demo newspaper', 'A publisher site with one script tag: free reads, the paywall, the hosted checkout (test card 4242 4242 4242 4242).'],
    ['/portal', 'The vendor portal', 'Overview, products, paywalls, readers and settings; sign in as staff.'],
    ['/docs', 'The API reference', 'Every route with its credentials, parameters and examples; the document itself is /openapi.json.'],
    ['/dev/mail', 'The mailbox', 'Mail the service sent in development (sign-up links, sign-in codes, receipts), newest first.'],
  ];
  const items = links.map(([href, title, text]) => `<li><a href="${href}">${title}</a><br><span class="muted">${text}</span></li>`).join('');
  return shell(`<h1>Kiosk is running</h1>
<p>This is a development server. Where to go next:</p>
<ul>${items}
<li><strong>Getting started</strong><br><span class="muted">The guide is the file <code>docs/getting-started.md</code> in the repository; the rest of the documentation is beside it in <code>docs/</code>.</span></li></ul>`);
}

/** The production front door: the service's name and nothing to probe. */
export function productionHomePage(): string {
  return shell(`<h1>Kiosk</h1><p>This address serves Kiosk, a subscription and paywall service. There is nothing to see here.</p>`);
}
