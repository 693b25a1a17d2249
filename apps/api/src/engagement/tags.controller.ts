import { AddTag, ListTags, RemoveTag, TAG_LIMITS } from '@kiosk/domain/engagement';
import { Controller, route } from '../platform/http/routes';
import { readerOf } from './profile.controller';
import { NEITHER_TEXT_NOR_JSON } from '../platform/http/problem-examples';
import { BAD_TAG, BODY_TOO_LARGE } from './engagement.error-examples';

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
        description: 'Tags are short labels a site sets on its reader (interests, segments); they show on the profile too.',
        tags: TAGS,
        auth: { kind: 'user' },
        examples: { responses: { 200: ['sports', 'culture'] } },
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
        examples: { request: 'sports', responses: { 200: 'sports' } },
        textBody: { maxBytes: TAG_LIMITS.maxBodyBytes, description: 'The tag: text/plain, or JSON: a string or `{"tag": string}`', jsonField: 'tag' },
        responses: {
          200: { description: 'The tag as stored (trimmed), a JSON string', schema: { type: 'string' } },
          400: BAD_TAG('Bad tag; too many tags; a JSON body of another shape'),
          413: BODY_TOO_LARGE('Body too large'),
          415: NEITHER_TEXT_NOR_JSON,
        },
        handler: async ({ res, body, principal }) =>
          void res.json(await this.add.execute({ ...readerOf(principal), tag: typeof body === 'string' ? body : '' })),
      }),
      route({
        method: 'delete',
        path: '/tags/{tag}',
        operationId: 'removeTag',
        summary: 'Removes a tag; a tag the reader does not have answers the same',
        description: 'Safe to repeat: the answer is the same whether the reader had the tag or not.',
        tags: TAGS,
        auth: { kind: 'user' },
        examples: { params: { tag: 'sports' }, responses: { 200: 'sports' } },
        responses: {
          200: { description: 'The tag (as normalized), a JSON string', schema: { type: 'string' } },
          400: BAD_TAG('Bad tag'),
        },
        handler: async ({ res, params, principal }) =>
          void res.json(await this.remove.execute({ ...readerOf(principal), tag: params.tag })),
      }),
    ];
  }
}
