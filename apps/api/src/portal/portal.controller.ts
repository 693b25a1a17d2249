import { BrowserClientRepository } from '@kiosk/domain/identity';
import { Response } from 'express';
import { IsOptional, IsString, Matches } from 'class-validator';
import { HttpProblem } from '../platform/http/problem';
import { Controller, route } from '../platform/http/routes';
import { loadPortalBuild, PortalBuild } from './portal-files';
import { PORTAL_CSP, portalShell } from './portal-shell';
import { NO_ASSET, NOT_BUILT } from './portal.error-examples';

/** `GET /portal/sign-in?vendor=...`: which publisher's sign-in to use. */
export class PortalSignInQuery {
  @IsOptional() @IsString() @Matches(/^[A-Za-z0-9._:-]{1,128}$/, { message: 'vendor must be a vendor id' }) vendor?: string;
}

const HTML = { description: 'The portal page (a single-page application)', contentType: 'text/html', schema: { type: 'string' } };
const SHELL_EXAMPLE =
  '<!doctype html><html lang="en"><head><title>Kiosk portal</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/portal/assets/portal-3f2a9c1d.css">' +
  '<script defer src="/portal/assets/portal-7b1e04aa.js"></script></head><body><div id="app">…</div></body></html>';
const TAGS = ['portal'];

/**
 * The vendor portal (docs/portal.md): the page of the single-page
 * application for every client route under `/portal`, its built assets, and
 * the sign-in that sends a staff member through their publisher's browser
 * client to the OpenID provider and back with a cookie session.
 */
export class PortalController implements Controller {
  private build: PortalBuild | null | undefined;

  constructor(
    private readonly clients: Pick<BrowserClientRepository, 'list'>,
    private readonly baseUrl: string,
    private readonly load: () => PortalBuild | null = loadPortalBuild,
  ) {}

  private built(): PortalBuild {
    // Read once; while there is no build, look again on the next request.
    if (!this.build) this.build = this.load();
    if (!this.build) throw new HttpProblem(503, 'PORTAL.NOT_BUILT', 'the portal is not built: run `npm run build`');
    return this.build;
  }

  private shell(res: Response) {
    res
      .status(200)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': PORTAL_CSP,
        'X-Frame-Options': 'DENY',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'same-origin',
      })
      .send(portalShell(this.built()));
  }

  routes() {
    const here = (path: string) => `${this.baseUrl.replace(/\/$/, '')}${path}`;
    const pageRoute = (path: string, operationId: string, summary: string, params?: Record<string, string>) =>
      route({
        method: 'get',
        path,
        operationId,
        summary,
        description:
          'The portal for a publisher\'s staff: one page whose script (served under `/portal/assets/`) draws every screen and calls the management interface ' +
          'with the staff cookie session. No asset loads from another host; the CSP allows no inline script.',
        tags: TAGS,
        auth: { kind: 'none' },
        examples: { ...(params ? { params } : {}), responses: { 200: SHELL_EXAMPLE } },
        responses: { 200: HTML, 503: NOT_BUILT },
        handler: async ({ res }) => this.shell(res),
      });
    return [
      route({
        method: 'get',
        path: '/portal/assets/{file}',
        operationId: 'getPortalAsset',
        summary: "A file of the portal's build (script or style sheet), named by its content",
        description: 'Names carry a hash of the content, so an answer never changes: browsers keep it for a year.',
        tags: TAGS,
        auth: { kind: 'none' },
        examples: { params: { file: 'portal-7b1e04aa.js' }, responses: { 200: '(()=>{…})();' } },
        responses: {
          200: { description: 'The file', contentType: 'text/javascript', schema: { type: 'string' } },
          404: NO_ASSET,
        },
        handler: async ({ res, params }) => {
          const asset = this.built().assets.get(params.file);
          if (!asset) throw new HttpProblem(404, 'PORTAL.NO_ASSET', `no portal file ${params.file}`);
          res
            .status(200)
            .set({ 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' })
            .send(asset.body);
        },
      }),
      route<unknown, PortalSignInQuery>({
        method: 'get',
        path: '/portal/sign-in',
        operationId: 'portalSignIn',
        summary: "Sign in to the portal: on to the publisher's sign-in pages and back to /portal",
        description:
          "Sends the browser to `/auth/{clientId}/login` (with `prompt=login`) of the publisher's first browser client, which runs the OpenID provider's sign-in and comes back " +
          'to `/portal/` with the cookie session the management routes accept (docs/team-and-staff.md). Without `vendor`, or for a publisher without a ' +
          'browser client, back to `/portal/` with `sign_in_error`.',
        tags: TAGS,
        auth: { kind: 'none' },
        query: PortalSignInQuery,
        examples: {
          query: { vendor: 'daily' },
          headers: { 303: { Location: `/auth/bc_daily_web/login?return_to=${encodeURIComponent('https://kiosk.example.com/portal/?vendor=daily')}&prompt=login` } },
        },
        responses: { 303: { description: 'On to sign in (or back to the portal, which says why not)' } },
        handler: async ({ res, query }) => {
          res.set('Cache-Control', 'no-store');
          const vendor = query.vendor;
          const [client] = vendor ? await this.clients.list(vendor) : [];
          if (!vendor || !client) {
            const back = new URLSearchParams({ sign_in_error: vendor ? 'NO_BROWSER_CLIENT' : 'NO_VENDOR', ...(vendor ? { vendor } : {}) });
            return res.redirect(303, `/portal/?${back}`);
          }
          const returnTo = here(`/portal/?vendor=${encodeURIComponent(vendor)}`);
          // prompt=login: the portal always asks for the password, even where the provider remembers the person (a shared computer).
          res.redirect(303, `/auth/${encodeURIComponent(client.clientId)}/login?return_to=${encodeURIComponent(returnTo)}&prompt=login`);
        },
      }),
      pageRoute('/portal', 'getPortal', 'The vendor portal (also answers /portal/)'),
      pageRoute('/portal/{page}', 'getPortalPage', 'A page of the vendor portal (the same single-page application)', { page: 'products' }),
      pageRoute('/portal/{page}/{id}', 'getPortalItemPage', 'One item on a page of the vendor portal (the same single-page application)', {
        page: 'contracts',
        id: '0192f3c4-5b6a-7c8d-9e0f-123456789abc',
      }),
    ];
  }
}
