import { IsIn } from 'class-validator';
import { Controller, route } from '../platform/http/routes';
import { DatabaseProbe } from './database-probe';
import { HEALTHY_EXAMPLE, READY_EXAMPLE, UNAVAILABLE_EXAMPLE } from './health.examples';

export class HealthStatus {
  @IsIn(['ok', 'ready', 'unavailable']) status!: string;
}

/** `/readyz` answers 503 when the database has not answered within this long. */
export const READINESS_TIMEOUT_MS = 1_500;

export class HealthController implements Controller {
  constructor(private readonly database: DatabaseProbe) {}

  routes() {
    return [
      route({
        method: 'get',
        path: '/healthz',
        operationId: 'health',
        summary: 'The process is up',
        description:
          'Liveness: answers as long as the process serves HTTP, without touching the database, so an orchestrator ' +
          'restarts only a process that is stuck. Readiness is `/readyz`.',
        tags: ['operations'],
        auth: { kind: 'none' },
        examples: { responses: { 200: HEALTHY_EXAMPLE } },
        responses: { 200: { description: 'Up', schema: HealthStatus } },
        handler: async ({ res }) => void res.json({ status: 'ok' }),
      }),
      route({
        method: 'get',
        path: '/readyz',
        operationId: 'ready',
        summary: 'The database answers (within 1.5 s); 503 while it does not, 200 again once it does',
        description:
          'Readiness: a load balancer sends traffic only while this answers 200. A 503 carries `Retry-After: 5`; the ' +
          'process keeps running and answers 200 again once the database is back.',
        tags: ['operations'],
        auth: { kind: 'none' },
        examples: { responses: { 200: READY_EXAMPLE, 503: UNAVAILABLE_EXAMPLE } },
        responses: {
          200: { description: 'Ready', schema: HealthStatus },
          503: { description: 'The database does not answer', schema: HealthStatus },
        },
        handler: async ({ req, res }) => {
          try {
            await this.database.check();
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
