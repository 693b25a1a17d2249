import { GetStats, StatsReadModel } from '@kiosk/domain/stats';
import { ServiceIdentifier } from 'inversify';
import { PaywallViewCounter } from '../paywalls/paywalls.module';
import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { CountCheckoutConverted, CountCheckoutStarted } from './checkout-funnel.handlers';
import { SqlStatsReadModel } from './sql-stats-read-model';
import { StatsController } from './stats.controller';

export const STATS = {
  ReadModel: Symbol.for('StatsReadModel') as ServiceIdentifier<StatsReadModel>,
};

/**
 * The vendor's statistics (docs/stats.md): a read model over what the
 * paywalls, contracts and billing modules record, and its own record of
 * the paywall funnel kept from the checkout events of the outbox
 * (checkout-funnel.handlers.ts), answered at `GET /management/stats`.
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
    // The paywall funnel, from the checkout events of the outbox (checkout-funnel.handlers.ts).
    bind(TOKENS.EventHandler).toDynamicValue((c) => new CountCheckoutStarted('checkout.created', c.get(TOKENS.DataSource)));
    bind(TOKENS.EventHandler).toDynamicValue((c) => new CountCheckoutStarted('checkout.changed', c.get(TOKENS.DataSource)));
    bind(TOKENS.EventHandler).toDynamicValue((c) => new CountCheckoutConverted(c.get(TOKENS.DataSource)));
  },
});
