import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';

/**
 * The vendor's own currency as its price list says it: the currency most of
 * its purchase options are priced in (a tie goes to the first in A-Z order);
 * null while it has no purchase option. The portal formats money and
 * pre-fills its price forms with it.
 */
export class SqlVendorCurrency {
  constructor(private readonly db: DataSource) {}

  async of(vendorId: string): Promise<string | null> {
    const rows = await sqlRows<{ currency: string }>(
      managerOf(this.db),
      `SELECT currency FROM purchase_options WHERE vendor_id = $1
        GROUP BY currency ORDER BY count(*) DESC, currency ASC LIMIT 1`,
      [vendorId],
    );
    return rows[0]?.currency.trim() ?? null;
  }
}
