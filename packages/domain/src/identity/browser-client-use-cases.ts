import { VendorNotFound, VendorRepository } from '../catalog';
import { Clock, ConflictError, UnauthenticatedError } from '../shared';
import { Principal } from './access-token';
import { BrowserClient, createBrowserClient, VISITOR_ID_PATTERN } from './browser-client';
import { BrowserClientRepository, CredentialGenerator } from './ports';

export class RegisterBrowserClient {
  constructor(
    private readonly clients: BrowserClientRepository,
    private readonly vendors: VendorRepository,
    private readonly credentials: CredentialGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: {
    vendorId: string;
    name: string;
    redirectUris: string[];
    allowedOrigins?: string[];
    accessSyncUrl?: string | null;
    clientId?: string;
  }): Promise<BrowserClient> {
    if (!(await this.vendors.find(command.vendorId))) throw new VendorNotFound(command.vendorId);
    const client = createBrowserClient(
      { ...command, clientId: command.clientId ?? this.credentials.browserClientId() },
      this.clock.now(),
    );
    if (!(await this.clients.add(client))) {
      throw new ConflictError('BROWSER_CLIENT.EXISTS', `client ${client.clientId} already exists`);
    }
    return client;
  }
}

export class ListBrowserClients {
  constructor(private readonly clients: Pick<BrowserClientRepository, 'list'>) {}

  execute(vendorId: string): Promise<BrowserClient[]> {
    return this.clients.list(vendorId);
  }
}

/**
 * Anonymous visitors on the few routes that take HTTP Basic: the user name is
 * the vendor's browser client id, the password the visitor id.
 */
export class AuthenticateVisitor {
  constructor(private readonly clients: Pick<BrowserClientRepository, 'findById'>) {}

  async execute(clientId: string, visitorId: string): Promise<Principal> {
    const client = await this.clients.findById(clientId);
    if (!client || !VISITOR_ID_PATTERN.test(visitorId)) {
      throw new UnauthenticatedError('AUTH.BAD_VISITOR', 'Basic credentials must be <client id>:<visitor id>');
    }
    return { kind: 'visitor', vendorId: client.vendorId, clientId, visitorId, scopes: [] };
  }
}
