import { Clock } from '@kiosk/domain';
import {
  ConfirmAmendment,
  Contract,
  CreateAmendment,
  GetContract,
  GetReaderSubscription,
  ListPaymentIssues,
  ListReaderContracts,
  ListReaderSubscriptions,
  ListUpgradeOptions,
  RequestCancel,
} from '@kiosk/domain/contracts';
import { Logger } from 'pino';
import { ARRAY, OBJECT, readerOf, SUCCESS } from '../platform/http/reader';
import { ContractTaxView } from './contract.views';
import { Controller, route } from '../platform/http/routes';
import { amendmentView, contractView, paymentIssueView, subscriptionView, upgradeOptionView } from './contract.views';
import { CancelContractBody, ContractView, CreateAmendmentBody } from './contracts.dto';
import {
  AMENDMENT_EXAMPLE,
  AMENDMENT_ID,
  CANCEL_EXAMPLE,
  CONTRACT_EXAMPLE,
  CONTRACT_ID,
  CREATE_AMENDMENT_EXAMPLE,
  PAYMENT_ISSUE_EXAMPLE,
  SUBSCRIPTION_EXAMPLE,
  UPGRADE_OPTION_EXAMPLE,
} from './contracts.examples';
import { AMENDMENT_NOT_CONFIRMABLE, AMENDMENT_NOT_FOUND, BAD_AMENDMENT, CONTRACT_NOT_FOUND, NOT_AMENDABLE } from './contracts.error-examples';

export interface ReaderContractUseCases {
  listContracts: ListReaderContracts;
  getContract: GetContract;
  upgradeOptions: ListUpgradeOptions;
  cancel: RequestCancel;
  createAmendment: CreateAmendment;
  confirmAmendment: ConfirmAmendment;
  listSubscriptions: ListReaderSubscriptions;
  getSubscription: GetReaderSubscription;
  paymentIssues: ListPaymentIssues;
}

const USER = { kind: 'user' } as const;
const NOT_FOUND = CONTRACT_NOT_FOUND;

/** The reader's contracts, amendments, subscriptions and payment issues (interface 4.3). */
export class ReaderContractsController implements Controller {
  constructor(
    private readonly u: ReaderContractUseCases,
    private readonly clock: Clock,
    private readonly baseUrl: string,
    private readonly logger: Logger,
    private readonly taxOf: ContractTaxView | null = null,
  ) {}

  private view = async (contract: Contract) => contractView(contract, this.clock.now(), this.baseUrl, this.taxOf ? await this.taxOf(contract) : null);

