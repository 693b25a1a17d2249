import { NotFoundError } from '@kiosk/domain';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { DataSource } from 'typeorm';
import { RATE_RULES } from './rate-rules';

type WithDatabase = (work: (db: DataSource) => Promise<unknown>) => Promise<void>;

const RULE_NAMES = Object.values(RATE_RULES).map((r) => r.name);
const whole = (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return n;
};

/**
 * `kiosk vendor:rate-limit`: a vendor's own values of one rate limit
 * (docs/operations.md, "Rate limits"), kept in `vendors.rate_limits`; the
 * processes read them within 10 seconds. `--default` gives the rule back its
 * service-wide values.
 */
export function registerRateLimitCommands(program: Command, withDatabase: WithDatabase): void {
  program
    .command('vendor:rate-limit')
    .description("set a vendor's own values of one rate limit (docs/operations.md lists the rules and their defaults)")
    .requiredOption('--vendor <id>', 'id of the vendor')
    .addOption(new Option('--rule <name>', 'the rule (its stored key prefix)').choices(RULE_NAMES).makeOptionMandatory())
    .option('--points <n>', 'attempts allowed in the window', whole)
    .option('--window <seconds>', 'length of the window in seconds', whole)
    .option('--block <seconds>', 'wait after the limit is reached, in seconds (the window\'s rest when not set by the rule)', whole)
    .option('--default', "forget the vendor's values of the rule: the service's default applies", false)
    .action((o: { vendor: string; rule: string; points?: number; window?: number; block?: number; default: boolean }) =>
      withDatabase(async (db) => {
        const values = { points: o.points, windowSeconds: o.window, blockSeconds: o.block };
        const own = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
        const rows = (await db.query(
          o.default
            ? 'UPDATE vendors SET rate_limits = rate_limits - $2::text WHERE id = $1 RETURNING rate_limits'
            : 'UPDATE vendors SET rate_limits = rate_limits || jsonb_build_object($2::text, $3::jsonb) WHERE id = $1 RETURNING rate_limits',
          o.default ? [o.vendor, o.rule] : [o.vendor, o.rule, JSON.stringify(own)],
        )) as [{ rate_limits: unknown }[], number] | { rate_limits: unknown }[];
        const updated = Array.isArray(rows[0]) ? (rows[0] as { rate_limits: unknown }[]) : (rows as { rate_limits: unknown }[]);
        if (updated.length === 0) throw new NotFoundError('VENDOR.NOT_FOUND', `no vendor ${o.vendor}`);
        return { vendorId: o.vendor, rateLimits: updated[0].rate_limits };
      }),
    );
}
