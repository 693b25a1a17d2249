import {
  CheckAccess,
  ContractAccessSource,
  EntitlementRepository,
  ListUserEntitlements,
  SeatProvisioning,
  SyncContractAccess,
} from '@kiosk/domain/access';
import { ContractNotFound, GetContract, ProvisionSeat } from '@kiosk/domain/contracts';
import { ContainerModule, ServiceIdentifier } from 'inversify';
import { CATALOG } from '../catalog/catalog.module';
import { CONTRACTS } from '../contracts/contracts.module';
import { TOKENS } from '../platform/tokens';
import { ACCESS_EVENT_TYPES, ContractAccessHandler } from './access.handlers';
import { accessViewOf } from './contract-access';
import { TypeOrmEntitlementRepository } from './typeorm-entitlements.repository';
import { AccessEraser } from './access.eraser';

export const ACCESS = {
  Entitlements: Symbol.for('EntitlementRepository') as ServiceIdentifier<EntitlementRepository>,
  Contracts: Symbol.for('ContractAccessSource') as ServiceIdentifier<ContractAccessSource>,
  Seats: Symbol.for('SeatProvisioning') as ServiceIdentifier<SeatProvisioning>,
  /** The paywalls module's `ContentEntitlements` port: `hasAccess({vendorId, userId, publisherContentId})`. */
  ContentEntitlements: Symbol.for('ContentEntitlements') as ServiceIdentifier<{
    hasAccess(query: { vendorId: string; userId: string; publisherContentId: string }): Promise<boolean>;
  }>,
};

export const accessModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.PersonalDataEraser).toDynamicValue((c) => new AccessEraser(c.get(TOKENS.DataSource)));
  bind(ACCESS.Entitlements)
    .toDynamicValue((c) => new TypeOrmEntitlementRepository(c.get(TOKENS.DataSource)))
    .inSingletonScope();
  // The access module's own use case on the contract: a granted seat shows its entitlement.
  bind(ProvisionSeat).toDynamicValue((c) => new ProvisionSeat(c.get(CONTRACTS.Contracts), c.get(TOKENS.Clock)));
  // GetContract is the contracts module's; it is looked up when an event is handled, so the
  // modules can load in any order.
  bind(ACCESS.Contracts).toDynamicValue((c) => ({
    find: async (vendorId, contractId) => {
      try {
        return accessViewOf(await c.get(GetContract).execute({ vendorId, contractId }));
      } catch (error) {
        if (error instanceof ContractNotFound) return null;
        throw error;
      }
    },
  }));
  bind(ACCESS.Seats).toDynamicValue((c) => ({
    provisioned: async (command) => void (await c.get(ProvisionSeat).execute(command)),
  }));

  bind(SyncContractAccess).toDynamicValue(
    (c) =>
      new SyncContractAccess(
        c.get(ACCESS.Contracts),
        c.get(ACCESS.Entitlements),
        c.get(CATALOG.Products),
        c.get(ACCESS.Seats),
        c.get(TOKENS.Ids),
        c.get(TOKENS.Clock),
      ),
  );
  bind(ListUserEntitlements).toDynamicValue((c) => new ListUserEntitlements(c.get(ACCESS.Entitlements), c.get(TOKENS.Clock)));
  bind(CheckAccess).toDynamicValue((c) => new CheckAccess(c.get(ACCESS.Entitlements), c.get(TOKENS.Clock)));
  bind(ACCESS.ContentEntitlements).toDynamicValue((c) => c.get(CheckAccess));

  for (const eventType of ACCESS_EVENT_TYPES) {
    bind(TOKENS.EventHandler).toDynamicValue(
      (c) => new ContractAccessHandler(eventType, c.get(TOKENS.DataSource), c.get(SyncContractAccess)),
    );
  }
});
