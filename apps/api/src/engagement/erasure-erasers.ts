import { ErasureSubject, PersonalDataEraser } from '@kiosk/domain/engagement';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';
import { UserLiveness } from './erasure-liveness';
import { scrubColumn, tableExists } from './erasure-sql';

/*
 * The erasers of the modules that existed when account erasure was built.
 * Each names its module and touches only that module's tables; they live
 * here until their modules take them over (binding them to
 * ERASURE_TOKENS.PersonalDataEraser from their own container modules).
 * Every statement is scoped to the subject's vendor and runs in the
 * transaction EraseAccount opens.
 */

/** identity: the user row becomes a tombstone (id kept, e-mail replaced, names gone, erased_at set); sign-in data goes. */
export class IdentityEraser implements PersonalDataEraser {
  readonly module = 'identity';
  constructor(
    private readonly db: DataSource,
    private readonly liveness: UserLiveness,
  ) {}

  async erase(s: ErasureSubject): Promise<void> {
    const m = managerOf(this.db);
    // Anyone may create a user with an e-mail that looks like a tombstone; then this one gets a suffix.
    const [{ taken }] = await sqlRows<{ taken: boolean }>(
      m,
      `SELECT EXISTS (SELECT 1 FROM users WHERE vendor_id = $1 AND email = $2 AND id <> $3) AS taken`,
      [s.vendorId, s.tombstoneEmail, s.userId],
    );
    const tombstone = taken ? s.tombstoneEmail.replace('@', `-${s.erasedAt.getTime()}@`) : s.tombstoneEmail;
    await sqlRows(
      m,
      `UPDATE users SET email = $3, first_name = NULL, last_name = NULL, staff = false, erased_at = $4
        WHERE vendor_id = $1 AND id = $2`,
      [s.vendorId, s.userId, tombstone, s.erasedAt],
    );
    if (await tableExists(m, 'user_passwords')) {
      await sqlRows(m, `DELETE FROM user_passwords WHERE vendor_id = $1 AND user_id = $2`, [s.vendorId, s.userId]);
    }
    if (await tableExists(m, 'password_reset_tokens')) {
      await sqlRows(m, `DELETE FROM password_reset_tokens WHERE vendor_id = $1 AND user_id = $2`, [s.vendorId, s.userId]);
    }
    if (await tableExists(m, 'oidc_payloads')) {
      // Sessions, grants, codes and tokens of the embedded OpenID provider: their accountId is the user id.
      await sqlRows(m, `DELETE FROM oidc_payloads WHERE payload->>'accountId' = $1 OR strpos(lower(payload::text), lower($2)) > 0`, [
        s.userId,
        s.email,
      ]);
    }
    this.liveness.forget(s.vendorId, s.userId);
  }
}

/** contracts: kept (the law), but the snapshot's parties lose their e-mail; the invoice address of the person goes too. */
export class ContractsEraser implements PersonalDataEraser {
  readonly module = 'contracts';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    const m = managerOf(this.db);
    // Where the erased person is the one billed, the invoice e-mail is theirs.
    await sqlRows(
      m,
      `UPDATE contracts SET snapshot = jsonb_set(snapshot, '{invoice,email}', 'null'::jsonb)
        WHERE vendor_id = $1 AND snapshot->'invoice' IS NOT NULL
          AND ((user_id = $2 AND jsonb_typeof(snapshot->'payer') IS DISTINCT FROM 'object') OR snapshot->'payer'->>'id' = $2)`,
      [s.vendorId, s.userId],
    );
    await scrubColumn(m, { table: 'contracts', keys: ['vendor_id', 'id'], column: 'snapshot', kind: 'json' }, s);
  }
}

