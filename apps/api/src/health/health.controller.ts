import { IsIn } from 'class-validator';
import { DataSource } from 'typeorm';
import { Controller, route } from '../platform/http/routes';

export class HealthStatus {
  @IsIn(['ok', 'ready', 'unavailable']) status!: string;
}

/** `/readyz` answers 503 when the database has not answered within this long. */
export const READINESS_TIMEOUT_MS = 1_500;

/** Runs the check, or fails after `ms` (a database that is cut off may never answer). */
function within<T>(ms: number, check: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

export class HealthController implements Controller {
  constructor(
    private readonly db: DataSource,
    private readonly timeoutMs = READINESS_TIMEOUT_MS,
  ) {}

  routes() {
    return [
      route({
        method: 'get',
        path: '/healthz',
        operationId: 'health',
        summary: 'The process is up',
        tags: ['operations'],
        auth: { kind: 'none' },
        responses: { 200: { description: 'Up', schema: HealthStatus } },
        handler: async ({ res }) => void res.json({ status: 'ok' }),
      }),
      route({
        method: 'get',
        path: '/readyz',
        operationId: 'ready',
        summary: 'The database answers (within 1.5 s); 503 while it does not, 200 again once it does',
        tags: ['operations'],
        auth: { kind: 'none' },
        responses: {
          200: { description: 'Ready', schema: HealthStatus },
          503: { description: 'The database does not answer', schema: HealthStatus },
        },
        handler: async ({ req, res }) => {
          try {
            await within(this.timeoutMs, this.db.query('SELECT 1'));
            res.json({ status: 'ready' });
          } catch (error) {
            req.log.warn({ err: error }, 'readiness check failed');
            res.status(503).set('Retry-After', '5').json({ status: 'unavailable' });
          }
        },
      }),
    ];
  }
}
