import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { API_KEYS_MANAGE, TEAM_MANAGE } from '@kiosk/domain/identity';
import { SECTIONS, sectionOf } from './openapi-sections';
import { WEBHOOK_EVENT_SCHEMA, webhooksSection } from './openapi-webhooks';
import { ResponseSpec, RouteAuth, RouteSpec } from './routes';


type Schema = Record<string, unknown>;

const PROBLEM_SCHEMA: Schema = {
  type: 'object',
  description:
    'RFC 9457 problem details; validation failures list the fields under `errors`. The members listed here are always ' +
    "the service's own; an error's further details are further members.",
  required: ['type', 'title', 'status', 'detail', 'code'],
  // An error's own details (`billId`, `sku`, `retryAfter`, ...) are members of their own: the worked refusals show them.
  additionalProperties: true,
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
                  // The same value as JSON: the object form of the text example.
                  ...(typeof examples.request === 'string' ? { example: { [r.textBody.jsonField]: examples.request } } : {}),
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
