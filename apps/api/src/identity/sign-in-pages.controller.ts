import { Clock } from '@kiosk/domain';
import { IsObject } from 'class-validator';
import { Controller, route } from '../platform/http/routes';
import { CATALOGUE } from './pages/page-language';
import { checkedMessages, PageMessageStore } from './pages/page-messages';
import { BAD_SIGN_IN_MESSAGES } from './identity.error-examples';

export class SignInPageMessagesBody {
  /** Language (ISO 639 code) → message key → text; replaces the vendor's earlier sentences. */
  @IsObject() messages!: Record<string, Record<string, string>>;
}

export class SignInPageMessagesView {
  /** The vendor's own sentences. */
  @IsObject() messages!: Record<string, Record<string, string>>;
  /** The service's catalogue: every key a vendor may override, in the languages the service speaks. */
  @IsObject() defaults!: Record<string, Record<string, string>>;
}

const EXAMPLE_MESSAGES = {
  en: { 'signIn.lead': 'Sign in to The Daily to read every article.' },
  sv: { 'signIn.lead': 'Logga in på The Daily för att läsa alla artiklar.' },
  fi: { 'signIn.title': 'Kirjaudu sisään', 'signIn.submit': 'Kirjaudu' },
};
const EXAMPLE_VIEW = { messages: EXAMPLE_MESSAGES, defaults: { en: { 'signIn.title': 'Sign in' }, sv: { 'signIn.title': 'Logga in' } } };

/**
 * The vendor's sentences on its readers' sign-in pages: any message of the
 * service's catalogue, in English, Swedish or a language the vendor adds (a
 * sentence the vendor leaves out comes from the catalogue, in English when
 * the language is the vendor's own).
 */
export class SignInPagesController implements Controller {
  constructor(
    private readonly store: PageMessageStore,
    private readonly clock: Clock,
  ) {}

  routes() {
    const tags = ['management: sign-in pages'];
    const view = async (vendorId: string): Promise<SignInPageMessagesView> => ({
      messages: await this.store.find(vendorId),
      defaults: { ...CATALOGUE },
    });
    return [
      route({
        method: 'get',
        path: '/management/sign-in-pages',
        operationId: 'getSignInPageMessages',
        summary: "The vendor's sentences on the readers' sign-in pages, and the catalogue they override",
        description:
          'The sign-in, sign-up, password and error pages speak the reader\'s language (`ui_locales`, then Accept-Language). ' +
          '`defaults` lists every message key with the service\'s English and Swedish text; `messages` holds the vendor\'s own.',
        tags,
        auth: { kind: 'bearer', scope: 'sites:read' },
        examples: { responses: { 200: EXAMPLE_VIEW } },
        responses: { 200: { description: "The vendor's sentences and the service's catalogue", schema: SignInPageMessagesView } },
        handler: async ({ res, principal }) => {
          res.json(await view(principal.vendorId));
        },
      }),
      route<SignInPageMessagesBody>({
        method: 'put',
        path: '/management/sign-in-pages',
        operationId: 'replaceSignInPageMessages',
        summary: "Replace the vendor's sentences on the readers' sign-in pages",
        description:
          'Keys must be keys of the catalogue (`defaults` of the GET); languages are two- or three-letter ISO 639 codes, and a ' +
          'language the service does not speak becomes one readers can ask for. Text is plain (no markup), 1 to 500 characters, ' +
          'and may use only the `{{values}}` its message has. Errors: 400 `SIGN_IN_PAGES.BAD_MESSAGES`.',
        tags,
        auth: { kind: 'bearer', scope: 'sites:write' },
        body: { dto: SignInPageMessagesBody },
        examples: { request: { messages: EXAMPLE_MESSAGES }, responses: { 200: EXAMPLE_VIEW } },
        responses: {
          200: { description: 'Stored; the pages use them at once', schema: SignInPageMessagesView },
          400: BAD_SIGN_IN_MESSAGES,
        },
        handler: async ({ res, body, principal }) => {
          await this.store.replace(principal.vendorId, checkedMessages(body.messages), this.clock.now());
          res.json(await view(principal.vendorId));
        },
      }),
    ];
  }
}
