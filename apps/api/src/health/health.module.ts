import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { DatabaseProbe } from './database-probe';
import { HealthController, READINESS_TIMEOUT_MS } from './health.controller';
import { HomeController } from './home.controller';

export const healthModule = defineModule({
  name: 'health',
  requires: [],
  register: ({ bind }) => {
    // Readiness asks on a connection of its own, to the database the service's pool uses (database-probe.ts says why).
    bind(DatabaseProbe)
      .toDynamicValue((c) => new DatabaseProbe(databaseUrlOf(c.get(TOKENS.DataSource).options), READINESS_TIMEOUT_MS))
      .inSingletonScope();
    bind(TOKENS.Controller).toDynamicValue((c) => new HealthController(c.get(DatabaseProbe)));
    // `GET /`, the front door (a page, never a JSON 404).
    bind(TOKENS.Controller).toDynamicValue((c) => new HomeController(c.get(TOKENS.Config).env));
  },
});

function databaseUrlOf(options: object): string {
  const url = 'url' in options ? options.url : undefined;
  if (typeof url !== 'string') throw new Error('the data source was opened without a URL; readiness needs one to open its own connection');
  return url;
}
