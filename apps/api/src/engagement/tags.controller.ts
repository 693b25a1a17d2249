import { AddTag, ListTags, RemoveTag, TAG_LIMITS } from '@kiosk/domain/engagement';
import { Controller, route } from '../platform/http/routes';
import { readerOf } from './profile.controller';

const TAGS = ['tags'];
const LIMITS =
  `A tag is 1 to ${TAG_LIMITS.maxLength} characters after trimming, without control characters or "/" (else 400); ` +
  `at most ${TAG_LIMITS.maxTags} tags per reader (400); a body over ${TAG_LIMITS.maxBodyBytes} bytes answers 413.`;

export class TagsController implements Controller {
  constructor(
    private readonly list: ListTags,
    private readonly add: AddTag,
    private readonly remove: RemoveTag,
  ) {}

  routes() {
    return [
      route({
        method: 'get',
        path: '/tags',
        operationId: 'listTags',
        summary: "The reader's tags, oldest first",
        tags: TAGS,
        auth: { kind: 'user' },
        responses: { 200: { description: 'string[]', schema: { type: 'array', items: { type: 'string' } } } },
        handler: async ({ res, principal }) => void res.json(await this.list.execute(readerOf(principal))),
      }),
      route<string | undefined>({
        method: 'post',
        path: '/tags',
        operationId: 'addTag',
        summary: 'Adds a tag (the text/plain body); adding one the reader has changes nothing',
        description: LIMITS,
        tags: TAGS,
        auth: { kind: 'user' },
        textBody: { maxBytes: TAG_LIMITS.maxBodyBytes, description: 'The tag' },
        responses: {
          200: { description: 'The tag as stored (trimmed), a JSON string', schema: { type: 'string' } },
          400: { description: 'Bad tag; too many tags' },
          413: { description: 'Body too large' },
          415: { description: 'Body not text/plain' },
        },
        handler: async ({ res, body, principal }) =>
          void res.json(await this.add.execute({ ...readerOf(principal), tag: typeof body === 'string' ? body : '' })),
      }),
      route({
        method: 'delete',
        path: '/tags/{tag}',
        operationId: 'removeTag',
        summary: 'Removes a tag',
        tags: TAGS,
        auth: { kind: 'user' },
        responses: {
          200: { description: 'The removed tag, a JSON string', schema: { type: 'string' } },
          400: { description: 'Bad tag' },
          404: { description: 'The reader has no such tag' },
        },
        handler: async ({ res, params, principal }) =>
          void res.json(await this.remove.execute({ ...readerOf(principal), tag: params.tag })),
      }),
    ];
  }
}
