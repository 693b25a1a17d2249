import { randomUUID } from 'node:crypto';
import express, { Express, Request, RequestHandler } from 'express';
import { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { Clock } from '@kiosk/domain';
import { AuthenticateVisitor } from '@kiosk/domain/identity';
import { AccessTokenVerifier } from '../../identity/jwt-access-tokens';
import { IdempotencyStore } from '../idempotency/idempotency-store';
import { authenticate, CookieSessions } from './authenticate';
import { cors } from './cors';
import { runIdempotently } from './idempotency';
import { buildOpenApiDocument, renderReferencePage } from './openapi';
import { HttpProblem, problemHandler } from './problem';
import { expressPath, route, RouteSpec } from './routes';
import { validateInput } from './validation';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
const JSON_LIMIT = '256kb';

export interface HttpAppOptions {
  routes: RouteSpec[];
  verifier: AccessTokenVerifier;
  visitors: AuthenticateVisitor;
  sessions?: CookieSessions;
  /** Mounted after the declared routes (the embedded OpenID provider). */
  mounts?: { path: string; handler: RequestHandler }[];
  /** Whether an Origin may call with credentials (CORS). */
  isAllowedOrigin?: (origin: string) => Promise<boolean>;
  idempotency: IdempotencyStore;
  clock: Clock;
  logger: Logger;
  serverUrl: string;
  trustProxy: string | false;
  version: string;
}

function bodyParserFor(spec: RouteSpec): RequestHandler | null {
  if (spec.textBody) return express.text({ type: 'text/plain', limit: spec.textBody.maxBytes, defaultCharset: 'utf-8' });
  if (!spec.body) return null;
  return spec.body.contentType === 'application/x-www-form-urlencoded'
    ? express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 })
    : express.json({ limit: JSON_LIMIT, strict: false, type: ['application/json', 'application/*+json'] });
}

/** Refuses a body whose media type the route does not take, instead of reading it as empty. */
function requireContentType(spec: RouteSpec): RequestHandler {
  const wanted = spec.body?.contentType ?? 'application/json';
  return (req, _res, next) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (spec.body && !spec.rawErrors && hasBody && !req.is(wanted === 'application/json' ? ['application/json', 'application/*+json'] : wanted)) {
      next(new HttpProblem(415, 'REQUEST.UNSUPPORTED_MEDIA_TYPE', `the request body must be ${wanted}`));
    } else next();
  };
}

/** A text/plain route refuses a body of another media type (415) instead of reading it as empty. */
function requireTextBody(): RequestHandler {
  return (req, _res, next) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && !req.is('text/plain')) {
      next(new HttpProblem(415, 'REQUEST.UNSUPPORTED_MEDIA_TYPE', 'the request body must be text/plain'));
    } else next();
  };
}

/**
 * The Express application: one router built from every module's route
 * declarations (no prefix mounting, so the registered paths are exactly the
 * documented ones), request ids and logs, the OpenAPI document, and the
 * problem+json error handler.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy);
  app.set('query parser', 'simple');
  app.use(
    pinoHttp({
      logger: options.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    }),
  );
  if (options.isAllowedOrigin) app.use(cors(options.isAllowedOrigin));

  // The document describes itself too: every registered route is in it.
  const meta: { document?: ReturnType<typeof buildOpenApiDocument>; page?: string } = {};
  const metaRoutes: RouteSpec[] = [
    route({
      method: 'get',
      path: '/openapi.json',
      operationId: 'getOpenApiDocument',
      summary: 'This OpenAPI 3.1 document',
      tags: ['meta'],
      auth: { kind: 'none' },
      responses: { 200: { description: 'The document', schema: { type: 'object' } } },
      handler: async ({ res }) => void res.json(meta.document),
    }),
    route({
      method: 'get',
      path: '/docs',
      operationId: 'getReferencePage',
      summary: 'A readable reference page rendered from the OpenAPI document',
      tags: ['meta'],
      auth: { kind: 'none' },
      responses: { 200: { description: 'HTML page', contentType: 'text/html', schema: { type: 'string' } } },
      handler: async ({ res }) => void res.type('html').send(meta.page),
    }),
  ];
  const routes = [...metaRoutes, ...options.routes];
  meta.document = buildOpenApiDocument(routes, { title: 'Kiosk API', version: options.version, serverUrl: options.serverUrl });
  meta.page = renderReferencePage(meta.document);
  const router = express.Router();

  for (const spec of routes) {
    const parser = bodyParserFor(spec);
    const handlers: RequestHandler[] = [requireContentType(spec), ...(parser ? [parser] : [])];
    if (spec.textBody) handlers.unshift(requireTextBody());
    handlers.push(async (req: Request, res, next) => {
      try {
        const principal = await authenticate(req, spec.auth, options.verifier, options.visitors, options.sessions);
        const body = spec.body && !spec.rawErrors ? await validateInput(spec.body.dto, req.body, 'body') : req.body;
        const query = spec.query && !spec.rawErrors ? await validateInput(spec.query, req.query, 'query') : req.query;
        await runIdempotently(req, res, principal, options.idempotency, options.clock, () =>
          spec.handler({ req, res, params: req.params as Record<string, string>, body, query, principal: principal! }),
        );
      } catch (error) {
        next(error);
      }
    });
    router[spec.method](expressPath(spec.path), ...handlers);
  }
  app.use(router);
  for (const mount of options.mounts ?? []) app.use(mount.path, mount.handler);

  app.use((req, _res, next) => {
    next(new HttpProblem(404, 'ROUTE.NOT_FOUND', `no route ${req.method} ${req.path}`));
  });
  app.use(problemHandler(options.logger));
  return app;
}

/** Declared routes of an app, read back from Express itself (used to prove the OpenAPI document is complete). */
export function registeredRoutes(app: Express): { method: string; path: string }[] {
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const walk = (stack: Layer[]): { method: string; path: string }[] =>
    stack.flatMap((layer) =>
      layer.route
        ? Object.keys(layer.route.methods).map((method) => ({ method, path: layer.route!.path }))
        : layer.handle?.stack
          ? walk(layer.handle.stack)
          : [],
    );
  return walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
}
