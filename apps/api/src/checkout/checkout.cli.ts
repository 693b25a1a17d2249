import { ServiceLanguage } from '@kiosk/domain';
import { ChangeCheckoutSettings, GetCheckoutSettings } from '@kiosk/domain/checkout';
import { Command, InvalidArgumentError } from 'commander';
import { Runtime } from '../runtime';
import { checkoutSettingsView } from './checkout.views';

type WithRuntime = (work: (runtime: Runtime) => Promise<unknown>) => Promise<void>;

const bool = (value: string) => {
  if (value !== 'true' && value !== 'false') throw new InvalidArgumentError('must be true or false');
  return value === 'true';
};
const hours = (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1 || n > 720) throw new InvalidArgumentError('must be a whole number from 1 to 720');
  return n;
};
/** `embedded:card`, `invoice:invoice`, ... (repeatable); `--methods all` lifts the limit. */
const method = (value: string, previous: string[] = []) => [...previous, value];

/** `kiosk checkout-settings:show` and `checkout-settings:set`: the command-line side of /management/checkout-settings. */
export function registerCheckoutCommands(program: Command, withRuntime: WithRuntime): void {
  program
    .command('checkout-settings:show')
    .description("print a vendor's checkout settings")
    .requiredOption('--vendor <id>')
    .action((o: { vendor: string }) =>
      withRuntime(async (r) => checkoutSettingsView(await r.container.get(GetCheckoutSettings).execute(o.vendor))),
    );

  program
    .command('checkout-settings:set')
    .description("change a vendor's checkout settings; options left out stay")
    .requiredOption('--vendor <id>')
    .option('--method <provider:method>', 'an allowed payment method (repeatable), or "all"', method)
    .option('--lifetime-hours <n>', 'how long a checkout stays open (1 to 720)', hours)
    .option('--business <bool>', 'offer business purchase', bool)
    .option('--gift <bool>', 'offer gifts', bool)
    .option('--invoice-for-business <bool>', 'let business buyers pay by invoice', bool)
    .option('--terms-url <url>', 'the terms of purchase ("none" clears it)')
    .option('--privacy-url <url>', 'the privacy notice ("none" clears it)')
    .option('--default-language <en|sv|none>', "readers' language when their browser names none the service speaks")
    .option('--color <#rrggbb>', 'the colour of the hosted page')
    .action(
      (o: { vendor: string; method?: string[]; lifetimeHours?: number; business?: boolean; gift?: boolean; invoiceForBusiness?: boolean; termsUrl?: string; privacyUrl?: string; defaultLanguage?: string; color?: string }) =>
        withRuntime(async (r) => {
          let allowedMethods;
          if (o.method) {
            if (o.method.includes('all')) allowedMethods = null;
            else {
              const byProvider = new Map<string, string[]>();
              for (const m of o.method) {
                const [provider, name] = m.split(':');
                if (!provider || !name) throw new InvalidArgumentError(`--method ${m}: use provider:method`);
                byProvider.set(provider, [...(byProvider.get(provider) ?? []), name]);
              }
              allowedMethods = [...byProvider].map(([provider, methods]) => ({ provider, methods }));
            }
          }
          const settings = await r.container.get(ChangeCheckoutSettings).execute({
            vendorId: o.vendor,
            change: {
              allowedMethods,
              lifetimeHours: o.lifetimeHours,
              businessEnabled: o.business,
              giftEnabled: o.gift,
              invoiceForBusiness: o.invoiceForBusiness,
              termsUrl: o.termsUrl === undefined ? undefined : o.termsUrl === 'none' ? null : o.termsUrl,
              privacyUrl: o.privacyUrl === undefined ? undefined : o.privacyUrl === 'none' ? null : o.privacyUrl,
              defaultLanguage: o.defaultLanguage === undefined ? undefined : o.defaultLanguage === 'none' ? null : (o.defaultLanguage as ServiceLanguage),
              color: o.color,
            },
          });
          return checkoutSettingsView(settings);
        }),
    );
}
