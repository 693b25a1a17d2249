import { Clock } from '@kiosk/domain';
import { Principal } from '@kiosk/domain/identity';
import { Request, Response } from 'express';
import { IdempotencyStore, requestHash, vendorOfScope } from '../idempotency/idempotency-store';
import { IdempotentAttempt, runAsAttempt } from '../idempotency/written-marker';
import { HttpProblem, problemResponse } from './problem';

const KEY = /^[\x21-\x7e]{1,255}$/;

const callerOf = (p: Principal) => (p.kind === 'api_key' ? p.clientId : p.kind === 'user' ? p.userId : p.visitorId);
const scopeOf = (p: Principal) => `${p.vendorId}:${p.kind}:${callerOf(p)}`;

/**
 * Whether a failed attempt's answer is final. Answers below 500 are; of the
 * others, only those of an error that says its effect was stored first
 * (`writtenBeforeFailure`, such as a contract created but not confirmed,
 * whose 503 names it): a retry gets that answer again instead of writing a
 * second time. Any other 5xx frees the key, so the retry does the work.
 */
const isFinal = (error: unknown, status: number) =>
  status < 500 || (error as { writtenBeforeFailure?: unknown } | null)?.writtenBeforeFailure === true;

/**
 * The answer to a request whose write committed but whose answer could not
 * be made (the database went away while it was built), and to every retry
 * of it: the work is not done a second time.
 */
const writtenNotAnswered = () =>
  new HttpProblem(
    503,
    'SERVICE.WRITTEN_NOT_ANSWERED',
    'the request was carried out and its changes are saved, but its answer could not be made; ' +
      'read the result (GET) instead of sending the request again',
    {},
    { 'Retry-After': '5' },
  );

/**
 * `Idempotency-Key` on a POST (DESIGN section 4): the first request with a
 * key does the work; a retry with the same key and body gets the first
 * answer again (with `Idempotent-Replayed: true`), a different body under the
 * same key is refused, and a retry while the first still runs gets 409 (with
 * `Retry-After`). The claim is a lease (`IDEMPOTENCY_LEASE_SECONDS`): an
 * attempt that died cannot hold its key longer. Answers of 500 and above are
 * forgotten (see `isFinal`), so the retry does the work; when the database is
 * away the key is freed as soon as it returns. But never once the attempt's
 * write committed (each transaction of the attempt marks the key written in
 * itself, `written-marker.ts`): then the answer is 503
 * `SERVICE.WRITTEN_NOT_ANSWERED`, kept and replayed, and a key whose commit
 * was lost with the database answers the same once its lease lapses.
 */
export async function runIdempotently(
  req: Request,
  res: Response,
  principal: Principal | undefined,
  store: IdempotencyStore,
  clock: Clock,
  work: () => Promise<void>,
): Promise<void> {
  const key = req.get('Idempotency-Key');
  if (req.method !== 'POST' || key === undefined || !principal) return work();
  if (!KEY.test(key)) {
    throw new HttpProblem(400, 'IDEMPOTENCY.BAD_KEY', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  const scope = scopeOf(principal);
  const outcome = await store.begin(scope, key, requestHash(req.method, req.path, req.body), clock.now());
  if (outcome.kind === 'replay') {
    res.status(outcome.status).set(outcome.headers).set('Idempotent-Replayed', 'true').send(outcome.body);
    return;
  }
  if (outcome.kind === 'in_progress') {
    throw new HttpProblem(
      409,
      'IDEMPOTENCY.IN_PROGRESS',
      'a request with this Idempotency-Key is still being processed',
      {},
      { 'Retry-After': String(outcome.retryAfterSeconds) },
    );
  }
  if (outcome.kind === 'written') throw writtenNotAnswered();
  if (outcome.kind === 'different_request') {
    throw new HttpProblem(422, 'IDEMPOTENCY.KEY_REUSED', 'this Idempotency-Key was used for a different request');
  }

  const { attempt } = outcome;
  const running: IdempotentAttempt = { vendorId: vendorOfScope(scope), scope, key, attempt, written: false };
  // Hold the answer back until it is stored, so a quick retry finds it.
  let held: { body: string } | null = null;
  const send = res.send.bind(res);
  res.send = ((body?: unknown) => {
    held = { body: body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body) };
    return res;
  }) as Response['send'];
  try {
    await runAsAttempt(running, work);
  } catch (error) {
    res.send = send;
    const answer = problemResponse(error, req.id, req.log);
    if (isFinal(error, answer.status)) {
      await store.complete(scope, key, attempt, answer.status, answer.headers, answer.body);
      throw error;
    }
    if (running.written) {
      // The write committed, then the request failed: the key keeps that fact, and a retry hears of it.
      const written = writtenNotAnswered();
      const stored = problemResponse(written, req.id, req.log);
      await store.complete(scope, key, attempt, stored.status, stored.headers, stored.body);
      req.log.warn({ err: error, idempotencyKey: key }, 'an idempotent request failed after its write committed');
      throw written;
    }
    // Freed unless its write committed after all (the commit's answer was lost with the database).
    await store.abandon(scope, key, attempt);
    throw error;
  }
  res.send = send;
  const answer = held as { body: string } | null;
  const contentType = res.getHeader('Content-Type');
  // The work is done: the answer goes out even if storing it must wait for the database.
  await store.complete(
    scope,
    key,
    attempt,
    res.statusCode,
    contentType ? { 'Content-Type': String(contentType) } : {},
    answer?.body ?? '',
  );
  if (answer) send(answer.body);
  else res.end();
}
