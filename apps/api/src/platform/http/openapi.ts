import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { WEBHOOK_EVENT_DATA, WEBHOOK_EVENT_TYPES } from '@kiosk/domain/webhooks';
import { API_KEYS_MANAGE, TEAM_MANAGE } from '@kiosk/domain/identity';
import { ResponseSpec, RouteAuth, RouteSpec } from './routes';

type Schema = Record<string, unknown>;

const PROBLEM_SCHEMA: Schema = {
  type: 'object',
  description:
    'RFC 9457 problem details; validation failures list the fields under `errors`. The members listed here are always ' +
    "the service's own; an error's further details are further members.",
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string', description: 'Stable machine-readable code, e.g. CONTRACT.NOT_CONFIRMABLE' },
    requestId: { type: 'string' },
    scope: { type: 'string', description: 'With `AUTH.INSUFFICIENT_SCOPE`: the scope the call needs' },
    details: {
      type: 'object',
      description: "An error's own details whose names would clash with the members above (a contract's `status` is `details.status`)",
    },
    errors: {
      type: 'array',
      items: { type: 'object', properties: { field: { type: 'string' }, messages: { type: 'array', items: { type: 'string' } } } },
    },
  },
};

/** What every webhook delivery carries (docs/webhooks.md). */
const WEBHOOK_EVENT_SCHEMA: Schema = {
  type: 'object',
  description: 'A webhook event, signed with the Standard Webhooks scheme (`webhook-id`, `webhook-timestamp`, `webhook-signature`).',
  required: ['id', 'type', 'timestamp', 'sequence', 'data'],
  properties: {
    id: { type: 'string', description: 'The event id, also the `webhook-id` header; the same on every attempt and replay' },
    type: { type: 'string', enum: WEBHOOK_EVENT_TYPES.map((t) => t.type) },
    timestamp: { type: 'string', format: 'date-time', description: 'When it happened' },
    sequence: { type: 'integer', description: "Per-object sequence number: the object's events are delivered in this order" },
    data: { type: 'object', description: 'The object the event is about' },
  },
};

/** OpenAPI 3.1 `webhooks`: the event catalogue, one entry per event type. */
function webhooksSection(): Record<string, unknown> {
  const header = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((t) => [
      t.type,
      {
        post: {
          operationId: `webhook:${t.type}`,
          summary: t.description,
          description:
            `\`data\`: ${WEBHOOK_EVENT_DATA[t.object]} ` +
            "Sent by Kiosk to the endpoint. It carries no credentials: verify the Standard Webhooks signature with the endpoint's secret.",
          tags: ['webhooks'],
          security: [],
          parameters: [
            header('webhook-id', 'The event id'),
            header('webhook-timestamp', 'Seconds since the epoch when this attempt was signed'),
            header('webhook-signature', 'Space-separated `v1,<base64 HMAC-SHA256>` signatures, two during a secret rotation'),
          ],
          requestBody: { required: true, content: { 'application/json': { schema: ref('WebhookEvent') } } },
          responses: { '2XX': { description: 'Delivered (within 15 seconds); anything else is retried' } },
        },
      },
    ]),
  );
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The order of a path item's operations (OpenAPI's own field order). */
const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);
const byMethod = ([a]: [string, unknown], [b]: [string, unknown]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b);

/**
 * Paths by path and operations by method, schemas by name: the document is a
 * function of the routes and DTOs alone, not of the order modules load in or
 * files are imported in.
 */
function canonical(paths: Record<string, Record<string, unknown>>, schemas: Record<string, Schema>) {
  return {
    paths: Object.fromEntries(
      Object.entries(paths)
        .sort(byKey)
        .map(([path, methods]) => [path, Object.fromEntries(Object.entries(methods).sort(byMethod))]),
    ) as Record<string, Record<string, unknown>>,
    schemas: Object.fromEntries(Object.entries(schemas).sort(byKey)) as Record<string, Schema>,
  };
}

function responseSchema(schema: ResponseSpec['schema']): Schema | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema)) return { type: 'array', items: ref(schema[0].name) };
  if (typeof schema === 'function') return ref(schema.name);
  return schema;
}

