import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { TOKENS } from '../platform/tokens';
import { Runtime } from '../runtime';
import { ISSUER_ALGORITHMS, UNLOCK_MODES } from './capsule-keys.model';
import { CapsuleKeyManagement } from './capsule-keys.service';
import { SignedLinkSigner } from './signed-links';

type WithRuntime = (work: (runtime: Runtime) => Promise<unknown>) => Promise<void>;

const wholeNumber = (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('must be a whole number of at least 0');
  return n;
};
const file = (path: string) => readFileSync(path, 'utf8');

/** `kiosk capsule:...`: the same application service as the management routes. */
export function registerCapsuleCommands(program: Command, withRuntime: WithRuntime): void {
  const keys = (r: Runtime) => r.container.get(CapsuleKeyManagement);

  program
    .command('capsule:show')
    .description("print a vendor's capsule configuration (no secrets)")
    .requiredOption('--vendor <id>')
    .action((o: { vendor: string }) => withRuntime((r) => keys(r).configuration(o.vendor)));

  program
    .command('capsule:configure')
    .description('create or change capsule settings (mode, rotation interval, grace, secret overlap)')
    .requiredOption('--vendor <id>')
    .addOption(new Option('--mode <mode>').choices([...UNLOCK_MODES]))
    .option('--interval-minutes <n>', 'rotation interval; divides a day', wholeNumber)
    .option('--grace-seconds <n>', "how long the previous kid is honoured after a rotation", wholeNumber)
    .option('--overlap-seconds <n>', 'how long a replaced rotation secret is honoured', wholeNumber)
    .action((o: { vendor: string; mode?: 'hosted' | 'issuer-wrapped'; intervalMinutes?: number; graceSeconds?: number; overlapSeconds?: number }) =>
      withRuntime((r) =>
        keys(r).configure(o.vendor, {
          mode: o.mode,
          rotationIntervalMinutes: o.intervalMinutes,
          previousGraceSeconds: o.graceSeconds,
          secretOverlapSeconds: o.overlapSeconds,
        }),
      ),
    );

  program
    .command('capsule:publisher-key:add')
    .description('register a publisher ES256 public key (SPKI PEM file)')
    .requiredOption('--vendor <id>')
    .requiredOption('--kid <kid>')
    .requiredOption('--pem-file <path>')
    .action((o: { vendor: string; kid: string; pemFile: string }) =>
      withRuntime((r) => keys(r).addPublisherKey(o.vendor, { kid: o.kid, publicKeyPem: file(o.pemFile) })),
    );

  program
    .command('capsule:publisher-key:remove')
    .description('remove a publisher public key by its kid')
    .requiredOption('--vendor <id>')
    .requiredOption('--kid <kid>')
    .action((o: { vendor: string; kid: string }) => withRuntime((r) => keys(r).removePublisherKey(o.vendor, o.kid)));

  program
    .command('capsule:domain:add')
    .description('add a publisher domain')
    .requiredOption('--vendor <id>')
    .requiredOption('--domain <host>')
    .action((o: { vendor: string; domain: string }) => withRuntime((r) => keys(r).addDomain(o.vendor, o.domain)));

  program
    .command('capsule:domain:remove')
    .description('remove a publisher domain')
    .requiredOption('--vendor <id>')
    .requiredOption('--domain <host>')
    .action((o: { vendor: string; domain: string }) => withRuntime((r) => keys(r).removeDomain(o.vendor, o.domain)));

  program
    .command('capsule:rotation-secret:rotate')
    .description('generate a new rotation secret, printed once; the previous one overlaps')
    .requiredOption('--vendor <id>')
    .option('--overlap-seconds <n>', "default: the vendor's setting", wholeNumber)
    .action((o: { vendor: string; overlapSeconds?: number }) =>
      withRuntime((r) => keys(r).createRotationSecret(o.vendor, { overlapSeconds: o.overlapSeconds })),
    );

  program
    .command('capsule:rotation-secret:import')
    .description('install an existing rotation secret (32 bytes, base64 or base64url) from a file or stdin')
    .requiredOption('--vendor <id>')
    .option('--secret-file <path>', "file holding the secret; '-' reads stdin", '-')
    .option('--overlap-seconds <n>', "default: the vendor's setting", wholeNumber)
    .action((o: { vendor: string; secretFile: string; overlapSeconds?: number }) =>
      withRuntime((r) =>
        keys(r).importRotationSecret(o.vendor, file(o.secretFile === '-' ? '/dev/stdin' : o.secretFile), {
          overlapSeconds: o.overlapSeconds,
        }),
      ),
    );

  program
    .command('capsule:issuer-key:add')
    .description('add an issuer private key (PKCS#8 PEM file), or generate one; prints the public half')
    .requiredOption('--vendor <id>')
    .requiredOption('--kid <kid>')
    .addOption(new Option('--algorithm <alg>').choices([...ISSUER_ALGORITHMS]).makeOptionMandatory())
    .option('--pem-file <path>', 'omit to generate a key')
    .action((o: { vendor: string; kid: string; algorithm: 'ECDH-P256' | 'RSA-OAEP'; pemFile?: string }) =>
      withRuntime((r) =>
        keys(r).addIssuerKey(o.vendor, {
          kid: o.kid,
          algorithm: o.algorithm,
          privateKeyPem: o.pemFile === undefined ? undefined : file(o.pemFile),
        }),
      ),
    );

  program
    .command('capsule:issuer-key:retire')
    .description('mark an issuer key retired in the JWKS (publishers stop wrapping for it; it still unlocks)')
    .requiredOption('--vendor <id>')
    .requiredOption('--kid <kid>')
    .action((o: { vendor: string; kid: string }) => withRuntime((r) => keys(r).retireIssuerKey(o.vendor, o.kid)));

  program
    .command('capsule:issuer-key:remove')
    .description('remove an issuer key by its kid')
    .requiredOption('--vendor <id>')
    .requiredOption('--kid <kid>')
    .action((o: { vendor: string; kid: string }) => withRuntime((r) => keys(r).removeIssuerKey(o.vendor, o.kid)));

  program
    .command('capsule:service-key:rotate')
    .description('a new service signing key for signed links; older keys stay published')
    .requiredOption('--vendor <id>')
    .action((o: { vendor: string }) => withRuntime((r) => keys(r).rotateServiceKey(o.vendor)));

  program
    .command('capsule:signed-link:sign')
    .description('sign a signed-link token (service_token) with the vendor service key')
    .requiredOption('--vendor <id>')
    .requiredOption('--tier <scope>')
    .requiredOption('--content-id <id>')
    .option('--url <url>', '', '')
    .option('--user-id <id>', '', '')
    .option('--tid <id>', 'token id (uses are counted under it)')
    .option('--max-uses <n>', '0 for no limit', wholeNumber, 0)
    .option('--ttl-seconds <n>', '', wholeNumber, 3600)
    .action(
      (o: { vendor: string; tier: string; contentId: string; url: string; userId: string; tid?: string; maxUses: number; ttlSeconds: number }) =>
        withRuntime(async (r) => {
          const tid = o.tid ?? r.container.get(TOKENS.Ids).next();
          const token = await r.container
            .get(SignedLinkSigner)
            .sign(o.vendor, { iss: o.vendor, tier: o.tier, contentId: o.contentId, tid, url: o.url, userId: o.userId, maxUses: o.maxUses, meta: {} }, o.ttlSeconds);
          return { token, tid };
        }),
    );
}
