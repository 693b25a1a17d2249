import { ConflictError, InvalidError, NotFoundError } from '../shared';

// Every refusal of the paywalls module has its own class and a stable code,
// so the API maps kinds to statuses in one place and clients branch on codes.

/** One thing wrong with submitted settings; the API lists them under `errors`. */
export interface FieldIssue {
  /** Dotted path of the field, e.g. `settings.leaky.count` or `subscriptions[1].price`. */
  readonly field: string;
  readonly message: string;
}

export class PaywallNotFound extends NotFoundError {
  constructor(paywallId: string) {
    super('PAYWALL.NOT_FOUND', `no paywall ${paywallId}`, { paywallId });
  }
}

export class InvalidPaywallSettings extends InvalidError {
  constructor(readonly issues: readonly FieldIssue[]) {
    super('PAYWALL.BAD_SETTINGS', `paywall settings are invalid: ${issues.map((i) => `${i.field} ${i.message}`).join('; ')}`, {
      errors: issues,
    });
  }
}

export class PaywallArchived extends ConflictError {
  constructor(paywallId: string) {
    super('PAYWALL.ARCHIVED', `paywall ${paywallId} is archived and cannot change`, { paywallId });
  }
}

export class InvalidReadRequest extends InvalidError {
  constructor(field: string, message: string) {
    super('PAYWALL.BAD_ACCESS_REQUEST', `${field} ${message}`, { errors: [{ field, message }] });
  }
}

export class ReaderUnknown extends InvalidError {
  constructor() {
    super('PAYWALL.READER_UNKNOWN', 'a read needs a signed-in user or a visitor id');
  }
}

export class StrategyNotFound extends NotFoundError {
  constructor(strategyId: string) {
    super('STRATEGY.NOT_FOUND', `no strategy ${strategyId}`, { strategyId });
  }
}

export class StrategyArchived extends ConflictError {
  constructor(strategyId: string) {
    super('STRATEGY.ARCHIVED', `strategy ${strategyId} is archived and cannot change`, { strategyId });
  }
}

/** Neither the matched leaf's paywall nor the fallback's can be shown. */
export class StrategyHasNoPaywall extends NotFoundError {
  constructor(strategyId: string, paywallIds: readonly string[]) {
    super('STRATEGY.NO_PAYWALL', `strategy ${strategyId} leads to no available paywall`, { strategyId, paywallIds });
  }
}
