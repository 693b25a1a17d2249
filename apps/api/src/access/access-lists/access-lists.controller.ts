import {
  AccessGrant,
  AccessList,
  AccessListFields,
  GrantFields,
  GrantImportResult,
} from '@kiosk/domain/access';
import { InvalidError } from '@kiosk/domain';
import { Controller, route } from '../../platform/http/routes';
import {
  AccessListView,
  CreateAccessListBody,
  CreateGrantBody,
  GrantImportView,
  GrantsQuery,
  GrantView,
  UpdateAccessListBody,
  UpdateGrantBody,
} from './access-lists.dto';
import {
  ACCESS_LIST_EXAMPLE,
  ACCESS_LIST_ID,
  CREATE_ACCESS_LIST_EXAMPLE,
  CREATE_GRANT_EXAMPLE,
  GRANT_CSV_EXAMPLE,
  GRANT_EXAMPLE,
  GRANT_ID,
  GRANT_IMPORT_EXAMPLE,
  PATCH_ACCESS_LIST_ANSWER,
  PATCH_ACCESS_LIST_EXAMPLE,
  PUT_ACCESS_LIST_ANSWER,
  PUT_ACCESS_LIST_EXAMPLE,
  UPDATE_GRANT_EXAMPLE,
  UPDATED_GRANT_EXAMPLE,
} from './access-lists.examples';
import { accessListView, grantView } from './access-lists.views';
import { grantCsvRows, readCsvBody } from './grants-csv';
import { GRANT_NOT_FOUND } from './access-lists.error-examples';

type Rows = { row: number; values: Record<string, string> }[];

/** The access-list use cases the routes call (writes that record events run in a transaction). */
export interface AccessListOperations {
  list(vendorId: string): Promise<AccessList[]>;
  get(command: { vendorId: string; listId: string }): Promise<AccessList>;
  create(command: { vendorId: string } & AccessListFields): Promise<AccessList>;
  update(command: { vendorId: string; listId: string; mode: 'replace' | 'merge'; change: Partial<AccessListFields> & { id?: string } }): Promise<AccessList>;
  listGrants(command: { vendorId: string; listId: string; page?: { limit?: number; offset?: number } }): Promise<AccessGrant[]>;
  getGrant(command: { vendorId: string; listId: string; grantId: string }): Promise<AccessGrant>;
  createGrant(command: { vendorId: string; listId: string; source: string; fields: GrantFields }): Promise<AccessGrant>;
  updateGrant(command: { vendorId: string; listId: string; grantId: string; change: Partial<GrantFields> }): Promise<AccessGrant>;
  deleteGrant(command: { vendorId: string; listId: string; grantId: string }): Promise<void>;
  importGrants(command: { vendorId: string; listId: string; rows: Rows }): Promise<GrantImportResult>;
}

const READ = { kind: 'bearer', scope: 'access-lists:read' } as const;
const WRITE = { kind: 'bearer', scope: 'access-lists:write' } as const;

const asDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));
const address = (a: { street?: string; city?: string; zip?: string; country?: string; co?: string } | null | undefined) =>
  a === undefined ? undefined : a === null ? null : { street: a.street ?? null, city: a.city ?? null, zip: a.zip ?? null, country: a.country ?? null, co: a.co ?? null };

/** The request's grant fields in the domain's terms (dates parsed, addresses filled out). */
function grantFields(body: UpdateGrantBody): Partial<GrantFields> {
  const { startsAt, endsAt, deliveryAddress, billingAddress, ...rest } = body;
  return { ...rest, startsAt: asDate(startsAt), endsAt: asDate(endsAt), deliveryAddress: address(deliveryAddress), billingAddress: address(billingAddress) } as Partial<GrantFields>;
}

function requireForPut(body: UpdateAccessListBody): void {
  const missing = (['name', 'type', 'status'] as const).filter((f) => body[f] === undefined);
  if (missing.length > 0) {
    throw new InvalidError('ACCESS_LIST.INCOMPLETE', `PUT replaces the list: ${missing.join(', ')} required (PATCH changes some fields)`, {
      errors: missing.map((field) => ({ field, message: `${field} is required` })),
    });
  }
}

/**
 * /management/access-lists and their grants (management interface 3.9,
 * 3.10): bare arrays, `access-lists:read` for reads and `access-lists:write`
 * for writes; another vendor's list or grant is a 404.
 */
export class AccessListsController implements Controller {
  constructor(private readonly ops: AccessListOperations) {}

