import { Paywall, Strategy } from '@kiosk/domain/paywalls';

/** The management shape: the public render shape plus name, status, entity, createdAt, modifiedAt, previewUrl. */
export const paywallAdminView = (paywall: Paywall) => {
  const v = paywall.toAdminView();
  return { ...v, createdAt: v.createdAt.toISOString(), modifiedAt: v.modifiedAt.toISOString() };
};

export const strategyView = (strategy: Strategy) => {
  const s = strategy.toSnapshot();
  return {
    id: s.id,
    vendorId: s.vendorId,
    name: s.name,
    target: s.target,
    status: s.status,
    version: s.version,
    fingerprint: s.fingerprint,
    flow: s.flow,
    createdAt: s.createdAt.toISOString(),
    modifiedAt: s.modifiedAt.toISOString(),
  };
};

// Response schemas for the OpenAPI document (the shapes are the domain's, documented in docs/paywalls.md).
const obj = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({ type: 'object', properties, required });
const str = { type: 'string' };
const num = { type: 'number' };
const bool = { type: 'boolean' };
const rows = { type: 'array', items: { type: 'array', items: str } };

export const PAYWALL_SCHEMA = obj({
  id: str,
  vendorId: str,
  currency: str,
  version: num,
  settings: { type: 'object' },
  showLoginButton: bool,
  subscriptions: { type: 'array', items: { type: 'object' } },
  subscriptionsUrl: str,
  mainColor: str,
  headline: str,
  description: str,
  logoUrl: str,
  features: rows,
  footerPaymentMethods: rows,
  singlePurchase: obj({ enabled: bool, title: str, description: str, discountCode: str }),
});

export const PAYWALL_ADMIN_SCHEMA = {
  ...PAYWALL_SCHEMA,
  properties: { ...PAYWALL_SCHEMA.properties, name: str, status: { enum: ['ACTIVE', 'ARCHIVED'] }, entity: str, createdAt: str, modifiedAt: str, previewUrl: str },
  required: [...PAYWALL_SCHEMA.required, 'name', 'status', 'entity', 'createdAt', 'modifiedAt', 'previewUrl'],
};

export const STRATEGY_SCHEMA = obj({
  id: str,
  vendorId: str,
  name: str,
  target: str,
  status: { enum: ['ACTIVE', 'ARCHIVED'] },
  version: num,
  fingerprint: str,
  flow: { type: 'object' },
  createdAt: str,
  modifiedAt: str,
});

export const LINK_TIERS_SCHEMA = obj({ metered: str, entitled: str });

export const ACCESS_SCHEMA = {
  oneOf: [
    obj({ status: { const: 'allowed' }, signedLink: str, remaining: num }),
    obj({ status: { const: 'blocked' }, remaining: num, paywall: PAYWALL_SCHEMA }),
  ],
};

export const CHECK_SCHEMA = obj({ status: { enum: ['allowed', 'blocked'] }, remaining: num, paywall: PAYWALL_SCHEMA });

export const EXECUTE_SCHEMA = obj(
  {
    paywallId: str,
    matchedNode: obj({ id: str, type: { const: 'paywall' }, label: str }),
    paywall: PAYWALL_SCHEMA,
    debug: obj({
      requesterObject: { type: 'object' },
      flow: obj({ id: str, name: str, target: str, fingerprint: str }),
      cache: obj({ flowHit: bool, paywallHit: bool }),
      timing: obj({ totalMs: num, flowFetchAndEvaluationMs: num, paywallFetchMs: num }),
      trace: obj({ path: { type: 'array', items: str }, edgesTaken: { type: 'array', items: str }, usedFallback: bool, fallbackReason: str }),
    }),
  },
  ['paywallId', 'matchedNode', 'paywall'],
);
