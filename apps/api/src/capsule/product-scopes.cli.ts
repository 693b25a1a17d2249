import { ListProductScopes, SetProductScopes } from '@kiosk/domain/capsule';
import { Command } from 'commander';
import { Runtime } from '../runtime';

type WithRuntime = (work: (runtime: Runtime) => Promise<unknown>) => Promise<void>;

const list = (value: string, previous: string[] = []) => [...previous, value];

/** `kiosk capsule:product-scopes:...`: the same use cases as the management routes. */
export function registerProductScopeCommands(program: Command, withRuntime: WithRuntime): void {
  program
    .command('capsule:product-scopes:set')
    .description('set the capsule scopes a product grants (replaces them; no --scope removes the product from the mapping)')
    .requiredOption('--vendor <id>')
    .requiredOption('--sku <sku>')
    .option('--scope <scope>', 'a scope the product grants (repeatable)', list, [])
    .action((o: { vendor: string; sku: string; scope: string[] }) =>
      withRuntime((r) => r.container.get(SetProductScopes).execute({ vendorId: o.vendor, sku: o.sku, scopes: o.scope })),
    );

  program
    .command('capsule:product-scopes:list')
    .description('print the capsule scopes each mapped product of a vendor grants')
    .requiredOption('--vendor <id>')
    .action((o: { vendor: string }) => withRuntime((r) => r.container.get(ListProductScopes).execute({ vendorId: o.vendor })));
}
