import { Command } from 'commander';

/**
 * What an option means, for the options modules register without saying it
 * (most often the ones every command shares, like `--vendor`). Keyed by
 * `command --option` for a meaning of one command, or by `--option` alone.
 * A module's own description always wins.
 */
const DESCRIPTIONS: Record<string, string> = {
  '--vendor': 'id of the vendor (lowercase letters, digits, hyphens)',
  '--user': 'id of the user',
  '--bill': 'id of the bill',
  '--sku': "the product's SKU",
  '--kid': 'key id',
  '--domain': 'a domain (host name) of the vendor',
  '--pool': 'id of the license pool',
  '--mode': "how capsules are unlocked: the service holds the keys (hosted) or the vendor's issuer wraps them",
  '--algorithm': 'signing algorithm of the issuer key',
  '--tier': 'the capsule scope (tier) the link unlocks',
  '--content-id': 'id of the content the link unlocks',
  '--url': 'address of the page the link is for (empty: any)',
  '--user-id': 'id of the user the link is for (empty: anyone)',
  '--ttl-seconds': 'how long the link is valid, in seconds',
  'capsule:publisher-key:add --pem-file': "PEM file holding the publisher's public key",
  'license-pool:stock --pool': 'only this pool (default: every pool of the vendor)',
};

/**
 * Fills in the description of every option of every command that has none,
 * from the table above, so `--help` explains every option. Answers the
 * options still without one (a test keeps that list empty).
 */
export function describeEveryOption(program: Command): string[] {
  const missing: string[] = [];
  for (const command of [program, ...program.commands]) {
    for (const option of command.options) {
      if (option.description) continue;
      const long = option.long ?? option.flags;
      option.description = DESCRIPTIONS[`${command.name()} ${long}`] ?? DESCRIPTIONS[long] ?? '';
      if (!option.description) missing.push(`${command.name()} ${long}`);
    }
    if (!command.description()) missing.push(`${command.name()} (the command itself)`);
  }
  return missing;
}
