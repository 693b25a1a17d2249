/**
 * Port: the scopes a signed-in reader holds through active entitlements of
 * the vendor (a product grants one or more scopes). The access module will
 * answer it; until then no reader holds any scope, so unlock grants only
 * through share tokens and signed links.
 */
export interface ReaderScopes {
  scopesOf(vendorId: string, userId: string): Promise<string[]>;
}

/** The adapter until entitlements exist: nobody holds a scope. */
export class NoReaderScopes implements ReaderScopes {
  async scopesOf(): Promise<string[]> {
    return [];
  }
}
