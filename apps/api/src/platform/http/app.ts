import { randomUUID } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import express, { ErrorRequestHandler, Express, Request, RequestHandler, Router } from 'express';
import { Logger } from 'pino';
import { Clock } from '@kiosk/domain';
import { AuthenticateVisitor } from '@kiosk/domain/identity';
import { IdempotencyStore } from '../idempotency/idempotency-store';
import { TokenVerifier } from './auth-ports';
import { authenticate, CookieSessions, StaffDirectory } from './authenticate';
import { cors } from './cors';
import { weakEtag } from './etag';
import { fastJsonBody } from './json-body';
import { runIdempotently } from './idempotency';
import { buildOpenApiDocument } from './openapi';
import { HttpProblem, problemHandler, toHttpProblem } from './problem';
import { expressPath, route, RouteSpec } from './routes';
import { requestLog } from './request-log';
import { REFERENCE_CSP, referenceAssets, referencePageHtml } from './reference-page';
import { browserPageHeaders } from './page-headers';
import { textBody } from './text-body';
import { rejectEncodedNul, rejectUnsafeText } from './text-safety';
import { validateInput } from './validation';
import { vendorOfRequest } from '../vendor-time';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
const JSON_LIMIT_BYTES = 256 * 1024;

export interface HttpAppOptions {
  routes: RouteSpec[];
  verifier: TokenVerifier;
  visitors: AuthenticateVisitor;
  sessions?: CookieSessions;
  /** Staff memberships: a signed-in person acts on management routes with the scopes of their role. */
  staff?: StaffDirectory;
  /** Mounted after the declared routes (the embedded OpenID provider). */
  mounts?: { path: string; handler: RequestHandler }[];
  /** Whether an Origin may call with credentials (CORS). */
  isAllowedOrigin?: (origin: string) => Promise<boolean>;
  idempotency: IdempotencyStore;
  clock: Clock;
  /** Runs a handler in its vendor's time (a test vendor's test clock); without it handlers read the plain clock. */
  vendorTime?: { enter<T>(vendorId: string, work: () => Promise<T>): Promise<T> };
  logger: Logger;
  serverUrl: string;
  /** Addresses the document names in its security schemes (tenant token address template, OpenID discovery). */
  securityUrls?: { tokenUrl: string; openIdConnectUrl: string };
  trustProxy: string | false;
  version: string;
}

const JSON_TYPES = ['application/json', 'application/*+json'];

/** The declared JSON routes' body parser: plain JSON read by `fastJsonBody`, anything else by body-parser with the same options. */
const JSON_BODY = fastJsonBody(
  JSON_LIMIT_BYTES,
  express.json({
    limit: JSON_LIMIT_BYTES,
    strict: false,
    type: JSON_TYPES,
    // The bytes as sent, for routes that verify a signature over them (the stripe webhook).
    verify: (req, _res, raw) => void ((req as IncomingMessage & { rawBody?: Buffer }).rawBody = raw),
  }),
);

