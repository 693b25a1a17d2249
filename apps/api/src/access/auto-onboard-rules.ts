import { Clock, InvalidError } from '@kiosk/domain';
import { ProductNotFound, ProductRepository, SKU_PATTERN } from '@kiosk/domain/catalog';
import { DataSource } from 'typeorm';
import { inTransaction } from '../platform/database/transaction';
import { AutoOnboardRuleRow } from './access.rows';

export const MAX_GRANTS_PER_SKU = 50;

/**
 * The configuration of the embedded external-access adapter: for a source
 * sku, the skus a holder is granted on auto-onboarding. Setting the list
 * replaces it in one transaction.
 */
export class AutoOnboardRules {
  constructor(
    private readonly db: DataSource,
    private readonly products: Pick<ProductRepository, 'find'>,
    private readonly clock: Clock,
  ) {}

  async set(vendorId: string, sku: string, grants: string[]): Promise<{ sku: string; grants: string[] }> {
    const unique = [...new Set(grants)].sort();
    const bad = unique.filter((g) => !SKU_PATTERN.test(g) || g === sku);
    if (bad.length > 0 || unique.length > MAX_GRANTS_PER_SKU) {
      throw new InvalidError(
        'AUTO_ONBOARD.BAD_GRANTS',
        `grants must be at most ${MAX_GRANTS_PER_SKU} skus other than ${sku}`,
        { invalid: bad },
      );
    }
    if (!(await this.products.find(vendorId, sku))) throw new ProductNotFound(sku);
    const now = this.clock.now();
    await inTransaction(this.db, async (m) => {
      await m.getRepository(AutoOnboardRuleRow).delete({ vendorId, sku });
      if (unique.length > 0) {
        await m.getRepository(AutoOnboardRuleRow).insert(unique.map((grantedSku) => ({ vendorId, sku, grantedSku, createdAt: now })));
      }
    });
    return { sku, grants: unique };
  }

  async list(vendorId: string): Promise<{ sku: string; grants: string[] }[]> {
    const rows = await this.db.getRepository(AutoOnboardRuleRow).find({ where: { vendorId }, order: { sku: 'ASC', grantedSku: 'ASC' } });
    const bySku = new Map<string, string[]>();
    for (const row of rows) bySku.set(row.sku, [...(bySku.get(row.sku) ?? []), row.grantedSku]);
    return [...bySku].map(([sku, grants]) => ({ sku, grants }));
  }
}
