import { ScriptConfiguration, ScriptConfigurationRepository, ScriptRelease, ScriptReleaseRepository, VendorDirectory } from '../scripts';
import { VendorRepository } from '../catalog';

/** Configurations by vendor; a save whose expected version is no longer the stored one is refused, as the conditional update refuses it. */
export class InMemoryScriptConfigurationRepository implements ScriptConfigurationRepository {
  readonly rows = new Map<string, ScriptConfiguration>();
  async find(vendorId: string): Promise<ScriptConfiguration | null> {
    return this.rows.get(vendorId) ?? null;
  }
  async saveIfVersion(next: ScriptConfiguration, expectedVersion: number): Promise<boolean> {
    if ((this.rows.get(next.vendorId)?.version ?? 0) !== expectedVersion) return false;
    this.rows.set(next.vendorId, next);
    return true;
  }
}

/** The shipped releases, given up front, and which one is promoted to stable. */
export class InMemoryScriptReleaseRepository implements ScriptReleaseRepository {
  private stableVersion: string | null = null;
  constructor(private readonly releases: readonly ScriptRelease[] = []) {}
  async list(): Promise<ScriptRelease[]> {
    return [...this.releases];
  }
  async stable(): Promise<string | null> {
    return this.stableVersion;
  }
  async promote(version: string): Promise<void> {
    this.stableVersion = version;
  }
}

/** Vendors that exist are those of the vendor repository. */
export class VendorsAsDirectory implements VendorDirectory {
  constructor(private readonly vendors: Pick<VendorRepository, 'find'>) {}
  async exists(vendorId: string): Promise<boolean> {
    return (await this.vendors.find(vendorId)) !== null;
  }
}