/**
 * The sections of the interface, in the order a reader meets them: each
 * operation's tag is derived from its path (the module that owns it, reader
 * routes apart from management routes), so a new route needs no tag of its
 * own and a new module gets a section by its first path segment.
 */
const SECTIONS: { name: string; paths: RegExp; description: string }[] = [
  {
    name: 'Service',
    paths: /^\/$|^\/(healthz|readyz|openapi\.json|docs)$/,
    description: 'The front page, health and readiness for load balancers, and this reference.',
  },
  {
    name: 'Identity',
    paths: /^\/(auth|oidc|t|oauth|\.well-known)(\/|$)/,
    description:
      'Sign-in for readers and staff (authorization code with PKCE, cookie sessions, passwordless codes), the OpenID provider and the tenant token addresses where an API key gets its token.',
  },
  {
    name: 'Identity (management)',
    paths: /^\/management\/(api-keys|browser-clients|sign-in-pages)(\/|$)/,
    description: "A vendor's API keys, its browser clients (the sites that sign readers in) and the sentences of its sign-in pages.",
  },
  {
    name: 'Team (management)',
    paths: /^\/management\/(team|me)(\/|$)/,
    description: "The vendor's staff: who is on the team with which role, invitations, and the signed-in staff member's own view.",
  },
  {
    name: 'Readers (management)',
    paths: /^\/management\/(users|customers)(\/|$)/,
    description:
      "The vendor's readers: find them by e-mail or id, change their sign-in e-mail and password, read and set their tags, tallies and metadata, and erase them.",
  },
  {
    name: 'Access',
    paths: /^\/(entitlements|proxy)(\/|$)|^\/products\/\{sku\}\/auto-onboard$/,
    description: "What a reader may read: entitlements, waiting for a grant, auto-onboarding and the content proxy.",
  },
  {
    name: 'Access (management)',
    paths: /^\/management\/(auto-onboard|access-lists|entitlements|links)(\/|$)/,
    description:
      'Who may read what, seen and set by the vendor: all entitlements, access lists of granted readers (imported in bulk), auto-onboarding rules and signed links to content.',
  },
  { name: 'Catalog', paths: /^\/(products|vendor|vendors)(\/|$)/, description: 'Vendors, products and their purchase options as readers see them.' },
  {
    name: 'Catalog (management)',
    paths: /^\/management\/(products|vendors)(\/|$)/,
    description: "The vendor's products and purchase options (prices, intervals, seats, tax), and the vendor itself.",
  },
  {
    name: 'Sites (management)',
    paths: /^\/management\/(sites|domains)(\/|$)/,
    description: "The vendor's web domains and the sites on them, each tied to a browser client so its pages may sign readers in and call the service.",
  },
  {
    name: 'Test clock (management)',
    paths: /^\/management\/test-clock(\/|$)/,
    description: "A test-mode vendor's own clock: read it, and advance it to run renewals, dunning and cancellations in seconds (docs/operations.md).",
  },
  {
    name: 'Contracts',
    paths: /^\/(contracts|subscriptions|payment-issues)(\/|$)/,
    description: "A reader's contracts, subscriptions and payment issues: create, confirm, amend, cancel.",
  },
  {
    name: 'Contracts (management)',
    paths: /^\/management\/(contracts|discount-codes)/,
    description: "Contracts made for readers by a vendor's server (B2B, seats, timed moves) and discount codes.",
  },
  {
    name: 'Checkout',
    paths: /^\/(checkouts|checkout)(\/|$)|^\/webhooks\/stripe$/,
    description:
      "A reader's checkouts and the hosted checkout page they open: the buyer's details, discount codes, gifts and business purchases, payment, confirmation and the receipt; and the payment provider's callback.",
  },
  {
    name: 'Checkout (management)',
    paths: /^\/management\/checkout-settings(\/|$)/,
    description: "How the vendor's hosted checkout looks and what it asks: colour, logo, required fields, payment methods, lifetime.",
  },
  { name: 'Billing', paths: /^\/(bills|transactions|receipts)(\/|$)/, description: "A reader's bills, receipts, invoices and transactions." },
  {
    name: 'Billing (management)',
    paths: /^\/management\/(bills|transactions|billing-settings)(\/|$)/,
    description: "The vendor's bills and transactions, payments recorded against bills, invoice documents and e-invoices, and the seller details invoices carry.",
  },
  { name: 'Paywalls', paths: /^\/paywalls(\/|$)/, description: 'Paywall shapes, the leaky allowance, signed links and strategies.' },
  { name: 'Paywalls (management)', paths: /^\/management\/paywall/, description: 'Paywall configuration, link tiers and strategies.' },
  {
    name: 'Capsule',
    paths: /^\/capsule(\/|$)/,
    description: 'Encrypted content: unlock wrap keys for a reader, share tokens, verification and the public JWKS (see capsule-protocol.md).',
  },
  { name: 'Capsule (management)', paths: /^\/management\/capsule/, description: 'Vendor key material, product scopes and signed links.' },
  {
    name: 'Engagement',
    paths: /^\/(profile|user-metadata|tags|fulfillments|tallies|licenses|diagnostics|support-session)(\/|$)/,
    description: "The reader's profile, metadata and tags, fulfillments, tallies, license keys, diagnostics and the support session.",
  },
  { name: 'Engagement (management)', paths: /^\/management\/(fulfillments|license-pools)/, description: 'Fulfillments and license pools.' },
  {
    name: 'Stats (management)',
    paths: /^\/management\/stats(\/|$)/,
    description: "The vendor's figures: paywall views, free and blocked reads, checkouts started and conversions, revenue.",
  },
  {
    name: 'Webhooks (management)',
    paths: /^\/management\/webhooks(\/|$)/,
    description: "Endpoints on the vendor's servers that receive signed events (Standard Webhooks), the event catalogue, the delivery log, tests and replays.",
  },
  {
    name: 'Scripts',
    paths: /^\/s(\/|$)/,
    description: "The script host: a vendor's browser bundles (`stable`, `latest` or a version), with its configuration built in.",
  },
  { name: 'Scripts (management)', paths: /^\/management\/scripts/, description: "The script host's configuration and releases." },
  { name: 'Portal', paths: /^\/portal(\/|$)/, description: "The vendor portal: the web application for a publisher's staff, its built files and its sign-in (docs/portal.md)." },
  {
    name: 'Demo',
    paths: /^\/demo(\/|$)/,
    description: 'A small demo newspaper served on the embedded default: metered articles, the paywall, the hosted checkout and an encrypted article, using only the public script tag.',
  },
  {
    name: 'Development',
    paths: /^\/dev(\/|$)/,
    description: 'Helpers served only outside production, such as the mailbox page of the mails the service stored.',
  },
];

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).replace(/-/g, ' ');