  routes() {
    const tags = ['management: access lists'];
    const listParams = { accessListId: ACCESS_LIST_ID };
    const grantParams = { accessListId: ACCESS_LIST_ID, grantId: GRANT_ID };
    return [
      route({
        method: 'get',
        path: '/management/access-lists',
        operationId: 'listAccessLists',
        summary: 'Access lists of the vendor',
        description: 'Every access list of the vendor, oldest first, as a bare array (no paging).',
        tags,
        auth: READ,
        examples: { responses: { 200: [ACCESS_LIST_EXAMPLE] } },
        responses: { 200: { description: 'The lists', schema: [AccessListView] } },
        handler: async ({ res, principal }) => void res.json((await this.ops.list(principal.vendorId)).map(accessListView)),
      }),
      route<CreateAccessListBody>({
        method: 'post',
        path: '/management/access-lists',
        operationId: 'createAccessList',
        summary: 'Create an access list',
        description:
          'A named source of entitlements outside checkouts and contracts. `type` (`CSV_FILE_OLD`, `CSV_FILE`, `CSV_TRANSACTIONS`, ' +
          '`CLAIMED`, `MANUAL`, `HOOK`, `BASIC_API`) says how its grants arrive; `status` (`DRAFT`, `ACTIVE`, `CANCELED`) whether ' +
          'they give access: only an `ACTIVE` list\'s grants do. The id looks like `src_…`.',
        tags,
        auth: WRITE,
        body: { dto: CreateAccessListBody },
        examples: { request: CREATE_ACCESS_LIST_EXAMPLE, responses: { 201: ACCESS_LIST_EXAMPLE } },
        responses: { 201: { description: 'Created', schema: AccessListView } },
        handler: async ({ res, body, principal }) => {
          const list = await this.ops.create({
            vendorId: principal.vendorId,
            name: body.name,
            description: body.description ?? null,
            type: body.type,
            status: body.status,
            excludeFromStats: body.excludeFromStats ?? false,
          });
          res.status(201).json(accessListView(list));
        },
      }),
      route({
        method: 'get',
        path: '/management/access-lists/{accessListId}',
        operationId: 'getAccessList',
        summary: 'One access list',
        description: "Another vendor's list, or none, is a 404 `ACCESS_LIST.NOT_FOUND`.",
        tags,
        auth: READ,
        examples: { params: listParams, responses: { 200: ACCESS_LIST_EXAMPLE } },
        responses: { 200: { description: 'The list', schema: AccessListView } },
        handler: async ({ res, params, principal }) =>
          void res.json(accessListView(await this.ops.get({ vendorId: principal.vendorId, listId: params.accessListId }))),
      }),
      route<UpdateAccessListBody>({
        method: 'put',
        path: '/management/access-lists/{accessListId}',
        operationId: 'replaceAccessList',
        summary: 'Replace an access list',
        description:
          'Sets every field: `name`, `type` and `status` are required, `description` and `excludeFromStats` left out are reset ' +
          '(null, false). An `id` in the body must be the one of the path (400). Setting `status` to `CANCELED` or `DRAFT` ends the ' +
          'access of every grant of the list at once; back to `ACTIVE` gives it again.',
        tags,
        auth: WRITE,
        body: { dto: UpdateAccessListBody },
        examples: { params: listParams, request: PUT_ACCESS_LIST_EXAMPLE, responses: { 200: PUT_ACCESS_LIST_ANSWER } },
        responses: { 200: { description: 'Replaced', schema: AccessListView } },
        handler: async ({ res, body, params, principal }) => {
          requireForPut(body);
          const list = await this.ops.update({ vendorId: principal.vendorId, listId: params.accessListId, mode: 'replace', change: { ...body, description: body.description ?? null } });
          res.json(accessListView(list));
        },
      }),
      route<UpdateAccessListBody>({
        method: 'patch',
        path: '/management/access-lists/{accessListId}',
        operationId: 'updateAccessList',
        summary: 'Change some fields of an access list',
        description: 'Fields left out stay as they are; `description: null` clears it. Status changes act as for PUT.',
        tags,
        auth: WRITE,
        body: { dto: UpdateAccessListBody },
        examples: { params: listParams, request: PATCH_ACCESS_LIST_EXAMPLE, responses: { 200: PATCH_ACCESS_LIST_ANSWER } },
        responses: { 200: { description: 'Changed', schema: AccessListView } },
        handler: async ({ res, body, params, principal }) => {
          const list = await this.ops.update({ vendorId: principal.vendorId, listId: params.accessListId, mode: 'merge', change: body });
          res.json(accessListView(list));
        },
      }),
      route<unknown, GrantsQuery>({
        method: 'get',
        path: '/management/access-lists/{accessListId}/grants',
        operationId: 'listGrants',
        summary: 'Grants of an access list',
        description:
          'The grants of the list, oldest first, as a bare array: up to 10,000 (an import\'s worth) without a query, or a page ' +
          'with `limit` (1 to 10,000) and `offset`.',
        tags,
        auth: READ,
        query: GrantsQuery,
        examples: { params: listParams, query: { limit: 100, offset: 0 }, responses: { 200: [GRANT_EXAMPLE] } },
        responses: { 200: { description: 'The grants', schema: [GrantView] } },
        handler: async ({ res, params, query, principal }) =>
          void res.json(
            (await this.ops.listGrants({ vendorId: principal.vendorId, listId: params.accessListId, page: { limit: query.limit, offset: query.offset } })).map(
              grantView,
            ),
          ),
      }),
      route<CreateGrantBody>({
        method: 'post',
        path: '/management/access-lists/{accessListId}/grants',
        operationId: 'createGrant',
        summary: 'Grant a person (by e-mail) a product for a period',
        description:
          'The person with `email` (normalised as accounts are: trimmed, lower case) gets `sku` while the grant is `ACTIVE`, ' +
          'the list `ACTIVE`, and now is in `[startsAt, endsAt)`; a reader signing in with that e-mail, now or after signing up later, ' +
          'holds an entitlement with `origin {type: "EXTERNAL", id: <grant>, listId, name: <list name>}`. `source` must be the list of ' +
          'the path (400 `GRANT.SOURCE_MISMATCH`); an unknown `sku` is a 404 `PRODUCT.NOT_FOUND`, a `poId` that is not one of its ' +
          'purchase options a 400; a second grant of the same sku to the same e-mail on the list is a 409 `GRANT.EXISTS`. `userId`, ' +
          'when sent, must be the account of that e-mail; the answer always shows it (null before the person has an account).',
        tags,
        auth: WRITE,
        body: { dto: CreateGrantBody },
        examples: { params: listParams, request: CREATE_GRANT_EXAMPLE, responses: { 201: GRANT_EXAMPLE } },
        responses: { 201: { description: 'Created', schema: GrantView } },
        handler: async ({ res, body, params, principal }) => {
          const { source, ...fields } = body;
          const grant = await this.ops.createGrant({
            vendorId: principal.vendorId,
            listId: params.accessListId,
            source,
            fields: grantFields(fields) as GrantFields,
          });
          res.status(201).json(grantView(grant));
        },
      }),
      route({
        method: 'post',
        path: '/management/access-lists/{accessListId}/grants/import',
        operationId: 'importGrants',
        summary: 'Load grants in bulk from a CSV file',
        description:
          'Send the file as `Content-Type: text/csv` (UTF-8, at most 5 MB and 10,000 rows: more is a 413). The first row names the ' +
          'columns: `email`, `sku` and `poId` are required, `startsAt`, `endsAt` (ISO 8601 date or date-time), `firstName`, ' +
          '`lastName`, `publisherUserId`, `publisherPurchaseId` and `notes` optional, any other column is a 400. Each row becomes an ' +
          '`ACTIVE` grant; a row with problems is not written and each problem is listed in `errors` as `{row, field, code, message}` ' +
          '(`row` is its line in the file, the header being 1); the other rows are written. A grant the list already has for the ' +
          "row's e-mail and sku is updated, so importing the same file again creates nothing (`updated` counts those).",
        tags,
        auth: WRITE,
        examples: { params: listParams, responses: { 200: GRANT_IMPORT_EXAMPLE } },
        responses: { 200: { description: `Imported; for example, for\n\n\`\`\`\n${GRANT_CSV_EXAMPLE}\n\`\`\``, schema: GrantImportView } },
        handler: async ({ req, res, params, principal }) => {
          const rows = grantCsvRows(await readCsvBody(req, res));
          res.json(await this.ops.importGrants({ vendorId: principal.vendorId, listId: params.accessListId, rows }));
        },
      }),
      route({
        method: 'get',
        path: '/management/access-lists/{accessListId}/grants/{grantId}',
        operationId: 'getGrant',
        summary: 'One grant',
        description: "A grant of another list or vendor, or none, is a 404 `GRANT.NOT_FOUND`.",
        tags,
        auth: READ,
        examples: { params: grantParams, responses: { 200: GRANT_EXAMPLE } },
        responses: { 200: { description: 'The grant', schema: GrantView } },
        handler: async ({ res, params, principal }) =>
          void res.json(grantView(await this.ops.getGrant({ vendorId: principal.vendorId, listId: params.accessListId, grantId: params.grantId }))),
      }),
      route<UpdateGrantBody>({
        method: 'put',
        path: '/management/access-lists/{accessListId}/grants/{grantId}',
        operationId: 'updateGrant',
        summary: 'Change a grant',
        description:
          'The fields sent replace the grant\'s; fields left out stay, `null` clears an optional one. `status` `INACTIVE` or ' +
          '`CANCELED` ends the access at once; the same checks as on create apply.',
        tags,
        auth: WRITE,
        body: { dto: UpdateGrantBody },
        examples: { params: grantParams, request: UPDATE_GRANT_EXAMPLE, responses: { 200: UPDATED_GRANT_EXAMPLE } },
        responses: { 200: { description: 'Changed', schema: GrantView } },
        handler: async ({ res, body, params, principal }) => {
          const grant = await this.ops.updateGrant({
            vendorId: principal.vendorId,
            listId: params.accessListId,
            grantId: params.grantId,
            change: grantFields(body),
          });
          res.json(grantView(grant));
        },
      }),
      route({
        method: 'delete',
        path: '/management/access-lists/{accessListId}/grants/{grantId}',
        operationId: 'deleteGrant',
        summary: 'Remove a grant',
        description: 'The access it gave ends at once. No body. A repeated delete answers 404 `GRANT.NOT_FOUND`: the grant is gone.',
        tags,
        auth: WRITE,
        examples: { params: grantParams },
        responses: { 204: { description: 'Removed' }, 404: GRANT_NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          await this.ops.deleteGrant({ vendorId: principal.vendorId, listId: params.accessListId, grantId: params.grantId });
          res.status(204).end();
        },
      }),
    ];
  }
}
