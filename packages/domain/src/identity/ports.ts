import { ApiKey } from './api-key';
import { BrowserClient } from './browser-client';
import { User } from './user';

export interface ApiKeyRepository {
  add(key: ApiKey): Promise<void>;
  find(vendorId: string, clientId: string): Promise<ApiKey | null>;
  /** Every key of the vendor, revoked ones included, newest first. */
  list(vendorId: string): Promise<ApiKey[]>;
  /** Marks the key revoked; false when the vendor has no such key. */
  revoke(vendorId: string, clientId: string, at: Date): Promise<boolean>;
}

export interface UserRepository {
  /** Adds the user, or returns the one the vendor already has with that e-mail. */
  addOrGet(user: User): Promise<User>;
  find(vendorId: string, userId: string): Promise<User | null>;
  /** The vendor's user with this (normalized) e-mail. */
  findByEmail(vendorId: string, email: string): Promise<User | null>;
  /** Sets the user's names (null clears one); nothing happens when the vendor has no such user. */
  rename(vendorId: string, userId: string, firstName: string | null, lastName: string | null): Promise<void>;
}

/** One-way hashing of high-entropy secrets, compared in constant time. */
export interface SecretHasher {
  hash(secret: string): string;
  matches(secret: string, hash: string): boolean;
}

/** Randomness for credentials; the domain never draws it itself. */
export interface CredentialGenerator {
  apiKeyClientId(): string;
  apiKeySecret(): string;
  browserClientId(): string;
}

export interface BrowserClientRepository {
  /** Adds a client; false when the id is taken. */
  add(client: BrowserClient): Promise<boolean>;
  /** Any vendor's client by id: the id itself says which vendor a browser request is for. */
  findById(clientId: string): Promise<BrowserClient | null>;
  list(vendorId: string): Promise<BrowserClient[]>;
  /** Whether any vendor registered this origin (for CORS answers). */
  anyAllowsOrigin(origin: string): Promise<boolean>;
  /** Adds an allowed origin to the vendor's client (a site on it, docs/management.md); false when there is no such client. */
  addAllowedOrigin(vendorId: string, clientId: string, origin: string): Promise<boolean>;
}
