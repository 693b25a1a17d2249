import { chooseLanguage, Clock } from '@kiosk/domain';
import { Request } from 'express';
import { GetScriptConfiguration } from '@kiosk/domain/scripts';
import { HttpProblem } from '../platform/http/problem';
import { Controller, route } from '../platform/http/routes';
import { DemoCapsule } from './demo-capsule';
import { DEMO_ARTICLES, DEMO_SCRIPT, demoAccountPage, demoArticlePage, demoFrontPage, DemoLanguage, DemoSite, premiumBodyHtml } from './demo-site.pages';
import { DEMO_NOT_SET_UP, NO_ARTICLE } from './demo.error-examples';

/** The demo publisher speaks its reader's language (Accept-Language, by the service's one choice): English or Swedish. */
const demoLanguage = (req: Request): DemoLanguage => chooseLanguage({ acceptLanguage: req.headers['accept-language'] ?? null }) as DemoLanguage;

/**
 * The demo newspaper (`/demo/`): a publisher's site that uses only the
 * public script tag, so a newcomer sees metered reads, the paywall and
 * sign-in work on a page. Answers 404 until the demo vendor's site is set up.
 */
export class DemoSiteController implements Controller {
  constructor(
    private readonly vendorId: string,
    private readonly scripts: GetScriptConfiguration,
    private readonly capsule: DemoCapsule,
    private readonly clock: Clock,
  ) {}

  private async ready(): Promise<DemoSite> {
    const configuration = await this.scripts.execute(this.vendorId);
    if (configuration.version === 0 || !configuration.settings.clientId) {
      throw new HttpProblem(404, 'DEMO.NOT_SET_UP', 'the demo site is not set up: start on an empty embedded database or run `kiosk demo:load`');
    }
    return { vendorId: this.vendorId, clientId: configuration.settings.clientId };
  }

  routes() {
    const tags = ['demo'];
    const html = { description: 'HTML page', contentType: 'text/html', schema: { type: 'string' } };
    const send = (res: import('express').Response, body: string) =>
      res
        .status(200)
        .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', Vary: 'Accept-Language', 'Content-Security-Policy': "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'" })
        .send(body);
    return [
      route({
        method: 'get',
        // Also answers /demo/ (routing is not strict).
        path: '/demo',
        operationId: 'demoFrontPage',
        summary: 'The demo newspaper: a publisher page that uses only the script tag',
        description: 'Lists the demo articles (one free, five metered). Served while the demo vendor is set up (an empty embedded database at start, or `kiosk demo:load`).',
        examples: { responses: { 200: '<!doctype html><html lang="en">…<h1>Today in Demo Daily</h1>…</html>' } },
        tags,
        auth: { kind: 'none' },
        responses: { 200: html, 404: DEMO_NOT_SET_UP },
        handler: async ({ req, res }) => {
          send(res, demoFrontPage(await this.ready(), demoLanguage(req)));
        },
      }),
      route({
        method: 'get',
        path: '/demo/demo.js',
        operationId: 'demoSiteScript',
        summary: "The demo site's own script: shows the paywall component on a blocked article",
        description: 'The demo pages carry no inline script (their CSP forbids it); this file listens for `serviceJsReady` and shows `<service-paywall>` where access was refused.',
        examples: { responses: { 200: "window.addEventListener('serviceJsReady', function () { … });" } },
        tags,
        auth: { kind: 'none' },
        responses: { 200: { description: 'JavaScript', contentType: 'application/javascript', schema: { type: 'string' } } },
        handler: async ({ res }) => {
          res.status(200).set({ 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' }).send(DEMO_SCRIPT);
        },
      }),
      route({
        method: 'get',
        path: '/demo/account',
        operationId: 'demoAccountPage',
        summary: "The demo reader's account page: the sign-in and account components",
        description: '`<service-login>` and `<service-account>` (contracts with cancel, bills with receipts, profile) on a publisher page.',
        examples: { responses: { 200: '<!doctype html><html lang="en">…<service-account></service-account>…</html>' } },
        tags,
        auth: { kind: 'none' },
        responses: { 200: html, 404: DEMO_NOT_SET_UP },
        handler: async ({ req, res }) => {
          send(res, demoAccountPage(await this.ready(), demoLanguage(req)));
        },
      }),
      route({
        method: 'get',
        path: '/demo/articles/{slug}',
        operationId: 'demoArticlePage',
        summary: 'One article of the demo newspaper (free, metered or premium)',
        description:
          'A metered article marks its body `data-service-paywall="<slug>"`: the library asks the paywall for access and shows the rest, or the paywall. ' +
          'The premium article carries its body encrypted (a capsule manifest rendered for this request with the demo vendor\'s keys, ' +
          '`script.dca-manifest` and `[data-service-capsule]`): a subscriber\'s browser unlocks and decrypts it.',
        tags,
        auth: { kind: 'none' },
        examples: { params: { slug: DEMO_ARTICLES[1].slug }, responses: { 200: '<!doctype html><html lang="en">…<div data-service-paywall="harbour">…</html>' } },
        responses: { 200: html, 404: NO_ARTICLE },
        handler: async ({ req, res, params }) => {
          const site = await this.ready();
          const article = DEMO_ARTICLES.find((a) => a.slug === params.slug);
          if (!article) throw new HttpProblem(404, 'DEMO.NO_ARTICLE', `no article ${params.slug}`);
          const manifest = article.premium
            ? await this.capsule.render(article.slug, [{ contentName: 'bodytext', text: premiumBodyHtml(article) }], this.clock.now())
            : null;
          send(res, demoArticlePage(site, article, manifest, demoLanguage(req)));
        },
      }),
    ];
  }
}
