import { GetStats, StatsReadModel } from '@kiosk/domain/stats';
import { ServiceIdentifier } from 'inversify';
import { PaywallViewCounter } from '../paywalls/paywalls.module';
import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { SqlStatsReadModel } from './sql-stats-read-model';
import { StatsController } from './stats.controller';

export const STATS = {
  ReadModel: Symbol.for('StatsReadModel') as ServiceIdentifier<StatsReadModel>,
};

/**
 * The vendor's statistics (docs/stats.md): a read model over what the
 * paywalls, checkout, contracts and billing modules record, answered at
 * `GET /management/stats`. It writes nothing.
 */
export const statsModule = defineModule({
  name: 'stats',
  requires: ['paywalls'],
  register: ({ bind }) => {
    bind(STATS.ReadModel)
      .toDynamicValue((c) => {
        const views = c.get(PaywallViewCounter);
        return new SqlStatsReadModel(c.get(TOKENS.DataSource), () => views.flush());
      })
      .inSingletonScope();
    bind(GetStats).toDynamicValue((c) => new GetStats(c.get(STATS.ReadModel)));
    bind(TOKENS.Controller).toDynamicValue((c) => new StatsController(c.get(GetStats)));
  },
});
