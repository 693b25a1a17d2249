import { ArrayMaxSize, ArrayMinSize, IsArray, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { BrowserClient, ListBrowserClients, RegisterBrowserClient } from '@kiosk/domain/identity';
import { Controller, route } from '../platform/http/routes';
import { NullableInAnswer } from '../platform/http/views';
import { BROWSER_CLIENT_EXAMPLE, REGISTER_BROWSER_CLIENT_EXAMPLE } from './identity.examples';

export class RegisterBrowserClientBody {
  @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(20) @IsString({ each: true }) @MaxLength(2048, { each: true })
  redirectUris!: string[];
  @IsOptional() @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) @MaxLength(2048, { each: true })
  allowedOrigins?: string[];
  @IsOptional() @IsString() @MaxLength(2048) accessSyncUrl?: string;
}

export class BrowserClientView {
  @IsString() clientId!: string;
  @IsString() name!: string;
  @IsArray() redirectUris!: string[];
  @IsArray() allowedOrigins!: string[];
  @NullableInAnswer() @IsString() accessSyncUrl!: string | null;
  @IsString() createdAt!: string;
}

const view = (c: BrowserClient): BrowserClientView => ({
  clientId: c.clientId,
  name: c.name,
  redirectUris: [...c.redirectUris],
  allowedOrigins: [...c.allowedOrigins],
  accessSyncUrl: c.accessSyncUrl,
  createdAt: c.createdAt.toISOString(),
});

/** A vendor's browser clients: its sites' sign-in redirect addresses and allowed origins. */
export class BrowserClientsController implements Controller {
  constructor(
    private readonly register: RegisterBrowserClient,
    private readonly list: ListBrowserClients,
  ) {}

  routes() {
    const tags = ['management: browser clients'];
    return [
      route<RegisterBrowserClientBody>({
        method: 'post',
        path: '/management/browser-clients',
        operationId: 'registerBrowserClient',
        summary: 'Register a browser client (a site): exact redirect addresses and allowed origins',
        description:
          'A browser client is one of the vendor\'s sites: its `clientId` goes into the sign-in routes (`/auth/{clientId}/...`) and ' +
          'the Basic credentials of anonymous visitors. Sign-in returns only to `redirectUris` (exact matches); cookie-session ' +
          'calls that change something are accepted only from `allowedOrigins`; `accessSyncUrl` is where ' +
          '`/auth/streaming-link` sends a signed-in reader.',
        examples: { request: REGISTER_BROWSER_CLIENT_EXAMPLE, responses: { 201: BROWSER_CLIENT_EXAMPLE } },
        tags,
        auth: { kind: 'bearer', scope: 'sites:write' },
        body: { dto: RegisterBrowserClientBody },
        responses: { 201: { description: 'Registered', schema: BrowserClientView } },
        handler: async ({ res, body, principal }) => {
          const client = await this.register.execute({ vendorId: principal.vendorId, ...body });
          res.status(201).json(view(client));
        },
      }),
      route({
        method: 'get',
        path: '/management/browser-clients',
        operationId: 'listBrowserClients',
        summary: "The vendor's browser clients",
        description:
          'Every site registered for sign-in, with its redirect addresses, allowed origins and access-sync callback (`null` when none).',
        examples: { responses: { 200: [BROWSER_CLIENT_EXAMPLE] } },
        tags,
        auth: { kind: 'bearer', scope: 'sites:read' },
        responses: { 200: { description: 'The clients', schema: [BrowserClientView] } },
        handler: async ({ res, principal }) => {
          res.json((await this.list.execute(principal.vendorId)).map(view));
        },
      }),
    ];
  }
}
