import { Clock, IdGenerator } from '../shared';
import { DiagnosticsRecord, redactRecord } from './diagnostics';

/** Who sent a record: the authenticated reader, never the ids the record itself names. */
export type DiagnosticsSender =
  | { readonly kind: 'user'; readonly vendorId: string; readonly userId: string }
  | { readonly kind: 'visitor'; readonly vendorId: string; readonly visitorId: string; readonly clientId: string };

export interface StoredDiagnostics {
  readonly id: string;
  readonly vendorId: string;
  readonly sender: DiagnosticsSender;
  readonly record: DiagnosticsRecord;
  readonly receivedAt: Date;
}

export interface DiagnosticsRepository {
  add(entry: StoredDiagnostics): Promise<void>;
}

export class RecordDiagnostics {
  constructor(
    private readonly store: DiagnosticsRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: { sender: DiagnosticsSender; record: DiagnosticsRecord }): Promise<{ id: string; timestamp: Date }> {
    const entry: StoredDiagnostics = {
      id: this.ids.next(),
      vendorId: command.sender.vendorId,
      sender: command.sender,
      record: redactRecord(command.record),
      receivedAt: this.clock.now(),
    };
    await this.store.add(entry);
    return { id: entry.id, timestamp: entry.receivedAt };
  }
}
