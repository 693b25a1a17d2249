import { readFileSync } from 'node:fs';
import { LoadFulfillments } from '@kiosk/domain/engagement';
import { Command } from 'commander';
import { Runtime } from '../runtime';
import { validateInput } from '../platform/http/validation';
import { LoadFulfillmentsBody } from './fulfillments.dto';
import { EmbeddedDeliveryProvider } from './fulfillments.typeorm';
import { fulfillmentInput, managedFulfillmentView } from './fulfillments.views';

type WithRuntime = (work: (runtime: Runtime) => Promise<unknown>) => Promise<void>;

/** `kiosk fulfillment:load` and `kiosk fulfillment:requests`: the same use case and store as the management route. */
export function registerFulfillmentCommands(program: Command, withRuntime: WithRuntime): void {
  program
    .command('fulfillment:load')
    .description('load (insert or update by id) fulfillments from a JSON file: {"fulfillments": [...]} or an array')
    .requiredOption('--vendor <id>')
    .requiredOption('--file <path>', 'JSON file; "-" reads stdin')
    .action((o: { vendor: string; file: string }) =>
      withRuntime(async (r) => {
        const parsed: unknown = JSON.parse(readFileSync(o.file === '-' ? 0 : o.file, 'utf8'));
        const body = await validateInput(LoadFulfillmentsBody, Array.isArray(parsed) ? { fulfillments: parsed } : parsed, 'body');
        const stored = await r.container
          .get(LoadFulfillments)
          .execute({ vendorId: o.vendor, fulfillments: body.fulfillments.map(fulfillmentInput) });
        return stored.map(managedFulfillmentView);
      }),
    );

  program
    .command('fulfillment:requests')
    .description('print the delivery requests the embedded delivery provider recorded for a vendor, oldest first')
    .requiredOption('--vendor <id>')
    .action((o: { vendor: string }) =>
      withRuntime(async (r) =>
        (await r.container.get(EmbeddedDeliveryProvider).list(o.vendor)).map((d) => ({
          id: d.id,
          fulfillmentId: d.fulfillmentId,
          userId: d.userId,
          provider: d.provider,
          address: d.address,
          requestedAt: d.requestedAt.toISOString(),
        })),
      ),
    );
}
