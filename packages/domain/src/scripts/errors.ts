import { ConflictError, InvalidError, NotFoundError } from '../shared/errors';

export class InvalidScriptSettings extends InvalidError {
  constructor(readonly problems: { field: string; message: string }[]) {
    super('SCRIPTS.INVALID_SETTINGS', problems.map((p) => `${p.field}: ${p.message}`).join('; '), { problems });
  }
}

export class ScriptReleaseNotFound extends NotFoundError {
  constructor(tag: string) {
    super('SCRIPTS.RELEASE_NOT_FOUND', `no script release answers to "${tag}"`, { tag });
  }
}

export class StaleScriptSettings extends ConflictError {
  constructor(expected: number, actual: number) {
    super('SCRIPTS.STALE_VERSION', `the configuration is at version ${actual}, not ${expected}: read it again and retry`, { expectedVersion: expected, currentVersion: actual });
  }
}
