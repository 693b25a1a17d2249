import { StatsFigures, StatsReadModel } from '../stats';

/**
 * The stats read model answers sums the service's SQL makes from every
 * module's tables; in memory a test states the rows it wants summed (the
 * summing and the figures are the domain's, and that is what is tested).
 */
export class FixedStatsReadModel implements StatsReadModel {
  readonly asked: Parameters<StatsReadModel['figures']>[0][] = [];
  constructor(public rows: StatsFigures = { paywalls: [], checkouts: [], subscribers: [], revenue: [] }) {}
  async figures(query: Parameters<StatsReadModel['figures']>[0]): Promise<StatsFigures> {
    this.asked.push(query);
    return this.rows;
  }
}
