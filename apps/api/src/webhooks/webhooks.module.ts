import { randomBytes } from 'node:crypto';
import {
  CATALOGUED_OUTBOX_TYPES,
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  DisableWebhookEndpoint,
  GetWebhookEndpoint,
  ListWebhookEndpoints,
  Random,
  RotateWebhookSecret,
  SigningSecretSource,
  UpdateWebhookEndpoint,
} from '@kiosk/domain/webhooks';
import { ServiceIdentifier } from 'inversify';
import { ACCESS } from '../access/access.module';
import { BILLING } from '../billing/billing.module';
import { CHECKOUT } from '../checkout/checkout.module';
import { CONTRACTS } from '../contracts/contracts.module';
import { ENGAGEMENT } from '../engagement/engagement.module';
import { SealedBox } from '../platform/crypto/sealed-box';
import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { TypeOrmWebhookEndpointRepository } from './typeorm-webhook-endpoints.repository';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookFanOut } from './webhook-fan-out';
import { ObjectViews } from './webhook-payloads';
import { WebhooksController } from './webhooks.controller';
import { WebhooksEraser } from './webhooks.eraser';

export { WebhookDeliveries } from './webhook-deliveries';

export const WEBHOOKS = {
  Endpoints: Symbol.for('WebhookEndpointRepository') as ServiceIdentifier<TypeOrmWebhookEndpointRepository>,
  Secrets: Symbol.for('WebhookSigningSecrets') as ServiceIdentifier<SigningSecretSource>,
  /** The jitter of the retry schedule. */
  Random: Symbol.for('WebhookRandom') as ServiceIdentifier<Random>,
  /** The views of the objects event payloads carry, each bound by the module that owns the object. */
  Views: Symbol.for('WebhookObjectViews') as ServiceIdentifier<ObjectViews>,
};

/** Standard Webhooks secrets: `whsec_` and 32 random bytes in base64. */
const secrets: SigningSecretSource = { generate: () => `whsec_${randomBytes(32).toString('base64')}` };
const mathRandom: Random = { next: () => Math.random() };

/**
 * A vendor's webhook endpoints, the messages made from outbox events, their
 * signed delivery by every worker, the delivery log, replay and test events.
 */
export const webhooksModule = defineModule({
  name: 'webhooks',
  // access: the content proxy's public-address check guards every endpoint address;
  // every module below: the views of its objects that event payloads carry.
  requires: ['access', 'contracts', 'billing', 'checkout', 'engagement'],
  register: ({ bind }) => {
    bind(TOKENS.PersonalDataEraser).toDynamicValue((c) => new WebhooksEraser(c.get(TOKENS.DataSource)));
    bind(WEBHOOKS.Endpoints).toDynamicValue(
      (c) => new TypeOrmWebhookEndpointRepository(c.get(TOKENS.DataSource), new SealedBox(c.get(TOKENS.Config).secretsKey)),
    );
    bind(WEBHOOKS.Secrets).toConstantValue(secrets);
    bind(WEBHOOKS.Random).toConstantValue(mathRandom);
    bind(WEBHOOKS.Views).toDynamicValue((c) => ({
      contract: c.get(CONTRACTS.ContractEventView),
      seat: c.get(CONTRACTS.SeatEventView),
      bill: c.get(BILLING.BillEventView),
      transaction: c.get(BILLING.TransactionEventView),
      entitlement: c.get(ACCESS.EntitlementEventView),
      checkout: c.get(CHECKOUT.CheckoutEventView),
      license: c.get(ENGAGEMENT.LicenseEventView),
    }));
    bind(CreateWebhookEndpoint).toDynamicValue(
      (c) => new CreateWebhookEndpoint(c.get(WEBHOOKS.Endpoints), c.get(WEBHOOKS.Secrets), c.get(TOKENS.Ids), c.get(TOKENS.Clock)),
    );
    bind(GetWebhookEndpoint).toDynamicValue((c) => new GetWebhookEndpoint(c.get(WEBHOOKS.Endpoints)));
    bind(ListWebhookEndpoints).toDynamicValue((c) => new ListWebhookEndpoints(c.get(WEBHOOKS.Endpoints)));
    bind(UpdateWebhookEndpoint).toDynamicValue((c) => new UpdateWebhookEndpoint(c.get(WEBHOOKS.Endpoints), c.get(TOKENS.Clock)));
    bind(DisableWebhookEndpoint).toDynamicValue((c) => new DisableWebhookEndpoint(c.get(WEBHOOKS.Endpoints), c.get(TOKENS.Clock)));
    bind(DeleteWebhookEndpoint).toDynamicValue((c) => new DeleteWebhookEndpoint(c.get(WEBHOOKS.Endpoints)));
    bind(RotateWebhookSecret).toDynamicValue(
      (c) => new RotateWebhookSecret(c.get(WEBHOOKS.Endpoints), c.get(WEBHOOKS.Secrets), c.get(TOKENS.Clock)),
    );
    bind(WebhookDeliveries).toDynamicValue((c) => {
      const config = c.get(TOKENS.Config);
      return new WebhookDeliveries(
        c.get(TOKENS.DataSource),
        c.get(WEBHOOKS.Endpoints),
        c.get(TOKENS.Clock),
        c.get(WEBHOOKS.Random),
        { timeoutMs: config.webhooks.timeoutMs, allowLoopback: config.webhooks.allowLoopbackForTests },
        c.get(TOKENS.Logger),
        c.get(WEBHOOKS.Views),
      );
    });
    for (const eventType of CATALOGUED_OUTBOX_TYPES) {
      bind(TOKENS.EventHandler).toDynamicValue((c) => new WebhookFanOut(eventType, c.get(WebhookDeliveries)));
    }
    bind(TOKENS.WorkerStep).toDynamicValue((c) => {
      const deliveries = c.get(WebhookDeliveries);
      return { name: 'webhook-deliveries', runOnce: () => deliveries.deliverOnce() };
    });
    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new WebhooksController(
          {
            create: c.get(CreateWebhookEndpoint),
            get: c.get(GetWebhookEndpoint),
            list: c.get(ListWebhookEndpoints),
            update: c.get(UpdateWebhookEndpoint),
            disable: c.get(DisableWebhookEndpoint),
            remove: c.get(DeleteWebhookEndpoint),
            rotate: c.get(RotateWebhookSecret),
          },
          c.get(WebhookDeliveries),
          c.get(TOKENS.Config).webhooks.allowLoopbackForTests,
        ),
    );
  },
});