/** The section (tag) of an operation, from its path. */
export function sectionOf(path: string): string {
  const known = SECTIONS.find((section) => section.paths.test(path));
  if (known) return known.name;
  const [first, second] = path.split('/').filter(Boolean);
  return first === 'management' && second ? `${capitalised(second)} (management)` : capitalised(first ?? 'service');
}

const STAFF_ONLY_SCOPES: readonly string[] = [API_KEYS_MANAGE, TEAM_MANAGE];

/** The schemes a route takes, as OpenAPI security requirements (alternatives). */
function securityOf(auth: RouteAuth): Record<string, string[]>[] {
  switch (auth.kind) {
    case 'none':
      return [];
    case 'bearer':
      // Vendor staff act with the scopes of their role (docs/team-and-staff.md); the team and API keys are theirs alone.
      if (auth.scope && STAFF_ONLY_SCOPES.includes(auth.scope)) return [{ userToken: [] }, { cookieSession: [] }];
      return auth.scope
        ? [{ apiKeyToken: [auth.scope] }, { userToken: [] }, { cookieSession: [] }]
        : [{ userToken: [] }, { cookieSession: [] }, { apiKeyToken: [] }];
    case 'user':
      return [{ userToken: [] }, { cookieSession: [] }];
    case 'reader':
      return [{ userToken: [] }, { cookieSession: [] }, { visitorBasic: [] }];
  }
}

