import {
  ChangeScriptConfiguration,
  GetScriptConfiguration,
  ListScriptReleases,
  PromoteScriptRelease,
  ResolveScript,
  ScriptConfigurationRepository,
  VendorDirectory,
} from '@kiosk/domain/scripts';
import { ServiceIdentifier } from 'inversify';
import { CATALOG } from '../catalog/catalog.module';
import { CHECKOUT } from '../checkout/checkout.module';
import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { readShippedRelease } from './script-files';
import { ScriptHost } from './script-host';
import { ScriptsController } from './scripts.controller';
import { TypeOrmScriptConfigurationRepository, TypeOrmScriptReleaseRepository } from './typeorm-scripts.repositories';

export const SCRIPTS = {
  Configurations: Symbol.for('ScriptConfigurationRepository') as ServiceIdentifier<ScriptConfigurationRepository>,
  Releases: Symbol.for('ScriptReleaseRepository') as ServiceIdentifier<TypeOrmScriptReleaseRepository>,
  Vendors: Symbol.for('ScriptVendorDirectory') as ServiceIdentifier<VendorDirectory>,
};

/**
 * The script host of interface 4.6 (`/s/{vendorId}/...`): the browser
 * library's releases (apps/web), each vendor's script configuration, and
 * the bundles that carry it.
 */
export const scriptsModule = defineModule({
  name: 'scripts',
  // catalog: whether a vendor exists.
  requires: ['catalog', 'checkout'],
  register: ({ bind }) => {
    bind(SCRIPTS.Configurations).toDynamicValue((c) => new TypeOrmScriptConfigurationRepository(c.get(TOKENS.DataSource))).inSingletonScope();
    bind(SCRIPTS.Releases)
      .toDynamicValue((c) => {
        const clock = c.get(TOKENS.Clock);
        return new TypeOrmScriptReleaseRepository(c.get(TOKENS.DataSource), () => readShippedRelease(), () => clock.now());
      })
      .inSingletonScope();
    bind(SCRIPTS.Vendors).toDynamicValue((c) => {
      const vendors = c.get(CATALOG.Vendors);
      return { exists: async (vendorId: string) => (await vendors.find(vendorId)) !== null };
    });
    bind(GetScriptConfiguration).toDynamicValue((c) => new GetScriptConfiguration(c.get(SCRIPTS.Configurations)));
    bind(ChangeScriptConfiguration).toDynamicValue((c) => new ChangeScriptConfiguration(c.get(SCRIPTS.Configurations), c.get(TOKENS.Clock)));
    bind(ListScriptReleases).toDynamicValue((c) => new ListScriptReleases(c.get(SCRIPTS.Releases)));
    bind(PromoteScriptRelease).toDynamicValue((c) => new PromoteScriptRelease(c.get(SCRIPTS.Releases)));
    bind(ResolveScript).toDynamicValue((c) => new ResolveScript(c.get(SCRIPTS.Vendors), c.get(SCRIPTS.Releases), c.get(SCRIPTS.Configurations)));
    bind(ScriptHost)
      .toDynamicValue((c) => {
        // The components wear the vendor's brand colour, the one of its checkout settings.
        const colourOf = async (vendorId: string) => (await c.get(CHECKOUT.Settings, { optional: true })?.find(vendorId))?.color ?? null;
        // And speak its default reader language when the page and the browser name none they speak.
        const languageOf = async (vendorId: string) => (await c.get(CHECKOUT.Settings, { optional: true })?.find(vendorId))?.defaultLanguage ?? null;
        return new ScriptHost(c.get(ResolveScript), c.get(SCRIPTS.Releases), c.get(TOKENS.Config).baseUrl, undefined, colourOf, languageOf);
      })
      .inSingletonScope();
    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new ScriptsController(
          { get: c.get(GetScriptConfiguration), change: c.get(ChangeScriptConfiguration), releases: c.get(ListScriptReleases) },
          c.get(ScriptHost),
          c.get(TOKENS.Config).scriptsUrl,
        ),
    );
  },
});
