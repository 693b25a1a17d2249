/**
 * The webhook event catalogue: `resource.action` names a vendor subscribes
 * to, each made from a domain event the service already records in its
 * outbox (DESIGN.md 6). An outbox event that is not in the map is not
 * delivered. `endpoint.disabled` and `endpoint.test` are the webhooks
 * module's own.
 */
export interface WebhookEventType {
  readonly type: string;
  readonly description: string;
  /** The outbox event types it is made from. */
  readonly from: readonly string[];
  /** What `data` holds. */
  readonly object: WebhookObject;
}

export type WebhookObject = 'contract' | 'seat' | 'bill' | 'transaction' | 'entitlement' | 'checkout' | 'license' | 'user' | 'paywall' | 'endpoint';

/** What `data` holds for each object: the view the HTTP interface shows for it, read when the event is made into a message. */
export const WEBHOOK_EVENT_DATA: Readonly<Record<WebhookObject, string>> = {
  contract: 'The contract as `GET /management/contracts/{id}` shows it, with `contractId` and `change` (what the event recorded).',
  seat: 'The seat user as `GET /management/contracts/{id}/seats/users` lists it, with `contractId`; a removed seat, which the list no longer shows: `contractId`, `userId`, `sku`, `itemSku`.',
  bill: 'The bill as `GET /bills/{id}` shows it (interface 2.5).',
  transaction: 'The transaction as `GET /transactions` lists it (interface 2.6a).',
  entitlement: 'The entitlement as `GET /entitlements/{id}` shows it (interface 2.6), with `userId`; a revoked one with `hasAccess` false.',
  checkout: 'The checkout as `GET /checkouts/{id}` shows it (interface 2.8).',
  license: 'The license key as `GET /licenses?poolId=` lists it, with `userId`.',
  user: '`userId` and `erasedAt`; nothing personal is kept.',
  paywall: '`paywallId` and what the event recorded.',
  endpoint: '`endpointId` and what the event recorded.',
};

export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  { type: 'contract.created', object: 'contract', from: ['contract.created'], description: 'A contract was created (PENDING, or at once confirmed).' },
  { type: 'contract.confirmed', object: 'contract', from: ['contract.confirmed'], description: 'A PENDING contract was confirmed; it is FORTHCOMING or ACTIVE.' },
  {
    type: 'contract.status_changed',
    object: 'contract',
    from: ['contract.activated', 'contract.overdue', 'contract.reinstated', 'contract.canceled'],
    description: 'The contract moved to another status (ACTIVE, OVERDUE, back to ACTIVE after payment, CANCELED).',
  },
  { type: 'contract.renewed', object: 'contract', from: ['contract.renewed'], description: 'A recurring contract entered its next period; a renewal bill is issued with it.' },
  { type: 'contract.cancel_requested', object: 'contract', from: ['contract.cancel_requested'], description: 'Cancellation was requested; `willCancelAt` says when it takes effect.' },
  { type: 'contract.seats_changed', object: 'contract', from: ['contract.seats_changed'], description: 'The number of seats of an item changed.' },
  {
    type: 'contract.amended',
    object: 'contract',
    from: ['contract.amended', 'contract.amendment_applied', 'contract.discount_applied'],
    description: 'An amendment was made or took effect, or a discount code was applied.',
  },
  { type: 'seat.assigned', object: 'seat', from: ['contract.seat_assigned'], description: 'A user was given a seat of a contract.' },
  { type: 'seat.removed', object: 'seat', from: ['contract.seat_removed'], description: 'A user lost a seat of a contract.' },
  { type: 'bill.issued', object: 'bill', from: ['bill.issued'], description: 'A bill was issued for a contract.' },
  { type: 'bill.paid', object: 'bill', from: ['contract.bill_paid'], description: 'A bill of a contract was paid.' },
  { type: 'bill.overdue', object: 'bill', from: ['contract.overdue'], description: 'A bill passed its due date unpaid; the contract is OVERDUE.' },
  { type: 'transaction.created', object: 'transaction', from: ['transaction.created'], description: 'Money moved for a bill: a payment was recorded.' },
  { type: 'entitlement.granted', object: 'entitlement', from: ['entitlement.granted'], description: 'A user was given access to a product (from a contract, a seat or auto-onboarding).' },
  { type: 'entitlement.revoked', object: 'entitlement', from: ['entitlement.revoked'], description: 'Its origin took a user\'s access away (a seat removed, a contract canceled).' },
  { type: 'checkout.completed', object: 'checkout', from: ['checkout.completed'], description: 'A checkout was paid and made its contracts.' },
  { type: 'license.claimed', object: 'license', from: ['license.claimed'], description: 'A reader was assigned a key of a license pool.' },
  { type: 'user.erased', object: 'user', from: ['user.erased'], description: 'A reader erased their account (`DELETE /profile`); drop what you keep about them.' },
  { type: 'paywall.created', object: 'paywall', from: ['paywall.created'], description: 'A paywall was created.' },
  { type: 'paywall.updated', object: 'paywall', from: ['paywall.changed'], description: 'A paywall was changed (a new version).' },
  { type: 'paywall.retired', object: 'paywall', from: ['paywall.retired'], description: 'A paywall was retired.' },
  {
    type: 'endpoint.disabled',
    object: 'endpoint',
    from: ['endpoint.disabled'],
    description: "One of the vendor's webhook endpoints was disabled after failing for about three days (sent to its other endpoints).",
  },
  { type: 'endpoint.test', object: 'endpoint', from: [], description: 'A test event, sent on request to one endpoint only.' },
];

export const WEBHOOK_EVENT_TYPE_NAMES: readonly string[] = WEBHOOK_EVENT_TYPES.map((t) => t.type);

/** Event types a vendor may subscribe to (the test event goes to the endpoint that asks for it, whatever it subscribes to). */
export const SUBSCRIBABLE_EVENT_TYPES: readonly string[] = WEBHOOK_EVENT_TYPE_NAMES.filter((t) => t !== 'endpoint.test');

/** The webhook event types one outbox event becomes (none when it is not in the catalogue). */
export function webhookTypesOf(outboxType: string): string[] {
  return WEBHOOK_EVENT_TYPES.filter((t) => t.from.includes(outboxType)).map((t) => t.type);
}

/** Every outbox event type the catalogue is made from. */
export const CATALOGUED_OUTBOX_TYPES: readonly string[] = [...new Set(WEBHOOK_EVENT_TYPES.flatMap((t) => t.from))];
