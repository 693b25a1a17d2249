import { Clock } from '../shared/clock';
import { VendorNotFound } from '../catalog/use-cases';
import { StaleScriptSettings } from './errors';
import { ScriptConfiguration, ScriptConfigurationRepository, ScriptReleaseRepository, VendorDirectory } from './ports';
import { resolveReleaseTag, ScriptRelease } from './releases';
import { checkScriptSettings, DEFAULT_SCRIPT_SETTINGS } from './settings';

const defaults = (vendorId: string): ScriptConfiguration => ({ vendorId, settings: DEFAULT_SCRIPT_SETTINGS, version: 0, updatedAt: null });

/** The vendor's script configuration (the defaults until saved). */
export class GetScriptConfiguration {
  constructor(private readonly configurations: ScriptConfigurationRepository) {}
  async execute(vendorId: string): Promise<ScriptConfiguration> {
    return (await this.configurations.find(vendorId)) ?? defaults(vendorId);
  }
}

/**
 * Changes the configuration: members left out stay, the result is checked
 * as a whole, the version rises by one. With `ifVersion` a change made on a
 * stale copy is refused (409) instead of overwriting another's.
 */
export class ChangeScriptConfiguration {
  constructor(
    private readonly configurations: ScriptConfigurationRepository,
    private readonly clock: Clock,
  ) {}
  async execute(command: { vendorId: string; change: Parameters<typeof checkScriptSettings>[0]; ifVersion?: number }): Promise<ScriptConfiguration> {
    // Without ifVersion a change made meanwhile is merged into: read again and retry, a few times.
    let seen = 0;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const current = (await this.configurations.find(command.vendorId)) ?? defaults(command.vendorId);
      seen = current.version;
      if (command.ifVersion !== undefined && command.ifVersion !== current.version) throw new StaleScriptSettings(command.ifVersion, current.version);
      const next: ScriptConfiguration = {
        vendorId: command.vendorId,
        settings: checkScriptSettings(command.change, current.settings),
        version: current.version + 1,
        updatedAt: this.clock.now(),
      };
      if (await this.configurations.saveIfVersion(next, current.version)) return next;
      if (command.ifVersion !== undefined) throw new StaleScriptSettings(command.ifVersion, current.version + 1);
    }
    throw new StaleScriptSettings(seen, seen + 1);
  }
}

/** What the script host serves for a vendor and a tag: the exact version and the vendor's configuration. */
export class ResolveScript {
  constructor(
    private readonly vendors: VendorDirectory,
    private readonly releases: ScriptReleaseRepository,
    private readonly configurations: ScriptConfigurationRepository,
  ) {}
  async execute(vendorId: string, tag: string): Promise<{ version: string; configuration: ScriptConfiguration }> {
    if (!(await this.vendors.exists(vendorId))) throw new VendorNotFound(vendorId);
    const version = resolveReleaseTag(tag, await this.releases.list(), await this.releases.stable());
    const configuration = (await this.configurations.find(vendorId)) ?? defaults(vendorId);
    return { version, configuration };
  }
}

/** The releases with the channel each one answers to. */
export class ListScriptReleases {
  constructor(private readonly releases: ScriptReleaseRepository) {}
  async execute(): Promise<{ releases: ScriptRelease[]; stable: string; latest: string } | { releases: []; stable: null; latest: null }> {
    const releases = await this.releases.list();
    if (releases.length === 0) return { releases: [], stable: null, latest: null };
    const stable = await this.releases.stable();
    return { releases, stable: resolveReleaseTag('stable', releases, stable), latest: resolveReleaseTag('latest', releases, stable) };
  }
}

/** An operator makes a shipped version the `stable` one. */
export class PromoteScriptRelease {
  constructor(private readonly releases: ScriptReleaseRepository) {}
  async execute(version: string): Promise<void> {
    resolveReleaseTag(version, await this.releases.list(), null);
    await this.releases.promote(version);
  }
}
