import { IDENTITY } from '../identity/identity.module';
import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { PortalController } from './portal.controller';

/**
 * The vendor portal at `/portal` (docs/portal.md): a web application for a
 * publisher's staff on top of the management interface, not a business
 * module; it needs identity only to find the publisher's browser client its
 * sign-in goes through.
 */
export const portalModule = defineModule({
  name: 'portal',
  requires: ['identity'],
  register: ({ bind }) => {
    bind(TOKENS.Controller).toDynamicValue((c) => new PortalController(c.get(IDENTITY.BrowserClients), c.get(TOKENS.Config).baseUrl));
  },
});
