import { ListUserEntitlements } from '@kiosk/domain/access';
import { Command } from 'commander';
import { Runtime } from '../runtime';
import { AutoOnboardRules } from './auto-onboard-rules';

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

/** `kiosk auto-onboard:set` / `auto-onboard:list`: what the embedded external-access system grants. */
export function registerAutoOnboardCommands(program: Command, withRuntime: WithRuntime): void {
  program
    .command('auto-onboard:set')
    .description('set the skus a holder of --sku is granted on auto-onboarding (replaces the list; none clears it)')
    .requiredOption('--vendor <id>')
    .requiredOption('--sku <sku>')
    .option('--grant <sku...>', 'granted sku (repeat)', [])
    .action((o: { vendor: string; sku: string; grant: string[] }) =>
      withRuntime((r) => r.container.get(AutoOnboardRules).set(o.vendor, o.sku, o.grant)),
    );
  program
    .command('auto-onboard:list')
    .description("print the vendor's auto-onboarding rules")
    .requiredOption('--vendor <id>')
    .action((o: { vendor: string }) => withRuntime((r) => r.container.get(AutoOnboardRules).list(o.vendor)));
}
