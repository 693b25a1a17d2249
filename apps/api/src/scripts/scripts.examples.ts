/** Worked examples of the scripts routes for the OpenAPI document (checked against their schemas by the linter). */
export const SCRIPT_CONFIGURATION_EXAMPLE = {
  vendorId: 'daily',
  version: 3,
  updatedAt: '2026-11-20T10:15:00.000Z',
  clientId: 'bc_5f2c9a7e1d',
  paywallId: '0190a4c2-7b7e-7d2a-9c1e-1f2e3d4c5b6a',
  contentSelectors: { article: 'article.story', title: 'h1.headline' },
  transforms: [
    { action: 'remove', selector: '.ad-slot', html: null, position: null, pathPattern: null, entitlement: { sku: 'daily', has: true }, signedIn: null },
  ],
  analytics: { dataLayer: 'dataLayer', pageViews: true, scrollDepth: false, activeTime: false },
  plugins: [],
  scriptUrls: {
    bundle: 'https://kiosk.example.com/s/daily/bundle/stable',
    serviceJs: 'https://kiosk.example.com/s/daily/service-js/stable',
    serviceComponents: 'https://kiosk.example.com/s/daily/service-components/stable',
  },
};

export const SCRIPT_CONFIGURATION_CHANGE_EXAMPLE = {
  paywallId: '0190a4c2-7b7e-7d2a-9c1e-1f2e3d4c5b6a',
  contentSelectors: { article: 'article.story', title: 'h1.headline' },
  analytics: { pageViews: true },
  ifVersion: 2,
};

export const SCRIPT_RELEASES_EXAMPLE = {
  releases: [
    { version: '0.1.0', releasedAt: '2026-11-01T08:00:00.000Z', channels: ['stable'] },
    { version: '0.2.0', releasedAt: '2026-11-20T08:00:00.000Z', channels: ['latest'] },
  ],
  stable: '0.1.0',
  latest: '0.2.0',
};

export const SCRIPT_EXAMPLE = '/*! Kiosk bundle 0.1.0 for daily */\nwindow.__kioskBundleConfig={"vendorId":"daily","apiUrl":"https://kiosk.example.com"};\n(()=>{/* library */})();\n';
