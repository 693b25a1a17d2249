/** Source of identifiers (UUIDv7 in production, sequential in tests). */
export interface IdGenerator {
  next(): string;
}
