import {
  AdvanceContract,
  AmendmentRepository,
  BillInvoicing,
  AssignSeat,
  ConfirmAmendment,
  ConfirmContract,
  ContractRepository,
  CreateAmendment,
  CreateContract,
  CreateDiscountCode,
  DiscountCodeRepository,
  GetContract,
  GetReaderSubscription,
  ListDiscountCodes,
  ListPaymentIssues,
  ListReaderContracts,
  ListReaderSubscriptions,
  ListSeatUsers,
  ListUpgradeOptions,
  ListContracts,
  EndContractForRefund,
  RecordBillPayment,
  RemoveSeat,
  RequestCancel,
  SetSeats,
} from '@kiosk/domain/contracts';
import { ResolutionContext, ServiceIdentifier } from 'inversify';
import { CATALOG } from '../catalog/catalog.module';
import { IDENTITY } from '../identity/identity.module';
import { EventObjectView } from '../platform/http/event-object-view';
import { boundAbove, defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { ContractsController } from './contracts.controller';
import { ReaderContractsController } from './reader-contracts.controller';
import { TimedContractMoves } from './timed-contract-moves';
import { TypeOrmAmendmentRepository } from './typeorm-amendments.repository';
import { TypeOrmContractRepository, TypeOrmDiscountCodeRepository } from './typeorm-contract.repositories';
import { ContractsEraser } from './contracts.eraser';
import { VendorTimeScope } from '../platform/vendor-time';
import { contractEventView, seatEventView } from './contracts.event-views';
import { ContractTaxView } from './contract.views';

export type { ContractTaxView } from './contract.views';

export const CONTRACTS = {
  Contracts: Symbol.for('ContractRepository') as ServiceIdentifier<ContractRepository>,
  DiscountCodes: Symbol.for('DiscountCodeRepository') as ServiceIdentifier<DiscountCodeRepository>,
  Amendments: Symbol.for('AmendmentRepository') as ServiceIdentifier<AmendmentRepository>,
  /** The contract of a contract event, as `GET /management/contracts/{id}` shows it (webhook payloads). */
  ContractEventView: Symbol.for('ContractEventView') as ServiceIdentifier<EventObjectView>,
  /** The seat of a seat event, as `GET /management/contracts/{id}/seats/users` lists it (webhook payloads). */
  SeatEventView: Symbol.for('SeatEventView') as ServiceIdentifier<EventObjectView>,
  /** Port, bound by billing (above contracts): the invoicing provider, chosen by INVOICING_PROVIDER. */
  Invoicing: Symbol.for('BillInvoicing') as ServiceIdentifier<BillInvoicing>,
  /** Port, bound by billing: the VAT of a contract's price, in the shape of a bill's `tax` (contract views). */
  ContractTax: Symbol.for('ContractTaxView') as ServiceIdentifier<ContractTaxView>,
};

/** Billing's ports, looked up at each use: billing sits above contracts and binds them. */
const invoicing = (c: ResolutionContext) => boundAbove(c, CONTRACTS.Invoicing);
const taxOf = (c: ResolutionContext): ContractTaxView => (contract) => c.get(CONTRACTS.ContractTax)(contract);

export const contractsModule = defineModule({
  name: 'contracts',
  requires: ['catalog', 'identity'],
  register: ({ bind }) => {
    bind(TOKENS.PersonalDataEraser).toDynamicValue(
      (c) => new ContractsEraser(c.get(TOKENS.DataSource), c.get(CONTRACTS.Contracts), c.get(RequestCancel)),
    );
    bind(CONTRACTS.Contracts).toDynamicValue((c) => new TypeOrmContractRepository(c.get(TOKENS.DataSource)));
    bind(CONTRACTS.DiscountCodes).toDynamicValue((c) => new TypeOrmDiscountCodeRepository(c.get(TOKENS.DataSource)));

    bind(CreateContract).toDynamicValue(
      (c) =>
        new CreateContract(
          c.get(CONTRACTS.Contracts),
          c.get(CATALOG.Products),
          c.get(CATALOG.PurchaseOptions),
          c.get(IDENTITY.Users),
          c.get(CONTRACTS.DiscountCodes),
          invoicing(c),
          c.get(TOKENS.Ids),
          c.get(TOKENS.Clock),
        ),
    );
    bind(GetContract).toDynamicValue((c) => new GetContract(c.get(CONTRACTS.Contracts)));
    bind(ListContracts).toDynamicValue((c) => new ListContracts(c.get(CONTRACTS.Contracts)));
    bind(ConfirmContract).toDynamicValue(
      (c) => new ConfirmContract(c.get(CONTRACTS.Contracts), invoicing(c), c.get(TOKENS.Clock)),
    );
    bind(SetSeats).toDynamicValue((c) => new SetSeats(c.get(CONTRACTS.Contracts), c.get(TOKENS.Clock)));
    bind(AssignSeat).toDynamicValue(
      (c) => new AssignSeat(c.get(CONTRACTS.Contracts), c.get(IDENTITY.Users), c.get(TOKENS.Ids), c.get(TOKENS.Clock)),
    );
    bind(RemoveSeat).toDynamicValue((c) => new RemoveSeat(c.get(CONTRACTS.Contracts), c.get(TOKENS.Clock)));
    bind(ListSeatUsers).toDynamicValue((c) => new ListSeatUsers(c.get(CONTRACTS.Contracts), c.get(IDENTITY.Users)));
    bind(CONTRACTS.ContractEventView).toDynamicValue((c) =>
      contractEventView(c.get(GetContract), c.get(TOKENS.Clock), c.get(TOKENS.Config).baseUrl, taxOf(c)),
    );
    bind(CONTRACTS.SeatEventView).toDynamicValue((c) => seatEventView(c.get(ListSeatUsers)));
    bind(RequestCancel).toDynamicValue((c) => new RequestCancel(c.get(CONTRACTS.Contracts), c.get(TOKENS.Clock)));
    bind(RecordBillPayment).toDynamicValue((c) => new RecordBillPayment(c.get(CONTRACTS.Contracts), c.get(TOKENS.Clock)));
    bind(EndContractForRefund).toDynamicValue((c) => new EndContractForRefund(c.get(CONTRACTS.Contracts), c.get(TOKENS.Clock)));
    bind(AdvanceContract).toDynamicValue(
      (c) => new AdvanceContract(c.get(CONTRACTS.Contracts), invoicing(c), c.get(TOKENS.Clock)),
    );
    bind(CreateDiscountCode).toDynamicValue((c) => new CreateDiscountCode(c.get(CONTRACTS.DiscountCodes), c.get(TOKENS.Ids)));
    bind(ListDiscountCodes).toDynamicValue((c) => new ListDiscountCodes(c.get(CONTRACTS.DiscountCodes)));
    bind(TimedContractMoves).toDynamicValue(
      (c) =>
        new TimedContractMoves(
          new TypeOrmContractRepository(c.get(TOKENS.DataSource)),
          c.get(AdvanceContract),
          c.get(TOKENS.Clock),
          c.get(TOKENS.Logger),
          c.get(VendorTimeScope),
        ),
    );

    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new ContractsController(
          {
            create: c.get(CreateContract),
            get: c.get(GetContract),
            list: c.get(ListContracts),
            confirm: c.get(ConfirmContract),
            cancel: c.get(RequestCancel),
            setSeats: c.get(SetSeats),
            listSeatUsers: c.get(ListSeatUsers),
            assignSeat: c.get(AssignSeat),
            removeSeat: c.get(RemoveSeat),
            createDiscountCode: c.get(CreateDiscountCode),
            listDiscountCodes: c.get(ListDiscountCodes),
            users: c.get(IDENTITY.Users),
          },
          c.get(TOKENS.Clock),
          c.get(TOKENS.Config).baseUrl,
          taxOf(c),
          c.get(TOKENS.Logger),
        ),
    );
    bind(TOKENS.PeriodicTask).toDynamicValue((c) => c.get(TimedContractMoves));
    bind(TOKENS.VendorTimedWork).toDynamicValue((c) => c.get(TimedContractMoves));

    // The reader's side: their contracts, amendments, subscriptions and payment issues.
    const clock = TOKENS.Clock;
    bind(CONTRACTS.Amendments).toDynamicValue((c) => new TypeOrmAmendmentRepository(c.get(TOKENS.DataSource)));
    bind(ListReaderContracts).toDynamicValue((c) => new ListReaderContracts(c.get(CONTRACTS.Contracts)));
    bind(ListUpgradeOptions).toDynamicValue(
      (c) => new ListUpgradeOptions(c.get(CONTRACTS.Contracts), c.get(CATALOG.Products), c.get(CATALOG.PurchaseOptions), c.get(clock)),
    );
    bind(CreateAmendment).toDynamicValue(
      (c) =>
        new CreateAmendment(
          c.get(CONTRACTS.Contracts),
          c.get(CATALOG.PurchaseOptions),
          c.get(CONTRACTS.DiscountCodes),
          c.get(CONTRACTS.Amendments),
          c.get(TOKENS.Ids),
          c.get(clock),
        ),
    );
    bind(ConfirmAmendment).toDynamicValue(
      (c) =>
        new ConfirmAmendment(
          c.get(CONTRACTS.Contracts),
          c.get(CONTRACTS.Amendments),
          c.get(CONTRACTS.DiscountCodes),
          invoicing(c),
          c.get(clock),
        ),
    );
    bind(ListReaderSubscriptions).toDynamicValue((c) => new ListReaderSubscriptions(c.get(CONTRACTS.Contracts)));
    bind(GetReaderSubscription).toDynamicValue((c) => new GetReaderSubscription(c.get(CONTRACTS.Contracts)));
    bind(ListPaymentIssues).toDynamicValue((c) => new ListPaymentIssues(c.get(CONTRACTS.Contracts), c.get(clock)));
    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new ReaderContractsController(
          {
            listContracts: c.get(ListReaderContracts),
            getContract: c.get(GetContract),
            upgradeOptions: c.get(ListUpgradeOptions),
            cancel: c.get(RequestCancel),
            createAmendment: c.get(CreateAmendment),
            confirmAmendment: c.get(ConfirmAmendment),
            listSubscriptions: c.get(ListReaderSubscriptions),
            getSubscription: c.get(GetReaderSubscription),
            paymentIssues: c.get(ListPaymentIssues),
          },
          c.get(clock),
          c.get(TOKENS.Config).baseUrl,
          c.get(TOKENS.Logger),
          taxOf(c),
        ),
    );
  },
});
