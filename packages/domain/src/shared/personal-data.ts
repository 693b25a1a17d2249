/**
 * Erasing an account (DELETE /profile): every module that holds personal
 * data has a PersonalDataEraser, and all of them run in one transaction.
 * Financial records stay (the law keeps them) but lose the person: the user
 * id stays as an opaque id, e-mail and names go.
 */
export interface ErasureSubject {
  readonly vendorId: string;
  readonly userId: string;
  /** The e-mail and names as they were, so copies of them elsewhere can be found and removed. */
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  /** What stands in for the e-mail where a value is required: deliverable nowhere (RFC 2606 `.invalid`). */
  readonly tombstoneEmail: string;
  readonly erasedAt: Date;
}

export interface PersonalDataEraser {
  /** The module whose data it erases (for logs and reports). */
  readonly module: string;
  erase(subject: ErasureSubject): Promise<void>;
}
