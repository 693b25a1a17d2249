import { Principal } from '@kiosk/domain/identity';
import { Request, Response } from 'express';
import { TextBodySpec } from './text-body';
import { Class } from './validation';

/**
 * Who may call a route: anyone; any bearer token (holding `scope` when
 * given: the management interface); a signed-in reader (`user`); or a
 * signed-in reader or an anonymous visitor with Basic credentials
 * `<client id>:<visitor id>` (`reader`).
 */
export type RouteAuth =
  | { kind: 'none' }
  | { kind: 'bearer'; scope?: string }
  | { kind: 'user' }
  | { kind: 'reader' };

export interface ResponseSpec {
  description: string;
  /** An example answer body; `examples.responses` of the route says the same thing and wins. */
  example?: unknown;
  /** A DTO class, `[Dto]` for an array of it, or a raw JSON schema. */
  schema?: Class<object> | [Class<object>] | Record<string, unknown>;
  contentType?: string;
}

export interface RouteContext<B, Q> {
  req: Request;
  res: Response;
  params: Record<string, string>;
  body: B;
  query: Q;
  /** Present on every route whose auth is `bearer`. */
  principal: Principal;
}

/**
 * Worked examples of a route, shown in the OpenAPI document (and so on
 * `/docs`): path and query parameter values, a request body, and answer
 * bodies by status.
 */
export interface RouteExamples {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  request?: unknown;
  responses?: Record<number, unknown>;
  /** Answer headers by status: where a redirect goes (`Location`), a cookie it sets. */
  headers?: Record<number, Record<string, string>>;
}

/**
 * A route is declared once: the HTTP layer registers it on Express and the
 * OpenAPI document is generated from the same declaration and DTOs, so the
 * two cannot drift apart.
 */
export interface RouteSpec<B = unknown, Q = unknown> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI form, `{param}` for path parameters. */
  path: string;
  operationId: string;
  summary: string;
  /** Longer text for the document (CommonMark): what the route is for, what it changes, its errors. */
  description?: string;
  /** Worked examples for the document. */
  examples?: RouteExamples;
  deprecated?: boolean;
  /**
   * Labels of the route (kept as `x-labels` in the document). The section
   * tag the document groups by is derived from the path (`sectionOf`).
   */
  tags?: string[];
  auth: RouteAuth;
  body?: {
    dto: Class<B & object>;
    contentType?: 'application/json' | 'application/x-www-form-urlencoded';
    /** A form route that also takes the same fields as a JSON object (the OAuth token endpoint). */
    alsoJson?: boolean;
  };
  /**
   * A `text/plain` body instead of `body` (or the same value sent as JSON,
   * see `text-body.ts`): the handler gets it as a string (undefined when none
   * was sent); more than `maxBytes` bytes answers 413, another media type 415.
   */
  textBody?: TextBodySpec;
  query?: Class<Q & object>;
  /**
   * A page a person opens in a browser (sign-in, sign-up, password reset):
   * answered with a CSP that forbids framing, `X-Frame-Options: DENY` and
   * `Referrer-Policy: no-referrer`, whatever the handler sends.
   */
  browserPage?: boolean;
  /** The route validates and answers errors itself (the OAuth token endpoint answers RFC 6749 bodies). */
  rawErrors?: boolean;
  /**
   * How a `rawErrors` route words what the edge refuses before its handler
   * runs (a body that does not parse or decode, NUL characters, a wrong media
   * type); without it those answer problem+json. Not used for 5xx.
   */
  edgeErrors?: (problem: { status: number; code: string; detail: string }) => {
    status: number;
    body: unknown;
    headers?: Record<string, string>;
  };
  responses: Record<number, ResponseSpec>;
  handler(context: RouteContext<B, Q>): Promise<void>;
}

/** Helper that keeps the generic types of one route together. */
export function route<B = unknown, Q = unknown>(spec: RouteSpec<B, Q>): RouteSpec<B, Q> {
  return spec;
}

/** What a module contributes to the HTTP interface. */
export interface Controller {
  routes(): RouteSpec<any, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
