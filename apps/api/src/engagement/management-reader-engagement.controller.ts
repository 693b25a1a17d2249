import { ListTags, ListTallies } from '@kiosk/domain/engagement';
import { Controller, route } from '../platform/http/routes';
import { TALLY_MAP_SCHEMA } from './tallies.dto';
import { TALLY_ID, TALLY_VALUES_EXAMPLE } from './engagement.examples';
import { refusal } from '../platform/http/problem-examples';

/**
 * The vendor's live user, or a 404 `USER.NOT_FOUND` (another vendor's and
 * erased users included), as `GET /management/users/{userId}` answers. The
 * identity module's `GetManagedUser`, looked up when called (that module
 * requires this one).
 */
export interface ManagedReaders {
  ensureLive(vendorId: string, userId: string): Promise<void>;
}

const READ = { kind: 'bearer', scope: 'users:read' } as const;
const tags = ['management: users'];
const EXAMPLE_USER_ID = '0195a3c2-7d10-7b4e-9a21-5c0f3e8d2b61';
const NOT_FOUND = refusal(
  "No such user of the vendor (another vendor's and erased users included): `USER.NOT_FOUND`",
  404,
  'USER.NOT_FOUND',
  `no user ${EXAMPLE_USER_ID}`,
  { userId: EXAMPLE_USER_ID },
);

/** GET /management/users/{userId}/tags and /tallies: one reader's tags and live tallies, read only. */
export class ManagementReaderEngagementController implements Controller {
  constructor(
    private readonly readers: ManagedReaders,
    private readonly listTags: ListTags,
    private readonly listTallies: ListTallies,
  ) {}

  routes() {
    return [
      route({
        method: 'get',
        path: '/management/users/{userId}/tags',
        operationId: 'listManagementUserTags',
        summary: "One reader's tags, oldest first",
        description:
          'The tags the reader (or a site for them, `POST /tags`) has set, as the reader\'s own `GET /tags` shows them: a ' +
          'bare array of strings, `[]` when there are none. Read only. Another vendor\'s user, an erased one or an unknown ' +
          'id is a 404 `USER.NOT_FOUND`.',
        tags,
        auth: READ,
        examples: { params: { userId: EXAMPLE_USER_ID }, responses: { 200: ['sports', 'culture'] } },
        responses: {
          200: { description: 'string[]', schema: { type: 'array', items: { type: 'string' } } },
          404: NOT_FOUND,
        },
        handler: async ({ res, params, principal }) => {
          const ref = { vendorId: principal.vendorId, userId: params.userId };
          await this.readers.ensureLive(ref.vendorId, ref.userId);
          res.json(await this.listTags.execute(ref));
        },
      }),
      route({
        method: 'get',
        path: '/management/users/{userId}/tallies',
        operationId: 'listManagementUserTallies',
        summary: "One reader's live tallies: tally id to values, oldest value first",
        description:
          'The signed-in reader\'s own tallies as the reader\'s `GET /tallies` shows them: an object from tally id (sorted) ' +
          'to its values, `{}` when there are none; expired tallies are left out. Tallies of anonymous visitors (and those ' +
          'visitors behind one address share) belong to no user and are not shown. Read only. Another vendor\'s user, an ' +
          'erased one or an unknown id is a 404 `USER.NOT_FOUND`.',
        tags,
        auth: READ,
        examples: {
          params: { userId: EXAMPLE_USER_ID },
          responses: { 200: { 'offers-seen': ['spring-offer'], [TALLY_ID]: TALLY_VALUES_EXAMPLE } },
        },
        responses: {
          200: { description: 'Map of tally id to values', schema: TALLY_MAP_SCHEMA },
          404: NOT_FOUND,
        },
        handler: async ({ res, params, principal }) => {
          await this.readers.ensureLive(principal.vendorId, params.userId);
          res.json(await this.listTallies.execute({ kind: 'user', vendorId: principal.vendorId, userId: params.userId }));
        },
      }),
    ];
  }
}
