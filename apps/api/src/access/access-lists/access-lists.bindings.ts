import {
  CreateAccessList,
  CreateContentLink,
  CreateGrant,
  DeleteGrant,
  GetAccessList,
  GetGrant,
  GrantCatalog,
  ImportGrants,
  ListAccessLists,
  ListGrants,
  UpdateAccessList,
  UpdateGrant,
} from '@kiosk/domain/access';
import { Bind, ResolutionContext } from 'inversify';
import { CATALOG } from '../../catalog/catalog.module';
import { inTransaction } from '../../platform/database/transaction';
import { TypeOrmEventOutbox } from '../../platform/outbox/event-outbox';
import { boundAbove } from '../../platform/modules';
import { TOKENS } from '../../platform/tokens';
import { SIGNING_PORTS } from '../signing-ports';
import { LinksController } from '../links/links.controller';
import { AccessGrantsEraser } from './access-lists.eraser';
import { AccessListOperations, AccessListsController } from './access-lists.controller';
import { SqlGrantees } from './grantees';
import { TypeOrmAccessGrantRepository, TypeOrmAccessListRepository } from './typeorm-access-lists.repositories';

/**
 * The access module's access lists, grants and links on request: their
 * use cases over the TypeORM repositories, the routes, and the eraser of
 * grants. Writes that record `entitlement.*` events run in one transaction
 * with them.
 */
export function bindAccessLists(bind: Bind): void {
  const parts = (c: ResolutionContext) => {
    const db = c.get(TOKENS.DataSource);
    const catalog: GrantCatalog = { products: c.get(CATALOG.Products), options: c.get(CATALOG.PurchaseOptions) };
    return {
      db,
      lists: new TypeOrmAccessListRepository(db),
      grants: new TypeOrmAccessGrantRepository(db),
      grantees: new SqlGrantees(db),
      catalog,
      ids: c.get(TOKENS.Ids),
      clock: c.get(TOKENS.Clock),
      outbox: new TypeOrmEventOutbox(db),
    };
  };

  bind(TOKENS.PersonalDataEraser).toDynamicValue((c) => new AccessGrantsEraser(c.get(TOKENS.DataSource)));
  bind(TOKENS.Controller).toDynamicValue((c) => {
    const p = parts(c);
    const tx = <T>(work: () => Promise<T>) => inTransaction(p.db, work);
    const ops: AccessListOperations = {
      list: (vendorId) => new ListAccessLists(p.lists).execute(vendorId),
      get: (command) => new GetAccessList(p.lists).execute(command),
      create: (command) => new CreateAccessList(p.lists, p.ids, p.clock).execute(command),
      update: (command) => tx(() => new UpdateAccessList(p.lists, p.grants, p.clock, p.outbox).execute(command)),
      listGrants: (command) => new ListGrants(p.lists, p.grants).execute(command),
      getGrant: (command) => new GetGrant(p.lists, p.grants).execute(command),
      createGrant: (command) => tx(() => new CreateGrant(p.lists, p.grants, p.catalog, p.grantees, p.ids, p.clock, p.outbox).execute(command)),
      updateGrant: (command) => tx(() => new UpdateGrant(p.lists, p.grants, p.catalog, p.grantees, p.clock, p.outbox).execute(command)),
      deleteGrant: (command) => tx(() => new DeleteGrant(p.lists, p.grants, p.grantees, p.clock, p.outbox).execute(command)),
      importGrants: (command) => tx(() => new ImportGrants(p.lists, p.grants, p.catalog, p.grantees, p.ids, p.clock, p.outbox).execute(command)),
    };
    return new AccessListsController(ops);
  });
  bind(TOKENS.Controller).toDynamicValue(
    (c) =>
      new LinksController(
        new CreateContentLink(
          c.get(CATALOG.Products),
          boundAbove(c, SIGNING_PORTS.ProductTiers),
          boundAbove(c, SIGNING_PORTS.ContentLinkSigner),
          c.get(TOKENS.Ids),
          c.get(TOKENS.Clock),
        ),
      ),
  );
}
