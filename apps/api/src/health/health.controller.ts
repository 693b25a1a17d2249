import { IsIn } from 'class-validator';
import { DataSource } from 'typeorm';
import { Controller, route } from '../platform/http/routes';

export class HealthStatus {
  @IsIn(['ok', 'ready', 'unavailable']) status!: string;
}

export class HealthController implements Controller {
  constructor(private readonly db: DataSource) {}

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
        summary: 'The database answers',
        tags: ['operations'],
        auth: { kind: 'none' },
        responses: {
          200: { description: 'Ready', schema: HealthStatus },
          503: { description: 'The database does not answer', schema: HealthStatus },
        },
        handler: async ({ req, res }) => {
          try {
            await this.db.query('SELECT 1');
            res.json({ status: 'ready' });
          } catch (error) {
            req.log.warn({ err: error }, 'readiness check failed');
            res.status(503).json({ status: 'unavailable' });
          }
        },
      }),
    ];
  }
}
