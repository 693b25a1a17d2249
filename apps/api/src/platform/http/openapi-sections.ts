/** The sections (tags) of the OpenAPI document and which paths each holds. */

/**
 * The sections of the interface, in the order a reader meets them: each
 * operation's tag is derived from its path (the module that owns it, reader
 * routes apart from management routes), so a new route needs no tag of its
 * own and a new module gets a section by its first path segment.
 */
export const SECTIONS: { name: string; paths: RegExp; description: string }[] = [
  {
    name: 'Service',
    paths: /^\/$|^\/(healthz|readyz|openapi\.json|docs)$/,
    description: 'The front page, health and readiness for load balancers, and this reference.',
  },
  {
    name: 'Identity',
    paths: /^\/(auth|oidc|t|oauth|\.well-known)(\/|$)/,
    description:
      'Sign-in for readers and staff (authorization code with PKCE, cookie sessions, passwordless codes), the OpenID provider and the tenant token addresses where an API key gets its token.',
  },
  {
    name: 'Identity (management)',
    paths: /^\/management\/(api-keys|browser-clients|sign-in-pages)(\/|$)/,
    description: "A vendor's API keys, its browser clients (the sites that sign readers in) and the sentences of its sign-in pages.",
  },
  {
    name: 'Team (management)',
    paths: /^\/management\/(team|me)(\/|$)/,
    description: "The vendor's staff: who is on the team with which role, invitations, and the signed-in staff member's own view.",
  },
  {
    name: 'Readers (management)',
    paths: /^\/management\/(users|customers)(\/|$)/,
    description:
      "The vendor's readers: find them by e-mail or id, change their sign-in e-mail and password, read and set their tags, tallies and metadata, and erase them.",
  },
  {
    name: 'Access',
    paths: /^\/(entitlements|proxy)(\/|$)|^\/products\/\{sku\}\/auto-onboard$/,
    description: "What a reader may read: entitlements, waiting for a grant, auto-onboarding and the content proxy.",
  },
  {
    name: 'Access (management)',
    paths: /^\/management\/(auto-onboard|access-lists|entitlements|links)(\/|$)/,
    description:
      'Who may read what, seen and set by the vendor: all entitlements, access lists of granted readers (imported in bulk), auto-onboarding rules and signed links to content.',
  },
  { name: 'Catalog', paths: /^\/(products|vendor|vendors)(\/|$)/, description: 'Vendors, products and their purchase options as readers see them.' },
  {
    name: 'Catalog (management)',
    paths: /^\/management\/(products|vendors)(\/|$)/,
    description: "The vendor's products and purchase options (prices, intervals, seats, tax), and the vendor itself.",
  },
  {
    name: 'Sites (management)',
    paths: /^\/management\/(sites|domains)(\/|$)/,
    description: "The vendor's web domains and the sites on them, each tied to a browser client so its pages may sign readers in and call the service.",
  },
  {
    name: 'Test clock (management)',
    paths: /^\/management\/test-clock(\/|$)/,
    description: "A test-mode vendor's own clock: read it, and advance it to run renewals, dunning and cancellations in seconds (docs/operations.md).",
  },
  {
    name: 'Contracts',
    paths: /^\/(contracts|subscriptions|payment-issues)(\/|$)/,
    description: "A reader's contracts, subscriptions and payment issues: create, confirm, amend, cancel.",
  },
  {
    name: 'Contracts (management)',
    paths: /^\/management\/(contracts|discount-codes)/,
    description: "Contracts made for readers by a vendor's server (B2B, seats, timed moves) and discount codes.",
  },
  {
    name: 'Checkout',
    paths: /^\/(checkouts|checkout)(\/|$)|^\/webhooks\/stripe$/,
    description:
      "A reader's checkouts and the hosted checkout page they open: the buyer's details, discount codes, gifts and business purchases, payment, confirmation and the receipt; and the payment provider's callback.",
  },
  {
    name: 'Checkout (management)',
    paths: /^\/management\/checkout-settings(\/|$)/,
    description: "How the vendor's hosted checkout looks and what it asks: colour, logo, required fields, payment methods, lifetime.",
  },
  { name: 'Billing', paths: /^\/(bills|transactions|receipts)(\/|$)/, description: "A reader's bills, receipts, invoices and transactions." },
  {
    name: 'Billing (management)',
    paths: /^\/management\/(bills|transactions|billing-settings)(\/|$)/,
    description: "The vendor's bills and transactions, payments recorded against bills, invoice documents and e-invoices, and the seller details invoices carry.",
  },
  { name: 'Paywalls', paths: /^\/paywalls(\/|$)/, description: 'Paywall shapes, the leaky allowance, signed links and strategies.' },
  { name: 'Paywalls (management)', paths: /^\/management\/paywall/, description: 'Paywall configuration, link tiers and strategies.' },
  {
    name: 'Capsule',
    paths: /^\/capsule(\/|$)/,
    description: 'Encrypted content: unlock wrap keys for a reader, share tokens, verification and the public JWKS (see capsule-protocol.md).',
  },
  { name: 'Capsule (management)', paths: /^\/management\/capsule/, description: 'Vendor key material, product scopes and signed links.' },
  {
    name: 'Engagement',
    paths: /^\/(profile|user-metadata|tags|fulfillments|tallies|licenses|diagnostics|support-session)(\/|$)/,
    description: "The reader's profile, metadata and tags, fulfillments, tallies, license keys, diagnostics and the support session.",
  },
  { name: 'Engagement (management)', paths: /^\/management\/(fulfillments|license-pools)/, description: 'Fulfillments and license pools.' },
  {
    name: 'Stats (management)',
    paths: /^\/management\/stats(\/|$)/,
    description: "The vendor's figures: paywall views, free and blocked reads, checkouts started and conversions, revenue.",
  },
  {
    name: 'Webhooks (management)',
    paths: /^\/management\/webhooks(\/|$)/,
    description: "Endpoints on the vendor's servers that receive signed events (Standard Webhooks), the event catalogue, the delivery log, tests and replays.",
  },
  {
    name: 'Scripts',
    paths: /^\/s(\/|$)/,
    description: "The script host: a vendor's browser bundles (`stable`, `latest` or a version), with its configuration built in.",
  },
  { name: 'Scripts (management)', paths: /^\/management\/scripts/, description: "The script host's configuration and releases." },
  { name: 'Portal', paths: /^\/portal(\/|$)/, description: "The vendor portal: the web application for a publisher's staff, its built files and its sign-in (docs/portal.md)." },
  {
    name: 'Demo',
    paths: /^\/demo(\/|$)/,
    description: 'A small demo newspaper served on the embedded default: metered articles, the paywall, the hosted checkout and an encrypted article, using only the public script tag.',
  },
  {
    name: 'Development',
    paths: /^\/dev(\/|$)/,
    description: 'Helpers served only outside production, such as the mailbox page of the mails the service stored.',
  },
];

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).replace(/-/g, ' ');

/** The section (tag) of an operation, from its path. */
export function sectionOf(path: string): string {
  const known = SECTIONS.find((section) => section.paths.test(path));
  if (known) return known.name;
  const [first, second] = path.split('/').filter(Boolean);
  return first === 'management' && second ? `${capitalised(second)} (management)` : capitalised(first ?? 'service');
}
