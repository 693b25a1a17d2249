import {
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  DisableWebhookEndpoint,
  GetWebhookEndpoint,
  ListWebhookEndpoints,
  RotateWebhookSecret,
  UpdateWebhookEndpoint,
} from '@kiosk/domain/webhooks';
import { Command, InvalidArgumentError } from 'commander';
import { Runtime } from '../runtime';
import { checkEndpointAddress } from './endpoint-address';
import { WebhookDeliveries } from './webhook-deliveries';
import { endpointView } from './webhooks.controller';

type WithRuntime = (work: (runtime: Runtime) => Promise<unknown>) => Promise<void>;

const VENDOR = ['--vendor <id>', 'id of the vendor'] as const;
const ENDPOINT = ['--endpoint <id>', 'id of the webhook endpoint'] as const;
const eventTypes = (value: string) => (value === 'all' ? null : value.split(',').map((t) => t.trim()).filter(Boolean));
const instant = (value: string) => {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new InvalidArgumentError('must be an ISO 8601 instant');
  return at;
};

/** `kiosk webhook:*`: a vendor's webhook endpoints, as the management routes offer them (docs/webhooks.md). */
export function registerWebhookCommands(program: Command, withRuntime: WithRuntime): void {
  const loopback = (r: Runtime) => r.config.webhooks.allowLoopbackForTests;
  program
    .command('webhook:create')
    .description('add a webhook endpoint; prints its signing secret (whsec_...), the only time it is shown')
    .requiredOption(...VENDOR)
    .requiredOption('--url <url>', 'where events are POSTed (http or https, public addresses only)')
    .option('--events <types>', 'comma-separated event types, or all', 'all')
    .option('--description <text>', 'what the endpoint is for')
    .action((o: { vendor: string; url: string; events: string; description?: string }) =>
      withRuntime(async (r) => {
        await checkEndpointAddress(o.url, loopback(r));
        const { endpoint, secret } = await r.container
          .get(CreateWebhookEndpoint)
          .execute({ vendorId: o.vendor, url: o.url, eventTypes: eventTypes(o.events), description: o.description ?? null });
        return { ...endpointView(endpoint), secret };
      }),
    );
  program
    .command('webhook:list')
    .description("print the vendor's webhook endpoints")
    .requiredOption(...VENDOR)
    .action((o: { vendor: string }) =>
      withRuntime(async (r) => (await r.container.get(ListWebhookEndpoints).execute({ vendorId: o.vendor })).map(endpointView)),
    );
  program
    .command('webhook:get')
    .description('print one webhook endpoint')
    .requiredOption(...VENDOR)
    .requiredOption(...ENDPOINT)
    .action((o: { vendor: string; endpoint: string }) =>
      withRuntime(async (r) => endpointView(await r.container.get(GetWebhookEndpoint).execute({ vendorId: o.vendor, endpointId: o.endpoint }))),
    );
  program
    .command('webhook:update')
    .description('change the URL, event types or description of an endpoint, or enable it again')
    .requiredOption(...VENDOR)
    .requiredOption(...ENDPOINT)
    .option('--url <url>', 'the new address')
    .option('--events <types>', 'comma-separated event types, or all')
    .option('--description <text>', 'the new description')
    .option('--enable', 'enable a disabled endpoint (its failure count starts afresh)')
    .action((o: { vendor: string; endpoint: string; url?: string; events?: string; description?: string; enable?: boolean }) =>
      withRuntime(async (r) => {
        if (o.url !== undefined) await checkEndpointAddress(o.url, loopback(r));
        const endpoint = await r.container.get(UpdateWebhookEndpoint).execute({
          vendorId: o.vendor,
          endpointId: o.endpoint,
          url: o.url,
          eventTypes: o.events === undefined ? undefined : eventTypes(o.events),
          description: o.description,
          enabled: o.enable ? true : undefined,
        });
        return endpointView(endpoint);
      }),
    );
  program
    .command('webhook:disable')
    .description('stop delivering to an endpoint')
    .requiredOption(...VENDOR)
    .requiredOption(...ENDPOINT)
    .action((o: { vendor: string; endpoint: string }) =>
      withRuntime(async (r) => endpointView(await r.container.get(DisableWebhookEndpoint).execute({ vendorId: o.vendor, endpointId: o.endpoint }))),
    );
  program
    .command('webhook:delete')
    .description('remove an endpoint and drop its pending deliveries')
    .requiredOption(...VENDOR)
    .requiredOption(...ENDPOINT)
    .action((o: { vendor: string; endpoint: string }) =>
      withRuntime((r) => r.container.get(DeleteWebhookEndpoint).execute({ vendorId: o.vendor, endpointId: o.endpoint })),
    );
  program
    .command('webhook:rotate-secret')
    .description('print a new signing secret; the previous one keeps signing beside it for 24 hours')
    .requiredOption(...VENDOR)
    .requiredOption(...ENDPOINT)
    .action((o: { vendor: string; endpoint: string }) =>
      withRuntime(async (r) => {
        const { endpoint, secret } = await r.container.get(RotateWebhookSecret).execute({ vendorId: o.vendor, endpointId: o.endpoint });
        return { secret, previousSecretExpiresAt: endpointView(endpoint).previousSecretExpiresAt };
      }),
    );
  program
    .command('webhook:test')
    .description('queue an endpoint.test event for one endpoint (the worker sends it)')
    .requiredOption(...VENDOR)
    .requiredOption(...ENDPOINT)
    .action((o: { vendor: string; endpoint: string }) =>
      withRuntime(async (r) => ({ messageIds: [await r.container.get(WebhookDeliveries).sendTest(o.vendor, o.endpoint)] })),
    );
  program
    .command('webhook:attempts')
    .description("print an endpoint's delivery log, newest first")
    .requiredOption(...VENDOR)
    .requiredOption(...ENDPOINT)
    .option('--limit <n>', 'at most this many attempts', (v) => Number(v), 100)
    .action((o: { vendor: string; endpoint: string; limit: number }) =>
      withRuntime((r) => r.container.get(WebhookDeliveries).log(o.vendor, o.endpoint, o.limit)),
    );
  program
    .command('webhook:replay')
    .description('send again one event (--message) or every event the endpoint was sent since a time (--since)')
    .requiredOption(...VENDOR)
    .requiredOption(...ENDPOINT)
    .option('--message <id>', 'the event id (msg_...)')
    .option('--since <instant>', 'ISO 8601 instant', instant)
    .action((o: { vendor: string; endpoint: string; message?: string; since?: Date }) =>
      withRuntime(async (r) => {
        if ((o.message === undefined) === (o.since === undefined)) throw new InvalidArgumentError('give either --message or --since');
        const which = o.message !== undefined ? { messageId: o.message } : { since: o.since! };
        return { messageIds: await r.container.get(WebhookDeliveries).replay(o.vendor, o.endpoint, which) };
      }),
    );
}
