/**
 * Domain errors carry a stable `code` (for example `CONTRACT.NOT_CONFIRMABLE`)
 * and a `kind` that says what went wrong in business terms. They know
 * nothing of HTTP: the API maps kinds to statuses in one place.
 */
export type DomainErrorKind =
  | 'invalid' // the request breaks a business rule
  | 'not_found' // no such thing for this vendor (another vendor's things included)
  | 'conflict' // the thing is in a state that does not allow the move
  | 'forbidden' // the caller may not do this
  | 'unauthenticated' // the caller could not be identified
  | 'unavailable'; // a provider the rule depends on could not be reached

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidError extends DomainError {
  readonly kind = 'invalid' as const;
}
export class NotFoundError extends DomainError {
  readonly kind = 'not_found' as const;
}
export class ConflictError extends DomainError {
  readonly kind = 'conflict' as const;
}
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden' as const;
}
export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated' as const;
}
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable' as const;
}
