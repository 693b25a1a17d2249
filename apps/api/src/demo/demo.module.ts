import { GetScriptConfiguration } from '@kiosk/domain/scripts';
import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { DEMO_VENDOR_ID } from './demo-data';
import { demoCapsuleOf } from './demo-site-setup';
import { DemoSiteController } from './demo-site.controller';

/** The demo newspaper at `/demo/` (demo data, not a business module): it shows the script host at work. */
export const demoSiteModule = defineModule({
  name: 'demo',
  // scripts: the demo vendor's script configuration names the site's browser client;
  // capsule: the premium article is encrypted with the demo vendor's capsule keys;
  // identity: the site's browser client accepts this service's address (setUpDemoSite).
  requires: ['scripts', 'capsule', 'identity'],
  register: ({ bind }) => {
    bind(TOKENS.Controller).toDynamicValue(
      (c) => new DemoSiteController(DEMO_VENDOR_ID, c.get(GetScriptConfiguration), demoCapsuleOf(c as never, DEMO_VENDOR_ID), c.get(TOKENS.Clock)),
    );
  },
});
