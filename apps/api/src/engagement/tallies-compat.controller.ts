import { CreateTally, DeleteTally, TallyPoliciesInput } from '@kiosk/domain/engagement';
import { Controller, route } from '../platform/http/routes';
import { COMPATIBILITY_LABEL, compatibilityDescription } from './compat.routes';
import { EngagementSuccessView } from './profile.dto';
import { TALLY_SCHEMA } from './tallies.dto';
import { CompatTallyPoliciesBody, CreateTallyBody } from './tallies-compat.dto';
import { quota, READER_AUTH } from './tallies.controller';
import { TALLY_EXAMPLE, TALLY_ID } from './engagement.examples';
import { TallyReaders } from './tallies.readers';
import { tallyView } from './tallies.views';
import { BAD_TALLY_ID_REFUSAL, NO_CREDENTIALS, TALLY_FULL, TALLY_QUOTA } from './engagement.error-examples';

const policiesOf = (body: CompatTallyPoliciesBody | undefined): TallyPoliciesInput | undefined => {
  if (!body) return undefined;
  const { ttl, ...rest } = body;
  return { ...rest, ...(ttl === null || ttl === undefined ? {} : { ttl }) };
};

/**
 * The public client's tally calls that interface-spec.md lacks (management-interface.md,
 * appendix): `POST /tallies` (create) and `DELETE /tallies/{id}`. Same
 * credentials, id and value limits, policies and quota as the other tally routes.
 */
export class TalliesCompatController implements Controller {
  constructor(
    private readonly readers: TallyReaders,
    private readonly create: CreateTally,
    private readonly remove: DeleteTally,
  ) {}

  routes() {
    const tags = ['tallies', COMPATIBILITY_LABEL];
    return [
      route<CreateTallyBody>({
        method: 'post',
        path: '/tallies',
        operationId: 'createTallyCompat',
        summary: 'Creates (or replaces) a tally with its values (compatibility route)',
        description: compatibilityDescription(
          'post',
          '/tallies',
          'PUT /tallies/{id} and POST /tallies/{id}/push',
          `${READER_AUTH} Body \`{id, value, policies?}\`: \`value\` is a string, a number (kept as its decimal ` +
            'string, `42` becomes `"42"`) or an array of them, up to 1000. The tally becomes those values, as if each ' +
            'were pushed in order onto an empty list (`unique` skips repeats; past `maxItems` `fifo` keeps the newest ' +
            'and `block` answers 409 TALLY.FULL). An existing tally under the id is replaced, as by PUT; policies ' +
            'are resolved as PUT resolves them (`ttl: null` means no ttl). `createdAt`, `updatedAt` and `expiresAt` ' +
            'of a Tally sent back are ignored; any other field is 400.',
        ),
        tags,
        auth: { kind: 'reader' },
        body: { dto: CreateTallyBody },
        examples: {
          request: { id: TALLY_ID, value: ['article-20260315-harbour', 42], policies: TALLY_EXAMPLE.policies },
          responses: { 201: { ...TALLY_EXAMPLE, value: ['article-20260315-harbour', '42'] } },
        },
        responses: {
          201: { description: 'The Tally (interface 2.6a)', schema: TALLY_SCHEMA },
          400: BAD_TALLY_ID_REFUSAL('Bad tally id (1 to 64 of `A-Z a-z 0-9 _ - . :`), bad value, bad policies or an unknown field'),
          401: NO_CREDENTIALS,
          409: TALLY_FULL('More values than `maxItems` with overflow `block` (TALLY.FULL)'),
          413: TALLY_QUOTA,
        },
        handler: async ({ req, res, body, principal }) => {
          const tally = await quota(() =>
            this.create.execute({ reader: this.readers.of(principal, req), id: body.id, value: body.value, policies: policiesOf(body.policies) }),
          );
          res.status(201).json(tallyView(tally));
        },
      }),
      route({
        method: 'delete',
        path: '/tallies/{id}',
        operationId: 'deleteTallyCompat',
        summary: 'Removes a tally (compatibility route)',
        description: compatibilityDescription(
          'delete',
          '/tallies/{id}',
          'PUT /tallies/{id} with a ttl, which lets a tally lapse',
          `${READER_AUTH} Removes the tally the caller sees under the id (for a visitor also the one shared by ` +
            'visitors behind the same IP, while it is shared); afterwards `GET /tallies/{id}` answers `[]`. The same ' +
            'answer whether the tally existed or not: `{success: true}`, as `DELETE /profile` answers, so a repeated delete is safe.',
        ),
        tags,
        auth: { kind: 'reader' },
        examples: { params: { id: TALLY_ID }, responses: { 200: { success: true } } },
        responses: {
          200: { description: '`{success: true}`', schema: EngagementSuccessView },
          400: BAD_TALLY_ID_REFUSAL('Bad tally id (1 to 64 of `A-Z a-z 0-9 _ - . :`)'),
          401: NO_CREDENTIALS,
        },
        handler: async ({ req, res, params, principal }) => {
          await this.remove.execute({ reader: this.readers.of(principal, req), id: params.id });
          res.json({ success: true });
        },
      }),
    ];
  }
}
