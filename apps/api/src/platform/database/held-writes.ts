import { AsyncLocalStorage } from 'node:async_hooks';
import { BeforeQueryEvent, EntityManager, EntitySubscriberInterface, EventSubscriber, TransactionRollbackEvent } from 'typeorm';

/** A statement that writes and answers nothing the caller reads. */
export interface HeldWrite {
  readonly text: string;
  readonly parameters: readonly unknown[];
}

/** Per transaction (its entity manager): the writes held back, once a hold is open. */
const heldIn = new WeakMap<EntityManager, HeldWrite[]>();

/**
 * Holds the transaction's next writes back until its last statement (issue
 * 28). A transaction that has just taken a lock other transactions queue on
 * (a vendor's invoice-number row) then holds it for two round trips, its
 * last statement and COMMIT, instead of one per write: under load each
 * round trip also waits for this process's event loop, and confirms of one
 * vendor queued on that row for all of them.
 *
 * Held writes run as data-modifying WITH parts of the statement that ends
 * the transaction's work (`mergeHeldWrites`), or together as one statement
 * before anything else runs in the transaction (`flushHeldWrites`: a read
 * then sees them, and writes keep their order), COMMIT included. They are
 * all or nothing with the transaction as before; only the statement a
 * failing write reports from moves. The parts of one statement cannot see
 * each other's rows, so only independent writes are held: inserts of new
 * rows, or an update of a row no other part touches (an issued invoice's
 * number on its bill), never a statement with a WITH of its own.
 */
export function openHold(manager: EntityManager): void {
  if (!heldIn.has(manager)) heldIn.set(manager, []);
}

/** Whether `write` was held (the transaction holds writes, and it is one that can be); else the caller runs it. */
export function hold(manager: EntityManager, write: HeldWrite): boolean {
  const held = heldIn.get(manager);
  if (!held || /^\s*WITH\b/i.test(write.text)) return false;
  held.push(write);
  return true;
}

/** Takes the writes held so far (none when the transaction holds none). */
function takeHeld(manager: EntityManager): HeldWrite[] {
  const held = heldIn.get(manager);
  if (!held || held.length === 0) return [];
  heldIn.set(manager, []);
  return held;
}

/** `$n` placeholders of `text` moved up by `offset`, for a statement that becomes one part of a larger one. */
const renumbered = (text: string, offset: number) => text.replace(/\$(\d+)/g, (_match, n: string) => `$${Number(n) + offset}`);

/** `last` with `writes` run as WITH parts of it; its own parameters keep their numbers, so its rows are its own. */
export function mergedStatement(writes: readonly HeldWrite[], last: HeldWrite): HeldWrite {
  if (writes.length === 0) return last;
  const parameters = [...last.parameters];
  const parts = writes.map((write, i) => {
    const part = `held_${i + 1} AS (${renumbered(write.text, parameters.length)})`;
    parameters.push(...write.parameters);
    return part;
  });
  const own = /^\s*WITH\s/i.exec(last.text);
  const text = own ? `WITH ${parts.join(', ')}, ${last.text.slice(own[0].length)}` : `WITH ${parts.join(', ')} ${last.text}`;
  return { text, parameters };
}

/** `last`, a write independent of the held ones, with them run in it (and no longer held). */
export function mergeHeldWrites(manager: EntityManager, last: HeldWrite): HeldWrite {
  return mergedStatement(takeHeld(manager), last);
}

/** Runs the held writes now, as one statement. */
export async function flushHeldWrites(manager: EntityManager): Promise<void> {
  const writes = takeHeld(manager);
  if (writes.length === 0) return;
  const { text, parameters } = mergedStatement(writes.slice(0, -1), writes[writes.length - 1]);
  await manager.query(text, [...parameters]);
}

/** Per one-statement step: the writes it holds for its last statement. */
const oneStatementSteps = new AsyncLocalStorage<HeldWrite[]>();

/**
 * Runs `work`, a step made of writes only, as one statement outside any
 * transaction (issue 28: an invoice issued after its number was drawn). Its
 * writes are held (`holdInStep`) and run as WITH parts of its last one
 * (`takeStepWrites`): one statement is atomic on its own, so the step needs
 * no transaction, and no START or COMMIT round trip. A statement run in the
 * step while writes are held, a write that cannot be held, or writes left
 * when it ends are errors: each would split what must be one.
 */
export async function inOneStatement<T>(work: () => Promise<T>): Promise<T> {
  const held: HeldWrite[] = [];
  const result = await oneStatementSteps.run(held, work);
  if (held.length > 0) throw new Error('a one-statement step ended with writes no statement ran');
  return result;
}

/** Whether a one-statement step is running (it opens no transaction). */
export function inOneStatementStep(): boolean {
  return oneStatementSteps.getStore() !== undefined;
}

/** Holds `write` for the running one-statement step's last statement; false outside one. */
export function holdInStep(write: HeldWrite): boolean {
  const held = oneStatementSteps.getStore();
  if (!held) return false;
  if (/^\s*WITH\b/i.test(write.text)) throw new Error('a write with a WITH of its own cannot be held for a one-statement step');
  held.push(write);
  return true;
}

/** The running one-statement step's held writes, taken for its last statement (none outside one). */
export function takeStepWrites(): HeldWrite[] {
  const held = oneStatementSteps.getStore();
  if (!held) return [];
  return held.splice(0, held.length);
}

/** Refuses a statement that would run apart from the one-statement step's held writes. */
export function assertNothingHeldInStep(): void {
  if (oneStatementSteps.getStore()?.length) throw new Error('a statement ran in a one-statement step before its last: it would split the step');
}

/**
 * TypeORM's side: every statement its query runner sends in a transaction
 * that holds writes (a repository's find or insert, the idempotency mark,
 * COMMIT itself) runs them first; a rollback drops them unsent.
 */
@EventSubscriber()
export class HeldWritesFlusher implements EntitySubscriberInterface {
  beforeQuery(event: BeforeQueryEvent): Promise<void> | void {
    assertNothingHeldInStep();
    // Most statements run where nothing is held: no promise for them.
    if (heldIn.get(event.manager)?.length) return flushHeldWrites(event.manager);
  }

  beforeTransactionRollback(event: TransactionRollbackEvent): void {
    heldIn.delete(event.manager);
  }
}
