import { ListUserEntitlements } from '@kiosk/domain/access';
import { Command } from 'commander';
import { Runtime } from '../runtime';

type WithRuntime = (work: (runtime: Runtime) => Promise<unknown>) => Promise<void>;

/** `kiosk entitlement:list`: what a user holds, as the access module sees it. */
export function registerAccessCommands(program: Command, withRuntime: WithRuntime): void {
  program
    .command('entitlement:list')
    .description("print a user's entitlements (revoked ones left out) with hasAccess")
    .requiredOption('--vendor <id>')
    .requiredOption('--user <userId>')
    .action((o: { vendor: string; user: string }) =>
      withRuntime((r) => r.container.get(ListUserEntitlements).execute({ vendorId: o.vendor, userId: o.user })),
    );
}
