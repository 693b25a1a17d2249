import { Clock, DomainEvent } from '@kiosk/domain';
import {
  CATALOGUED_OUTBOX_TYPES,
  nextAttemptAt,
  Random,
  shouldDisableEndpoint,
  WebhookEndpointNotFound,
  WebhookMessageNotFound,
  webhookTypesOf,
} from '@kiosk/domain/webhooks';
import { Logger } from 'pino';
import { Webhook } from 'standardwebhooks';
import { DataSource, EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { sqlRows } from '../platform/database/sql';
import { inTransaction } from '../platform/database/transaction';
import { appendToOutbox } from '../platform/outbox/outbox';
import { SystemClock } from '../platform/system';
import { runInVendorTime, vendorNowSql } from '../platform/vendor-time';
import { TypeOrmWebhookEndpointRepository } from './typeorm-webhook-endpoints.repository';
import { dataOfEach, objectKeyOf, ObjectViews } from './webhook-payloads';
import { Resolver, sendWebhook, SendResult, SendSettings } from './webhook-sender';
import { attemptsOf, AttemptView } from './webhook-attempt-log';

export type { AttemptView } from './webhook-attempt-log';

/** How long a claimed delivery stays with the worker that claimed it: longer than one attempt may take. */
export const DELIVERY_LEASE_MS = 60_000;
const BATCH = 20;

export const messageId = () => `msg_${uuidv7().replace(/-/g, '')}`;

interface ClaimedDelivery {
  id: string;
  vendor_id: string;
  endpoint_id: string;
  message_id: string;
  attempts: number;
  url: string;
  payload: Record<string, unknown>;
  /** The vendor's test-clock instant; null for a production vendor. */
  test_now: Date | null;
}

/**
 * Messages made from outbox events, one delivery per subscribed endpoint,
 * and the workers' delivery: claimed with `FOR UPDATE SKIP LOCKED`, in
 * order per endpoint and object, signed with every current secret of the
 * endpoint (Standard Webhooks), retried on the domain's schedule, and the
 * endpoint disabled when it has failed for about three days.
 */
export class WebhookDeliveries {
  constructor(
    private readonly db: DataSource,
    private readonly endpoints: TypeOrmWebhookEndpointRepository,
    private readonly clock: Clock,
    private readonly random: Random,
    private readonly settings: SendSettings,
    private readonly logger: Logger,
    private readonly views: ObjectViews | null = null,
    private readonly resolve?: Resolver,
    /** The real time of sending: `webhook-timestamp` is replay protection, never a test clock's instant (DESIGN 6). */
    private readonly sendingClock: Clock = new SystemClock(),
  ) {}

  /** Makes the messages of one outbox event (idempotent: a second run finds them made). */
  async fanOut(event: DomainEvent & { id: string }): Promise<number> {
    const types = webhookTypesOf(event.type);
    if (types.length === 0) return 0;
    return inTransaction(this.db, async (m) => {
      // A vendor with no enabled endpoint gets no messages (nothing to deliver, nothing to keep in order).
      const listening = await sqlRows(m, `SELECT 1 FROM webhook_endpoints WHERE vendor_id = $1 AND status = 'enabled' LIMIT 1`, [event.vendorId]);
      if (listening.length === 0) return 0;
      const made = await sqlRows(m, `SELECT 1 FROM webhook_messages WHERE source_event_id = $1 LIMIT 1`, [event.id]);
      if (made.length > 0) return 0;
      // Per-object order: an earlier event of the same object that is not made into messages yet goes first.
      const earlier = await sqlRows(
        m,
        `SELECT o.id FROM outbox o
          WHERE o.vendor_id = $1 AND o.aggregate_id = $2 AND o.id < $3 AND o.processed_at IS NULL AND o.type = ANY($4::text[])
            AND NOT EXISTS (SELECT 1 FROM webhook_messages w WHERE w.source_event_id = o.id)
          LIMIT 1`,
        [event.vendorId, event.aggregateId, event.id, CATALOGUED_OUTBOX_TYPES],
      );
      if (earlier.length > 0) throw new Error(`an earlier event of ${event.aggregateId} is not made into webhooks yet`);
      const data = await dataOfEach(types, event, this.views);
      let count = 0;
      for (const type of types) {
        count += await this.recordMessage(m, {
          vendorId: event.vendorId,
          type,
          objectKey: objectKeyOf(type, event.aggregateId),
          data: data.get(type)!,
          occurredAt: new Date(event.occurredAt),
          sourceEventId: event.id,
        });
      }
      return count;
    });
  }

  /** One message and its deliveries (to every enabled endpoint that subscribes, or to `onlyEndpoint`). */
  private async recordMessage(
    m: EntityManager,
    input: { vendorId: string; type: string; objectKey: string; data: Record<string, unknown>; occurredAt: Date; sourceEventId: string | null; onlyEndpoint?: string },
  ): Promise<number> {
    const [{ last }] = await sqlRows<{ last: string }>(
      m,
      `INSERT INTO webhook_object_sequences (vendor_id, object_key, last) VALUES ($1, $2, 1)
         ON CONFLICT (vendor_id, object_key) DO UPDATE SET last = webhook_object_sequences.last + 1
       RETURNING last`,
      [input.vendorId, input.objectKey],
    );
    const sequence = Number(last);
    const id = messageId();
    const payload = { id, type: input.type, timestamp: input.occurredAt.toISOString(), sequence, data: input.data };
    await sqlRows(
      m,
      `INSERT INTO webhook_messages (vendor_id, id, source_event_id, type, object_key, sequence, payload, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [input.vendorId, id, input.sourceEventId, input.type, input.objectKey, sequence, JSON.stringify(payload), this.clock.now()],
    );
    const endpoints = await sqlRows<{ id: string; event_types: string[] | null }>(
      m,
      `SELECT id, event_types FROM webhook_endpoints WHERE vendor_id = $1 AND status = 'enabled' AND ($2::text IS NULL OR id = $2)`,
      [input.vendorId, input.onlyEndpoint ?? null],
    );
    const targets = endpoints.filter((e) => input.onlyEndpoint || e.event_types === null || e.event_types.includes(input.type));
    for (const endpoint of targets) await this.addDelivery(m, input.vendorId, endpoint.id, id, input.objectKey, sequence);
    return targets.length;
  }

  private async addDelivery(m: EntityManager, vendorId: string, endpointId: string, messageId: string, objectKey: string, sequence: number) {
    const now = this.clock.now();
    await sqlRows(
      m,
      `INSERT INTO webhook_deliveries (vendor_id, id, endpoint_id, message_id, object_key, sequence, state, attempts, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, $7, $7)`,
      [vendorId, uuidv7(), endpointId, messageId, objectKey, sequence, now],
    );
  }

  /** `POST .../test`: an `endpoint.test` event to this endpoint only. */
  async sendTest(vendorId: string, endpointId: string): Promise<string> {
    const endpoint = await this.endpoints.get(vendorId, endpointId);
    if (!endpoint) throw new WebhookEndpointNotFound(endpointId);
    return inTransaction(this.db, async (m) => {
      await this.recordMessage(m, {
        vendorId,
        type: 'endpoint.test',
        objectKey: `endpoint:${endpointId}`,
        data: { endpointId, message: 'This is a test event from Kiosk.' },
        occurredAt: this.clock.now(),
        sourceEventId: null,
        onlyEndpoint: endpointId,
      });
      const [row] = await sqlRows<{ message_id: string }>(
        m,
        `SELECT message_id FROM webhook_deliveries WHERE vendor_id = $1 AND endpoint_id = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
        [vendorId, endpointId],
      );
      return row.message_id;
    });
  }

  /** Sends again, as new deliveries, one message or every message this endpoint was sent since a time; answers their ids. */
  async replay(vendorId: string, endpointId: string, which: { messageId: string } | { since: Date }): Promise<string[]> {
    const endpoint = await this.endpoints.get(vendorId, endpointId);
    if (!endpoint) throw new WebhookEndpointNotFound(endpointId);
    return inTransaction(this.db, async (m) => {
      const messages = await sqlRows<{ id: string; object_key: string; sequence: string }>(
        m,
        `SELECT DISTINCT w.id, w.object_key, w.sequence, w.created_at FROM webhook_messages w
           JOIN webhook_deliveries d ON d.vendor_id = w.vendor_id AND d.message_id = w.id AND d.endpoint_id = $2
          WHERE w.vendor_id = $1 AND ${'messageId' in which ? 'w.id = $3' : 'w.created_at >= $3'}
          ORDER BY w.created_at, w.id`,
        [vendorId, endpointId, 'messageId' in which ? which.messageId : which.since],
      );
      if ('messageId' in which && messages.length === 0) throw new WebhookMessageNotFound(which.messageId);
      for (const message of messages) {
        await this.addDelivery(m, vendorId, endpointId, message.id, message.object_key, Number(message.sequence));
      }
      return messages.map((x) => x.id);
    });
  }

  /** The delivery log of one endpoint: every attempt, newest first. */
  async log(vendorId: string, endpointId: string, limit = 100): Promise<AttemptView[]> {
    const endpoint = await this.endpoints.get(vendorId, endpointId);
    if (!endpoint) throw new WebhookEndpointNotFound(endpointId);
    return attemptsOf(this.db, vendorId, endpointId, limit);
  }

  /**
   * Claims the due deliveries (at most one per endpoint and object: a later
   * one waits while an earlier one is pending) and attempts them; answers
   * how many it attempted.
   */
  async deliverOnce(): Promise<number> {
    const now = this.clock.now();
    const claimed = await sqlRows<ClaimedDelivery>(
      this.db,
      `WITH due AS (
         SELECT d.vendor_id, d.id FROM webhook_deliveries d
           JOIN webhook_endpoints e ON e.vendor_id = d.vendor_id AND e.id = d.endpoint_id AND e.status = 'enabled'
           LEFT JOIN vendor_test_clocks t ON t.vendor_id = d.vendor_id
          WHERE d.state = 'pending' AND d.next_attempt_at <= ${vendorNowSql('t', '$2')} AND (d.locked_until IS NULL OR d.locked_until < $2)
            AND NOT EXISTS (
              SELECT 1 FROM webhook_deliveries p
               WHERE p.endpoint_id = d.endpoint_id AND p.object_key = d.object_key AND p.state = 'pending'
                 AND (p.sequence < d.sequence OR (p.sequence = d.sequence AND p.id < d.id)))
          ORDER BY d.next_attempt_at, d.id
          LIMIT ${BATCH}
          FOR UPDATE OF d SKIP LOCKED)
       UPDATE webhook_deliveries x SET locked_until = $1, attempts = x.attempts + 1
         FROM due, webhook_endpoints e, webhook_messages w
        WHERE x.vendor_id = due.vendor_id AND x.id = due.id
          AND e.vendor_id = x.vendor_id AND e.id = x.endpoint_id
          AND w.vendor_id = x.vendor_id AND w.id = x.message_id
       RETURNING x.id, x.vendor_id, x.endpoint_id, x.message_id, x.attempts, e.url, w.payload,
                 (SELECT t.frozen_time FROM vendor_test_clocks t WHERE t.vendor_id = x.vendor_id) AS test_now`,
      [new Date(now.getTime() + DELIVERY_LEASE_MS), now],
    );
    // Each attempt in its vendor's time: a test vendor's timestamps and retry schedule follow its test clock.
    await Promise.all(claimed.map((d) => runInVendorTime(d.vendor_id, d.test_now, () => this.attempt(d))));
    return claimed.length;
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const endpoint = await this.endpoints.get(delivery.vendor_id, delivery.endpoint_id);
    const startedAt = this.clock.now();
    let result: SendResult;
    if (!endpoint) {
      result = { ok: false, statusCode: null, durationMs: 0, responseExcerpt: null, error: 'the endpoint was deleted' };
    } else {
      const body = JSON.stringify(delivery.payload);
      // Signed at the real time even for a test vendor, whose instants travel in the body (`timestamp`):
      // receivers' Standard Webhooks libraries refuse a timestamp five minutes away from their own clock.
      const sentAt = this.sendingClock.now();
      const signature = endpoint
        .signingSecrets(startedAt)
        .map((secret) => new Webhook(secret).sign(delivery.message_id, sentAt, body))
        .join(' ');
      result = await sendWebhook(
        endpoint.snapshot().url,
        {
          'webhook-id': delivery.message_id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
        this.settings,
        this.resolve,
      );
    }
    try {
      await this.finish(delivery, startedAt, result);
    } catch (error) {
      this.logger.warn({ err: error, deliveryId: delivery.id }, 'could not record a webhook attempt; its lease will lapse');
    }
  }

  private async recordAttempt(
    m: EntityManager,
    delivery: ClaimedDelivery,
    startedAt: Date,
    result: SendResult,
    outcome: AttemptView['outcome'],
    error: string | null,
  ) {
    await sqlRows(
      m,
      `INSERT INTO webhook_attempts (vendor_id, id, delivery_id, endpoint_id, message_id, attempt, started_at, duration_ms, status_code, outcome, error, response_excerpt)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        delivery.vendor_id,
        uuidv7(),
        delivery.id,
        delivery.endpoint_id,
        delivery.message_id,
        delivery.attempts,
        startedAt,
        result.durationMs,
        result.statusCode,
        outcome,
        error,
        result.responseExcerpt,
      ],
    );
  }

  private async finish(delivery: ClaimedDelivery, startedAt: Date, result: SendResult): Promise<void> {
    const now = this.clock.now();
    await inTransaction(this.db, async (m) => {
      // Only the holder of the current claim records it (a lapsed lease was taken over by another worker).
      const owned = await sqlRows(
        m,
        `SELECT id FROM webhook_deliveries WHERE vendor_id = $1 AND id = $2 AND state = 'pending' AND attempts = $3 FOR UPDATE`,
        [delivery.vendor_id, delivery.id, delivery.attempts],
      );
      if (owned.length === 0) return;
      if (result.ok) {
        await this.recordAttempt(m, delivery, startedAt, result, 'delivered', null);
        await sqlRows(m, `UPDATE webhook_deliveries SET state = 'delivered', locked_until = NULL, finished_at = $3 WHERE vendor_id = $1 AND id = $2`, [
          delivery.vendor_id,
          delivery.id,
          now,
        ]);
        await sqlRows(m, `UPDATE webhook_endpoints SET failing_since = NULL WHERE vendor_id = $1 AND id = $2 AND failing_since IS NOT NULL`, [
          delivery.vendor_id,
          delivery.endpoint_id,
        ]);
        return;
      }
      const next = nextAttemptAt(delivery.attempts, now, this.random);
      const [endpoint] = await sqlRows<{ failing_since: Date; url: string }>(
        m,
        `UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, $3) WHERE vendor_id = $1 AND id = $2 RETURNING failing_since, url`,
        [delivery.vendor_id, delivery.endpoint_id, startedAt],
      );
      if (next) {
        await this.recordAttempt(m, delivery, startedAt, result, 'failed', result.error);
        await sqlRows(m, `UPDATE webhook_deliveries SET locked_until = NULL, next_attempt_at = $3 WHERE vendor_id = $1 AND id = $2`, [
          delivery.vendor_id,
          delivery.id,
          next,
        ]);
        return;
      }
      const disable = endpoint && shouldDisableEndpoint(new Date(endpoint.failing_since), now);
      await this.recordAttempt(
        m,
        delivery,
        startedAt,
        result,
        'given_up',
        `${result.error ?? 'failed'}; given up after ${delivery.attempts} attempts${disable ? '; the endpoint is disabled' : ''}`,
      );
      await sqlRows(m, `UPDATE webhook_deliveries SET state = 'failed', locked_until = NULL, finished_at = $3 WHERE vendor_id = $1 AND id = $2`, [
        delivery.vendor_id,
        delivery.id,
        now,
      ]);
      if (!disable) return;
      const reason = `every attempt failed since ${new Date(endpoint.failing_since).toISOString()}`;
      const disabled = await sqlRows(
        m,
        `UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = $3, updated_at = $4 WHERE vendor_id = $1 AND id = $2 AND status = 'enabled' RETURNING id`,
        [delivery.vendor_id, delivery.endpoint_id, reason, now],
      );
      if (disabled.length === 0) return;
      this.logger.warn({ vendorId: delivery.vendor_id, endpointId: delivery.endpoint_id }, 'webhook endpoint disabled after failing for three days');
      await appendToOutbox(m, [
        {
          type: 'endpoint.disabled',
          vendorId: delivery.vendor_id,
          aggregateId: delivery.endpoint_id,
          occurredAt: now,
          payload: { url: endpoint.url, reason, failingSince: new Date(endpoint.failing_since).toISOString() },
        },
      ]);
    });
  }
}
