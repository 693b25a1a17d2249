import { Principal } from '@kiosk/domain/identity';
import { Request, Response } from 'express';
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
  description?: string;
  deprecated?: boolean;
  tags: string[];
  auth: RouteAuth;
  body?: { dto: Class<B & object>; contentType?: 'application/json' | 'application/x-www-form-urlencoded' };
  /**
   * A `text/plain` body instead of `body`: the handler gets it as a string
   * (undefined when none was sent); more than `maxBytes` bytes answers 413, another
   * media type 415.
   */
  textBody?: { maxBytes: number; description: string };
  query?: Class<Q & object>;
  /** The route validates and answers errors itself (the OAuth token endpoint answers RFC 6749 bodies). */
  rawErrors?: boolean;
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