function bodyParsersFor(spec: RouteSpec): RequestHandler[] {
  if (!spec.body) return [];
  if (spec.body.contentType !== 'application/x-www-form-urlencoded') return [JSON_BODY];
  const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 });
  if (!spec.body.alsoJson) return [form];
  // The JSON form of a form route: a body that is not JSON is left for the route to answer in its own terms.
  const json = express.json({ limit: '16kb', strict: true, type: JSON_TYPES });
  return [
    form,
    (req, res, next) =>
      json(req, res, (error?: unknown) => {
        if (error) res.locals.bodyError = error;
        next();
      }),
  ];
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
  app.set('etag fn', weakEtag);
  const requestId = (req: IncomingMessage, res: { setHeader(name: string, value: string): unknown }) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    return id;
  };
  app.use(requestLog(app.request, options.logger, requestId));
  app.use(rejectEncodedNul());
  if (options.isAllowedOrigin) app.use(cors(options.isAllowedOrigin));

  // The document describes itself too: every registered route is in it.
  // Built on the first request for them, not at start: the document costs some 100 ms to build.
  let openApiDocument: ReturnType<typeof buildOpenApiDocument> | undefined;
  let referencePage: string | undefined;
  const meta = {
    document: () =>
      (openApiDocument ??= buildOpenApiDocument(routes, {
        title: 'Kiosk API',
        version: options.version,
        serverUrl: options.serverUrl,
        ...options.securityUrls,
      })),
    page: () => (referencePage ??= referencePageHtml(meta.document().info.title)),
  };
  const metaRoutes: RouteSpec[] = [
    route({
      method: 'get',
      path: '/openapi.json',
      operationId: 'getOpenApiDocument',
      summary: 'This OpenAPI 3.1 document',
      description:
        'Generated from the route declarations and the DTOs the routes validate with, so it cannot drift from what the ' +
        'service does. Feed it to a client generator or an API tool; `/docs` renders it.',
      tags: ['meta'],
      auth: { kind: 'none' },
      examples: {
        responses: {
          200: {
            openapi: '3.1.0',
            info: { title: 'Kiosk API', version: '1.0.0' },
            servers: [{ url: 'https://kiosk.example.com' }],
            paths: { '/healthz': { get: { operationId: 'health', summary: 'The process is up' } } },
          },
        },
      },
      responses: { 200: { description: 'The document', schema: { type: 'object' } } },
      handler: async ({ res }) => void res.json(meta.document()),
    }),
    route({
      method: 'get',
      path: '/docs',
      operationId: 'getReferencePage',
      summary: 'The reference page: this document rendered by Swagger UI, every asset served by this service',
      description: 'A page for people: every operation by section, with its credentials, parameters, examples and error answers.',
      tags: ['meta'],
      auth: { kind: 'none' },
      examples: {
        responses: {
          200: '<!doctype html><html lang="en"><head><title>Kiosk API</title><link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head><body><div id="swagger-ui"></div><script src="/docs/assets/swagger-ui-bundle.js"></script></body></html>',
        },
      },
      responses: { 200: { description: 'HTML page', contentType: 'text/html', schema: { type: 'string' } } },
      handler: async ({ res }) =>
        void res
          .set({ 'Content-Security-Policy': REFERENCE_CSP, 'X-Frame-Options': 'DENY', 'X-Content-Type-Options': 'nosniff' })
          .type('html')
          .send(meta.page()),
    }),
  ];
  const routes = [...metaRoutes, ...options.routes];
  app.use('/docs/assets', referenceAssets());
  const routers = new RoutersByFirstSegment();

  for (const spec of routes) {
    const handlers: RequestHandler[] = [
      ...(spec.textBody ? textBody(spec.textBody) : [requireContentType(spec), ...bodyParsersFor(spec)]),
      rejectUnsafeText(),
    ];
    if (spec.browserPage) handlers.unshift(browserPageHeaders());
    handlers.push(async (req: Request, res, next) => {
      try {
        const principal = await authenticate(req, spec.auth, options.verifier, options.visitors, options.sessions, options.staff);
        const body = spec.body && !spec.rawErrors ? await validateInput(spec.body.dto, req.body, 'body') : req.body;
        const query = spec.query && !spec.rawErrors ? await validateInput(spec.query, req.query, 'query') : req.query;
        const params = req.params as Record<string, string>;
        const vendorId = options.vendorTime ? vendorOfRequest(spec.path, principal, params) : undefined;
        const handle = () => spec.handler({ req, res, params, body, query, principal: principal! });
        await runIdempotently(req, res, principal, options.idempotency, options.clock, () =>
          vendorId ? options.vendorTime!.enter(vendorId, handle) : handle(),
        );
      } catch (error) {
        next(error);
      }
    });
    const steps = handlers.length;
    const edgeErrors = spec.edgeErrors;
    if (edgeErrors) {
      handlers.push(((error, req, res, next) => {
        const problem = toHttpProblem(error, req.log ?? options.logger);
        if (problem.status >= 500 || res.headersSent) return next(error);
        const answer = edgeErrors(problem);
        res.status(answer.status).set(answer.headers ?? {}).json(answer.body);
      }) as ErrorRequestHandler as unknown as RequestHandler);
    }
    routers.for(spec.path)[spec.method](expressPath(spec.path), inSequence(handlers.slice(0, steps)), ...handlers.slice(steps));
  }
  app.use(routers.dispatch());
  for (const mount of options.mounts ?? []) app.use(mount.path, mount.handler);

  app.use((req, _res, next) => {
    next(new HttpProblem(404, 'ROUTE.NOT_FOUND', `no route ${req.method} ${req.path}`));
  });
  app.use(problemHandler(options.logger));
  return app;
}

/**
 * A route's own steps (headers, media type, body parser, text checks, the
 * handler) as one Express handler: Express dispatches each handler of a
 * route as a layer of its own, a cost paid on every request for nothing
 * here. Steps run in order as Express would run them: an error, or any
 * value given to `next` ('route' included), goes on to Express at once; a
 * step that throws or whose promise rejects passes its error on.
 */
function inSequence(steps: RequestHandler[]): RequestHandler {
  if (steps.length === 1) return steps[0];
  return (req, res, next) => {
    let index = 0;
    const proceed = (signal?: unknown): void => {
      if (signal || index === steps.length) return next(signal);
      const step = steps[index++];
      try {
        const returned: unknown = step(req, res, proceed);
        if (returned instanceof Promise) returned.catch((error: unknown) => next(error ?? new Error('Rejected promise')));
      } catch (error) {
        next(error);
      }
    };
    proceed();
  };
}

/**
 * The declared routes grouped by their first path segment (`/paywalls/...`,
 * `/management/...`): a request is matched against its group's routes only,
 * not against every one of the service's some 330 routes in turn, which
 * Express's single router would do for every hot request. Matching stays
 * Express's own (case-insensitive, as its default router), and so does the
 * order within a group; a route whose first segment is a parameter would go
 * to a last group tried after the named one.
 */
class RoutersByFirstSegment {
  private readonly named = new Map<string, Router>();
  private readonly rest = express.Router();

  for(path: string): Router {
    const first = firstSegment(path);
    if (first.includes('{')) return this.rest;
    let router = this.named.get(first);
    if (!router) this.named.set(first, (router = express.Router()));
    return router;
  }

  dispatch(): RequestHandler {
    const { named, rest } = this;
    const hasRest = rest.stack.length > 0;
    const dispatch: RequestHandler = (req, res, next) => {
      const group = named.get(firstSegment(req.path));
      if (!group) return hasRest ? rest(req, res, next) : next();
      // `next('router')` from inside a group arrives here as no error: the request goes on as if unmatched.
      group(req, res, (error?: unknown) => (error ? next(error) : hasRest ? rest(req, res, next) : next()));
    };
    // Shaped as a router's stack of routers, so `registeredRoutes` reads the groups like any mounted router.
    return Object.assign(dispatch, { stack: [...named.values(), rest].map((router) => ({ handle: router })) });
  }
}

function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
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
