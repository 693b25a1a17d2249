import { Clock } from '@kiosk/domain';
import { VendorRepository } from '@kiosk/domain/catalog';
import { CheckoutSnapshot, GetCheckout, GetCheckoutSettings } from '@kiosk/domain/checkout';
import { Response } from 'express';
import { Controller, route, RouteSpec } from '../platform/http/routes';
import { CHECKOUT_ID, PAGE_TOKEN, VENDOR_ID } from './checkout.examples';
import { CheckoutHandoff } from './checkout-handoff';
import { CheckoutLinks } from './checkout.views';
import { PageQuery } from './hosted-checkout.controller';
import { PAGE_CSP, PageFrame, problemPage } from './hosted-pages';

const PAGE_PARAMS = { vendorId: VENDOR_ID, id: CHECKOUT_ID };

/** A completed checkout of a page request, with its page frame; null when the link is wrong (a 404 page was sent). */
export interface LoadedCheckout {
  snapshot: CheckoutSnapshot;
  vendorId: string;
  id: string;
  completed: boolean;
  frame: (title: string) => PageFrame;
}

export interface HostedJourneyDeps {
  get: GetCheckout;
  settings: GetCheckoutSettings;
  vendors: Pick<VendorRepository, 'find'>;
  links: CheckoutLinks;
  handoff: CheckoutHandoff;
  clock: Clock;
}

/** Sends a hosted page with the checkout pages' headers. */
export function sendPage(res: Response, status: number, html: string) {
  res
    .status(status)
    .set({ 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'no-referrer' })
    .type('html')
    .send(html);
}

/** The checkout behind a hosted page's link (its token verified), or null after a 404 page. */
export async function loadCheckout(d: HostedJourneyDeps, res: Response, params: Record<string, string>, token: string | undefined): Promise<LoadedCheckout | null> {
  const { vendorId, id } = params;
  const notFound = () => {
    sendPage(res, 404, problemPage(null, 'Checkout not found', 'This checkout link is not valid. Go back to the site and start again.'));
    return null;
  };
  if (!d.links.verify(vendorId, id, token)) return notFound();
  const checkout = await d.get.execute({ vendorId, checkoutId: id, owner: null }).catch(() => null);
  if (!checkout) return notFound();
  const vendor = await d.vendors.find(vendorId);
  const settings = await d.settings.execute(vendorId);
  const snapshot = checkout.toSnapshot();
  return {
    snapshot,
    vendorId,
    id,
    completed: checkout.statusAt(d.clock.now()) === 'COMPLETED',
    frame: (title) => ({ title, vendorName: vendor?.name ?? vendorId, logo: vendor?.logo ?? null, settings, language: snapshot.details.language }),
  };
}

/**
 * The receipt's way back to the vendor's site (DESIGN.md 6, "From payment
 * to reading"): `GET .../continue` leads to `redirectUrl` with `checkoutId`,
 * and with a one-time handoff code when the visitor's payment made the
 * reader's account, so the browser library signs the browser in.
 */
export class HostedJourneyController implements Controller {
  constructor(private readonly d: HostedJourneyDeps) {}

  routes(): RouteSpec[] {
    const tags = ['hosted checkout'];
    const base = '/checkout/{vendorId}/{id}';
    const common = { query: PageQuery, tags, auth: { kind: 'none' as const } };
    return [
      route<unknown, PageQuery>({
        ...common,
        method: 'get',
        path: `${base}/continue`,
        operationId: 'checkoutPageContinue',
        summary: "The receipt's \"Continue\": on to `redirectUrl` with `checkoutId`, signing a new reader's browser in",
        description:
          'When a visitor paid and the payment made the account of the payer\'s e-mail, the redirect also carries ' +
          '`kiosk_handoff`, a one-time code (single use, about 60 seconds, bound to the checkout, the reader, the visitor ' +
          'and the browser client) that the browser library exchanges at `POST /auth/{clientId}/handoff` for the cookie ' +
          'session. Never a token. A payer whose account existed before gets no code here: the receipt offers a code by ' +
          'e-mail first. A checkout not yet completed goes back to its page.',
        examples: {
          params: PAGE_PARAMS,
          query: { t: PAGE_TOKEN },
          headers: { 303: { Location: `https://daily.example.com/thanks?checkoutId=${CHECKOUT_ID}&kiosk_handoff=pXb1Yq9wq0c0m3R8bQj1cE3oZk2nqk7x6fS4dA1hJtU` } },
        },
        responses: { 303: { description: 'To `redirectUrl` (or back to the checkout)' }, 404: { description: 'Wrong link (HTML page)' } },
        handler: async ({ res, params, query }) => {
          const loaded = await loadCheckout(this.d, res, params, query.t);
          if (!loaded) return;
          res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer');
          if (!loaded.completed) return res.redirect(303, this.d.links.path(loaded.vendorId, loaded.id));
          const target = await this.d.handoff.continueAddress(loaded.snapshot);
          res.redirect(303, target ?? this.d.links.path(loaded.vendorId, loaded.id, '/receipt'));
        },
      }),
    ];
  }
}