  routes() {
    const u = this.u;
    const tags = ['reader: contracts'];
    return [
      route({
        method: 'get',
        path: '/contracts',
        operationId: 'listMyContracts',
        summary: "The reader's subscriptions (once confirmed) and one-time purchases that give access, newest first",
        description: 'Pending contracts are left out until confirmed; cancelled ones stay, with `cancelReason`.',
        tags,
        auth: USER,
        examples: { responses: { 200: [CONTRACT_EXAMPLE] } },
        responses: { 200: { description: 'Contracts', schema: [ContractView] } },
        handler: async ({ res, principal }) => {
          res.json(await Promise.all((await u.listContracts.execute(readerOf(principal))).map(this.view)));
        },
      }),
      route({
        method: 'get',
        path: '/contracts/{id}',
        operationId: 'getMyContract',
        summary: 'One contract of the reader',
        description: "The same shape as in the list; another reader's contract is a 404.",
        tags,
        auth: USER,
        examples: { params: { id: CONTRACT_ID }, responses: { 200: CONTRACT_EXAMPLE } },
        responses: { 200: { description: 'The contract', schema: ContractView }, 404: NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          res.json(await this.view(await u.getContract.execute({ ...readerOf(principal), contractId: params.id })));
        },
      }),
      route({
        method: 'get',
        path: '/contracts/{id}/upgrade-options',
        operationId: 'listUpgradeOptions',
        summary: 'Other purchase options the contract can move to; empty when it cannot be changed',
        description:
          'Paths are the other purchase options of the same product with the same currency and billing cycle: a higher ' +
          'price is an UPGRADE (at once, with a prorated bill), a lower one a DOWNGRADE (at the next renewal).',
        tags,
        auth: USER,
        examples: { params: { id: CONTRACT_ID }, responses: { 200: [UPGRADE_OPTION_EXAMPLE] } },
        responses: { 200: { description: 'Upgrade options', schema: ARRAY }, 404: NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          const options = await u.upgradeOptions.execute({ ...readerOf(principal), contractId: params.id });
          res.json(options.map(upgradeOptionView));
        },
      }),
      route<CancelContractBody>({
        method: 'post',
        path: '/contracts/{id}/cancel',
        operationId: 'cancelMyContract',
        summary: 'Ask to cancel: a subscription runs to the end of its paid period (willCancelAt), anything else ends now',
        description:
          'Safe to repeat. `reason` is recorded as the contract\'s `cancelReason` (default `USER_REQUEST`); `comment` goes to the ' +
          "vendor's log only. Access lasts until `willCancelAt`.",
        tags,
        auth: USER,
        body: { dto: CancelContractBody },
        examples: { params: { id: CONTRACT_ID }, request: CANCEL_EXAMPLE, responses: { 200: { success: true } } },
        responses: { 200: { description: 'Recorded (also when it already was)', schema: SUCCESS }, 404: NOT_FOUND },
        handler: async ({ res, params, body, principal }) => {
          const reader = readerOf(principal);
          await u.cancel.execute({ ...reader, contractId: params.id, reason: body.reason?.trim() || 'USER_REQUEST' });
          if (body.comment) this.logger.info({ contractId: params.id, comment: body.comment }, 'cancel comment');
          res.json({ success: true });
        },
      }),
      route<CreateAmendmentBody>({
        method: 'post',
        path: '/contracts/{id}/amendments',
        operationId: 'createAmendment',
        summary: 'Quote a change: UPGRADE or DOWNGRADE to `purchaseOptionId`, or DISCOUNT with `discountCode`',
        description:
          'Nothing changes until the amendment is confirmed. A DISCOUNT whose code cannot be applied answers the ' +
          'amendment REJECTED with the code UNAPPLICABLE. 409 when the contract cannot be changed now.',
        tags,
        auth: USER,
        body: { dto: CreateAmendmentBody },
        examples: { params: { id: CONTRACT_ID }, request: CREATE_AMENDMENT_EXAMPLE, responses: { 201: AMENDMENT_EXAMPLE } },
        responses: {
          201: { description: 'The amendment (a quote)', schema: OBJECT },
          400: BAD_AMENDMENT,
          404: NOT_FOUND,
          409: NOT_AMENDABLE,
        },
        handler: async ({ res, params, body, principal }) => {
          const amendment = await u.createAmendment.execute({
            ...readerOf(principal),
            contractId: params.id,
            type: body.type,
            purchaseOptionId: body.purchaseOptionId,
            discountCode: body.discountCode,
          });
          res.status(201).json(amendmentView(amendment));
        },
      }),
      route({
        method: 'post',
        path: '/contracts/{id}/amendments/{amendmentId}/confirm',
        operationId: 'confirmAmendment',
        summary: 'Apply a quoted amendment; an upgrade issues its prorated bill at once. Safe to repeat',
        description:
          'An UPGRADE moves the contract to the new purchase option now and bills the prorated difference (the quote\'s ' +
          '`nextBill`); a DOWNGRADE takes effect at the next renewal; a DISCOUNT applies the code to the next bills. ' +
          'Confirming an amendment already confirmed answers `success` again.',
        tags,
        auth: USER,
        examples: { params: { id: CONTRACT_ID, amendmentId: AMENDMENT_ID }, responses: { 200: { success: true } } },
        responses: {
          200: { description: 'Applied (also when it already was)', schema: SUCCESS },
          404: AMENDMENT_NOT_FOUND,
          409: AMENDMENT_NOT_CONFIRMABLE,
        },
        handler: async ({ res, params, principal }) => {
          await u.confirmAmendment.execute({ ...readerOf(principal), contractId: params.id, amendmentId: params.amendmentId });
          res.json({ success: true });
        },
      }),
      route({
        method: 'get',
        path: '/subscriptions',
        operationId: 'listMySubscriptions',
        summary: 'Recurring contracts of the reader once confirmed, active and canceled, newest first',
        description:
          'A subscription is the reader-facing view of a recurring contract (its `id` is the contract id): the product ' +
          'and purchase option, the price in major units, when the next payment falls due and whether it still gives ' +
          'access. `cancelAt` is when a cancelled subscription ends (or ended).',
        tags: ['reader: contracts'],
        auth: USER,
        examples: { responses: { 200: [SUBSCRIPTION_EXAMPLE] } },
        responses: { 200: { description: 'Subscriptions', schema: ARRAY } },
        handler: async ({ res, principal }) => {
          res.json((await u.listSubscriptions.execute(readerOf(principal))).map((s) => subscriptionView(s, this.baseUrl)));
        },
      }),
      route({
        method: 'get',
        path: '/subscriptions/{id}',
        operationId: 'getMySubscription',
        summary: 'One subscription (its id is the contract id)',
        description: "The same shape as in the list; another reader's subscription, or a one-time purchase, is a 404.",
        tags: ['reader: contracts'],
        auth: USER,
        examples: { params: { id: CONTRACT_ID }, responses: { 200: SUBSCRIPTION_EXAMPLE } },
        responses: { 200: { description: 'The subscription', schema: OBJECT }, 404: NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          const subscription = await u.getSubscription.execute({ ...readerOf(principal), subscriptionId: params.id });
          res.json(subscriptionView(subscription, this.baseUrl));
        },
      }),
      route({
        method: 'get',
        path: '/payment-issues',
        operationId: 'listMyPaymentIssues',
        summary: 'Overdue contracts of the reader with the date the oldest unpaid bill fell due',
        description: 'Empty when every bill is paid; a paid bill clears its issue.',
        tags: ['reader: billing'],
        auth: USER,
        examples: { responses: { 200: [PAYMENT_ISSUE_EXAMPLE] } },
        responses: { 200: { description: 'Payment issues', schema: ARRAY } },
        handler: async ({ res, principal }) => {
          res.json((await u.paymentIssues.execute(readerOf(principal))).map((p) => paymentIssueView(p, this.baseUrl)));
        },
      }),
    ];
  }
}
