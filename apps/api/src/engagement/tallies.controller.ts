import { GetTally, ListTallies, PushToTally, SetTally, TallyQuotaExceeded } from '@kiosk/domain/engagement';
import { Controller, route } from '../platform/http/routes';
import { HttpProblem } from '../platform/http/problem';
import { TALLY_MAP_SCHEMA, TALLY_SCHEMA, TALLY_VALUES_SCHEMA, TallyValueBody } from './tallies.dto';
import { TALLY_EXAMPLE, TALLY_ID, TALLY_VALUE_EXAMPLE, TALLY_VALUES_EXAMPLE } from './engagement.examples';
import { TallyReaders } from './tallies.readers';
import { tallyView } from './tallies.views';
import { BAD_TALLY_ID_REFUSAL, NO_CREDENTIALS, TALLY_FULL, TALLY_QUOTA } from './engagement.error-examples';

/** The quota is a storage limit: 413, as a body that is too large. */
export async function quota<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TallyQuotaExceeded) throw new HttpProblem(413, error.code, error.message, error.details);
    throw error;
  }
}

export const READER_AUTH =
  'A signed-in reader (bearer user token) or an anonymous visitor (HTTP Basic `<browser clientId>:<visitorId>`).';

export class TalliesController implements Controller {
  constructor(
    private readonly readers: TallyReaders,
    private readonly list: ListTallies,
    private readonly get: GetTally,
    private readonly set: SetTally,
    private readonly push: PushToTally,
  ) {}

  routes() {
    const tags = ['tallies'];
    const common = {
      400: BAD_TALLY_ID_REFUSAL('Bad tally id (1 to 64 of `A-Z a-z 0-9 _ - . :`), value over 512 characters, or bad policies'),
      401: NO_CREDENTIALS,
    };
    return [
      route({
        method: 'get',
        path: '/tallies',
        operationId: 'listTallies',
        summary: "The reader's live tallies: tally id to values, oldest first",
        description:
          'A tally is a short list of strings a site keeps on its reader or visitor (articles read, offers seen), with ' +
          `policies for its length and lifetime. Expired tallies are left out. ${READER_AUTH}`,
        tags,
        auth: { kind: 'reader' },
        examples: { responses: { 200: { [TALLY_ID]: TALLY_VALUES_EXAMPLE, 'offers-seen': ['spring-offer'] } } },
        responses: { 200: { description: 'Map of tally id to values', schema: TALLY_MAP_SCHEMA }, 401: common[401] },
        handler: async ({ req, res, principal }) => {
          res.json(await this.list.execute(this.readers.of(principal, req)));
        },
      }),
      route({
        method: 'get',
        path: '/tallies/{id}',
        operationId: 'getTally',
        summary: 'The values of one tally, oldest first; empty when the tally does not exist or expired',
        description: READER_AUTH,
        tags,
        auth: { kind: 'reader' },
        examples: { params: { id: TALLY_ID }, responses: { 200: TALLY_VALUES_EXAMPLE } },
        responses: { 200: { description: 'The values', schema: TALLY_VALUES_SCHEMA }, ...common },
        handler: async ({ req, res, params, principal }) => {
          res.json(await this.get.execute({ reader: this.readers.of(principal, req), id: params.id }));
        },
      }),
      route<TallyValueBody>({
        method: 'put',
        path: '/tallies/{id}',
        operationId: 'setTally',
        summary: 'Set the tally to the one value',
        description:
          `${READER_AUTH} The list becomes \`[value]\`. Policies sent replace the tally's (fields left out take their ` +
          'defaults: no ttl, maxItems 100, unique false, overflow fifo, ipSessionSharing false); without policies a live ' +
          'tally keeps its own.',
        tags,
        auth: { kind: 'reader' },
        body: { dto: TallyValueBody },
        examples: { params: { id: TALLY_ID }, request: TALLY_VALUE_EXAMPLE, responses: { 200: TALLY_EXAMPLE } },
        responses: {
          200: { description: 'The tally', schema: TALLY_SCHEMA },
          ...common,
          413: TALLY_QUOTA,
        },
        handler: async ({ req, res, params, body, principal }) => {
          const tally = await quota(() =>
            this.set.execute({ reader: this.readers.of(principal, req), id: params.id, value: body.value, policies: body.policies }),
          );
          res.json(tallyView(tally));
        },
      }),
      route<TallyValueBody>({
        method: 'post',
        path: '/tallies/{id}/push',
        operationId: 'pushToTally',
        summary: 'Add a value to the end of the tally, atomically',
        description:
          `${READER_AUTH} Parallel pushes run one after the other. With \`unique\` a value already in the list is not ` +
          'added again; on a full list `fifo` drops the oldest value and `block` refuses with 409 TALLY.FULL. Policies ' +
          'sent replace the tally\'s before the push.',
        tags,
        auth: { kind: 'reader' },
        body: { dto: TallyValueBody },
        examples: { params: { id: TALLY_ID }, request: { value: 'article-20260315-harbour' }, responses: { 200: TALLY_VALUES_EXAMPLE } },
        responses: {
          200: { description: 'The values after the push', schema: TALLY_VALUES_SCHEMA },
          ...common,
          409: TALLY_FULL('The tally is full and its overflow is `block` (TALLY.FULL)'),
          413: TALLY_QUOTA,
        },
        handler: async ({ req, res, params, body, principal }) => {
          const values = await quota(() =>
            this.push.execute({ reader: this.readers.of(principal, req), id: params.id, value: body.value, policies: body.policies }),
          );
          res.json(values);
        },
      }),
    ];
  }
}