const WHO: Record<RouteAuth['kind'], string> = {
  none: 'Anyone: no credentials.',
  bearer:
    "A vendor server (the bearer token an API key gets at its tenant token address), or vendor staff whose role gives the scope (their OpenID access token, or the portal's cookie session with `X-CSRF-Token` on changes; `X-Kiosk-Vendor` names the vendor when they belong to several).",
  user: "A signed-in reader: the reader's OpenID access token, or the browser's cookie session.",
  reader:
    "A signed-in reader (OpenID access token or cookie session), or an anonymous visitor with Basic credentials `<browser client id>:<visitor id>`.",
};

function scopeDescription(scope: string): string {
  const [resource, access] = scope.split(':');
  return access === 'write' ? `Change ${resource.replace(/-/g, ' ')}` : access === 'read' ? `Read ${resource.replace(/-/g, ' ')}` : scope;
}

const problem = (description: string, example: Schema): Schema => ({
  description,
  content: { 'application/problem+json': { schema: ref('Problem'), example } },
});

/** The error answers every route shares, by the part of the request they are about. */
const ERROR_RESPONSES: Record<string, Schema> = {
  BadRequest: problem(
    'The request does not match the schema (`REQUEST.INVALID`, fields listed under `errors`), or a body is malformed (`REQUEST.MALFORMED_BODY`), too deep or too large.',
    {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'the request is not valid',
      code: 'REQUEST.INVALID',
      errors: [{ field: 'body.quantity', messages: ['quantity must be a positive number'] }],
    },
  ),
  Unauthorized: problem(
    'No credentials or bad ones: `AUTH.MISSING_TOKEN`, `AUTH.MALFORMED_HEADER`, `AUTH.INVALID_TOKEN`, `AUTH.SESSION_EXPIRED`, `AUTH.BAD_VISITOR`. The `WWW-Authenticate` header says which.',
    { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'a bearer access token is required', code: 'AUTH.MISSING_TOKEN' },
  ),
  Forbidden: problem(
    'The credentials do not allow this call: `AUTH.INSUFFICIENT_SCOPE` (the token lacks the scope), `AUTH.READER_ONLY` (an API-key token on a reader route), `AUTH.CSRF` (a cookie-session change from an unregistered origin).',
    { type: 'about:blank', title: 'Forbidden', status: 403, detail: 'this call needs the scope products:write', code: 'AUTH.INSUFFICIENT_SCOPE', scope: 'products:write' },
  ),
  NotFound: problem("No such resource for this vendor (another vendor's resource is a 404 too).", {
    type: 'about:blank',
    title: 'Not Found',
    status: 404,
    detail: 'no contract 0190a4c2-7b7e-7d2a-9c1e-1f2e3d4c5b6a',
    code: 'CONTRACT.NOT_FOUND',
  }),
  UnsupportedMediaType: problem('The body is not of the media type the route takes (`REQUEST.UNSUPPORTED_MEDIA_TYPE`).', {
    type: 'about:blank',
    title: 'Unsupported Media Type',
    status: 415,
    detail: 'the request body must be application/json',
    code: 'REQUEST.UNSUPPORTED_MEDIA_TYPE',
  }),
  Problem: problem('Any other refusal, with its stable `code` (e.g. `CONTRACT.NOT_CONFIRMABLE`, 409).', {
    type: 'about:blank',
    title: 'Conflict',
    status: 409,
    detail: 'the contract cannot be confirmed in state cancelled',
    code: 'CONTRACT.NOT_CONFIRMABLE',
  }),
};

/** What the answer headers a route's examples show are for. */
const HEADER_DESCRIPTIONS: Record<string, string> = {
  location: 'Where the browser goes next',
  'set-cookie': 'The cookie the answer sets',
  'cache-control': 'How long the answer may be cached',
};

const errorRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

