/**
 * Repository contract suites: the behaviour every adapter of a port must
 * show, written once and run against the in-memory fake (the domain's
 * tests) and the database adapter (the service's tests), so the two cannot
 * drift apart. A suite is a list of named cases, free of any test
 * framework: a runner makes one test of each case with a fresh fixture.
 *
 * ```ts
 * for (const c of READ_LEDGER_CONTRACT) it(c.name, async () => c.run(await freshLedgerFixture()));
 * ```
 */
export interface ContractCase<F> {
  readonly name: string;
  run(fixture: F): Promise<void>;
}

/** A case found the adapter breaking its port's contract. */
export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/**
 * Fails the case unless `actual` and `expected` are the same plain data:
 * dates compared by instant, object keys in any order (a JSON column may
 * hand them back reordered).
 */
export function same<T>(actual: T, expected: T, what: string): void {
  const a = canonical(actual);
  const e = canonical(expected);
  if (a !== e) throw new ContractViolation(`${what}: expected ${e}, got ${a}`);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Fails the case unless `work` rejects with an error of `type`. */
export async function rejects(work: () => Promise<unknown>, type: abstract new (...args: never[]) => Error, what: string): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof type) return;
    throw new ContractViolation(`${what}: expected ${type.name}, got ${String(error)}`);
  }
  throw new ContractViolation(`${what}: expected ${type.name}, got no error`);
}
