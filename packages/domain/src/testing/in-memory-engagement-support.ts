import { DiagnosticsRepository, StoredDiagnostics, SupportSessionClaims, SupportSessionReaders, SupportSessionSigner } from '../engagement';
import { UserRepository } from '../identity';

/** Keeps every diagnostics record, for the test to read. */
export class InMemoryDiagnosticsRepository implements DiagnosticsRepository {
  readonly rows: StoredDiagnostics[] = [];
  async add(entry: StoredDiagnostics): Promise<void> {
    this.rows.push(entry);
  }
}

/** "Signs" support-session claims as readable JSON (`unsigned.<json>`) and keeps them. */
export class RecordingSupportSessionSigner implements SupportSessionSigner {
  readonly signed: SupportSessionClaims[] = [];
  async sign(claims: SupportSessionClaims): Promise<string> {
    this.signed.push(claims);
    return `unsigned.${JSON.stringify(claims)}`;
  }
}

/** The readers a support session can be for: the users of a user repository, by vendor. */
export class UsersAsSupportSessionReaders implements SupportSessionReaders {
  constructor(private readonly users: Pick<UserRepository, 'find'>) {}
  async emailOf(vendorId: string, userId: string): Promise<string | null> {
    return (await this.users.find(vendorId, userId))?.email ?? null;
  }
}
