import { ContainerModule } from 'inversify';
import { TOKENS } from '../platform/tokens';
import { HealthController } from './health.controller';

export const healthModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.Controller).toDynamicValue((c) => new HealthController(c.get(TOKENS.DataSource)));
});