/** billing: bills and transactions keep the opaque user id; invoices lose e-mail and names; mails to the person go. */
export class BillingEraser implements PersonalDataEraser {
  readonly module = 'billing';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    const m = managerOf(this.db);
    await sqlRows(
      m,
      `UPDATE invoice_documents SET email = $3
        WHERE vendor_id = $1 AND (lower(email) = lower($2) OR billed_user_id = $4)`,
      [s.vendorId, s.email, s.tombstoneEmail, s.userId],
    );
    await scrubColumn(m, { table: 'invoice_documents', keys: ['vendor_id', 'id'], column: 'document', kind: 'json' }, s);
    await sqlRows(m, `DELETE FROM mail_messages WHERE vendor_id = $1 AND lower(to_address) = lower($2)`, [s.vendorId, s.email]);
    await scrubColumn(m, { table: 'mail_messages', keys: ['id'], column: 'body', kind: 'text' }, s);
    await scrubColumn(m, { table: 'mail_messages', keys: ['id'], column: 'subject', kind: 'text' }, s);
  }
}

/** access: the person's entitlements go (their contracts stay, detached). */
export class AccessEraser implements PersonalDataEraser {
  readonly module = 'access';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    await sqlRows(managerOf(this.db), `DELETE FROM entitlements WHERE vendor_id = $1 AND user_id = $2`, [s.vendorId, s.userId]);
  }
}

/** platform: answers kept for Idempotency-Key replays and outbox payloads lose the person. */
export class PlatformEraser implements PersonalDataEraser {
  readonly module = 'platform';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    const m = managerOf(this.db);
    const needles = [s.email, [s.firstName, s.lastName].filter(Boolean).join(' ')].filter((n) => n.length >= 2).map((n) => n.toLowerCase());
    // Replays of the person's own requests, and any stored answer that shows them, are forgotten.
    await sqlRows(
      m,
      `DELETE FROM idempotency_keys WHERE scope = $1
          OR (starts_with(scope, $2) AND EXISTS (SELECT 1 FROM unnest($3::text[]) n WHERE strpos(lower(coalesce(body, '')), n) > 0))`,
      [`${s.vendorId}:user:${s.userId}`, `${s.vendorId}:`, needles],
    );
    await scrubColumn(m, { table: 'outbox', keys: ['id'], column: 'payload', kind: 'json' }, s);
    await scrubColumn(m, { table: 'outbox', keys: ['id'], column: 'last_error', kind: 'text' }, s);
  }
}

/**
 * engagement (parts A and B): profile, metadata, tags, fulfillments and
 * delivery requests, the reader's tallies and diagnostics go; license keys
 * they claimed stay used but no longer name them.
 */
export class EngagementEraser implements PersonalDataEraser {
  readonly module = 'engagement';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    const m = managerOf(this.db);
    const reader = [s.vendorId, s.userId];
    await sqlRows(m, `DELETE FROM engagement_delivery_requests WHERE vendor_id = $1 AND user_id = $2`, reader);
    await sqlRows(m, `DELETE FROM engagement_fulfillments WHERE vendor_id = $1 AND user_id = $2`, reader);
    await sqlRows(m, `DELETE FROM engagement_tags WHERE vendor_id = $1 AND user_id = $2`, reader);
    await sqlRows(m, `DELETE FROM engagement_user_metadata WHERE vendor_id = $1 AND user_id = $2`, reader);
    await sqlRows(m, `DELETE FROM engagement_profiles WHERE vendor_id = $1 AND user_id = $2`, reader);
    if (await tableExists(m, 'tallies')) {
      await sqlRows(m, `DELETE FROM tallies WHERE vendor_id = $1 AND owner_kind = 'user' AND owner_id = $2`, reader);
    }
    if (await tableExists(m, 'diagnostics')) {
      await sqlRows(
        m,
        `DELETE FROM diagnostics WHERE vendor_id = $1
            AND ((sender_kind = 'user' AND sender_id = $2) OR strpos(lower(record::text), lower($3)) > 0)`,
        [...reader, s.email],
      );
      await scrubColumn(m, { table: 'diagnostics', keys: ['vendor_id', 'id'], column: 'record', kind: 'json' }, s);
    }
    if (await tableExists(m, 'license_holders')) {
      await sqlRows(m, `DELETE FROM license_holders WHERE vendor_id = $1 AND user_id = $2`, reader);
    }
    if (await tableExists(m, 'license_keys')) {
      // A handed-out key is used up: it stays claimed, by nobody in particular.
      await sqlRows(m, `UPDATE license_keys SET claimed_by = 'erased-user' WHERE vendor_id = $1 AND claimed_by = $2`, reader);
    }
  }
}
