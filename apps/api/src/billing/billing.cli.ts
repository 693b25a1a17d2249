import { RecordPayment } from '@kiosk/domain/billing';
import { Command } from 'commander';
import { Runtime } from '../runtime';
import { transactionView } from './billing.views';
import { EmbeddedMailer } from './embedded-mailer';

type WithRuntime = (work: (runtime: Runtime) => Promise<unknown>) => Promise<void>;

/** `kiosk bill:pay` and `kiosk mail:list`: the same use cases and store as the service. */
export function registerBillingCommands(program: Command, withRuntime: WithRuntime): void {
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
    .option('--to <email>', 'only mails to this address')
    .action((o: { vendor: string; to?: string }) =>
      withRuntime(async (r) =>
        (await r.container.get(EmbeddedMailer).list(o.vendor, o.to)).map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          body: m.body,
          createdAt: m.createdAt.toISOString(),
        })),
      ),
    );
}
