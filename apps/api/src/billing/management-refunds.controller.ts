import { DomainError } from '@kiosk/domain';
import { RefundTransaction } from '@kiosk/domain/billing';
import { BILLS_WRITE } from '@kiosk/domain/identity';
import { IsBoolean, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { HttpProblem } from '../platform/http/problem';
import { Controller, route } from '../platform/http/routes';
import { TransactionView } from './billing.dto';
import { TRANSACTION_EXAMPLE, TRANSACTION_ID } from './billing.examples';
import { transactionView } from './billing.views';
import { BAD_REFUND_AMOUNT, REFUND_EXCEEDS_REMAINING, REFUND_NOT_SUPPORTED, REFUND_PROVIDER_UNAVAILABLE, TRANSACTION_NOT_FOUND } from './billing.error-examples';

export class RefundBody {
  /** How much to pay back, in major units with at most two decimals; default all that is left. */
  @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }) @Min(0.01) @Max(10_000_000) amount?: number;
  /** End the contract now (CANCELED, reason REFUNDED), so its entitlement goes; default false. */
  @IsOptional() @IsBoolean() endEntitlement?: boolean;
}

/** Refusals of the payment provider (it would not, or cannot here, pay the money back): 422, as documented. */
const PROVIDER_REFUSALS: ReadonlySet<string> = new Set(['TRANSACTION.REFUND_REFUSED', 'TRANSACTION.REFUND_NOT_SUPPORTED']);

/** POST /management/transactions/{id}/refund (issue 27). */
export class ManagementRefundsController implements Controller {
  constructor(private readonly refundTransaction: RefundTransaction) {}

  routes() {
    return [
      route<RefundBody>({
        method: 'post',
        path: '/management/transactions/{id}/refund',
        operationId: 'refundManagementTransaction',
        summary: 'Refund a payment in full or in part',
        description:
          '`amount` is in major units (at most two decimals); without it, all that is left of the payment is refunded. ' +
          'The money goes back through the payment provider that took it (the embedded test processor, or stripe, which ' +
          'refunds the PaymentIntent that paid the bill); a payment recorded by hand has nothing to ' +
          'reverse: the refund records that the vendor paid it back. A provider that refuses is a 422, one that cannot be ' +
          'reached a 503; either way nothing is recorded. The refund is a transaction with `isRefund` true ' +
          'and a positive `amount`, announced as `transaction.created`. Once nothing is left, the bill becomes REFUNDED ' +
          'and its invoice gets a credit note. With `endEntitlement` true the contract ends now (CANCELED, reason ' +
          'REFUNDED), so its access goes. More than is left is a 409 `TRANSACTION.REFUND_EXCEEDS_REMAINING` ' +
          "(its `remaining` says how much is); a refund cannot be refunded (409); another vendor's transaction is a 404. " +
          'Refunds of one payment queue on its bill, so concurrent ones never exceed it. Send an `Idempotency-Key`: a ' +
          'retry with the same key and body answers the first refund again instead of refunding twice.',
        tags: ['management: transactions'],
        auth: { kind: 'bearer', scope: BILLS_WRITE },
        body: { dto: RefundBody },
        examples: {
          params: { id: TRANSACTION_ID },
          request: { amount: 49.5, endEntitlement: false },
          responses: { 201: { ...TRANSACTION_EXAMPLE, id: 'tx_refund_1', amount: 49.5, isRefund: true } },
        },
        responses: {
          201: { description: 'The refund transaction (amount in major units)', schema: TransactionView },
          400: BAD_REFUND_AMOUNT,
          404: TRANSACTION_NOT_FOUND,
          409: REFUND_EXCEEDS_REMAINING,
          422: REFUND_NOT_SUPPORTED,
          503: REFUND_PROVIDER_UNAVAILABLE,
        },
        handler: async ({ req, res, body, params, principal }) => {
          const { refund } = await this.refundTransaction
            .execute({
              vendorId: principal.vendorId,
              transactionId: params.id,
              amountMinor: body.amount === undefined ? undefined : Math.round(body.amount * 100),
              endEntitlement: body.endEntitlement === true,
              idempotencyKey: req.get('Idempotency-Key') || undefined,
            })
            .catch((error: unknown) => {
              if (error instanceof DomainError && PROVIDER_REFUSALS.has(error.code)) throw new HttpProblem(422, error.code, error.message, error.details);
              throw error;
            });
          res.status(201).json(transactionView(refund));
        },
      }),
    ];
  }
}
