import { copyData, RecordsEvents } from '../shared';
import { canonicalJson } from './canonical-json';
import { InvalidPaywallSettings, PaywallArchived } from './errors';
import { FieldChecks } from './field-checks';
import { PaywallContent, PaywallContentInput, PaywallPublicView } from './paywall-content';
import { DEFAULT_PAYWALL_CONTENT, resolvePaywallContent } from './paywall-validation';

export type PaywallStatus = 'ACTIVE' | 'ARCHIVED';

/** Fields only the vendor's management side sees; the public render shape omits them (interface 2.9). */
export interface PaywallAdminFields {
  readonly name: string;
  /** The publication, site or section the paywall belongs to, as the vendor names it; '' for none. */
  readonly entity: string;
  /** Where the vendor previews the paywall; '' for none. */
  readonly previewUrl: string;
}

/** Everything a paywall is, as plain data: what the repository stores. */
export interface PaywallSnapshot extends PaywallAdminFields {
  readonly id: string;
  readonly vendorId: string;
  readonly status: PaywallStatus;
  /** 1 when created; rises by one with every change that alters something. */
  readonly version: number;
  readonly content: PaywallContent;
  readonly createdAt: Date;
  readonly modifiedAt: Date;
}

/** The management shape: the public render shape plus the admin fields. */
export interface PaywallAdminView extends PaywallPublicView, PaywallAdminFields {
  readonly status: PaywallStatus;
  readonly createdAt: Date;
  readonly modifiedAt: Date;
}

export interface NewPaywall {
  readonly id: string;
  readonly vendorId: string;
  readonly name: string;
  readonly entity?: string;
  readonly previewUrl?: string;
  readonly content?: PaywallContentInput;
}

export interface PaywallChange {
  readonly name?: string;
  readonly entity?: string;
  readonly previewUrl?: string;
  readonly content?: PaywallContentInput;
}

/**
 * A paywall's configuration. Intent methods check the whole result before
 * anything changes, bump `version` only when something did change, and
 * record events for the outbox.
 */
export class Paywall extends RecordsEvents {

  /** The public view of the current state (`toPublicView`); a new state is a new snapshot object. */
  private publicView: { of: PaywallSnapshot; view: PaywallPublicView } | undefined;

  private constructor(private state: PaywallSnapshot) {
    super();
  }

  protected get eventSource() {
    return { vendorId: this.state.vendorId, aggregateId: this.state.id };
  }

  static create(input: NewPaywall, now: Date): Paywall {
    const admin = resolveAdminFields({ name: '', entity: '', previewUrl: '' }, input);
    const content = resolvePaywallContent(DEFAULT_PAYWALL_CONTENT, input.content ?? {});
    const paywall = new Paywall({
      id: input.id,
      vendorId: input.vendorId,
      ...admin,
      status: 'ACTIVE',
      version: 1,
      content,
      createdAt: now,
      modifiedAt: now,
    });
    paywall.recordEvent('paywall.created', now, { version: 1 });
    return paywall;
  }

  /** Rebuilds a stored paywall; no rules run and no events are recorded. */
  static fromSnapshot(snapshot: PaywallSnapshot): Paywall {
    return new Paywall(copyData(snapshot));
  }

  toSnapshot(): PaywallSnapshot {
    return copyData(this.state);
  }


  get id(): string {
    return this.state.id;
  }
  get vendorId(): string {
    return this.state.vendorId;
  }
  get status(): PaywallStatus {
    return this.state.status;
  }
  get version(): number {
    return this.state.version;
  }
  get isActive(): boolean {
    return this.state.status === 'ACTIVE';
  }
  get content(): PaywallContent {
    return this.state.content;
  }

