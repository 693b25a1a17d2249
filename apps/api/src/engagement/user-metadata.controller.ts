import { DeleteUserMetadata, ListUserMetadata, PutUserMetadata, USER_METADATA_LIMITS } from '@kiosk/domain/engagement';
import { Controller, route } from '../platform/http/routes';
import { EngagementSuccessView } from './profile.dto';
import { readerOf } from './profile.controller';
import { NEITHER_TEXT_NOR_JSON } from '../platform/http/problem-examples';
import { BAD_METADATA_KEY, BODY_TOO_LARGE } from './engagement.error-examples';

const TAGS = ['user metadata'];
const LIMITS =
  `Keys: 1 to ${USER_METADATA_LIMITS.keyMaxLength} of A-Z a-z 0-9 _ . : - (else 400); values: at most ` +
  `${USER_METADATA_LIMITS.valueMaxBytes} bytes (413); at most ${USER_METADATA_LIMITS.maxKeys} keys per reader (400).`;

export class UserMetadataController implements Controller {
  constructor(
    private readonly list: ListUserMetadata,
    private readonly put: PutUserMetadata,
    private readonly remove: DeleteUserMetadata,
  ) {}

  routes() {
    return [
      route({
        method: 'get',
        path: '/user-metadata',
        operationId: 'listUserMetadata',
        summary: "The reader's metadata, key to value",
        description: 'Free-form string values a site keeps on its reader (preferences, onboarding state); `user_metadata` of the profile.',
        tags: TAGS,
        auth: { kind: 'user' },
        examples: { responses: { 200: { newsletter: 'weekly', section: 'culture' } } },
        responses: {
          200: { description: 'map string to string', schema: { type: 'object', additionalProperties: { type: 'string' } } },
        },
        handler: async ({ res, principal }) => void res.json(await this.list.execute(readerOf(principal))),
      }),
      route<string | undefined>({
        method: 'put',
        path: '/user-metadata/{id}',
        operationId: 'putUserMetadata',
        summary: 'Sets one metadata value (the text/plain body)',
        description: LIMITS,
        tags: TAGS,
        auth: { kind: 'user' },
        examples: { params: { id: 'newsletter' }, request: 'weekly', responses: { 200: { success: true } } },
        textBody: {
          maxBytes: USER_METADATA_LIMITS.valueMaxBytes,
          description: 'The value (an empty body stores an empty string): text/plain, or JSON: a string or `{"value": string}`',
          jsonField: 'value',
        },
        responses: {
          200: { description: '`{success: true}`', schema: EngagementSuccessView },
          400: BAD_METADATA_KEY('Bad key; too many keys; a JSON body of another shape'),
          413: BODY_TOO_LARGE('Value too large'),
          415: NEITHER_TEXT_NOR_JSON,
        },
        handler: async ({ res, body, params, principal }) =>
          void res.json(
            await this.put.execute({ ...readerOf(principal), key: params.id, value: typeof body === 'string' ? body : '' }),
          ),
      }),
      route({
        method: 'delete',
        path: '/user-metadata/{id}',
        operationId: 'deleteUserMetadata',
        summary: 'Removes one metadata key; a key the reader does not have answers `{success: true}` too',
        description: 'Safe to repeat.',
        tags: TAGS,
        auth: { kind: 'user' },
        examples: { params: { id: 'newsletter' }, responses: { 200: { success: true } } },
        responses: {
          200: { description: '`{success: true}`', schema: EngagementSuccessView },
          400: BAD_METADATA_KEY('Bad key'),
        },
        handler: async ({ res, params, principal }) =>
          void res.json(await this.remove.execute({ ...readerOf(principal), key: params.id })),
      }),
    ];
  }
}
