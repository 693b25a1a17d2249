import pino from 'pino';
import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from '../../src/platform/database/errors';
import { problemResponse } from '../../src/platform/http/problem';

const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
const wrapped = (error: Error) => new QueryFailedError('SELECT 1', [], error);

describe('which database errors mean "unavailable" (503)', () => {
  const away: [string, Error][] = [
    ['refused', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset', pgError('read ECONNRESET', 'ECONNRESET')],
    ['cut mid-query', pgError('Connection terminated unexpectedly')],
    ['cut while connecting', pgError('Connection terminated due to connection timeout')],
    ['no pooled connection in time', pgError('timeout exceeded when trying to connect')],
    ['a client that broke earlier', pgError('Client has encountered a connection error and is not queryable')],
    ['admin shutdown', pgError('terminating connection due to administrator command', '57P01')],
    ['crash shutdown', pgError('terminating connection because of crash of another server process', '57P02')],
    ['starting up', pgError('the database system is starting up', '57P03')],
    ['too many connections', pgError('sorry, too many clients already', '53300')],
    ['connection exception class 08', pgError('connection failure', '08006')],
    ['could not establish', pgError('could not connect to server', '08001')],
    // TypeORM released the transaction's query runner when its connection errored; the next statement throws this.
    ['the transaction lost its connection', new QueryRunnerAlreadyReleasedError()],
  ];
  it.each(away)('%s, raw and wrapped by TypeORM', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: error }))).toBe(true);
  });

  const notAway: [string, unknown][] = [
    ['a unique violation', wrapped(pgError('duplicate key value violates unique constraint', '23505'))],
    ['a syntax error', wrapped(pgError('syntax error at or near "SELEC"', '42601'))],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ];
  it.each(notAway)('but not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('answers 503 problem+json with Retry-After at the one error handler', () => {
    const answer = problemResponse(wrapped(pgError('Connection terminated unexpectedly')), 'req-1', pino({ level: 'silent' }));
    expect(answer).toEqual({
      status: 503,
      headers: { 'Retry-After': '5', 'Content-Type': 'application/problem+json; charset=utf-8' },
      body: JSON.stringify({
        type: 'urn:kiosk:problem:service.database_unavailable',
        title: 'Service Unavailable',
        status: 503,
        detail: 'the database cannot be reached; retry later',
        code: 'SERVICE.DATABASE_UNAVAILABLE',
        requestId: 'req-1',
      }),
    });
  });

  it('still answers 500 for a bug', () => {
    expect(problemResponse(new TypeError('x'), 'req-2', pino({ level: 'silent' })).status).toBe(500);
  });
});

describe('a write that lost a race decided in the database', () => {
  const silent = pino({ level: 'silent' });
  it('answers 409 when what it refers to was removed at the same time (a tag added while the reader erases the account)', () => {
    const error = wrapped(pgError('insert or update on table "user_tags" violates foreign key constraint', '23503'));
    const answer = problemResponse(error, 'r1', silent);
    expect(answer.status).toBe(409);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 409, code: 'REQUEST.CONCURRENT_CHANGE', requestId: 'r1' });
  });

  it.each([
    ['a deadlock', '40P01'],
    ['a serialization failure', '40001'],
  ])('answers 503 with Retry-After for %s: nothing was written, the retry may pass', (_name, code) => {
    const answer = problemResponse(wrapped(pgError('deadlock detected', code)), 'r2', silent);
    expect([answer.status, answer.headers['Retry-After'], JSON.parse(answer.body).code]).toEqual([503, '5', 'SERVICE.CONCURRENT_CHANGE']);
  });

  it('leaves other errors a 500', () => {
    expect(problemResponse(wrapped(pgError('syntax error', '42601')), 'r3', silent).status).toBe(500);
  });
});
