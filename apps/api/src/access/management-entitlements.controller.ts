import { EntitlementWithAccess, ListVendorEntitlements } from '@kiosk/domain/access';
import { readerFilter, UserRepository } from '@kiosk/domain/identity';
import { Controller, route } from '../platform/http/routes';
import { entitlementView } from './access.views';
import { CONTRACT_ID, ENTITLEMENT_EXAMPLE } from './access.examples';
import { ManagementEntitlementsQuery, ManagementEntitlementView } from './management-entitlements.dto';

const USER_ID = '0190a4c1-11aa-7bbb-8ccc-0d0e0f101112';

/**
 * Management-interface 3.3: the reader's entitlement view with the user it
 * belongs to; a contract's origin is `{type: "PAYMENTS", contractId}`, an
 * access-list grant's `{type: "EXTERNAL", id, listId, name}`.
 */
export function managementEntitlementView(e: EntitlementWithAccess): ManagementEntitlementView {
  const view = entitlementView(e);
  const payments = e.origin.type === 'CONTRACT';
  return {
    ...view,
    userId: e.userId,
    origin: {
      type: payments ? 'PAYMENTS' : e.origin.type,
      id: e.origin.id,
      contractId: payments ? e.origin.id : null,
      listId: view.origin.listId,
      name: view.origin.name,
    },
  };
}

const EXAMPLE = {
  ...ENTITLEMENT_EXAMPLE,
  userId: USER_ID,
  origin: { type: 'PAYMENTS', id: CONTRACT_ID, contractId: CONTRACT_ID, listId: null, name: 'The Daily Digital, monthly' },
};

export class ManagementEntitlementsController implements Controller {
  constructor(
    private readonly list: ListVendorEntitlements,
    /** The vendor's users by e-mail: the `email` filter. */
    private readonly users: Pick<UserRepository, 'findByEmail'>,
  ) {}

  routes() {
    return [
      route<unknown, ManagementEntitlementsQuery>({
        method: 'get',
        path: '/management/entitlements',
        operationId: 'listManagementEntitlements',
        summary: "The vendor's entitlements, newest first, a page at a time, by `userId`, `email`, `type` and `sku`",
        description:
          'A bare array (no envelope, no total). `limit` 1 to 500, default 50; `offset` from 0. `email` is the whole ' +
          'e-mail address of the user, case ignored (an empty list when no user has it; with `userId` too, both must name ' +
          'the same user; a malformed address is a 400 `USER.BAD_EMAIL`). Each entitlement is the ' +
          "reader's view (`GET /entitlements`) with its `userId`: revoked ones are left out, ended ones stay with " +
          '`hasAccess` false. `origin` is `{type: "PAYMENTS", contractId}` for a contract, `{type: "EXTERNAL", id, listId, ' +
          'name}` for an access-list grant; fields an origin has no value for are `null`.',
        tags: ['management: entitlements'],
        auth: { kind: 'bearer', scope: 'entitlements:read' },
        query: ManagementEntitlementsQuery,
        examples: { query: { userId: USER_ID, type: 'publication', limit: 50 }, responses: { 200: [EXAMPLE] } },
        responses: { 200: { description: 'The entitlements', schema: [ManagementEntitlementView] } },
        handler: async ({ res, query, principal }) => {
          const reader = await readerFilter(this.users, principal.vendorId, query);
          if (!reader) return void res.json([]);
          const found = await this.list.execute({
            vendorId: principal.vendorId,
            filter: { userId: reader.userId, type: query.type, sku: query.sku },
            limit: query.limit,
            offset: query.offset,
          });
          res.json(found.map(managementEntitlementView));
        },
      }),
    ];
  }
}