function errorResponses(r: RouteSpec): Record<string, unknown> {
  if (r.rawErrors) return {};
  const errors: Record<string, unknown> = {};
  if (r.body || r.query || r.textBody) errors['400'] = errorRef('BadRequest');
  if (r.auth.kind !== 'none') errors['401'] = errorRef('Unauthorized');
  if (r.auth.kind !== 'none') errors['403'] = errorRef('Forbidden');
  if (/\{\w+\}/.test(r.path)) errors['404'] = errorRef('NotFound');
  if (r.body || r.textBody) errors['415'] = errorRef('UnsupportedMediaType');
  errors.default = errorRef('Problem');
  return errors;
}

export interface DocumentInfo {
  title: string;
  version: string;
  serverUrl: string;
  /** The tenant token address template, `{vendorId}` in it. */
  tokenUrl?: string;
  /** The OpenID provider's discovery document. */
  openIdConnectUrl?: string;
}

/**
 * The OpenAPI 3.1 document, generated from the route declarations and the
 * class-validator DTOs the routes validate with.
 */
export function buildOpenApiDocument(routes: RouteSpec[], info: DocumentInfo) {
  const schemas = validationMetadatasToSchemas({
    refPointerPrefix: '#/components/schemas/',
    classTransformerMetadataStorage: defaultMetadataStorage,
  }) as Record<string, Schema>;
  const paths: Record<string, Record<string, unknown>> = {};
  const scopes = new Set<string>();

  for (const r of routes) {
    const examples = r.examples ?? {};
    const parameters: Schema[] = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
      ...(examples.params?.[m[1]] !== undefined ? { example: examples.params[m[1]] } : {}),
    }));
    if (r.query) {
      const query = schemas[r.query.name] ?? { properties: {} };
      const required = (query.required as string[] | undefined) ?? [];
      for (const [name, schema] of Object.entries((query.properties as Record<string, Schema>) ?? {})) {
        parameters.push({
          name,
          in: 'query',
          required: required.includes(name),
          schema,
          ...(schema.description ? { description: schema.description } : {}),
          ...(examples.query?.[name] !== undefined ? { example: examples.query[name] } : {}),
        });
      }
    }
    const responses: Record<string, unknown> = {};
    for (const [status, spec] of Object.entries(r.responses)) {
      const schema = responseSchema(spec.schema);
      const example = examples.responses?.[Number(status)] ?? spec.example;
      // A declared refusal without a body of its own answers the shared problem details.
      const problemBody = !schema && Number(status) >= 400 && !r.rawErrors;
      const headers = examples.headers?.[Number(status)];
      responses[status] = {
        description: spec.description,
        ...(headers
          ? {
              headers: Object.fromEntries(
                Object.entries(headers).map(([name, example]) => [
                  name,
                  { description: HEADER_DESCRIPTIONS[name.toLowerCase()] ?? `The ${name} header`, schema: { type: 'string' }, example },
                ]),
              ),
            }
          : {}),
        ...(schema ? { content: { [spec.contentType ?? 'application/json']: { schema, ...(example !== undefined ? { example } : {}) } } } : {}),
        ...(problemBody
          ? { content: { 'application/problem+json': { schema: ref('Problem'), ...(example !== undefined ? { example } : {}) } } }
          : {}),
      };
    }
    for (const [status, answer] of Object.entries(errorResponses(r))) responses[status] ??= answer;
    if (r.auth.kind === 'bearer' && r.auth.scope && !STAFF_ONLY_SCOPES.includes(r.auth.scope)) scopes.add(r.auth.scope);
    const requestExample = examples.request !== undefined ? { example: examples.request } : {};
    paths[r.path] ??= {};
    paths[r.path][r.method] = {
      operationId: r.operationId,
      summary: r.summary,
      description: [r.description, `**Who may call:** ${WHO[r.auth.kind]}${r.auth.kind === 'bearer' && r.auth.scope ? ` Scope \`${r.auth.scope}\`.` : ''}`]
        .filter(Boolean)
        .join('\n\n'),
      ...(r.deprecated ? { deprecated: true } : {}),
      tags: [sectionOf(r.path)],
      ...(r.tags?.length ? { 'x-labels': r.tags } : {}),
      security: securityOf(r.auth),
      ...(r.auth.kind === 'bearer' && r.auth.scope ? { 'x-required-scope': r.auth.scope } : {}),
      parameters,
      ...(r.body
        ? {
            requestBody: {
              required: true,
              content: {
                [r.body.contentType ?? 'application/json']: { schema: ref(r.body.dto.name), ...requestExample },
                ...(r.body.alsoJson ? { 'application/json': { schema: ref(r.body.dto.name), ...requestExample } } : {}),
              },
            },
          }
        : {}),
      ...(r.textBody
        ? {
            requestBody: {
              required: false,
              description: r.textBody.description,
              content: {
                'text/plain': {
                  schema: { type: 'string', description: `at most ${r.textBody.maxBytes} bytes` },
                  ...(typeof examples.request === 'string' ? { example: examples.request } : {}),
                },
                'application/json': {
                  schema: {
                    oneOf: [
                      { type: 'string', description: `a JSON string of at most ${r.textBody.maxBytes} bytes` },
                      {
                        type: 'object',
                        required: [r.textBody.jsonField],
                        additionalProperties: false,
                        properties: { [r.textBody.jsonField]: { type: 'string' } },
                      },
                    ],
                  },
                },
              },
            },
          }
        : {}),
      responses,
    };
  }

  const sorted = canonical(paths, schemas);
  const used = new Set(routes.map((r) => sectionOf(r.path)));
  const tags = [
    ...SECTIONS.filter((section) => used.has(section.name)).map(({ name, description }) => ({ name, description })),
    ...[...used]
      .filter((name) => !SECTIONS.some((section) => section.name === name))
      .sort()
      .map((name) => ({ name, description: `The ${name} routes.` })),
  ];
  const base = info.serverUrl.replace(/\/$/, '');
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description: [
        'Kiosk: content monetisation for publishers. Sections follow the modules: reader routes first, then the management routes a vendor\'s server calls.',
        '**Credentials.** A vendor\'s server exchanges an API key (client credentials) at its tenant token address for a bearer token carrying the scopes of the key; a reader signs in with the OpenID provider and sends its access token, or the browser sends its cookie session; an anonymous visitor uses Basic credentials `<browser client id>:<visitor id>`. Each operation lists the schemes it takes.',
        '**Errors** answer RFC 9457 problem details (`application/problem+json`) with a stable `code`; the OAuth token endpoint answers RFC 6749 bodies. A field with no value is `null`, never absent.',
      ].join('\n\n'),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Kiosk' },
    },
    servers: [{ url: info.serverUrl }],
    tags,
    paths: sorted.paths,
    webhooks: webhooksSection(),
    components: {
      schemas: { ...sorted.schemas, Problem: PROBLEM_SCHEMA, WebhookEvent: WEBHOOK_EVENT_SCHEMA },
      responses: ERROR_RESPONSES,
      securitySchemes: {
        apiKeyToken: {
          type: 'oauth2',
          description:
            "A vendor server's token: the API key's client id and secret (client credentials) exchanged at the vendor's tenant token address, `{vendorId}` replaced by the vendor's id. The token carries the scopes of the key's preset, narrowed by the `scope` asked for.",
          flows: {
            clientCredentials: {
              tokenUrl: info.tokenUrl ?? `${base}/t/{vendorId}/oauth/token`,
              scopes: Object.fromEntries([...scopes].sort().map((scope) => [scope, scopeDescription(scope)])),
            },
          },
        },
        userToken: {
          type: 'openIdConnect',
          openIdConnectUrl: info.openIdConnectUrl ?? `${base}/.well-known/openid-configuration`,
          description: "A reader's (or vendor staff's) access token from the OpenID provider, sent as `Authorization: Bearer <token>`.",
        },
        cookieSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'kiosk_session',
          description:
            'The browser session the `/auth/{clientId}/...` routes set after sign-in (HttpOnly). A state-changing call on it must come from one of the browser client\'s registered origins; on a management route (vendor staff, the portal) it must come from this service\'s origin, and a state-changing call must carry the session\'s `X-CSRF-Token` (from `GET /management/me`).',
        },
        visitorBasic: {
          type: 'http',
          scheme: 'basic',
          description: 'An anonymous visitor: user name the browser client id, password the visitor id the browser library keeps.',
        },
      },
    },
  };
}
