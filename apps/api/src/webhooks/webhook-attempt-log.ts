import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';

/** One attempt to deliver a webhook message, as the delivery log shows it. */
export interface AttemptView {
  id: string;
  deliveryId: string;
  messageId: string;
  eventType: string;
  attempt: number;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  outcome: 'delivered' | 'failed' | 'given_up';
  error: string | null;
  responseExcerpt: string | null;
  /** For a failed attempt whose delivery will be tried again: when (in the vendor's time); null otherwise. */
  nextAttemptAt: string | null;
}

/** Every attempt of one endpoint, newest first, with when a failed one is tried again. */
export async function attemptsOf(db: DataSource, vendorId: string, endpointId: string, limit: number): Promise<AttemptView[]> {
  const rows = await sqlRows<{
    id: string;
    delivery_id: string;
    message_id: string;
    type: string;
    attempt: number;
    started_at: Date;
    duration_ms: number;
    status_code: number | null;
    outcome: AttemptView['outcome'];
    error: string | null;
    response_excerpt: string | null;
    next_attempt_at: Date | null;
  }>(
    db,
    `SELECT a.id, a.delivery_id, a.message_id, w.type, a.attempt, a.started_at, a.duration_ms, a.status_code, a.outcome, a.error, a.response_excerpt,
            CASE WHEN a.outcome = 'failed' AND d.state = 'pending' AND d.attempts = a.attempt THEN d.next_attempt_at END AS next_attempt_at
       FROM webhook_attempts a JOIN webhook_messages w ON w.vendor_id = a.vendor_id AND w.id = a.message_id
       LEFT JOIN webhook_deliveries d ON d.vendor_id = a.vendor_id AND d.id = a.delivery_id
      WHERE a.vendor_id = $1 AND a.endpoint_id = $2
      ORDER BY a.started_at DESC, a.id DESC LIMIT $3`,
    [vendorId, endpointId, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    deliveryId: r.delivery_id,
    messageId: r.message_id,
    eventType: r.type,
    attempt: r.attempt,
    startedAt: new Date(r.started_at).toISOString(),
    durationMs: r.duration_ms,
    statusCode: r.status_code,
    outcome: r.outcome,
    error: r.error,
    responseExcerpt: r.response_excerpt,
    nextAttemptAt: r.next_attempt_at ? new Date(r.next_attempt_at).toISOString() : null,
  }));
}
