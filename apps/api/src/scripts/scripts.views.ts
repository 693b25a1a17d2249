import { ScriptConfiguration } from '@kiosk/domain/scripts';
import { ScriptConfigurationView, ScriptReleasesView } from './scripts.dto';

export function scriptConfigurationView(configuration: ScriptConfiguration, scriptsUrl: string): ScriptConfigurationView {
  const { settings } = configuration;
  const vendor = encodeURIComponent(configuration.vendorId);
  return {
    vendorId: configuration.vendorId,
    version: configuration.version,
    updatedAt: configuration.updatedAt?.toISOString() ?? null,
    clientId: settings.clientId,
    paywallId: settings.paywallId,
    contentSelectors: settings.contentSelectors,
    transforms: settings.transforms,
    analytics: settings.analytics,
    plugins: settings.plugins,
    scriptUrls: {
      bundle: `${scriptsUrl}/s/${vendor}/bundle/stable`,
      serviceJs: `${scriptsUrl}/s/${vendor}/service-js/stable`,
      serviceComponents: `${scriptsUrl}/s/${vendor}/service-components/stable`,
    },
  };
}

export function scriptReleasesView(listing: { releases: { version: string; releasedAt: Date }[]; stable: string | null; latest: string | null }): ScriptReleasesView {
  return {
    releases: listing.releases.map((r) => ({
      version: r.version,
      releasedAt: r.releasedAt.toISOString(),
      channels: [...(r.version === listing.stable ? ['stable'] : []), ...(r.version === listing.latest ? ['latest'] : [])],
    })),
    stable: listing.stable,
    latest: listing.latest,
  };
}
