import { Paywall, PaywallSnapshot, SavedBy, SavedVersion, Strategy, StrategySnapshot } from '@kiosk/domain/paywalls';

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

/** The service's own field: when spent free reads give one back (ISO 8601), null when not blocked by the allowance. */
const RENEWS_AT = { type: ['string', 'null'], format: 'date-time' };

export const ACCESS_SCHEMA = {
  oneOf: [
    obj({ status: { const: 'allowed' }, signedLink: str, remaining: num, renewsAt: { type: 'null' } }),
    obj({ status: { const: 'blocked' }, remaining: num, paywall: PAYWALL_SCHEMA, renewsAt: RENEWS_AT }),
  ],
};

export const CHECK_SCHEMA = obj({ status: { enum: ['allowed', 'blocked'] }, remaining: num, paywall: PAYWALL_SCHEMA, renewsAt: RENEWS_AT });

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

// Version history (docs/paywalls.md, "Version history").
const savedByView = (savedBy: SavedBy | null) => (savedBy ? { kind: savedBy.kind, id: savedBy.id } : null);

/** A paywall version in a list: number, when, by whom, and the name and status it had. */
export const paywallVersionSummary = (v: SavedVersion<PaywallSnapshot>) => ({
  version: v.version,
  name: v.snapshot.name,
  status: v.snapshot.status,
  savedAt: v.savedAt.toISOString(),
  savedBy: savedByView(v.savedBy),
});

/** One paywall version whole: the summary plus the paywall as it was saved (admin shape). */
export const paywallVersionView = (v: SavedVersion<PaywallSnapshot>) => ({
  ...paywallVersionSummary(v),
  paywall: paywallAdminView(Paywall.fromSnapshot(v.snapshot)),
});

export const strategyVersionSummary = (v: SavedVersion<StrategySnapshot>) => ({
  version: v.version,
  name: v.snapshot.name,
  status: v.snapshot.status,
  fingerprint: v.snapshot.fingerprint,
  savedAt: v.savedAt.toISOString(),
  savedBy: savedByView(v.savedBy),
});

export const strategyVersionView = (v: SavedVersion<StrategySnapshot>) => ({
  ...strategyVersionSummary(v),
  strategy: strategyView(Strategy.fromSnapshot(v.snapshot)),
});

const SAVED_BY_SCHEMA = {
  type: ['object', 'null'],
  description: 'Who saved the version: an API key (its client id) or a staff member (their user id); null when unknown',
  properties: { kind: { enum: ['API_KEY', 'STAFF'] }, id: str },
  required: ['kind', 'id'],
};
const status = { enum: ['ACTIVE', 'ARCHIVED'] };
export const PAYWALL_VERSION_SUMMARY_SCHEMA = obj({ version: num, name: str, status, savedAt: str, savedBy: SAVED_BY_SCHEMA });
export const PAYWALL_VERSION_SCHEMA = obj({ ...PAYWALL_VERSION_SUMMARY_SCHEMA.properties, paywall: PAYWALL_ADMIN_SCHEMA });
export const STRATEGY_VERSION_SUMMARY_SCHEMA = obj({ version: num, name: str, status, fingerprint: str, savedAt: str, savedBy: SAVED_BY_SCHEMA });
export const STRATEGY_VERSION_SCHEMA = obj({ ...STRATEGY_VERSION_SUMMARY_SCHEMA.properties, strategy: STRATEGY_SCHEMA });
