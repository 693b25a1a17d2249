import { ScriptRelease } from './releases';
import { ScriptSettings } from './settings';

export interface ScriptConfiguration {
  vendorId: string;
  settings: ScriptSettings;
  /** Rises by one with every saved change (0: never saved, the defaults). */
  version: number;
  updatedAt: Date | null;
}

export interface ScriptConfigurationRepository {
  /** The vendor's configuration, or null when it has never been saved. */
  find(vendorId: string): Promise<ScriptConfiguration | null>;
  /**
   * Saves `next` if the stored version is still `expectedVersion`
   * (0: none stored); false when another change came first.
   */
  saveIfVersion(next: ScriptConfiguration, expectedVersion: number): Promise<boolean>;
}

export interface ScriptReleaseRepository {
  list(): Promise<ScriptRelease[]>;
  stable(): Promise<string | null>;
  promote(version: string): Promise<void>;
}

/** Whether a vendor exists (a script host answers 404 for one that does not). */
export interface VendorDirectory {
  exists(vendorId: string): Promise<boolean>;
}
