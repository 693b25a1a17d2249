import { DeleteUserMetadata, ListUserMetadata, PutUserMetadata, USER_METADATA_LIMITS } from '@kiosk/domain/engagement';
import { Controller, route } from '../platform/http/routes';
import { EngagementSuccessView } from './profile.dto';
import { readerOf } from './profile.controller';

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
        tags: TAGS,
        auth: { kind: 'user' },
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
        textBody: { maxBytes: USER_METADATA_LIMITS.valueMaxBytes, description: 'The value (an empty body stores an empty string)' },
        responses: {
          200: { description: '`{success: true}`', schema: EngagementSuccessView },
          400: { description: 'Bad key; too many keys' },
          413: { description: 'Value too large' },
          415: { description: 'Body not text/plain' },
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
        summary: 'Removes one metadata key',
        tags: TAGS,
        auth: { kind: 'user' },
        responses: {
          200: { description: '`{success: true}`', schema: EngagementSuccessView },
          400: { description: 'Bad key' },
          404: { description: 'The reader has no such key' },
        },
        handler: async ({ res, params, principal }) =>
          void res.json(await this.remove.execute({ ...readerOf(principal), key: params.id })),
      }),
    ];
  }
}
