import {
  AdvanceContract,
  AssignSeat,
  ConfirmContract,
  ContractRepository,
  CreateContract,
  CreateDiscountCode,
  DiscountCodeRepository,
  GetContract,
  ListDiscountCodes,
  ListSeatUsers,
  ListUserContracts,
  RecordBillPayment,
  RemoveSeat,
  RequestCancel,
  SetSeats,
} from '@kiosk/domain/contracts';
import { ContainerModule, ServiceIdentifier } from 'inversify';
import { BILLING } from '../billing/billing.module';
import { CATALOG } from '../catalog/catalog.module';
import { IDENTITY } from '../identity/identity.module';
import { TOKENS } from '../platform/tokens';
import { ContractsController } from './contracts.controller';
import { TimedContractMoves } from './timed-contract-moves';
import { TypeOrmContractRepository, TypeOrmDiscountCodeRepository } from './typeorm-contract.repositories';
import { ContractsEraser } from './contracts.eraser';

export const CONTRACTS = {
  Contracts: Symbol.for('ContractRepository') as ServiceIdentifier<ContractRepository>,
  DiscountCodes: Symbol.for('DiscountCodeRepository') as ServiceIdentifier<DiscountCodeRepository>,
};

export const contractsModule = new ContainerModule(({ bind }) => {
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
        c.get(BILLING.Invoicing),
        c.get(TOKENS.Ids),
        c.get(TOKENS.Clock),
      ),
  );
  bind(GetContract).toDynamicValue((c) => new GetContract(c.get(CONTRACTS.Contracts)));
  bind(ListUserContracts).toDynamicValue((c) => new ListUserContracts(c.get(CONTRACTS.Contracts)));
  bind(ConfirmContract).toDynamicValue(
    (c) => new ConfirmContract(c.get(CONTRACTS.Contracts), c.get(BILLING.Invoicing), c.get(TOKENS.Clock)),
  );
  bind(SetSeats).toDynamicValue((c) => new SetSeats(c.get(CONTRACTS.Contracts), c.get(TOKENS.Clock)));
  bind(AssignSeat).toDynamicValue(
    (c) => new AssignSeat(c.get(CONTRACTS.Contracts), c.get(IDENTITY.Users), c.get(TOKENS.Ids), c.get(TOKENS.Clock)),
  );
  bind(RemoveSeat).toDynamicValue((c) => new RemoveSeat(c.get(CONTRACTS.Contracts), c.get(TOKENS.Clock)));
  bind(ListSeatUsers).toDynamicValue((c) => new ListSeatUsers(c.get(CONTRACTS.Contracts), c.get(IDENTITY.Users)));
  bind(RequestCancel).toDynamicValue((c) => new RequestCancel(c.get(CONTRACTS.Contracts), c.get(TOKENS.Clock)));
  bind(RecordBillPayment).toDynamicValue((c) => new RecordBillPayment(c.get(CONTRACTS.Contracts), c.get(TOKENS.Clock)));
  bind(AdvanceContract).toDynamicValue(
    (c) => new AdvanceContract(c.get(CONTRACTS.Contracts), c.get(BILLING.Invoicing), c.get(TOKENS.Clock)),
  );
  bind(CreateDiscountCode).toDynamicValue((c) => new CreateDiscountCode(c.get(CONTRACTS.DiscountCodes), c.get(TOKENS.Ids)));
  bind(ListDiscountCodes).toDynamicValue((c) => new ListDiscountCodes(c.get(CONTRACTS.DiscountCodes)));
  bind(TimedContractMoves).toDynamicValue(
    (c) =>
      new TimedContractMoves(c.get(CONTRACTS.Contracts), c.get(AdvanceContract), c.get(TOKENS.Clock), c.get(TOKENS.Logger)),
  );

  bind(TOKENS.Controller).toDynamicValue(
    (c) =>
      new ContractsController(
        {
          create: c.get(CreateContract),
          get: c.get(GetContract),
          listForUser: c.get(ListUserContracts),
          confirm: c.get(ConfirmContract),
          setSeats: c.get(SetSeats),
          listSeatUsers: c.get(ListSeatUsers),
          assignSeat: c.get(AssignSeat),
          removeSeat: c.get(RemoveSeat),
          createDiscountCode: c.get(CreateDiscountCode),
          listDiscountCodes: c.get(ListDiscountCodes),
        },
        c.get(TOKENS.Clock),
        c.get(TOKENS.Config).baseUrl,
      ),
  );
  bind(TOKENS.PeriodicTask).toDynamicValue((c) => c.get(TimedContractMoves));
});