  /** Applies a change; false (and the same version) when it alters nothing. An archived paywall refuses. */
  change(change: PaywallChange, now: Date): boolean {
    if (!this.isActive) throw new PaywallArchived(this.id);
    const admin = resolveAdminFields(this.state, change);
    const content = change.content ? resolvePaywallContent(this.state.content, change.content) : this.state.content;
    const next = { ...this.state, ...admin, content };
    if (sameConfiguration(this.state, next)) return false;
    this.state = { ...next, version: this.state.version + 1, modifiedAt: now };
    this.recordEvent('paywall.changed', now, { version: this.state.version });
    return true;
  }

  /**
   * Brings back the name, entity, preview address and content of an earlier
   * version as a new version (the history keeps both). False (same version)
   * when they are what the paywall has now; an archived paywall refuses.
   */
  restore(earlier: PaywallSnapshot, now: Date): boolean {
    if (!this.isActive) throw new PaywallArchived(this.id);
    const { name, entity, previewUrl } = earlier;
    const next = { ...this.state, name, entity, previewUrl, content: copyData(earlier.content) };
    if (sameConfiguration(this.state, next)) return false;
    this.state = { ...next, version: this.state.version + 1, modifiedAt: now };
    this.recordEvent('paywall.changed', now, { version: this.state.version, restoredFrom: earlier.version });
    return true;
  }

  /** Archives the paywall; readers no longer see it. Safe to repeat: false when already archived. */
  retire(now: Date): boolean {
    if (!this.isActive) return false;
    this.state = { ...this.state, status: 'ARCHIVED', version: this.state.version + 1, modifiedAt: now };
    this.recordEvent('paywall.retired', now, { version: this.state.version });
    return true;
  }

  /** Interface 2.9 exactly: no admin field leaks into what readers receive. */
  /**
   * What readers see. Made once per version of the paywall and frozen, so
   * every caller shares one copy: readers' hot requests (access, check,
   * strategy execution) answer it on every call, and a deep copy each time
   * cost more than the rest of the domain's work on such a request.
   */
  toPublicView(): PaywallPublicView {
    if (this.publicView?.of !== this.state) this.publicView = { of: this.state, view: deepFrozen(publicViewOf(this.state)) };
    return this.publicView.view;
  }

  toAdminView(): PaywallAdminView {
    const { name, status, entity, createdAt, modifiedAt, previewUrl } = this.state;
    return { ...this.toPublicView(), name, status, entity, createdAt, modifiedAt, previewUrl };
  }

}

function publicViewOf(state: PaywallSnapshot): PaywallPublicView {
  const { id, vendorId, version } = state;
  const c = copyData(state.content);
  return {
    id,
    vendorId,
    currency: c.currency,
    version,
    settings: c.settings,
    showLoginButton: c.showLoginButton,
    subscriptions: c.subscriptions,
    subscriptionsUrl: c.subscriptionsUrl,
    mainColor: c.mainColor,
    headline: c.headline,
    description: c.description,
    logoUrl: c.logoUrl,
    features: c.features,
    footerPaymentMethods: c.footerPaymentMethods,
    singlePurchase: c.singlePurchase,
  };
}

/** Freezes a plain tree of objects and arrays (the copy is this module's own, so nothing else holds it). */
function deepFrozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const member of Object.values(value)) deepFrozen(member);
    Object.freeze(value);
  }
  return value;
}

function resolveAdminFields(base: PaywallAdminFields, input: Partial<PaywallAdminFields>): PaywallAdminFields {
  const c = new FieldChecks();
  const admin = {
    name: c.name('name', input.name ?? base.name, 200),
    entity: c.text('entity', input.entity ?? base.entity, 200).trim(),
    previewUrl: c.url('previewUrl', input.previewUrl ?? base.previewUrl),
  };
  if (c.issues.length > 0) throw new InvalidPaywallSettings(c.issues);
  return admin;
}

function sameConfiguration(a: PaywallSnapshot, b: PaywallSnapshot): boolean {
  return (
    a.name === b.name &&
    a.entity === b.entity &&
    a.previewUrl === b.previewUrl &&
    canonicalJson(a.content) === canonicalJson(b.content)
  );
}
