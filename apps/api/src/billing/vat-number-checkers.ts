import { FormatOnlyVatNumberChecker, VatNumberChecker } from '@kiosk/domain/billing';
import { Config } from '../config';
import { ViesVatNumberChecker } from './vies-vat-number-checker';

/** The VAT number checker VAT_NUMBER_CHECK names: `format-only` (the embedded default, labelled so on invoices) or `vies`. */
export function vatNumberChecker(config: Config['vatNumberCheck']): VatNumberChecker {
  if (config.mode === 'vies') return new ViesVatNumberChecker({ url: config.viesUrl, timeoutMs: config.timeoutMs });
  return new FormatOnlyVatNumberChecker();
}
