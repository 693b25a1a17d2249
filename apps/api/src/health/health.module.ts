import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { HealthController } from './health.controller';

export const healthModule = defineModule({
  name: 'health',
  requires: [],
  register: ({ bind }) => {
    bind(TOKENS.Controller).toDynamicValue((c) => new HealthController(c.get(TOKENS.DataSource)));
  },
});
