import { ConflictError } from '../shared';
import { SUBSCRIBABLE_EVENT_TYPES } from './catalogue';
import { InvalidWebhookUrl, UnknownWebhookEventType } from './errors';

/** How long the previous signing secret keeps signing beside the new one after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
export const MAX_URL_LENGTH = 2048;

export interface SigningSecret {
  /** `whsec_` and the base64 key (Standard Webhooks form). */
  readonly secret: string;
  readonly createdAt: Date;
  /** When it stops signing; null for the current one. */
  readonly expiresAt: Date | null;
}

export type EndpointStatus = 'enabled' | 'disabled';

export interface WebhookEndpointState {
  readonly id: string;
  readonly vendorId: string;
  url: string;
  /** null: every event type. */
  eventTypes: string[] | null;
  description: string | null;
  status: EndpointStatus;
  disabledReason: string | null;
  /** Newest first. */
  secrets: SigningSecret[];
  /** Since when every attempt has failed; null after a success. */
  failingSince: Date | null;
  readonly createdAt: Date;
  updatedAt: Date;
}

/** Checks the shape of an endpoint URL; the addresses it resolves to are checked by the adapter that sends. */
export function checkEndpointUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidWebhookUrl('url must be an absolute http(s) URL', raw);
  }
  if (raw.length > MAX_URL_LENGTH) throw new InvalidWebhookUrl(`url is longer than ${MAX_URL_LENGTH} characters`, raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidWebhookUrl('url must be http or https', raw);
  if (url.username || url.password) throw new InvalidWebhookUrl('url carries no credentials', raw);
  if (url.hash) throw new InvalidWebhookUrl('url has no fragment', raw);
  return url.toString();
}

function checkEventTypes(types: readonly string[] | null): string[] | null {
  if (types === null) return null;
  const unknown = types.filter((t) => !SUBSCRIBABLE_EVENT_TYPES.includes(t));
  if (unknown.length > 0) throw new UnknownWebhookEventType(unknown);
  return [...new Set(types)].sort();
}

/**
 * A vendor's webhook endpoint: where events go, which ones, and the secrets
 * that sign them. A rotation keeps the previous secret signing for 24 hours.
 */
export class WebhookEndpoint {
  private constructor(private state: WebhookEndpointState) {}

  static create(input: {
    id: string;
    vendorId: string;
    url: string;
    eventTypes: readonly string[] | null;
    description: string | null;
    secret: string;
    now: Date;
  }): WebhookEndpoint {
    return new WebhookEndpoint({
      id: input.id,
      vendorId: input.vendorId,
      url: checkEndpointUrl(input.url),
      eventTypes: checkEventTypes(input.eventTypes),
      description: input.description,
      status: 'enabled',
      disabledReason: null,
      secrets: [{ secret: input.secret, createdAt: input.now, expiresAt: null }],
      failingSince: null,
      createdAt: input.now,
      updatedAt: input.now,
    });
  }

  /** From storage: no rule is checked again. */
  static rehydrate(state: WebhookEndpointState): WebhookEndpoint {
    return new WebhookEndpoint({ ...state, secrets: [...state.secrets], eventTypes: state.eventTypes && [...state.eventTypes] });
  }

  get id() {
    return this.state.id;
  }
  get vendorId() {
    return this.state.vendorId;
  }
  get enabled() {
    return this.state.status === 'enabled';
  }

  snapshot(): Readonly<WebhookEndpointState> {
    return { ...this.state, secrets: [...this.state.secrets] };
  }

  subscribes(type: string): boolean {
    return this.state.eventTypes === null || this.state.eventTypes.includes(type);
  }

  update(change: { url?: string; eventTypes?: readonly string[] | null; description?: string | null; enabled?: boolean }, now: Date): void {
    if (change.url !== undefined) this.state.url = checkEndpointUrl(change.url);
    if (change.eventTypes !== undefined) this.state.eventTypes = checkEventTypes(change.eventTypes);
    if (change.description !== undefined) this.state.description = change.description;
    if (change.enabled === true) this.enable(now);
    if (change.enabled === false) this.disable('by request', now);
    this.state.updatedAt = now;
  }

  disable(reason: string, now: Date): void {
    if (this.state.status === 'disabled') return;
    this.state.status = 'disabled';
    this.state.disabledReason = reason;
    this.state.updatedAt = now;
  }

  /** Enabling again starts the failure count afresh. */
  enable(now: Date): void {
    this.state.status = 'enabled';
    this.state.disabledReason = null;
    this.state.failingSince = null;
    this.state.updatedAt = now;
  }

  /** A new current secret; the previous one signs beside it for 24 hours. Older ones go. */
  rotateSecret(secret: string, now: Date): void {
    if (this.state.secrets.some((s) => s.secret === secret)) throw new ConflictError('WEBHOOK.SECRET_REUSED', 'a new secret must be new');
    const [current] = this.state.secrets.filter((s) => s.expiresAt === null);
    const kept = current ? [{ ...current, expiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS) }] : [];
    this.state.secrets = [{ secret, createdAt: now, expiresAt: null }, ...kept];
    this.state.updatedAt = now;
  }

  /** Every secret that signs at `now`, newest first. */
  signingSecrets(now: Date): string[] {
    return this.state.secrets.filter((s) => s.expiresAt === null || s.expiresAt > now).map((s) => s.secret);
  }
}
