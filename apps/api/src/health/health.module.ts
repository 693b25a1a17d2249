import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { HealthController } from './health.controller';
import { HomeController } from './home.controller';

export const healthModule = defineModule({
  name: 'health',
  requires: [],
  register: ({ bind }) => {
    bind(TOKENS.Controller).toDynamicValue((c) => new HealthController(c.get(TOKENS.DataSource)));
    // `GET /`, the front door (a page, never a JSON 404).
    bind(TOKENS.Controller).toDynamicValue((c) => new HomeController(c.get(TOKENS.Config).env));
  },
});
