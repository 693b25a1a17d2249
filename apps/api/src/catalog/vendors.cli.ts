import { AdvanceTestClock, CreateVendor, GetTestClock } from '@kiosk/domain/catalog';
import { Command, InvalidArgumentError } from 'commander';
import { Runtime } from '../runtime';
import { testClockView } from './test-clocks.dto';

type WithRuntime = (work: (runtime: Runtime) => Promise<unknown>) => Promise<void>;

const instant = (value: string) => {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new InvalidArgumentError('must be an ISO 8601 instant, such as 2027-01-01T00:00:00Z');
  return at;
};
const list = (value: string, previous: string[] = []) => [...previous, value];

/**
 * `kiosk vendor:create` and, for a test-mode vendor, `kiosk test-clock:*`
 * (its test clock, as the management routes offer it: docs/operations.md).
 */
export function registerVendorCommands(program: Command, withRuntime: WithRuntime): void {
  program
    .command('vendor:create')
    .description('create a vendor')
    .requiredOption('--id <id>', 'vendor id (lowercase letters, digits, hyphens)')
    .requiredOption('--name <name>', 'display name')
    .option('--domain <host>', 'a domain of the vendor (repeatable)', list, [])
    .option('--test-mode', 'a test-mode vendor, with its own test clock (test-clock:get, test-clock:advance); never for production', false)
    .option('--clock-start <instant>', "with --test-mode: the ISO 8601 instant the vendor's test clock starts at (default: now)", instant)
    .action((o: { id: string; name: string; domain: string[]; testMode: boolean; clockStart?: Date }) =>
      withRuntime((r) =>
        r.container
          .get(CreateVendor)
          .execute({ id: o.id, name: o.name, domains: o.domain, testMode: o.testMode, testClockStart: o.clockStart }),
      ),
    );

  program
    .command('test-clock:get')
    .description("show a test-mode vendor's test clock (the instant the vendor reads as now)")
    .requiredOption('--vendor <id>', 'id of the test-mode vendor')
    .action((o: { vendor: string }) => withRuntime(async (r) => testClockView(await r.container.get(GetTestClock).execute(o.vendor))));

  program
    .command('test-clock:advance')
    .description("move a test-mode vendor's test clock forward, running every timed move that fell due on the way")
    .requiredOption('--vendor <id>', 'id of the test-mode vendor')
    .requiredOption('--to <instant>', 'ISO 8601 instant to move the clock to (not before its current time)', instant)
    .action((o: { vendor: string; to: Date }) =>
      withRuntime(async (r) => testClockView(await r.container.get(AdvanceTestClock).execute({ vendorId: o.vendor, to: o.to }))),
    );
}
