import { HttpProblem } from '../platform/http/problem';
import { RouteContext, RouteSpec } from '../platform/http/routes';

/**
 * Compatibility routes: paths the widely used public client library calls
 * that interface-spec.md names otherwise (management-interface.md, appendix
 * "client calls on user-facing routes that depart from interface-spec.md").
 * An alias is the canonical route under another path: the same auth, DTOs,
 * rules and answers, its handler run as is (after an optional guard on the
 * alias's own path parameters). Labelled `compatibility` in the document.
 */
export const COMPATIBILITY_LABEL = 'compatibility';

export interface AliasSpec<B, Q> {
  path: string;
  operationId: string;
  /** Example values of the alias's path parameters. */
  params?: Record<string, string>;
  /** What the alias adds to the canonical route's description (its own parameters, its own errors). */
  note?: string;
  responses?: RouteSpec<B, Q>['responses'];
  /** Runs before the canonical handler; throws to refuse. */
  guard?: (context: RouteContext<B, Q>) => void;
}

export const compatibilityDescription = (method: string, path: string, canonical: string, rest = '') =>
  `Compatibility route for the public client's \`${method.toUpperCase()} ${path}\`; prefer \`${canonical}\`.` +
  (rest ? ` ${rest}` : '');

export function compatibilityAlias<B, Q>(canonical: RouteSpec<B, Q>, alias: AliasSpec<B, Q>): RouteSpec<B, Q> {
  const guard = alias.guard;
  const handler = canonical.handler.bind(canonical);
  return {
    ...canonical,
    path: alias.path,
    operationId: alias.operationId,
    summary: `${canonical.summary} (compatibility route)`,
    description:
      compatibilityDescription(
        canonical.method,
        alias.path,
        `${canonical.method.toUpperCase()} ${canonical.path}`,
        `Same credentials, body, rules and answers as that route.${alias.note ? ` ${alias.note}` : ''}`,
      ) + (canonical.description ? `\n\n${canonical.description}` : ''),
    tags: [...(canonical.tags ?? []), COMPATIBILITY_LABEL],
    examples: { ...canonical.examples, ...(alias.params ? { params: { ...canonical.examples?.params, ...alias.params } } : {}) },
    responses: { ...canonical.responses, ...alias.responses },
    handler: guard
      ? async (context) => {
          guard(context);
          await handler(context);
        }
      : handler,
  };
}

/**
 * The guard of `/profile/{userId}`: the id must be the signed-in reader's
 * own. Any other (another reader's, another vendor's, one that does not
 * exist) is the same 404, so the answer reveals nothing about it.
 */
export function ownUserIdOnly<B, Q>(context: RouteContext<B, Q>): void {
  const { principal, params } = context;
  if (principal.kind !== 'user' || params.userId !== principal.userId) {
    throw new HttpProblem(404, 'PROFILE.NOT_FOUND', 'no such profile');
  }
}
