import { Controller, route } from '../platform/http/routes';
import { developmentHomePage, productionHomePage } from './home-page';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'";

/** `GET /`: a page for people, in development a map of the service, in production its name (home-page.ts). */
export class HomeController implements Controller {
  constructor(private readonly env: 'development' | 'test' | 'production') {}

  routes() {
    return [
      route({
        method: 'get',
        path: '/',
        operationId: 'homePage',
        summary: 'The front door: in development links to the demo, portal, reference and mailbox; in production a short page',
        description:
          'Never a JSON 404. Outside production (`NODE_ENV` not `production`) the page links the demo site (/demo/), the portal (/portal), ' +
          'the reference (/docs), the development mailbox (/dev/mail) and names the getting-started guide (docs/getting-started.md). ' +
          'In production it only names the service.',
        tags: ['meta'],
        auth: { kind: 'none' },
        examples: { responses: { 200: '<!doctype html><html lang="en">…<h1>Kiosk is running</h1>…<a href="/demo/">The demo newspaper</a>…</html>' } },
        responses: { 200: { description: 'HTML page', contentType: 'text/html', schema: { type: 'string' } } },
        handler: async ({ res }) =>
          void res
            .status(200)
            .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff' })
            .send(this.env === 'production' ? productionHomePage() : developmentHomePage()),
      }),
    ];
  }
}
