import { CapsuleKeyStore, CapsuleVendorKeys, ShareTokenUseCounter } from '../capsule';

export class InMemoryCapsuleKeyStore implements CapsuleKeyStore {
  readonly rows = new Map<string, CapsuleVendorKeys>();
  put(keys: CapsuleVendorKeys): void {
    this.rows.set(keys.vendorId, keys);
  }
  async find(vendorId: string): Promise<CapsuleVendorKeys | null> {
    return this.rows.get(vendorId) ?? null;
  }
}

/** Single-threaded, so check-and-increment is atomic here; the database adapter needs one conditional update. */
export class InMemoryShareTokenUseCounter implements ShareTokenUseCounter {
  readonly used = new Map<string, number>();
  async consumeUse(jti: string, maxUses: number): Promise<boolean> {
    const count = this.used.get(jti) ?? 0;
    if (count >= maxUses) return false;
    this.used.set(jti, count + 1);
    return true;
  }
}
