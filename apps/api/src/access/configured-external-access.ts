import { ExternalAccessProvider } from '@kiosk/domain/access';
import { DataSource } from 'typeorm';
import { managerOf } from '../platform/database/transaction';
import { AutoOnboardRuleRow } from './access.rows';

/** The embedded external-access system: grants what the vendor configured per sku. */
export class ConfiguredExternalAccess implements ExternalAccessProvider {
  constructor(private readonly db: DataSource) {}

  async grantsFor(command: { vendorId: string; sku: string }): Promise<string[]> {
    const rows = await managerOf(this.db)
      .getRepository(AutoOnboardRuleRow)
      .find({ where: { vendorId: command.vendorId, sku: command.sku }, order: { grantedSku: 'ASC' } });
    return rows.map((r) => r.grantedSku);
  }
}
