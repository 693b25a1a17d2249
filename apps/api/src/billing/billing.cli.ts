import { GetBillingSettings, RecordPayment, TAX_CATEGORIES, TaxCategory, UpdateBillingSettings } from '@kiosk/domain/billing';
import { UpdateProduct } from '@kiosk/domain/catalog';
import { Command, InvalidArgumentError, Option } from 'commander';
import { billingSettingsView } from './billing-settings.controller';
import { Runtime } from '../runtime';
import { transactionView } from './billing.views';
import { EmbeddedMailer } from './embedded-mailer';

type WithRuntime = (work: (runtime: Runtime) => Promise<unknown>) => Promise<void>;

/** `country:category=percent`, e.g. `SE:news=6`, to a rate override in basis points. */
function rateOverride(value: string, previous: { country: string; category: TaxCategory; rate: number }[] = []) {
  const m = /^([A-Z]{2}):([a-z_]+)=(\d{1,3}(?:\.\d{1,2})?)$/.exec(value);
  if (!m || !(TAX_CATEGORIES as readonly string[]).includes(m[2])) {
    throw new InvalidArgumentError(`expected COUNTRY:category=percent with a category of ${TAX_CATEGORIES.join(', ')}`);
  }
  return [...previous, { country: m[1], category: m[2] as TaxCategory, rate: Math.round(Number(m[3]) * 100) }];
}

/** Text options of `billing:settings`: a value sets the field, an empty string clears it. */
const cleared = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value);

/**
 * `kiosk bill:pay`, `kiosk mail:list`, `kiosk billing:settings` and
 * `kiosk product:tax-category`: the same use cases and store as the service.
 */
export function registerBillingCommands(program: Command, withRuntime: WithRuntime): void {
  program
    .command('billing:settings')
    .description("show or change the seller on a vendor's invoices (legal name, address, VAT number, payment instructions, rate overrides)")
    .requiredOption('--vendor <id>')
    .option('--legal-name <name>', 'registered name of the business ("" clears)')
    .option('--street <street>', 'street address of the seller')
    .option('--zip <zip>', 'postal code of the seller')
    .option('--city <city>', 'city of the seller')
    .option('--country <cc>', 'two capital letters; where the vendor is established')
    .option('--vat-number <number>', 'must have a valid form for the country')
    .option('--payment-instructions <text>', 'bank account, IBAN/BIC, bankgiro... as printed on invoices')
    .option('--organisation-number <number>', 'national registration number (Swedish: 10 digits, Luhn)')
    .option('--gln <number>', "GLN (13 digits), the seller's e-invoice address")
    .option('--iban <iban>', 'the account buyers pay to (checksum checked)')
    .option('--bic <bic>', 'the bank of the IBAN (8 or 11 characters)')
    .option('--bankgiro <number>', 'Swedish bankgiro number (7 or 8 digits)')
    .option('--plusgiro <number>', 'Swedish plusgiro number (2 to 8 digits)')
    .option('--rate <COUNTRY:category=percent>', 'a VAT rate override (repeat; replaces the list)', rateOverride)
    .option('--clear-rates', 'remove every rate override')
    .action(
      (o: {
        vendor: string;
        legalName?: string;
        street?: string;
        zip?: string;
        city?: string;
        country?: string;
        vatNumber?: string;
        paymentInstructions?: string;
        organisationNumber?: string;
        gln?: string;
        iban?: string;
        bic?: string;
        bankgiro?: string;
        plusgiro?: string;
        rate?: { country: string; category: TaxCategory; rate: number }[];
        clearRates?: boolean;
      }) =>
        withRuntime(async (r) => {
          const change = {
            legalName: cleared(o.legalName),
            street: cleared(o.street),
            zip: cleared(o.zip),
            city: cleared(o.city),
            country: cleared(o.country),
            vatNumber: cleared(o.vatNumber),
            paymentInstructions: cleared(o.paymentInstructions),
            organisationNumber: cleared(o.organisationNumber),
            gln: cleared(o.gln),
            iban: cleared(o.iban),
            bic: cleared(o.bic),
            bankgiro: cleared(o.bankgiro),
            plusgiro: cleared(o.plusgiro),
            rateOverrides: o.clearRates ? [] : o.rate,
          };
          const changes = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
          const settings =
            Object.keys(changes).length === 0
              ? await r.container.get(GetBillingSettings).execute(o.vendor)
              : await r.container.get(UpdateBillingSettings).execute({ vendorId: o.vendor, change: changes });
          return billingSettingsView(settings);
        }),
    );

  program
    .command('product:tax-category')
    .description('set what a product is for VAT (its rate in each market)')
    .requiredOption('--vendor <id>')
    .requiredOption('--sku <sku>')
    .addOption(new Option('--category <category>', 'the tax category').choices([...TAX_CATEGORIES]).makeOptionMandatory())
    .action((o: { vendor: string; sku: string; category: TaxCategory }) =>
      withRuntime(async (r) => {
        const product = await r.container.get(UpdateProduct).execute({ vendorId: o.vendor, sku: o.sku, change: { taxCategory: o.category } });
        return { sku: product.sku, taxCategory: product.taxCategory };
      }),
    );

  program
    .command('bill:pay')
    .description('record that an invoiced bill was paid; prints the transaction')
    .requiredOption('--vendor <id>')
    .requiredOption('--bill <billId>')
    .option('--paid-at <iso>', 'when the money arrived (ISO 8601); default now')
    .action((o: { vendor: string; bill: string; paidAt?: string }) =>
      withRuntime(async (r) => {
        const { transaction } = await r.container.get(RecordPayment).execute({
          vendorId: o.vendor,
          billId: o.bill,
          paidAt: o.paidAt === undefined ? undefined : new Date(o.paidAt),
        });
        return transactionView(transaction);
      }),
    );

  program
    .command('mail:list')
    .description('print the e-mails the embedded mailer has stored for a vendor, oldest first')
    .requiredOption('--vendor <id>')
    .option('--to <email>', 'only mails to this address (case ignored)')
    .action((o: { vendor: string; to?: string }) =>
      withRuntime(async (r) =>
        (await r.container.get(EmbeddedMailer).list(o.vendor, o.to)).map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          body: m.body,
          attachments: m.attachments.map((a) => a.filename),
          createdAt: m.createdAt.toISOString(),
        })),
      ),
    );
}
