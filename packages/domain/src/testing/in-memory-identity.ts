import {
  AccessTokenIssuer,
  AccessTokenRequest,
  ApiKey,
  ApiKeyRepository,
  BrowserClient,
  BrowserClientRepository,
  CredentialGenerator,
  SecretHasher,
  User,
  UserRepository,
} from '../identity';

export class InMemoryApiKeyRepository implements ApiKeyRepository {
  readonly rows: ApiKey[] = [];
  async add(key: ApiKey): Promise<void> {
    this.rows.push(key);
  }
  async find(vendorId: string, clientId: string): Promise<ApiKey | null> {
    return this.rows.find((k) => k.vendorId === vendorId && k.clientId === clientId) ?? null;
  }
  async list(vendorId: string): Promise<ApiKey[]> {
    return this.rows
      .filter((k) => k.vendorId === vendorId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.clientId.localeCompare(a.clientId));
  }
  async revoke(vendorId: string, clientId: string, at: Date): Promise<boolean> {
    const index = this.rows.findIndex((k) => k.vendorId === vendorId && k.clientId === clientId);
    if (index < 0) return false;
    this.rows[index] = { ...this.rows[index], revokedAt: at };
    return true;
  }
}

export class InMemoryUserRepository implements UserRepository {
  readonly rows: User[] = [];
  async addOrGet(user: User): Promise<User> {
    const existing = this.rows.find((u) => u.vendorId === user.vendorId && u.email === user.email);
    if (existing) return existing;
    this.rows.push(user);
    return user;
  }
  async find(vendorId: string, userId: string): Promise<User | null> {
    return this.rows.find((u) => u.vendorId === vendorId && u.id === userId) ?? null;
  }
  async findByEmail(vendorId: string, email: string): Promise<User | null> {
    return this.rows.find((u) => u.vendorId === vendorId && u.email === email) ?? null;
  }
  async setStaff(vendorId: string, userId: string, staff: boolean): Promise<void> {
    const index = this.rows.findIndex((u) => u.vendorId === vendorId && u.id === userId);
    if (index >= 0) this.rows[index] = { ...this.rows[index], staff };
  }
  async rename(vendorId: string, userId: string, firstName: string | null, lastName: string | null): Promise<void> {
    const index = this.rows.findIndex((u) => u.vendorId === vendorId && u.id === userId);
    if (index >= 0) this.rows[index] = { ...this.rows[index], firstName, lastName };
  }
}

/** Reversible on purpose so tests can read what was "hashed"; never for production. */
export class PlainTextHasher implements SecretHasher {
  hash(secret: string): string {
    return `plain:${secret}`;
  }
  matches(secret: string, hash: string): boolean {
    return hash === `plain:${secret}`;
  }
}

export class SequentialCredentials implements CredentialGenerator {
  private counter = 0;
  apiKeyClientId(): string {
    this.counter += 1;
    return `apikey_test${this.counter}`;
  }
  apiKeySecret(): string {
    return `secret-${this.counter}`;
  }
  browserClientId(): string {
    this.counter += 1;
    return `client${this.counter}`;
  }
}

export class InMemoryBrowserClientRepository implements BrowserClientRepository {
  readonly rows: BrowserClient[] = [];
  async add(client: BrowserClient): Promise<boolean> {
    if (this.rows.some((c) => c.clientId === client.clientId)) return false;
    this.rows.push(client);
    return true;
  }
  async findById(clientId: string): Promise<BrowserClient | null> {
    return this.rows.find((c) => c.clientId === clientId) ?? null;
  }
  async list(vendorId: string): Promise<BrowserClient[]> {
    return this.rows.filter((c) => c.vendorId === vendorId);
  }
  async anyAllowsOrigin(origin: string): Promise<boolean> {
    return this.rows.some((c) => c.allowedOrigins.includes(origin));
  }
}

/** Records what it was asked to sign and answers a readable stand-in token. */
export class RecordingTokenIssuer implements AccessTokenIssuer {
  readonly issued: AccessTokenRequest[] = [];
  async issue(request: AccessTokenRequest): Promise<string> {
    this.issued.push(request);
    return `token-${this.issued.length}`;
  }
}
