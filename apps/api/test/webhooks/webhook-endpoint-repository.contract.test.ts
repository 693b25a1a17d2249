import { WEBHOOK_ENDPOINT_REPOSITORY_CONTRACT } from '@kiosk/domain/testing';
import { WEBHOOKS } from '../../src/webhooks/webhooks.module';
import { givenVendor, startTestApp } from '../support/harness';

// The database webhook endpoints (secrets sealed as the service seals them) against the same cases as the
// in-memory ones (packages/domain/test/repositories).
let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('TypeOrmWebhookEndpointRepository keeps the WebhookEndpointRepository contract', () => {
  for (const c of WEBHOOK_ENDPOINT_REPOSITORY_CONTRACT) {
    it(c.name, async () => {
      const [vendor, other] = [await givenVendor(app), await givenVendor(app)];
      await c.run({ endpoints: app.runtime.container.get(WEBHOOKS.Endpoints), vendorId: vendor.vendorId, otherVendorId: other.vendorId });
    });
  }
});
