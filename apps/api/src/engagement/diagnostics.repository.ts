import { DiagnosticsRepository, StoredDiagnostics } from '@kiosk/domain/engagement';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';
import { DiagnosticsRow } from './diagnostics.rows';

export class TypeOrmDiagnosticsRepository implements DiagnosticsRepository {
  constructor(private readonly db: DataSource) {}

  async add(entry: StoredDiagnostics): Promise<void> {
    await sqlRows(
      this.db,
      `INSERT INTO diagnostics (vendor_id, id, sender_kind, sender_id, client_id, record, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        entry.vendorId,
        entry.id,
        entry.sender.kind,
        entry.sender.kind === 'user' ? entry.sender.userId : entry.sender.visitorId,
        entry.sender.kind === 'visitor' ? entry.sender.clientId : null,
        JSON.stringify(entry.record),
        entry.receivedAt,
      ],
    );
  }

  /** Erases what a user sent (account deletion): answers how many records went. */
  async eraseUser(vendorId: string, userId: string): Promise<number> {
    const result = await managerOf(this.db)
      .getRepository(DiagnosticsRow)
      .delete({ vendorId, senderKind: 'user', senderId: userId });
    return result.affected ?? 0;
  }
}
